import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A request that got no usable answer from the network: the cause in words a user can act on,
/// and the error the HTTP stack threw. Shared by the catalog client and the downloads.
public struct NetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in words ("connection refused (is the server running, and is the port right?)").
    public let summary: String
    /// The error the HTTP stack threw, when there was one.
    public let underlying: (any Error)?

    /// Describes `error` (an AsyncHTTPClient, NIO or cancellation error).
    public init(_ error: any Error) {
        self.summary = Self.describe(error)
        self.underlying = error
    }

    /// A failure known only by its description.
    public init(summary: String) {
        self.summary = summary
        self.underlying = nil
    }

    public var description: String { summary }

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
}
