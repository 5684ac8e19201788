/// A lesson's media link that cannot be used.
public enum MediaLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedURL(String)
    case unsupportedScheme(String)
    /// A key with `.` or `..` segments: it does not name a file under the media base.
    case outsideMediaBase(String)

    public var description: String {
        switch self {
        case .malformedURL(let link): "the media link '\(link)' is not a valid URL"
        case .unsupportedScheme(let link): "the media link '\(link)' is not http or https; it is not fetched"
        case .outsideMediaBase(let link): "the media key '\(link)' points outside the media base; it is not fetched"
        }
    }
}
