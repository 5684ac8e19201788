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

    /// The MIME type a server is expected to send.
    public var contentType: String {
        switch self {
        case .audio: "audio/mpeg"
        case .video: "video/mp4"
        case .text: "application/pdf"
        }
    }
}
