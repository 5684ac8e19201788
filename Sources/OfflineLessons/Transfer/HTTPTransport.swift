import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// The default ``Transport``: every request, `http` or `https`, through AsyncHTTPClient.
///
/// A transfer that stops sending (no head, or a stall mid-body) is cut after the stall timeout
/// and retried within the retry budget (``RetryPolicy/maxConnectionRetries`` when nothing came at
/// all), so a run ends in bounded time. Bodies are asked for as
/// they are (no `Accept-Encoding`): a compressed answer would carry lengths and ranges that are
/// not the file's.
public final class HTTPTransport: Transport {
    /// How long a transfer may go without receiving a byte (before its head too). A server that
    /// accepts and sends nothing costs an item at most 1 + ``RetryPolicy/maxConnectionRetries`` of these.
    public static let defaultStallTimeout: TimeAmount = .seconds(30)
    /// How long a connection may take to be made (the HTTP client tries again meanwhile): a
    /// server that refuses every connection fails an attempt after this long.
    public static let defaultConnectTimeout: TimeAmount = .seconds(10)

    let client: HTTPClient
    /// Whether ``client`` was made here (and is shut down with the transport).
    private let ownsClient: Bool
    /// The event loop a download run's tasks run on, and whose connections their requests
    /// prefer: a file's steps, its request and its response then share one thread.
    private let home: any EventLoop
    private let logger: Logger
    /// The pace of all transfers together, when limited.
    private let rateLimit: RateLimit?

    /// A transport with a client of its own, shut down when the transport goes. `bytesPerSecond`
    /// limits all its transfers together; `trusting` adds certificates to the system's roots.
    public init(
        stallTimeout: TimeAmount = HTTPTransport.defaultStallTimeout, connectTimeout: TimeAmount = HTTPTransport.defaultConnectTimeout,
        bytesPerSecond: Int? = nil, trusting trusted: TrustedCertificates? = nil, logger: Logger = .silent
    ) {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: connectTimeout, read: stallTimeout)
        configuration.decompression = .disabled
        if let trusted { configuration.tlsConfiguration = trusted.tlsConfiguration }
        rateLimit = bytesPerSecond.map(RateLimit.init(bytesPerSecond:))
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        ownsClient = true
        home = client.eventLoopGroup.next()
        self.logger = logger
    }

    /// A transport over a client the caller owns (and shuts down). Its read timeout is the stall
    /// timeout; it should not decompress.
    public init(client: HTTPClient, logger: Logger = .silent) {
        self.client = client
        ownsClient = false
        rateLimit = nil
        home = client.eventLoopGroup.next()
        self.logger = logger
    }

    deinit {
        if ownsClient { client.shutdown { _ in } }
    }

    public func fetch(_ request: TransportRequest, into sink: any TransportSink) async throws {
        let outgoing: HTTPClient.Request
        do {
            outgoing = try HTTPClient.Request(
                url: request.url, method: .GET, headers: HTTPHeaders(request.headers.map { ($0.key, $0.value) }))
        } catch {
            throw TransferError.network(NetworkError(error))
        }
        let delegate = SinkDelegate(sink: sink, rateLimit: rateLimit)
        let preference: HTTPClient.EventLoopPreference = home.inEventLoop ? .delegate(on: home) : .indifferent
        let task = client.execute(request: outgoing, delegate: delegate, eventLoop: preference, logger: logger)
        var networkError: (any Error)?
        do {
            try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch {
            networkError = error
        }
        // A step still running ends before the sink goes back to its owner; the sink's own error
        // passes through as it is, only the network's is wrapped.
        await delegate.stepsEnded()
        if let sinkError = delegate.sinkError { throw sinkError }
        if let networkError { throw TransferError.network(NetworkError(networkError)) }
    }

    /// On the home event loop: an unstructured task does not inherit its creator's executor.
    public func startTask<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Task<Result, Never> {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return Task(executorPreference: EventLoopTaskExecutor(home)) { await body() }
        }
        return Task { await body() }
    }
}

/// Runs a task's jobs on one NIO event loop, the one that reads its responses, instead of handing
/// each step between the cooperative pool and the loop.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
