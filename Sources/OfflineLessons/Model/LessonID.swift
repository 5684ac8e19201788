/// The two kinds of lesson. Ids are unique only within a type.
public enum LessonType: String, Sendable, Codable, CaseIterable, Comparable {
    case gemara
    case mishna

    public static func < (lhs: LessonType, rhs: LessonType) -> Bool {
        lhs == .gemara && rhs == .mishna
    }
}

/// The identity of a lesson: its type and its id. Gemara 247 and Mishna 247 are different lessons.
public struct LessonID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var type: LessonType
    public var id: Int

    public init(_ type: LessonType, _ id: Int) {
        self.type = type
        self.id = id
    }

    /// `gemara/12`, the form selectors and logs use.
    public var description: String { "\(type.rawValue)/\(id)" }

    public static func < (lhs: LessonID, rhs: LessonID) -> Bool {
        (lhs.type, lhs.id) < (rhs.type, rhs.id)
    }
}

/// The three remote assets a lesson may have.
public enum MediaKind: String, Sendable, Codable, CaseIterable, Comparable {
    case audio
    case video
    /// The lesson's PDF (the legacy key is `page`).
    case text

    public static func < (lhs: MediaKind, rhs: MediaKind) -> Bool {
        lhs.sortOrder < rhs.sortOrder
    }

    private var sortOrder: Int {
        switch self {
        case .audio: 0
        case .video: 1
        case .text: 2
        }
    }

    /// File extension of the stored file.
    public var fileExtension: String {
        switch self {
        case .audio: "mp3"
        case .video: "mp4"
        case .text: "pdf"
        }
    }

    /// The suffix the legacy app used in `{id}_aud.mp3`, `{id}_vid.mp4`, `{id}_text.pdf`.
    public var legacySuffix: String {
        switch self {
        case .audio: "aud"
        case .video: "vid"
        case .text: "text"
        }
    }

    /// The MIME type a server is expected to send.
    public var contentType: String {
        switch self {
        case .audio: "audio/mpeg"
        case .video: "video/mp4"
        case .text: "application/pdf"
        }
    }
}
