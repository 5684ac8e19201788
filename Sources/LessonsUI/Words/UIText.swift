import Foundation
import OfflineLessons

/// What the web app says, in Spanish and English. Where the library ships a phrase
/// (``UserPhrase``), the app says exactly that, so the screen and the CLI never disagree.
enum UIText: String, Sendable, CaseIterable {
    case shas, downloads, history, refresh, refreshing, refreshed, downloadAudio, downloadVideo, downloadBoth
    case remove, removeMedium, removeConfirm, pin, unpin, pinned, play, pdf, chapter, daf, mishna, masechet, seder
    case state, audio, video, text, total, freeSpace, cleanPreview, cleanNothing, cleanRun, thirtyDays
    case liveTitle, liveEmpty, cancel, retry, noCatalog, notFound, badRequest
    case syncNotes, back, events, noDownloads, wholeMasechet, gemara, mishnaType, size, rate, timeLeft
    case notRequested, queued, downloading, complete, failed, missing, corrupt, unavailable, removed, quota
    case language, stateComplete, stateFailed

    /// The text in `language`.
    func callAsFunction(_ language: UserLanguage) -> String {
        let (es, en) = pair
        return language == .es ? es : en
    }

    private var pair: (String, String) {
        switch self {
        case .refresh: (UserPhrase.refreshTitle.text(.es), UserPhrase.refreshTitle.text(.en))
        case .refreshing: (UserPhrase.refreshing.text(.es), UserPhrase.refreshing.text(.en))
        case .refreshed: (UserPhrase.refreshed.text(.es), UserPhrase.refreshed.text(.en))
        case .removeConfirm: (UserPhrase.deleteConfirmation.text(.es), UserPhrase.deleteConfirmation.text(.en))
        case .thirtyDays: (UserPhrase.thirtyDayNotice.text(.es), UserPhrase.thirtyDayNotice.text(.en))
        case .complete: (UserPhrase.downloadComplete.text(.es), UserPhrase.downloadComplete.text(.en))
        case .failed: (UserPhrase.downloadFailed.text(.es), UserPhrase.downloadFailed.text(.en))
        case .shas: ("Shas", "Shas")
        case .downloads: ("Descargas", "Downloads")
        case .history: ("Historial", "History")
        case .downloadAudio: ("Descargar audio", "Download audio")
        case .downloadVideo: ("Descargar video", "Download video")
        case .downloadBoth: ("Descargar ambos", "Download both")
        case .remove: ("Eliminar", "Remove")
        case .removeMedium: ("Eliminar solo esto", "Remove only this")
        case .pin: ("Fijar", "Pin")
        case .unpin: ("Soltar", "Unpin")
        case .pinned: ("fijada", "pinned")
        case .play: ("Reproducir", "Play")
        case .pdf: ("PDF", "PDF")
        case .chapter: ("Capítulo", "Chapter")
        case .daf: ("Daf", "Daf")
        case .mishna: ("Mishná", "Mishna")
        case .masechet: ("Masejet", "Masechet")
        case .seder: ("Seder", "Seder")
        case .state: ("Estado", "State")
        case .audio: ("audio", "audio")
        case .video: ("video", "video")
        case .text: ("PDF", "PDF")
        case .total: ("Total", "Total")
        case .freeSpace: ("Espacio libre en el disco", "Free space on the disk")
        case .cleanPreview: ("La limpieza eliminaría", "Clean would remove")
        case .cleanNothing: ("La limpieza no eliminaría nada.", "Clean would remove nothing.")
        case .cleanRun: ("Limpiar ahora", "Clean now")
        case .liveTitle: ("Descargas en curso", "Downloads in progress")
        case .liveEmpty: ("Ninguna descarga en curso.", "No download in progress.")
        case .cancel: ("Cancelar", "Cancel")
        case .retry: ("Reintentar", "Retry")
        case .noCatalog: ("No hay catálogo guardado y el servidor no responde.", "No catalog is cached and the server is unreachable.")
        case .notFound: ("No encontrado", "Not found")
        case .badRequest: ("Solicitud incorrecta", "Bad request")
        case .syncNotes: ("Cambios encontrados al actualizar", "Changes found on refresh")
        case .back: ("Volver", "Back")
        case .events: ("Eventos", "Events")
        case .noDownloads: ("No hay clases descargadas.", "No lessons downloaded.")
        case .wholeMasechet: ("Toda la masejet", "The whole masechet")
        case .gemara: ("Guemará", "Gemara")
        case .mishnaType: ("Mishná", "Mishna")
        case .size: ("Tamaño", "Size")
        case .rate: ("Velocidad", "Rate")
        case .timeLeft: ("Tiempo restante", "Time left")
        case .notRequested: ("no pedido", "not requested")
        case .queued: ("en cola", "queued")
        case .downloading: ("descargando", "downloading")
        case .missing: ("falta el archivo", "missing")
        case .corrupt: ("archivo dañado", "corrupt")
        case .unavailable: ("no existe", "unavailable")
        case .removed: ("eliminado", "removed")
        case .quota: ("Cuota", "Quota")
        case .language: ("English", "Español")
        case .stateComplete: ("descargado", "complete")
        case .stateFailed: ("falló", "failed")
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
    /// then by order); English when it names neither.
    init(acceptLanguage header: String?) {
        var best: (UserLanguage, Double)?
        for entry in (header ?? "").split(separator: ",") {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased() else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let language: UserLanguage? = tag.hasPrefix("es") ? .es : tag.hasPrefix("en") ? .en : nil
            if let language, weight > 0, weight > (best?.1 ?? 0) { best = (language, weight) }
        }
        self = best?.0 ?? .en
    }
}
