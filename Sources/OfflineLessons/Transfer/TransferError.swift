/// Why one attempt at a download did not produce a verified file.
public enum TransferError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A non-2xx status.
    case httpStatus(Int)
    /// A body that is an HTML or small text page where media was expected.
    case notMedia(contentType: String)
    /// A body that is an HTML or XML document, whatever the `Content-Type` it came with said.
    case markupBody(contentType: String)
    /// The body's length differs from what the server announced.
    case lengthMismatch(expected: Int, received: Int)
    /// A 206 whose `Content-Range` does not continue the partial file.
    case inconsistentRange(String)
    /// The server answered 416 to a resume: the partial file is discarded.
    case rangeNotSatisfiable
    /// A media response with no bytes.
    case emptyBody
    /// A body sent encoded (`Content-Encoding: gzip`, say), not as the file is: its bytes and its
    /// length are not the file's. Media are asked for with no `Accept-Encoding`.
    case encodedBody(contentEncoding: String)
    /// The connection failed or was closed.
    case network(NetworkError)
    /// The item is not in the registry.
    case notRequested
    /// Another download of the same item (another process) completed it first.
    case completedElsewhere

    /// What happened, in `language`.
    public func message(_ language: UserLanguage) -> String { words.text(language) }

    /// What happened, in English.
    public var description: String { message(.en) }

    /// The sentence of the catalog that says what happened, with its values.
    public var words: Message {
        switch self {
        case .httpStatus(let status): Message(.transferHTTPStatus, .number(status))
        case .notMedia(let type): Message(.transferNotMedia, .text(type))
        case .markupBody(let type): Message(.transferMarkup, type.isEmpty ? .word(.transferNoType) : .text(type))
        case .lengthMismatch(let expected, let received): Message(.transferLengthMismatch, .number(expected), .number(received))
        case .inconsistentRange(let detail): Message(.transferInconsistentRange, .text(detail))
        case .rangeNotSatisfiable: Message(.transferRangeNotSatisfiable)
        case .emptyBody: Message(.transferEmptyBody)
        case .encodedBody(let encoding): Message(.transferEncoded, .text(encoding))
        case .network(let detail): Message(.transferNetwork, .message(detail.words))
        case .notRequested: Message(.transferNotRequested)
        case .completedElsewhere: Message(.transferCompletedElsewhere)
        }
    }

    /// Whether another attempt may succeed.
    public var isRetryable: Bool {
        switch self {
        case .httpStatus(let status): status == 408 || status == 429 || status >= 500
        case .notMedia, .markupBody, .lengthMismatch, .inconsistentRange, .rangeNotSatisfiable, .network, .emptyBody, .encodedBody: true
        case .notRequested, .completedElsewhere: false
        }
    }
}

/// The item was requested again with another link while an attempt fetched the one its row had:
/// the download starts again from the row as it is now (never reported as a failure).
struct ItemRelinked: Error {}
