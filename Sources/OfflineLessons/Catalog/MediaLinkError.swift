/// A lesson's media link that cannot be used.
public enum MediaLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedURL(String)
    case unsupportedScheme(String)

    public var description: String {
        switch self {
        case .malformedURL(let link): "the media link '\(link)' is not a valid URL"
        case .unsupportedScheme(let link): "the media link '\(link)' is not http or https; it is not fetched"
        }
    }
}
