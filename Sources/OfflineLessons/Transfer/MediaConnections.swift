import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// Plain-http GETs of media on a few keep-alive connections of one event loop, each response read
/// by a small channel handler (``MediaResponseHandler``) straight into its ``SinkDelegate``: the
/// same bytes, timeouts and errors as through AsyncHTTPClient, without its general request path
/// (its pool's state machines, a request bag and two hops per request: about a fifth of the
/// loop's time on a run of small files, by `perf record`). ``HTTPTransport`` uses it for `http`
/// URLs and leaves `https`, and any redirect, to AsyncHTTPClient.
///
/// A connection kept idle that turns out closed by the server when reused is replaced once, before
/// any byte of the response reached the sink (a GET may be sent again). A transfer that receives
/// nothing for ``stallTimeout`` (the head included) fails as AsyncHTTPClient's read timeout does;
/// an idle connection is closed after as long.
final class MediaConnections: Sendable {
    /// How an exchange ended without an error.
    enum Ending: Sendable {
        /// The whole response went to the sink.
        case done
        /// The server answered with a redirect; nothing went to the sink.
        case redirected
    }

    /// Where a request goes, as the connection and the request line need it.
    struct Target: Sendable, Hashable {
        var host: String
        var port: Int
        /// The request target (the URL's path and query, percent-encoded as in the URL).
        var uri: String
        var hostHeader: String

        /// `nil` for anything but an `http` URL with a host.
        init?(_ url: URL) {
            guard url.scheme?.lowercased() == "http", let host = url.host(percentEncoded: false), !host.isEmpty,
                  url.user == nil else { return nil }
            self.host = host
            self.port = url.port ?? 80
            let path = url.path(percentEncoded: true)
            let query = url.query(percentEncoded: true)
            self.uri = (path.isEmpty ? "/" : path) + (query.map { "?" + $0 } ?? "")
            let name = host.contains(":") ? "[\(host)]" : host
            self.hostHeader = url.port.map { "\(name):\($0)" } ?? name
        }
    }

    private struct Origin: Hashable {
        var host: String
        var port: Int
    }

    /// The target of `url`, as ``Target/init(_:)`` reads it. A URL on the origin read last (a
    /// run's media share one) is read by its text, after that origin's prefix (`http://host:port`),
    /// with no parse, which the event loop did for every file (a micro benchmark of 730 media
    /// URLs, `swiftc -O`: the parse 1.1–2.8 µs a URL, the prefix 0.4–1.0 µs).
    func target(for url: URL) -> Target? {
        let text = url.absoluteString
        if let origin = lastOrigin.withLockedValue({ $0 }), let target = origin.target(text) { return target }
        guard let target = Target(url) else { return nil }
        if let origin = OriginText(target, text) { lastOrigin.withLockedValue { $0 = origin } }
        return target
    }

    /// An origin's text before the path of its URLs, and what ``Target/init(_:)`` read of it.
    private struct OriginText: Sendable {
        /// `http://` and the authority as the URL spells it, with no user.
        let prefix: String
        let target: Target

        /// Only from a URL whose path and query the prefix reading gives as the parse did.
        init?(_ target: Target, _ text: String) {
            let scheme = "http://".utf8
            guard text.utf8.starts(with: scheme) else { return nil }
            let afterScheme = text.utf8.dropFirst(scheme.count)
            let end = afterScheme.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
                ?? afterScheme.endIndex
            guard !afterScheme[..<end].contains(UInt8(ascii: "@")) else { return nil }
            prefix = String(Substring(text.utf8[..<end]))
            self.target = target
            guard self.target(text)?.uri == target.uri else { return nil }
        }

        /// The target of a URL spelled `text`, when it starts with this origin's prefix.
        func target(_ text: String) -> Target? {
            guard text.utf8.starts(with: prefix.utf8) else { return nil }
            var rest = text.utf8.dropFirst(prefix.utf8.count)
            if let next = rest.first, next != UInt8(ascii: "/"), next != UInt8(ascii: "?"), next != UInt8(ascii: "#") {
                return nil  // a longer host or port with the same start
            }
            if let fragment = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<fragment] }
            var target = self.target
            let uri = String(Substring(rest))
            target.uri = rest.first == UInt8(ascii: "/") ? uri : "/" + uri
            return target
        }
    }

    /// The most idle connections kept per server.
    static let idleLimit = 8

    let loop: any EventLoop
    let stallTimeout: TimeAmount
    let connectTimeout: TimeAmount
    private let idle: NIOLoopBoundBox<[Origin: [MediaResponseHandler]]>
    /// The origin of the last URL read by ``target(for:)``.
    private let lastOrigin = NIOLockedValueBox<OriginText?>(nil)

    init(loop: any EventLoop, stallTimeout: TimeAmount, connectTimeout: TimeAmount) {
        self.loop = loop
        self.stallTimeout = stallTimeout
        self.connectTimeout = connectTimeout
        idle = .makeBoxSendingValue([:], eventLoop: loop)
    }

    /// Performs the request into `feed`; throws the network's error (mapped to the errors
    /// AsyncHTTPClient throws for the same failures, so that they read the same).
    func fetch(_ target: Target, headers: [String: String], into feed: SinkDelegate) async throws -> Ending {
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target.uri)
        head.headers.reserveCapacity(headers.count + 1)
        head.headers.add(name: "Host", value: target.hostHeader)
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        let exchange = MediaExchange(feed: feed, head: head, promise: loop.makePromise(of: Ending.self))
        let origin = Origin(host: target.host, port: target.port)
        if loop.inEventLoop {
            begin(exchange, at: origin, reusing: true)
        } else {
            loop.execute { self.begin(exchange, at: origin, reusing: true) }
        }
        return try await withTaskCancellationHandler {
            try await feed.ended(exchange.promise.futureResult)
        } onCancel: {
            exchange.cancel()
        }
    }

    /// On the loop: sends the exchange on an idle connection to `origin` (when `reusing`) or a new one.
    private func begin(_ exchange: MediaExchange, at origin: Origin, reusing: Bool) {
        if reusing, let handler = takeIdle(origin) {
            handler.begin(exchange) { [weak self] in
                // The kept connection was closed by the server: once more, on a new one.
                self?.begin(exchange, at: origin, reusing: false)
            }
            return
        }
        connect(origin).assumeIsolated().whenComplete { result in
            switch result {
            case .success(let channel):
                do {
                    let handler = try channel.pipeline.syncOperations.handler(type: MediaResponseHandler.self)
                    handler.whenIdle = { [weak self] handler in self?.keep(handler, for: origin) }
                    handler.begin(exchange, retry: nil)
                } catch {
                    channel.close(promise: nil)
                    exchange.promise.fail(error)
                }
            case .failure(let error):
                exchange.promise.fail(Self.connectionError(error))
            }
        }
    }

    /// Opens connections to `target`'s server until `count` are kept idle for it (at most
    /// ``idleLimit``), as a finished exchange's connection is kept: the next requests take them,
    /// and one left unused is closed after the stall timeout. Best effort: a connection that
    /// cannot be made is left for a request to meet (and report).
    func prepare(_ target: Target, connections count: Int) {
        let origin = Origin(host: target.host, port: target.port)
        loop.execute {
            for _ in 0..<max(0, min(count, Self.idleLimit) - self.readyCount(origin)) {
                self.connect(origin).assumeIsolated().whenSuccess { channel in
                    guard let handler = try? channel.pipeline.syncOperations.handler(type: MediaResponseHandler.self) else {
                        channel.close(promise: nil)
                        return
                    }
                    handler.whenIdle = { [weak self] handler in self?.keep(handler, for: origin) }
                    self.keep(handler, for: origin)
                }
            }
        }
    }

    /// How many connections to `target`'s server are kept idle, open, now.
    func idleCount(_ target: Target) async -> Int {
        let origin = Origin(host: target.host, port: target.port)
        return (try? await loop.submit { self.readyCount(origin) }.get()) ?? 0
    }

    /// On the loop: how many connections to `origin` are kept idle, open.
    private func readyCount(_ origin: Origin) -> Int {
        idle.value[origin]?.count { $0.isReady } ?? 0
    }

    private func connect(_ origin: Origin) -> EventLoopFuture<any Channel> {
        let stallTimeout = stallTimeout
        return ClientBootstrap(group: loop)
            .connectTimeout(connectTimeout)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                do {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(MediaResponseHandler(stallTimeout: stallTimeout))
                    return channel.eventLoop.makeSucceededVoidFuture()
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
            }
            .connect(host: origin.host, port: origin.port)
    }

    /// On the loop: the most recently kept connection to `origin` still open, if any.
    private func takeIdle(_ origin: Origin) -> MediaResponseHandler? {
        while let handler = idle.value[origin]?.popLast() {
            if handler.isReady { return handler }
        }
        return nil
    }

    /// On the loop: keeps a connection whose exchange ended for the next request to its server.
    private func keep(_ handler: MediaResponseHandler, for origin: Origin) {
        var kept = idle.value[origin, default: []]
        kept.removeAll { !$0.isReady }
        guard kept.count < Self.idleLimit else {
            handler.close()
            return
        }
        kept.append(handler)
        idle.value[origin] = kept
    }

    /// A failed connection attempt as AsyncHTTPClient reports it: the socket's error, or a timeout.
    static func connectionError(_ error: any Error) -> any Error {
        if let failure = error as? NIOConnectionError {
            return failure.connectionErrors.first?.error ?? failure.dnsAError ?? failure.dnsAAAAError ?? error
        }
        if case ChannelError.connectTimeout = error { return HTTPClientError.connectTimeout }
        return error
    }
}

/// One request in flight on a ``MediaConnections`` connection: its sink's feed, its request head,
/// how it ends, and whether it was cancelled (from any thread).
final class MediaExchange: Sendable {
    let feed: SinkDelegate
    let head: HTTPRequestHead
    let promise: EventLoopPromise<MediaConnections.Ending>
    private let cancellation = NIOLockedValueBox<(cancelled: Bool, channel: (any Channel)?)>((false, nil))

    init(feed: SinkDelegate, head: HTTPRequestHead, promise: EventLoopPromise<MediaConnections.Ending>) {
        self.feed = feed
        self.head = head
        self.promise = promise
    }

    var isCancelled: Bool { cancellation.withLockedValue { $0.cancelled } }

    /// Ties the exchange to the channel it is sent on: cancelling closes that channel. `false` when
    /// it was cancelled already.
    func attach(to channel: any Channel) -> Bool {
        cancellation.withLockedValue { state in
            state.channel = channel
            return !state.cancelled
        }
    }

    /// Cancels the exchange: its channel is closed, and it fails as cancelled.
    func cancel() {
        let channel = cancellation.withLockedValue { state in
            state.cancelled = true
            return state.channel
        }
        if let channel {
            channel.close(promise: nil)
        } else {
            promise.futureResult.eventLoop.execute { self.promise.fail(HTTPClientError.cancelled) }
        }
    }
}
