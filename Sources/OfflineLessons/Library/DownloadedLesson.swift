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
    /// The audio and video registered but not complete (`missing`, `queued`, `failed`…), filled
    /// in by ``LessonLibrary/downloads(sync:includingMissing:)`` only; not encoded.
    public var unfinishedMedia: [MediaKind: MediaState] = [:]

    public var lessonID: LessonID { LessonID(type, id) }

    /// The audio and video whose file went missing (deleted behind the library's back), for a
    /// list from ``LessonLibrary/downloads(sync:includingMissing:)``; encoded as `missing`.
    public var missingMedia: [MediaKind] {
        MediaKind.allCases.filter { unfinishedMedia[$0] == .missing }
    }

    private enum CodingKeys: String, CodingKey {
        case type, id, sederId, masechetId, chapter, page, mishna, sederName, masechetName, media, complete, duration
    }

    private enum NameKey: String, CodingKey { case name, missing }

    /// Encoded with its ``name`` ("Berakhot 2") beside the ids.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(id, forKey: .id)
        try c.encode(sederId, forKey: .sederId)
        try c.encode(masechetId, forKey: .masechetId)
        try c.encode(chapter, forKey: .chapter)
        try c.encodeIfPresent(page, forKey: .page)
        try c.encodeIfPresent(mishna, forKey: .mishna)
        try c.encodeIfPresent(sederName, forKey: .sederName)
        try c.encodeIfPresent(masechetName, forKey: .masechetName)
        try c.encode(media, forKey: .media)
        try c.encode(complete, forKey: .complete)
        try c.encode(duration, forKey: .duration)
        var named = encoder.container(keyedBy: NameKey.self)
        try named.encode(name, forKey: .name)
        let missing = missingMedia
        if !missing.isEmpty { try named.encode(missing, forKey: .missing) }
    }
    public var bytes: Int { media.values.reduce(0) { $0 + $1.bytes } }
}

/// An order of the downloads list, as people ask for it.
public enum DownloadOrder: String, Sendable, CaseIterable {
    /// The order of the Shas: seder, masechet, chapter, daf or mishna (the list's own).
    case shas
    /// The last completed first.
    case recent
    /// The largest first.
    case size
}

extension [DownloadedLesson] {
    /// The lessons in `order`, from a list in the order of the Shas; lessons that tie keep it.
    public func ordered(_ order: DownloadOrder) -> [DownloadedLesson] {
        switch order {
        case .shas: return self
        case .recent:
            let dates = map { $0.lastCompleted ?? .distantPast }
            return indices.sorted { (dates[$0], -$0) > (dates[$1], -$1) }.map { self[$0] }
        case .size: return indices.sorted { (self[$0].bytes, -$0) > (self[$1].bytes, -$1) }.map { self[$0] }
        }
    }
}

extension DownloadedLesson {
    /// When its last medium was completed, when the registry says.
    public var lastCompleted: Date? { media.values.compactMap(\.completedAt).max() }
}
