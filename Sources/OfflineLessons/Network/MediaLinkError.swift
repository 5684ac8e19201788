/// A lesson's media link that cannot be used.
public enum MediaLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedURL(String)
    case unsupportedScheme(String)
    /// A key with `.` or `..` segments: it does not name a file under the media base.
    case outsideMediaBase(String)
    /// An audio or PDF key, with no media base to resolve it against.
    case noMediaBase(MediaKind)

    /// What happened, in `language`.
    public func message(_ language: UserLanguage) -> String { words.text(language) }

    /// What happened, in English.
    public var description: String { message(.en) }

    /// The sentence of the catalog that says what happened, with its values.
    public var words: Message {
        switch self {
        case .malformedURL(let link): Message(.mediaLinkMalformed, .text(link))
        case .unsupportedScheme(let link): Message(.mediaLinkScheme, .text(link))
        case .outsideMediaBase(let link): Message(.mediaLinkOutside, .text(link))
        case .noMediaBase(let medium): Message(.mediaLinkNoBase, .text(medium.rawValue))
        }
    }
}
