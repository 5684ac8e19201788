import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import OfflineLessons

/// A loopback HTTP/1.1 server whose answers a test writes, for what the content server does not
/// do (redirects, dropping a kept connection, bodies without a length): each request is answered
/// by `script(path, n)`, `n` counting the requests on its connection from 1. It records every
/// request with its connection's number.
final class ScriptedServer: Sendable {
    enum Reply: Sendable {
        /// A response: with `Content-Length` unless `chunked`; `close` closes the connection after
        /// it (`Connection: close` is sent only when `announceClose`).
        case body(status: Int = 200, headers: [(String, String)] = [], Data, chunked: Bool = false,
                  close: Bool = false, announceClose: Bool = true)
        /// A body read until the connection closes (no length, no chunks).
        case untilClose(Data)
        /// The connection closed with no answer.
        case drop
        /// The head, and then silence.
        case headOnly(contentLength: Int)
        /// A head announcing `announced` bytes, fewer sent, and the connection closed.
        case truncated(Data, announced: Int)
        /// `100 Continue` first, then the response.
        case interimFirst(Data)
    }

    struct Request: Sendable, Equatable {
        var connection: Int
        var path: String
        var range: String?
    }

    let port: Int
    private let channel: any Channel
    private let log: NIOLockedValueBox<[Request]>
    private let connections: NIOLockedValueBox<Int>

    var requests: [Request] { log.withLockedValue { $0 } }
    /// How many connections the server has accepted.
    var connectionCount: Int { connections.withLockedValue { $0 } }

    private init(channel: any Channel, port: Int, log: NIOLockedValueBox<[Request]>, connections: NIOLockedValueBox<Int>) {
        (self.channel, self.port, self.log, self.connections) = (channel, port, log, connections)
    }

    static func start(_ script: @escaping @Sendable (_ path: String, _ onConnection: Int) -> Reply) async throws -> ScriptedServer {
        let log = NIOLockedValueBox<[Request]>([])
        let connections = NIOLockedValueBox(0)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                let number = connections.withLockedValue { $0 += 1; return $0 }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: false)
                    try channel.pipeline.syncOperations.addHandler(Answerer(connection: number, script: script, log: log))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return ScriptedServer(channel: channel, port: channel.localAddress?.port ?? 0, log: log, connections: connections)
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    func stop() async {
        try? await channel.close()
    }

    private final class Answerer: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let connection: Int
        let script: @Sendable (String, Int) -> Reply
        let log: NIOLockedValueBox<[Request]>
        var served = 0

        init(connection: Int, script: @escaping @Sendable (String, Int) -> Reply, log: NIOLockedValueBox<[Request]>) {
            (self.connection, self.script, self.log) = (connection, script, log)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .head(let head) = unwrapInboundIn(data) else { return }
            served += 1
            log.withLockedValue { $0.append(Request(connection: connection, path: head.uri, range: head.headers.first(name: "range"))) }
            switch script(head.uri, served) {
            case .body(let status, let extra, let data, let chunked, let close, let announceClose):
                var headers = HTTPHeaders(extra)
                if chunked { headers.add(name: "transfer-encoding", value: "chunked") } else { headers.add(name: "content-length", value: "\(data.count)") }
                if close && announceClose { headers.add(name: "connection", value: "close") }
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: headers))), promise: nil)
                // Chunked bodies go out in two chunks.
                let parts = chunked && data.count > 1 ? [data.prefix(data.count / 2), data.suffix(from: data.count / 2)] : [data]
                for part in parts where !part.isEmpty {
                    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: part)))), promise: nil)
                }
                let written = context.eventLoop.makePromise(of: Void.self)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
                if close { written.futureResult.whenComplete { [channel = context.channel] _ in channel.close(promise: nil) } }
            case .untilClose(let data):
                // HTTP/1.0 style: the head says nothing of the length, and the end is the close.
                let head = HTTPResponseHead(version: .http1_0, status: .ok, headers: ["connection": "close"])
                context.write(wrapOutboundOut(.head(head)), promise: nil)
                let written = context.eventLoop.makePromise(of: Void.self)
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: data)))), promise: written)
                written.futureResult.whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
            case .drop:
                context.close(promise: nil)
            case .interimFirst(let data):
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))), promise: nil)
                let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["content-length": "\(data.count)"])
                context.write(wrapOutboundOut(.head(head)), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: data)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            case .truncated(let data, let announced):
                let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["content-length": "\(announced)"])
                context.write(wrapOutboundOut(.head(head)), promise: nil)
                let written = context.eventLoop.makePromise(of: Void.self)
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: data)))), promise: written)
                written.futureResult.whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
            case .headOnly(let length):
                let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["content-length": "\(length)"])
                context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
            }
        }
    }
}

/// A sink that keeps what a fetch delivers: the head and the body's bytes.
final class CollectingSink: TransportSink, @unchecked Sendable {
    private let lock = NSLock()
    private var heads: [TransportResponseHead] = []
    private var bytes = Data()
    private let onHead: @Sendable () -> Void
    private let headStep: Duration
    /// Body bytes that arrived while the head's step ran (the feed must hold them until it ends).
    private var early = 0
    private var headTaken = false

    /// `headStep`: how long taking the head takes (a registry write, say).
    init(headStep: Duration = .zero, onHead: @escaping @Sendable () -> Void = {}) {
        self.onHead = onHead
        self.headStep = headStep
    }

    var bytesBeforeHeadTaken: Int { lock.withLock { early } }

    var received: (heads: [TransportResponseHead], body: Data) { lock.withLock { (heads, bytes) } }

    func receive(head: TransportResponseHead) async throws {
        if headStep > .zero { try await Task.sleep(for: headStep) }
        lock.withLock {
            heads.append(head)
            headTaken = true
        }
        onHead()
    }

    func receive(bytes: UnsafeRawBufferPointer) throws {
        lock.withLock {
            if !headTaken { early += bytes.count }
            self.bytes.append(contentsOf: bytes)
        }
    }

    var checkpointDue: Bool { false }
    func checkpoint() async throws {}
}
