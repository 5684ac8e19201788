import Foundation

/// A lesson in the downloads list: its placement, and the media complete on disk.
public struct DownloadedLesson: Sendable, Hashable, Codable {
    public struct File: Sendable, Hashable, Codable {
        public var bytes: Int
        public var completedAt: Date?
    }

    public var type: LessonType
    public var id: Int
    public var sederId: Int
    public var masechetId: Int
    public var chapter: Int
    /// The daf, for Gemara.
    public var page: Int?
    /// The mishna, for Mishna.
    public var mishna: Int?
    public var sederName: String?
    public var masechetName: String?
    /// A key per complete medium (`audio`, `video`, `text`).
    public var media: [String: File]
    /// False when the lesson has a PDF that is not downloaded (offline playback needs it).
    public var complete: Bool
    public var duration: Int

    public var lessonID: LessonID { LessonID(type, id) }
    public var bytes: Int { media.values.reduce(0) { $0 + $1.bytes } }
}

/// One medium of a lesson, as `status` reports it.
public struct MediumStatus: Sendable, Hashable, Codable {
    public var medium: MediaKind
    /// `queued`, `downloading`, `complete`, `failed`, `missing`, or `not requested` / `unavailable`.
    public var state: String
    public var bytes: Int?
    public var expectedBytes: Int?
    public var attempts: Int?
    public var lastError: String?
}

/// What `remove` did.
public struct RemovalReport: Sendable, Hashable, Codable {
    public struct Entry: Sendable, Hashable, Codable {
        public var lesson: LessonID
        public var medium: MediaKind
        /// Whether a file was on disk (false: the registry entry was all that was left).
        public var fileDeleted: Bool
    }
    public var removed: [Entry] = []
}

extension LessonLibrary {
    /// The downloads list: lessons with audio or video complete, grouped and sorted numerically
    /// in catalog order (seder, masechet, chapter, daf/mishna). Works without the Shas (ids then order).
    public nonisolated func downloads() throws -> [DownloadedLesson] {
        let shas = try database.cachedShas()?.shas
        var sederOrder: [Int: (Int, String)] = [:], masechetOrder: [Int: (Int, String)] = [:]
        for seder in shas?.sedarim ?? [] {
            sederOrder[seder.id] = (seder.order, seder.name)
            for masechet in seder.masechtot { masechetOrder[masechet.id] = (masechet.order, masechet.name) }
        }
        let rows = try database.registeredLessons().compactMap { placed, items -> DownloadedLesson? in
            let complete = items.filter { $0.state == .complete }
            guard complete.contains(where: { $0.key.medium != .text }) else { return nil }
            var media: [String: DownloadedLesson.File] = [:]
            for item in complete { media[item.key.medium.rawValue] = .init(bytes: item.receivedBytes, completedAt: item.completedAt) }
            return DownloadedLesson(
                type: placed.type, id: placed.lesson.id, sederId: placed.placement.sederId,
                masechetId: placed.placement.masechetId, chapter: placed.placement.chapter,
                page: placed.type == .gemara ? placed.number : nil, mishna: placed.type == .mishna ? placed.number : nil,
                sederName: sederOrder[placed.placement.sederId]?.1, masechetName: masechetOrder[placed.placement.masechetId]?.1,
                media: media, complete: placed.lesson.link(for: .text) == nil || media["text"] != nil,
                duration: placed.lesson.duration)
        }
        return rows.sorted { a, b in
            let ka = [sederOrder[a.sederId]?.0 ?? a.sederId, masechetOrder[a.masechetId]?.0 ?? a.masechetId, a.type == .gemara ? 0 : 1,
                      a.chapter, a.page ?? a.mishna ?? 0, a.id]
            let kb = [sederOrder[b.sederId]?.0 ?? b.sederId, masechetOrder[b.masechetId]?.0 ?? b.masechetId, b.type == .gemara ? 0 : 1,
                      b.chapter, b.page ?? b.mishna ?? 0, b.id]
            return ka.lexicographicallyPrecedes(kb)
        }
    }

    /// Per-medium state of a lesson (registered or only in the catalog).
    public nonisolated func status(of placed: PlacedLesson) throws -> [MediumStatus] {
        let items = Dictionary(uniqueKeysWithValues: try database.mediaItems(of: placed.id).map { ($0.key.medium, $0) })
        return MediaKind.allCases.map { medium in
            if let item = items[medium] {
                return MediumStatus(medium: medium, state: item.state.rawValue, bytes: item.receivedBytes,
                                    expectedBytes: item.expectedBytes, attempts: item.attempts, lastError: item.lastError)
            }
            let state = placed.lesson.link(for: medium) == nil ? "unavailable" : "not requested"
            return MediumStatus(medium: medium, state: state)
        }
    }

    /// Removes media of lessons: files first, then registry rows, each removal logged. Without
    /// `media`, everything of the lesson goes. A lesson left without audio or video loses its PDF
    /// too. Entries whose files are already gone are removed all the same (legacy B12).
    public nonisolated func remove(_ lessons: [LessonID], media: [MediaKind]? = nil) throws -> RemovalReport {
        var report = RemovalReport()
        for lesson in lessons {
            let items = try database.mediaItems(of: lesson)
            var chosen = Set(items.map(\.key.medium).filter { media?.contains($0) ?? true })
            // The PDF goes with the last audio or video row (legacy B25).
            if !items.contains(where: { !chosen.contains($0.key.medium) && $0.key.medium != .text }) {
                chosen.formUnion(items.map(\.key.medium).filter { $0 == .text })
            }
            // File, then row, one item at a time: an error leaves every earlier item consistent.
            for key in chosen.sorted().map({ MediaKey(lesson, $0) }) {
                let deleted = try store.delete(key)
                try database.removeItems([key], reason: "removed by request")
                // A download that committed between the two steps has placed its file: delete it too.
                // Any later commit finds no row and removes its own file.
                _ = try? store.delete(key)
                report.removed.append(.init(lesson: lesson, medium: key.medium, fileDeleted: deleted))
            }
        }
        return report
    }
}
