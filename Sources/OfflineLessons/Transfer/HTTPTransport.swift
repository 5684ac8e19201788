import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// The default ``Transport``: AsyncHTTPClient, streaming the body chunk by chunk to the sink.
public struct HTTPTransport: Transport {
    let client: HTTPClient
    /// How long to wait for the response head.
    public var headTimeout: TimeAmount
    let logger: Logger

    public init(client: HTTPClient = .shared, headTimeout: TimeAmount = .seconds(30), logger: Logger = .silent) {
        self.client = client
        self.headTimeout = headTimeout
        self.logger = logger
    }

    public func fetch(_ request: TransportRequest, into sink: any TransportSink) async throws {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, timeout: headTimeout, logger: logger)
        } catch {
            throw TransferError.network(Self.describe(error))
        }
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        try sink.receive(head: TransportResponseHead(status: Int(response.status.code), headers: headers))
        do {
            for try await buffer in response.body {
                try buffer.withUnsafeReadableBytes { try sink.receive(bytes: $0) }
            }
        } catch let error as TransferError {
            throw error
        } catch let error as FileError {
            throw error
        } catch {
            throw TransferError.network(Self.describe(error))
        }
    }

    /// A network failure in words a user can act on (shared by the catalog client).
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded, .readTimeout: "the server did not answer in time"
            case .connectTimeout: "could not connect in time"
            case .remoteConnectionClosed: "the server closed the connection early"
            case .cancelled: "cancelled"
            default: "\(error)"
            }
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            "connection refused (is the server running, and is the port right?)"
        case let error as IOError:
            String(cString: strerror(error.errnoCode)).lowercased()
        case is CancellationError: "cancelled"
        default: "\(error)"
        }
    }
}
