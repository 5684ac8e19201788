import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOConcurrencyHelpers
import NIOHTTP1

/// The default ``Transport``: AsyncHTTPClient, with the body written to the sink on the
/// connection's event loop as it arrives (its loop is preferred, and nearly always had; no
/// hand-off to another thread per chunk, as curl does it on its one thread). The head and the checkpoints, which may touch the registry, run in a
/// task; the connection waits for them (backpressure).
///
/// A transfer that stops sending (headers and then silence, or a stall mid-body) is cut after
/// the client's read timeout, ``defaultStallTimeout`` by default, and retried within the retry
/// budget: a run ends in bounded time. For another limit, pass a client whose
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

    let client: HTTPClient
    private let loops = LoopAffinity()
    /// The event loop a download run's tasks prefer as their executor (`LessonLibrary`'s runs): a
    /// fetch started there is delegated there, so that its connection, its callbacks and its
    /// caller share one thread.
    let home: any EventLoop
    /// How long to wait for the response head.
    public var headTimeout: TimeAmount
    /// The client's read timeout: when it is no longer than ``headTimeout``, it already fails a
    /// request whose head does not come in time, and no head deadline is scheduled (a timer set
    /// and cancelled on the event loop per request, about 2 % of its time on small files).
    private let readTimeout: TimeAmount?
    let logger: Logger

    /// `client`: `nil` for ``downloadClient``.
    public init(client: HTTPClient? = nil, headTimeout: TimeAmount = .seconds(30), logger: Logger = .silent) {
        self.client = client ?? HTTPTransport.downloadClient
        self.home = self.client.eventLoopGroup.next()
        self.headTimeout = headTimeout
        // Known for the download client only (a client's configuration is not readable).
        self.readTimeout = client == nil ? HTTPTransport.defaultStallTimeout : nil
        self.logger = logger
    }

    public func fetch(_ request: TransportRequest, into sink: any TransportSink) async throws {
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
                try await delegate.ended(task)
            } onCancel: {
                task.cancel()
            }
        } catch {
            networkError = error
        }
        // A step still running (the head, a checkpoint) ends, and writes the bytes held during it,
        // before the sink goes back to its owner.
        await delegate.stepsEnded()
        // The sink's own errors pass through as they are; only the network's are wrapped.
        if let sinkError = delegate.sinkError { throw sinkError }
        if let networkError { throw TransferError.network(NetworkError(networkError)) }
    }
}

/// Hands a response to a ``TransportSink``, on the delegate's event loop: the body is written
/// as it comes; the head and the checkpoints run as tasks, and the body that arrives meanwhile is
/// held and written when the step ends (so that a connection reset during a step loses no byte
/// already received). Past ``holdLimit`` held bytes the connection waits for the step. A head the
/// sink can take without waiting (``TransportSink/receiveWithoutWaiting(head:)``) is taken on the
/// event loop, with no step. The head's deadline is set and cleared on the event loop too: a
/// small file costs no hop between the loop and the tasks but the request and its end.
private final class SinkDelegate: HTTPClientResponseDelegate {
    typealias Response = Void

    /// The most body bytes held while a step runs before the connection stops reading.
    static let holdLimit = 4 << 20

    let sink: any TransportSink
    /// `nil`: the client's read timeout covers the wait for the head.
    let headTimeout: TimeAmount?

    private struct State {
        var headReceived = false
        /// The first error the sink threw: passed on as it is.
        var sinkError: (any Error)?
        /// The step running (it ends after writing what was held), if any.
        var step: EventLoopFuture<Void>?
        var held: [ByteBuffer] = []
        var heldBytes = 0
        /// Fails the request if no head comes in time (set when the request is sent).
        var headDeadline: Scheduled<Void>?
        /// The sink's closing work started at the body's end (``TransportSink/bodyEnded(then:)``),
        /// and whether it has ended.
        var closing = false
        var closed = false
        /// How the request ended, and the fetch waiting for the end (of the request and the closing work).
        var requestResult: Result<Void, any Error>?
        var waiter: CheckedContinuation<Void, any Error>?
    }
    private let state = NIOLockedValueBox(State())

    init(sink: any TransportSink, headTimeout: TimeAmount?) {
        self.sink = sink
        self.headTimeout = headTimeout
    }

    var sinkError: (any Error)? { state.withLockedValue { $0.sinkError } }

    /// Waits for the running step to end (its outcome is recorded, what it held written).
    func stepsEnded() async {
        // A step clears itself after writing what it held, before its future completes; none
        // starts once the request is over.
        while let step = state.withLockedValue({ $0.step }) { _ = try? await step.get() }
    }

    /// On the event loop, once the request is sent: no head within ``headTimeout`` fails it.
    func didSendRequestHead(task: HTTPClient.Task<Void>, _ head: HTTPRequestHead) {
        guard let headTimeout else { return }
        let deadline = task.eventLoop.scheduleTask(in: headTimeout) { [self] in
            if !state.withLockedValue({ $0.headReceived }) { task.fail(reason: HTTPClientError.deadlineExceeded) }
        }
        state.withLockedValue { $0.headDeadline = deadline }
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        clearHeadDeadline()
    }

    /// On the event loop (the deadline's own).
    private func clearHeadDeadline() {
        state.withLockedValue { state in
            state.headDeadline?.cancel()
            state.headDeadline = nil
        }
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        var headers: [String: String] = [:]
        headers.reserveCapacity(head.headers.count)
        for header in head.headers { headers[header.name.lowercased()] = header.value }
        let received = TransportResponseHead(status: Int(head.status.code), lowercasedHeaders: headers)
        state.withLockedValue { $0.headReceived = true }
        clearHeadDeadline()
        do {
            if try sink.receiveWithoutWaiting(head: received) { return task.eventLoop.makeSucceededVoidFuture() }
        } catch {
            state.withLockedValue { if $0.sinkError == nil { $0.sinkError = error } }
            return task.eventLoop.makeFailedFuture(error)
        }
        start(task) { [sink] in try await sink.receive(head: received) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let waitFor: EventLoopFuture<Void>?? = state.withLockedValue { state in
            guard let step = state.step else { return nil }
            state.held.append(buffer)
            state.heldBytes += buffer.readableBytes
            return .some(state.heldBytes > Self.holdLimit ? step : nil)
        }
        switch waitFor {
        case .some(let step):
            return step ?? task.eventLoop.makeSucceededVoidFuture()
        case .none:
            if let error = write(buffer) { return task.eventLoop.makeFailedFuture(error) }
            if sink.checkpointDue { start(task) { [sink] in try await sink.checkpoint() } }
            return task.eventLoop.makeSucceededVoidFuture()
        }
    }

    /// On the event loop, the body complete: with no step running, the sink may start its closing
    /// work from here (a small file's placement goes from this loop to the ``PlacementQueue``'s thread, and
    /// the fetch resumes once, when it is done, instead of after the request and again after it).
    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        let idle = state.withLockedValue { state in
            state.closing = state.step == nil && state.sinkError == nil
            return state.closing
        }
        guard idle else { return }
        let started = sink.bodyEnded { [self] in
            state.withLockedValue { $0.closed = true }
            resumeIfEnded()
        }
        if !started { state.withLockedValue { $0.closing = false } }
    }

    /// Waits until the request has ended and, when the sink started closing work at the body's
    /// end, until that work has too. Throws the request's error.
    func ended(_ task: HTTPClient.Task<Void>) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            state.withLockedValue { $0.waiter = continuation }
            task.futureResult.whenComplete { [self] result in
                state.withLockedValue { $0.requestResult = result }
                resumeIfEnded()
            }
        }
    }

    private func resumeIfEnded() {
        let ready: (CheckedContinuation<Void, any Error>, Result<Void, any Error>)? = state.withLockedValue { state in
            guard let result = state.requestResult, !state.closing || state.closed, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return (waiter, result)
        }
        if let (waiter, result) = ready { waiter.resume(with: result) }
    }

    /// Writes bytes to the sink; returns (and records) the sink's error.
    private func write(_ buffer: ByteBuffer) -> (any Error)? {
        do {
            try buffer.withUnsafeReadableBytes { try sink.receive(bytes: $0) }
            return nil
        } catch {
            state.withLockedValue { if $0.sinkError == nil { $0.sinkError = error } }
            return error
        }
    }

    /// Runs an asynchronous step of the sink in a task. When it ends (on the event loop), what
    /// was held meanwhile is written; a failure fails the request.
    private func start(_ task: HTTPClient.Task<Void>, _ body: @escaping @Sendable () async throws -> Void) {
        let loop = task.eventLoop
        let promise = loop.makePromise(of: Void.self)
        let done = loop.makePromise(of: Void.self)
        state.withLockedValue { $0.step = done.futureResult }
        promise.futureResult.whenComplete { [self] result in
            var failure: (any Error)?
            if case .failure(let error) = result {
                state.withLockedValue { if $0.sinkError == nil { $0.sinkError = error } }
                failure = error
            }
            // On the delegate's event loop, where body parts arrive: none comes in between.
            let held = state.withLockedValue { state in
                defer { state.held = []; state.heldBytes = 0 }
                return state.held
            }
            for buffer in held where failure == nil { failure = write(buffer) }
            // Cleared only once what was held is written: a fetch that sees no step may go on to
            // finish the file (it read `step` as nil before, while these writes still ran).
            state.withLockedValue { $0.step = nil }
            if let failure {
                task.fail(reason: failure)
                done.fail(failure)
            } else {
                done.succeed()
            }
        }
        promise.completeWithTask(body)
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
