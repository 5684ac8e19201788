import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// The default ``Transport``: AsyncHTTPClient, streaming the body chunk by chunk to the sink.
///
/// A transfer that stops sending (headers and then silence, or a stall mid-body) is cut after
/// the client's read timeout, ``defaultStallTimeout`` by default, and retried within the retry
/// budget: a run ends in bounded time. For another limit, pass a client whose
/// `configuration.timeout.read` is set (and shut it down when done).
public struct HTTPTransport: Transport {
    /// How long a transfer may go without receiving a byte.
    public static let defaultStallTimeout: TimeAmount = .seconds(30)

    /// The process-wide client for downloads: `HTTPClient.shared`'s settings with the stall
    /// timeout as its read timeout. Like `.shared`, it lives as long as the process.
    public static let downloadClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.timeout.read = defaultStallTimeout
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    let client: HTTPClient
    /// How long to wait for the response head.
    public var headTimeout: TimeAmount
    let logger: Logger

    public init(client: HTTPClient = HTTPTransport.downloadClient, headTimeout: TimeAmount = .seconds(30), logger: Logger = .silent) {
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
