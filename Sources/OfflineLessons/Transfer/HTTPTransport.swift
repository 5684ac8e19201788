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

    static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout: return "the server did not answer in time"
            case .connectTimeout: return "could not connect in time"
            case .remoteConnectionClosed: return "the server closed the connection early"
            case .cancelled: return "cancelled"
            default: return "\(error)"
            }
        }
        if error is CancellationError { return "cancelled" }
        return "\(error)"
    }
}
