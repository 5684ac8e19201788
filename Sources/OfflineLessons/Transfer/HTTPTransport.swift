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
            throw TransferError.network(NetworkError(error))
        }
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        try await sink.receive(head: TransportResponseHead(status: Int(response.status.code), headers: headers))
        // The sink's own errors pass through as they are; only the network's are wrapped.
        var body = response.body.makeAsyncIterator()
        while true {
            let chunk: ByteBuffer?
            do {
                chunk = try await body.next()
            } catch {
                throw TransferError.network(NetworkError(error))
            }
            guard let chunk else { return }
            try chunk.withUnsafeReadableBytes { try sink.receive(bytes: $0) }
            try await sink.checkpoint()
        }
    }
}
