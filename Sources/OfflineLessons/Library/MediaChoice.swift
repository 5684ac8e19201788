/// Which media a download request asks for. The PDF comes along when the lesson has one.
public enum MediaChoice: String, Sendable, CaseIterable, Codable {
    case audio, video, both

    public var media: [MediaKind] {
        switch self {
        case .audio: [.audio]
        case .video: [.video]
        case .both: [.audio, .video]
        }
    }
}
