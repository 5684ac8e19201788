import Foundation
import OfflineLessons

/// What the web app says, in Spanish and English: its own sentences (``ScreenPhrase``), the
/// library's (``Phrasebook``: states, reasons, errors, so the screen and the CLI never disagree)
/// or, where the legacy app had a phrase, ``UserPhrase``.
enum UIText: String, Sendable, CaseIterable {
    case shas, downloads, history, refresh, refreshing, refreshed, downloadAudio, downloadVideo, downloadBoth
    case remove, removeMedium, removeConfirm, pin, unpin, pinned, play, pdf, chapter, daf, mishna, masechet, seder
    case state, audio, video, text, total, freeSpace, cleanPreview, cleanNothing, cleanRun
    case liveTitle, liveEmpty, cancel, retry, noCatalog, notFound, badRequest
    case syncNotes, back, events, noDownloads, wholeMasechet, gemara, mishnaType, size, rate, timeLeft
    case notRequested, queued, downloading, complete, failed, missing, corrupt, unavailable, removed, quota
    case language, stateComplete, stateFailed, liveShort, refreshShort

    /// The text in `language`: the legacy app's phrase (``UserPhrase``) where it has one, else
    /// the screen's (``ScreenPhrase``).
    func callAsFunction(_ language: UserLanguage) -> String {
        switch self {
        case .refresh: UserPhrase.refreshTitle.text(language)
        case .refreshing: UserPhrase.refreshing.text(language)
        case .refreshed: UserPhrase.refreshed.text(language)
        case .removeConfirm: UserPhrase.deleteConfirmation.text(language)
        case .complete: UserPhrase.downloadComplete.text(language)
        case .failed: UserPhrase.downloadFailed.text(language)
        default: phrase.map { Message($0).text(language) } ?? rawValue
        }
    }

    /// The catalog's key for the words the legacy app has no phrase for.
    private var phrase: ScreenPhrase? {
        switch self {
        case .shas: .screenShas
        case .downloads: .screenDownloads
        case .history: .screenHistory
        case .downloadAudio: .screenDownloadAudio
        case .downloadVideo: .screenDownloadVideo
        case .downloadBoth: .screenDownloadBoth
        case .remove: .screenRemove
        case .removeMedium: .screenRemoveMedium
        case .pin: .screenPin
        case .unpin: .screenUnpin
        case .pinned: .screenPinned
        case .play: .screenPlay
        case .pdf, .text: .screenPDF
        case .chapter: .screenChapter
        case .daf: .screenDaf
        case .mishna, .mishnaType: .screenMishna
        case .masechet: .screenMasechet
        case .seder: .screenSeder
        case .state: .screenState
        case .audio: .screenAudio
        case .video: .screenVideo
        case .total: .screenTotal
        case .freeSpace: .screenFreeSpace
        case .cleanPreview: .screenCleanPreview
        case .cleanNothing: .screenCleanNothing
        case .cleanRun: .screenCleanRun
        case .liveTitle: .screenLiveTitle
        case .liveShort: .screenLiveShort
        case .refreshShort: .screenRefreshShort
        case .liveEmpty: .screenLiveEmpty
        case .cancel: .screenCancel
        case .retry: .screenRetry
        case .noCatalog: .screenNoCatalog
        case .notFound: .screenNotFound
        case .badRequest: .screenBadRequest
        case .syncNotes: .screenSyncNotes
        case .back: .screenBack
        case .events: .screenEvents
        case .noDownloads: .screenNoDownloads
        case .wholeMasechet: .screenWholeMasechet
        case .gemara: .screenGemara
        case .size: .screenSize
        case .rate: .screenRate
        case .timeLeft: .screenTimeLeft
        case .notRequested: .screenNotRequested
        case .queued: .screenQueued
        case .downloading: .screenDownloading
        case .missing: .screenMissing
        case .corrupt: .screenCorrupt
        case .unavailable: .screenUnavailable
        case .removed: .screenRemoved
        case .quota: .screenQuota
        case .language: .screenOtherLanguage
        case .stateComplete: .screenComplete
        case .stateFailed: .screenFailed
        // Said from ``UserPhrase`` (``callAsFunction(_:)``).
        case .refresh, .refreshing, .refreshed, .removeConfirm, .complete, .failed: nil
        }
    }

    /// The word for a registry state (`MediumStatus.state` or ``MediaState``).
    static func state(_ state: String, _ language: UserLanguage) -> String {
        switch state {
        case MediaState.queued.rawValue: queued(language)
        case MediaState.downloading.rawValue: downloading(language)
        case MediaState.complete.rawValue: stateComplete(language)
        case MediaState.failed.rawValue: stateFailed(language)
        case MediaState.missing.rawValue: missing(language)
        case MediaState.corrupt.rawValue: corrupt(language)
        case "unavailable": unavailable(language)
        default: notRequested(language)
        }
    }
}

extension UserLanguage {
    /// The language an `Accept-Language` header prefers among Spanish and English (by weight,
    /// then by order); English when it names neither. Split on its scalars: a comma never joins
    /// the character before it (U+0600 and its kind prepend themselves to what follows).
    init(acceptLanguage header: String?) {
        var best: (UserLanguage, Double)?
        for entry in (header ?? "").unicodeScalars.split(separator: ",") {
            let parts = entry.split(separator: ";").map { String($0).trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased() else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let language: UserLanguage? = tag.hasPrefix("es") ? .es : tag.hasPrefix("en") ? .en : nil
            if let language, weight > 0, weight > (best?.1 ?? 0) { best = (language, weight) }
        }
        self = best?.0 ?? .en
    }
}
