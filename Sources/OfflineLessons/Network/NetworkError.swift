import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A request that got no usable answer from the network: the cause in words a user can act on,
/// and the error the HTTP stack threw. Shared by the catalog client and the downloads.
public struct NetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as the catalog says it ("connection refused (is the server running, and is the port right?)").
    public let words: Message
    /// The error the HTTP stack threw, when there was one.
    public let underlying: (any Error)?
    /// Whether the server could not be reached or gave nothing at all: connection refused, host or
    /// network unreachable, a name that does not resolve, a failed TLS handshake, no answer within
    /// a timeout, the connection reset or closed. Such a failure says nothing about the file asked for.
    public let isConnectionLevel: Bool

    /// Describes `error` (an AsyncHTTPClient, NIO or cancellation error).
    public init(_ error: any Error) {
        self.words = Self.describe(error)
        self.underlying = error
        self.isConnectionLevel = Self.isConnectionLevel(error)
    }

    /// A failure known only by its description, said in the same words in every language.
    public init(summary: String, isConnectionLevel: Bool = false) {
        self.init(words: .verbatim(summary), isConnectionLevel: isConnectionLevel)
    }

    /// A failure known only by what the catalog says of it.
    public init(words: Message, isConnectionLevel: Bool = false) {
        self.words = words
        self.underlying = nil
        self.isConnectionLevel = isConnectionLevel
    }

    /// What went wrong, in English.
    public var summary: String { words.text(.en) }

    /// What went wrong, in `language`.
    public func message(_ language: UserLanguage) -> String { words.text(language) }

    public var description: String { summary }

    /// The failure as said when no response head had come: a read timeout then means that the
    /// server sent nothing at all.
    var beforeResponse: NetworkError {
        guard let error = underlying as? HTTPClientError, error == .readTimeout else { return self }
        return NetworkError(words: Message(.networkSentNothing), underlying: error, isConnectionLevel: true)
    }

    /// The English sentence of a server that accepted the connection and sent nothing.
    static var sentNothing: String { Message(.networkSentNothing).text(.en) }

    private init(words: Message, underlying: any Error, isConnectionLevel: Bool) {
        self.words = words
        self.underlying = underlying
        self.isConnectionLevel = isConnectionLevel
    }

    /// Two failures are the same when they read the same.
    public static func == (lhs: NetworkError, rhs: NetworkError) -> Bool { lhs.summary == rhs.summary }
    public func hash(into hasher: inout Hasher) { hasher.combine(summary) }

    static func describe(_ error: any Error) -> Message {
        switch error {
        case let error as NetworkError: error.words
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded: Message(.networkDeadline)
            case .readTimeout: Message(.networkReadTimeout)
            case .connectTimeout: Message(.networkConnectTimeout)
            case .remoteConnectionClosed: Message(.networkClosedEarly)
            case .cancelled: Message(.networkCancelled)
            case .redirectCycleDetected: Message(.networkRedirectLoop)
            case .redirectLimitReached: Message(.networkRedirectLimit)
            default: .verbatim("\(error)".replacingOccurrences(of: "HTTPClientError.", with: "HTTP client: "))
            }
        case HTTPParserError.invalidEOFState: Message(.networkClosedEarly)  // mid-response
        case let error as HTTPParserError: Message(.networkInvalidHTTP, .text("\(error)"))
        case let error as NIOConnectionError where error.dnsAError != nil || error.dnsAAAAError != nil:
            Message(.networkNoSuchHost, .text(error.host))
        case let error as NIOConnectionError: error.connectionErrors.first.map { describe($0.error) } ?? .verbatim("\(error)")
        case let error as SocketAddressError.UnknownHost: Message(.networkNoSuchHost, .text(error.host))
        case let error as IOError where error.errnoCode == ECONNREFUSED: Message(.networkRefused)
        case let error as IOError: .system(error.errnoCode)
        case is CancellationError: Message(.networkCancelled)
        default: isTLSFailure(error) ? tlsWords(error) : .verbatim("\(error)")
        }
    }

    /// A TLS failure as a person can act on it, not the TLS library's internals.
    private static func tlsWords(_ error: any Error) -> Message {
        let text = "\(error)".uppercased()
        if text.contains("WRONG_VERSION_NUMBER") || text.contains("HTTP_REQUEST") { return Message(.networkNotTLS) }
        if text.contains("EXPIRED") || text.contains("NOT_YET_VALID") { return Message(.networkCertificateDates) }
        if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("UNABLE_TO_GET_ISSUER") || text.contains("SELF_SIGNED") {
            return Message(.networkUntrusted)
        }
        return Message(.networkTLSFailed)
    }

    /// Whether a server failed to listen because its host is no name or address of this machine.
    public static func isNotThisMachine(_ error: any Error) -> Bool {
        switch error {
        case let error as IOError: error.errnoCode == EADDRNOTAVAIL
        case is SocketAddressError.UnknownHost: true
        default: false
        }
    }

    /// The errno values of a connection that could not be made or was lost.
    private static let connectionErrnos: Set<Int32> = [
        ECONNREFUSED, ECONNRESET, ECONNABORTED, EHOSTUNREACH, ENETUNREACH, ENETDOWN, EHOSTDOWN, ETIMEDOUT, EPIPE,
        EADDRNOTAVAIL,
    ]

    static func isConnectionLevel(_ error: any Error) -> Bool {
        switch error {
        case let error as NetworkError: error.isConnectionLevel
        case let error as HTTPClientError:
            error == .connectTimeout || error == .readTimeout || error == .remoteConnectionClosed
                || error == .tlsHandshakeTimeout || error == .socksHandshakeTimeout || error == .httpProxyHandshakeTimeout
        case is NIOConnectionError, is SocketAddressError: true  // no address, or none of them answered
        case let error as ChannelError:
            switch error {
            case .connectTimeout, .eof, .ioOnClosedChannel, .inputClosed, .outputClosed: true
            default: false
            }
        case let error as IOError: connectionErrnos.contains(error.errnoCode)
        default: isTLSFailure(error)
        }
    }

    /// A TLS handshake or certificate failure, by the TLS library's error types (not a dependency here).
    private static func isTLSFailure(_ error: any Error) -> Bool {
        let type = String(reflecting: Swift.type(of: error))
        return type.hasPrefix("NIOSSL.") || type.hasPrefix("Network.NWError")
    }
}
