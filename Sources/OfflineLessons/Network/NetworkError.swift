import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A request that got no usable answer from the network: the cause in words a user can act on,
/// and the error the HTTP stack threw. Shared by the catalog client and the downloads.
public struct NetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in words ("connection refused (is the server running, and is the port right?)").
    public let summary: String
    /// The error the HTTP stack threw, when there was one.
    public let underlying: (any Error)?
    /// Whether the server could not be reached or gave nothing at all: connection refused, host or
    /// network unreachable, a name that does not resolve, a failed TLS handshake, no answer within
    /// a timeout, the connection reset or closed. Such a failure says nothing about the file asked for.
    public let isConnectionLevel: Bool

    /// Describes `error` (an AsyncHTTPClient, NIO or cancellation error).
    public init(_ error: any Error) {
        self.summary = Self.describe(error)
        self.underlying = error
        self.isConnectionLevel = Self.isConnectionLevel(error)
    }

    /// A failure known only by its description.
    public init(summary: String, isConnectionLevel: Bool = false) {
        self.summary = summary
        self.underlying = nil
        self.isConnectionLevel = isConnectionLevel
    }

    public var description: String { summary }

    /// The failure as said when no response head had come: a read timeout then means that the
    /// server sent nothing at all.
    var beforeResponse: NetworkError {
        guard let error = underlying as? HTTPClientError, error == .readTimeout else { return self }
        return NetworkError(summary: Self.sentNothing, underlying: error, isConnectionLevel: true)
    }

    static let sentNothing = "the server accepted the connection but sent nothing within the stall timeout"

    private init(summary: String, underlying: any Error, isConnectionLevel: Bool) {
        self.summary = summary
        self.underlying = underlying
        self.isConnectionLevel = isConnectionLevel
    }

    /// Two failures are the same when they read the same.
    public static func == (lhs: NetworkError, rhs: NetworkError) -> Bool { lhs.summary == rhs.summary }
    public func hash(into hasher: inout Hasher) { hasher.combine(summary) }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as NetworkError: error.summary
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded: "the server did not answer in time"
            case .readTimeout: "the server stopped sending (no data within the read timeout)"
            case .connectTimeout: "could not connect in time"
            case .remoteConnectionClosed: "the server closed the connection early"
            case .cancelled: "cancelled"
            case .redirectCycleDetected: "the server redirects in a loop"
            case .redirectLimitReached: "the server redirects too many times"
            default: "\(error)".replacingOccurrences(of: "HTTPClientError.", with: "HTTP client: ")
            }
        case HTTPParserError.invalidEOFState: "the server closed the connection early"  // mid-response
        case let error as HTTPParserError: "the server's answer is not valid HTTP (\(error))"
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            "connection refused (is the server running, and is the port right?)"
        case let error as IOError:
            String(cString: strerror(error.errnoCode)).lowercased()
        case is CancellationError: "cancelled"
        default: "\(error)"
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
