// The targets reach the library's internal readers, so they build where it is compiled for
// testing: a debug build (the fuzz build and `swift test`), not a release one.
#if DEBUG
import Foundation

@testable import OfflineLessons

/// A reader of data that comes from outside, and the properties it must keep for any input:
/// not only no crash, but nothing dropped unsaid, round trips that give back what was read, and
/// no media key resolving outside the media base. A broken property stops the process (libFuzzer
/// keeps the input as a crash).
enum FuzzTarget: String, CaseIterable, Sendable {
    case legacyRegistry = "legacy-registry"
    case legacyMetadata = "legacy-metadata"
    case playback
    case api
    case selector
    case mediaKey = "media-key"
    case byteRange = "byte-range"
    case units
    case requestInput = "request-input"

    func run(_ data: Data) {
        switch self {
        case .legacyRegistry: Self.legacyRegistry(data)
        case .legacyMetadata: Self.legacyMetadata(data)
        case .playback: Self.playback(data)
        case .api: Self.api(data)
        case .selector: Self.selector(data)
        case .mediaKey: Self.mediaKey(data)
        case .byteRange: Self.byteRange(data)
        case .units: Self.units(data)
        case .requestInput: Self.requestInput(data)
        }
    }
}

/// Stops the process when a property does not hold, naming it.
func require(_ holds: Bool, _ property: @autoclosure () -> String) {
    if !holds { fatalError("property broken: \(property())") }
}

extension FuzzTarget {
    /// `downloadedLessons.json`: every refusal says why, and what was accepted is read back the
    /// same from the document the library exports for an older app.
    static func legacyRegistry(_ data: Data) {
        let reader = LegacyRegistryReader.registry(data, source: "Documents/downloadedLessons.json")
        requireReasons(reader.rejected)
        requireRoundTrip(reader.entries.map(\.placed))
    }

    /// `gemaraLessons.json` and `mishnaLessons.json`: the same properties as the registry's.
    static func legacyMetadata(_ data: Data) {
        let seder: (Int) -> Int? = { masechet in (1...80).contains(masechet) ? masechet % 6 + 1 : nil }
        for reader in [
            LegacyRegistryReader.gemaraMetadata(data, source: "Documents/gemaraLessons.json", seder: seder),
            LegacyRegistryReader.mishnaMetadata(data, source: "Documents/mishnaLessons.json", seder: seder),
        ] {
            requireReasons(reader.rejected)
            requireRoundTrip(reader.entries.map(\.placed))
        }
    }

    /// `LessonWatched` positions and `lastWatchedLessons.json`: accepted + rejected = the entries
    /// read; a position is a finite number of seconds, not negative.
    static func playback(_ data: Data) {
        if let reading = LegacyPlaybackReader.positions(data, source: "Library/Preferences/app.plist") {
            requireReasons(reading.rejected)
            for position in reading.accepted {
                require(position.seconds.isFinite && position.seconds >= 0, "a position of \(position.seconds) s accepted")
            }
            if let top = PropertyListValues.read(data) as? [String: Any],
                let entries = top[LegacyPlaybackReader.positionsKey] as? [Any]
            {
                let said = reading.accepted.count + reading.rejected.count
                require(said == entries.count, "\(entries.count) positions read, \(said) accepted or rejected")
            }
        }
        let recent = LegacyPlaybackReader.recent(data, source: "Documents/lastWatchedLessons.json")
        requireReasons(recent.rejected)
    }

    /// The API's envelope and its lesson lists: every entry is kept or refused with a reason,
    /// and a kept lesson encodes and decodes to itself.
    static func api(_ data: Data) {
        let decoder = JSONDecoder()
        if let envelope = try? decoder.decode(Envelope<GemaraPayload>.self, from: data), let pages = envelope.data?.pages {
            requireList(LessonList(entries: pages, type: .gemara), read: pages.count)
        }
        if let envelope = try? decoder.decode(Envelope<MishnaPayload>.self, from: data), let mishnayot = envelope.data?.mishnayot {
            requireList(LessonList(entries: mishnayot, type: .mishna), read: mishnayot.count)
        }
        _ = try? decoder.decode(Envelope<ShasPayload>.self, from: data)
    }

    /// A selector typed by a person: one that parses, formatted and parsed again, is itself.
    static func selector(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        guard let selector = try? LessonSelector(parsing: text) else { return }
        let again = try? LessonSelector(parsing: selector.description)
        require(again == selector, "'\(text)' parsed as \(selector), which parses as \(String(describing: again))")
    }

    /// A media key from the server (an S3 key): it resolves under the media base, or is refused.
    static func mediaKey(_ data: Data) {
        let base = "https://media.example.org/bucket/"
        guard let mediaBase = URL(string: base) else { return }
        let key = String(decoding: data, as: UTF8.self)
        guard let url = try? MediaLocator(mediaBase: mediaBase).url(forKey: key) else { return }
        // Compared as bytes: a key that starts with a combining mark joins the base's last `/`
        // into one Character, which a String comparison would take for another prefix.
        require(url.absoluteString.utf8.starts(with: base.utf8), "key '\(key)' resolved to \(url.absoluteString)")
        let path = url.standardized.path
        let folder = "/bucket/"
        require(path.utf8.starts(with: folder.utf8) && path.utf8.count > folder.utf8.count, "key '\(key)' resolved to the path \(path)")
        require(url.host == "media.example.org", "key '\(key)' resolved to the host \(url.host ?? "none")")
    }

    /// A `Range` header against a file's size (the first 5 bytes of the input): a satisfiable
    /// range lies within the file and is not empty.
    static func byteRange(_ data: Data) {
        let size = data.prefix(5).reduce(0) { $0 << 8 | Int($1) }
        let header = String(decoding: data.dropFirst(5), as: UTF8.self)
        if case .satisfiable(let range) = ByteRange.parse(header, size: size) {
            require(range.lowerBound >= 0 && range.upperBound <= size && !range.isEmpty, "'\(header)' of \(size) bytes gave \(range)")
        }
    }
}

extension FuzzTarget {
    static func requireReasons(_ rejected: [MigrationReport.Rejection]) {
        for rejection in rejected {
            require(!rejection.reason.isEmpty, "a refusal at \(rejection.path) without a reason")
        }
    }

    static func requireList(_ list: LessonList, read: Int) {
        require(
            list.lessons.count + list.problems.count == read,
            "\(read) entries read, \(list.lessons.count) kept, \(list.problems.count) refused")
        for problem in list.problems { require(!problem.reason.isEmpty, "entry \(problem.position) refused without a reason") }
        for lesson in list.lessons {
            let again = (try? JSONEncoder().encode(lesson)).flatMap { try? JSONDecoder().decode(Lesson.self, from: $0) }
            require(again == lesson, "lesson \(lesson.id) does not decode to itself once encoded")
        }
    }

    /// Accepted lessons, exported as the legacy app's registry and read back, are the same lessons.
    static func requireRoundTrip(_ accepted: [PlacedLesson]) {
        let when = Date(timeIntervalSince1970: 0)
        let downloaded = accepted.map { placed in
            let audio = MediaItem(
                key: MediaKey(placed.id, .audio), state: .complete, link: "", expectedBytes: nil, receivedBytes: 0, etag: nil,
                lastModified: nil, attempts: 0, lastError: nil, requestedAt: when, completedAt: when, lastAccessAt: nil)
            return (lesson: placed, items: [audio])
        }
        guard let document = try? LegacyExporter.document(downloaded) else {
            require(false, "\(accepted.count) accepted lessons could not be exported")
            return
        }
        let reread = LegacyRegistryReader.registry(document.data, source: "export")
        require(reread.rejected.isEmpty, "the export of accepted lessons is refused: \(reread.rejected)")
        require(
            counts(reread.entries.map(\.placed)) == counts(accepted),
            "the export of \(accepted.count) accepted lessons reads back as \(reread.entries.count) others")
    }

    private static func counts(_ lessons: [PlacedLesson]) -> [PlacedLesson: Int] {
        lessons.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
}
#endif
