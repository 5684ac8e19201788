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

    public var description: String {
        switch self {
        case .httpStatus(let status): "the server answered HTTP \(status)"
        case .notMedia(let type): "the server sent a \(type) page instead of the media file"
        case .markupBody(let type):
            "the server sent an HTML or XML document (labelled \(type.isEmpty ? "with no type" : type)) instead of the media file"
        case .lengthMismatch(let expected, let received):
            "the server announced \(expected) bytes but sent \(received)"
        case .inconsistentRange(let detail): "the server's Content-Range does not fit the resume: \(detail)"
        case .rangeNotSatisfiable: "the server could not resume the partial file (HTTP 416)"
        case .emptyBody: "the server sent an empty file"
        case .encodedBody(let encoding): "the server sent the file encoded (Content-Encoding: \(encoding)), not as it is"
        case .network(let detail): "network error: \(detail)"
        case .notRequested: "the item was never requested"
        case .completedElsewhere: "another download completed the item first"
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
