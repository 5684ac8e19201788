import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOConcurrencyHelpers
import NIOHTTP1

/// The default ``Transport``, on SwiftNIO: the body is written to the sink on the connection's
/// event loop as it arrives (no hand-off to another thread per chunk, as curl does it on its one
/// thread). The head and the checkpoints, which may touch the registry, run in a task; the
/// connection waits for them (backpressure).
///
/// With the default client, plain `http` media go over the transport's own keep-alive
/// connections (``MediaConnections``: a lean HTTP/1.1 exchange per request); `https`, redirects
/// and any client passed in go through AsyncHTTPClient, whose connection's loop is preferred.
///
/// A transfer that stops sending (headers and then silence, or a stall mid-body) is cut after
/// the read timeout, ``defaultStallTimeout`` by default, and retried within the retry budget: a
/// run ends in bounded time. For another limit, pass a client whose
/// `configuration.timeout.read` is set (and shut it down when done).
public struct HTTPTransport: Transport {
    /// How long a transfer may go without receiving a byte.
    public static let defaultStallTimeout: TimeAmount = .seconds(30)

    /// The process-wide client for downloads: `HTTPClient.shared`'s settings with the stall
    /// timeout as its read timeout, no tracing spans (a span per request cost about 2 % of a
    /// small file's CPU with no tracer installed), and no decompression. `.shared` asks for gzip
    /// (`Accept-Encoding: deflate, gzip`) and inflates what comes: a server or CDN that then
    /// compresses a PDF sends a `Content-Length` and `Range`s of the compressed bytes, which are
    /// not the file's (every attempt failed as a length mismatch). Media are asked for as they
    /// are. Like `.shared`, it lives as long as the process.
    public static let downloadClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.timeout.read = defaultStallTimeout
        configuration.timeout.connect = .seconds(10)
        configuration.tracing.tracer = nil
        configuration.decompression = .disabled
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// The client passed in; `nil` for ``downloadClient``.
    private let givenClient: HTTPClient?
    /// The client that fetches what ``MediaConnections`` does not. ``downloadClient`` is made at
    /// its first use, not with the transport: a run of plain-http media never needs it.
    var client: HTTPClient { givenClient ?? HTTPTransport.downloadClient }
    private let loops = LoopAffinity()
    /// The event loop a download run's tasks prefer as their executor (`LessonLibrary`'s runs): a
    /// fetch started there is delegated there, so that its connection, its callbacks and its
    /// caller share one thread.
    let home: any EventLoop
    /// How long to wait for the response head. The transport's own connections wait for a head
    /// as long as for any byte (the stall timeout); a shorter head timeout sends plain-http media
    /// through AsyncHTTPClient too, whose request gets a deadline for its head.
    public var headTimeout: TimeAmount
    /// The client's read timeout: when it is no longer than ``headTimeout``, it already fails a
    /// request whose head does not come in time, and no head deadline is scheduled (a timer set
    /// and cancelled on the event loop per request, about 2 % of its time on small files).
    private let readTimeout: TimeAmount?
    let logger: Logger
    /// Plain-http connections on ``home`` (with the default client only).
    private let media: MediaConnections?

    /// `client`: `nil` for ``downloadClient``.
    public init(client: HTTPClient? = nil, headTimeout: TimeAmount = .seconds(30), logger: Logger = .silent) {
        self.init(client: client, headTimeout: headTimeout, logger: logger, stallTimeout: HTTPTransport.defaultStallTimeout)
    }

    /// The default client, with another stall timeout for plain-http media (tests of stalls).
    init(stallTimeout: TimeAmount) {
        self.init(client: nil, headTimeout: .seconds(30), logger: .silent, stallTimeout: stallTimeout)
    }

    private init(client: HTTPClient?, headTimeout: TimeAmount, logger: Logger, stallTimeout: TimeAmount) {
        givenClient = client
        // ``downloadClient``'s loops are `HTTPClient.defaultEventLoopGroup`'s.
        home = (client?.eventLoopGroup ?? HTTPClient.defaultEventLoopGroup).next()
        self.headTimeout = headTimeout
        // Known for the download client only (a client's configuration is not readable).
        self.readTimeout = client == nil ? HTTPTransport.defaultStallTimeout : nil
        self.logger = logger
        media = client == nil ? MediaConnections(loop: home, stallTimeout: stallTimeout, connectTimeout: .seconds(10)) : nil
    }

    public func fetch(_ request: TransportRequest, into sink: any TransportSink) async throws {
        if let media, headTimeout >= media.stallTimeout, let target = media.target(for: request.url) {
            let delegate = SinkDelegate(sink: sink, headTimeout: nil)
            var networkError: (any Error)?
            var ending = MediaConnections.Ending.done
            do {
                ending = try await media.fetch(target, headers: request.headers, into: delegate)
            } catch {
                networkError = error
            }
            try await Self.end(delegate, networkError: networkError)
            // A redirect: followed by AsyncHTTPClient, from the start (nothing reached the sink).
            guard ending == .redirected else { return }
        }
        try await fetchThroughClient(request, into: sink)
    }

    /// Opens `count` connections to the server of `url` ahead of its first requests, when they go
    /// through ``MediaConnections``: a download run has them made while it registers its items
    /// (its first requests otherwise waited for their connections, and for the first use of the
    /// connections' code, after the registration).
    func prepareConnections(to url: URL, count: Int) {
        guard let media, headTimeout >= media.stallTimeout, let target = media.target(for: url) else { return }
        media.prepare(target, connections: count)
    }

    /// How many connections to the server of `url` are kept idle now (0 when its requests do not
    /// go through ``MediaConnections``).
    func idleConnections(to url: URL) async -> Int {
        guard let media, let target = media.target(for: url) else { return 0 }
        return await media.idleCount(target)
    }

    private func fetchThroughClient(_ request: TransportRequest, into sink: any TransportSink) async throws {
        let outgoing: HTTPClient.Request
        do {
            // From the URL itself (its string form would be printed and parsed again).
            outgoing = try HTTPClient.Request(url: request.url, method: .GET,
                                              headers: HTTPHeaders(request.headers.map { ($0.key, $0.value) }))
        } catch {
            throw TransferError.network(NetworkError(error))
        }
        let readTimeoutSuffices = readTimeout.map { $0 <= headTimeout } ?? false
        let delegate = SinkDelegate(sink: sink, headTimeout: readTimeoutSuffices ? nil : headTimeout)
        // The delegate on the loop of a connection a fetch just gave back, preferred for the
        // request's connection too: the body is written where it is read, and the connection is
        // the pool's to keep. (Requiring the loop, `.delegateAndChannel`, made the pool open a
        // connection for one request and close it after whenever none was idle on that loop:
        // 44 connections for 730 small files.)
        let atHome = home.inEventLoop
        let loop = atHome ? home : loops.take(from: client.eventLoopGroup)
        defer { if !atHome { loops.giveBack(loop) } }
        let task = client.execute(request: outgoing, delegate: delegate, eventLoop: .delegate(on: loop), logger: logger)
        var networkError: (any Error)?
        do {
            try await withTaskCancellationHandler {
                try await delegate.ended(task.futureResult)
            } onCancel: {
                task.cancel()
            }
        } catch {
            networkError = error
        }
        try await Self.end(delegate, networkError: networkError)
    }

    /// The end of a fetch, through either reader: a step still running (the head, a checkpoint)
    /// ends, and writes the bytes held during it, before the sink goes back to its owner; then the
    /// sink's own error passes through as it is, and only the network's is wrapped.
    private static func end(_ delegate: SinkDelegate, networkError: (any Error)?) async throws {
        await delegate.stepsEnded()
        if let sinkError = delegate.sinkError { throw sinkError }
        if let networkError { throw TransferError.network(NetworkError(networkError)) }
    }
}

/// The event loops of the connections recent fetches gave back to the client's pool, the most
/// recent last: a new fetch takes one, so that its request most likely finds an idle connection
/// on the loop its delegate runs on.
private final class LoopAffinity: Sendable {
    private let recent = NIOLockedValueBox<[any EventLoop]>([])

    func take(from group: any EventLoopGroup) -> any EventLoop {
        recent.withLockedValue { $0.popLast() } ?? group.any()
    }

    func giveBack(_ loop: any EventLoop) {
        recent.withLockedValue { if $0.count < 64 { $0.append(loop) } }
    }
}
