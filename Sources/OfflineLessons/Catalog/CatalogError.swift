import Foundation

/// Why the catalog could not be fetched or used. Descriptions say what happened and what to do;
/// they never contain the token.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered `"Invalid token."`.
    case invalidToken
    /// The server asks for a token and none was sent.
    case noToken
    /// The server answered with a non-2xx status.
    case httpStatus(Int, path: String)
    /// The body was not the JSON envelope expected.
    case malformedResponse(path: String, reason: String)
    /// The envelope said `success: false`.
    case serverRefused(path: String, messages: [String])
    /// The Shas the server sent has no masechtot; the cached copy, if any, is kept.
    case emptyShas
    /// The server could not be reached or did not answer in time: for the API path, or for what
    /// was asked ("the Gemara lessons of Berakhot").
    case unreachable(path: String, cause: NetworkError)
    /// The server URL is unusable.
    case invalidServerURL(String)
    /// The catalog is not cached and no server is configured to fetch it.
    case notCached(String)

    /// What happened, in `language`.
    public func message(_ language: UserLanguage) -> String { words.text(language) }

    /// What happened, in English.
    public var description: String { message(.en) }

    /// The sentence of the catalog that says what happened, with its values.
    public var words: Message {
        switch self {
        case .invalidToken: Message(.catalogInvalidToken)
        case .noToken: Message(.catalogNoToken)
        case .httpStatus(let status, let path): Message(.catalogHTTPStatus, .number(status), .text(path))
        case .malformedResponse(let path, let reason): Message(.catalogMalformed, .text(path), .text(reason))
        case .serverRefused(let path, let messages):
            Message(.catalogRefused, .text(path), messages.isEmpty ? .word(.catalogNoReasonGiven) : .text(messages.joined(separator: "; ")))
        case .emptyShas: Message(.catalogEmptyShas)
        case .unreachable(let path, let cause): Message(.catalogUnreachable, .message(Self.subject(path)), .message(cause.words))
        case .invalidServerURL(let url): Message(.catalogInvalidServerURL, .text(url))
        case .notCached(let what): Message(.catalogNotCached, .message(Self.subject(what)))
        }
    }

    /// What was not cached, as the catalog says it: "the Shas", "the Gemara lessons of …".
    public static func subject(_ what: String) -> Message {
        if what == "the Shas" || what == "masechtot_list/" { return Message(.catalogTheShas) }
        for (prefix, key) in [
            ("the Gemara lessons of ", Phrase.catalogGemaraListing), ("the Mishna lessons of ", .catalogMishnaListing),
        ]
        where what.hasPrefix(prefix) {
            return Message(key, .text(String(what.dropFirst(prefix.count))))
        }
        return .verbatim(what)
    }
}
