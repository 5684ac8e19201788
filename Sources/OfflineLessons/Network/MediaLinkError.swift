/// A lesson's media link that cannot be used.
public enum MediaLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedURL(String)
    case unsupportedScheme(String)
    /// A key with `.` or `..` segments: it does not name a file under the media base.
    case outsideMediaBase(String)
    /// An audio or PDF key, with no media base to resolve it against.
    case noMediaBase(MediaKind)

    public var description: String {
        switch self {
        case .malformedURL(let link): "the media link '\(link)' is not a valid URL"
        case .unsupportedScheme(let link): "the media link '\(link)' is not http or https; it is not fetched"
        case .outsideMediaBase(let link): "the media key '\(link)' points outside the media base; it is not fetched"
        case .noMediaBase(let medium): "no media base URL is known, so the \(medium.rawValue) cannot be fetched"
        }
    }
}
