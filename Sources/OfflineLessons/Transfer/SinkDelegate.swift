import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// What the reader of a response lets a ``SinkDelegate``'s steps do to it: the event loop it
/// reads on, and failing the request (a step that throws). Failing a request that has ended
/// does nothing.
protocol ResponseControl: Sendable {
    var eventLoop: any EventLoop { get }
    func fail(reason: any Error)
}

extension HTTPClient.Task: ResponseControl {}

/// What the reader of a response does after handing a part of it to a ``SinkDelegate``.
enum FeedStep {
    /// Read on.
    case goOn
    /// Read no further part before this future completes (a step holding more than
    /// ``SinkDelegate/holdLimit`` bytes).
    case wait(EventLoopFuture<Void>)
    /// The sink refused the response or failed to take its bytes: end the request with this error.
    case refuse(any Error)
}

/// Hands a response to a ``TransportSink``, on the event loop that reads it: the body is written
/// as it comes; the head and the checkpoints run as tasks, and the body that arrives meanwhile is
/// held and written when the step ends (so that a connection reset during a step loses no byte
/// already received). Past ``holdLimit`` held bytes the reader waits for the step. A head the
/// sink can take without waiting (``TransportSink/receiveWithoutWaiting(head:)``) is taken on the
/// event loop, with no step. Fed by AsyncHTTPClient (as its delegate) or by the handler of a
/// ``MediaConnections`` connection (``MediaResponseHandler``). AsyncHTTPClient's head deadline is set and cleared on the event loop
/// too: a small file costs no hop between the loop and the tasks but the request and its end.
final class SinkDelegate: HTTPClientResponseDelegate {
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

    // MARK: Reading a response (on the event loop)

    /// The response's head.
    func received(head: HTTPResponseHead, control: some ResponseControl) -> FeedStep {
        var fields: [TransportResponseHead.Field] = []
        fields.reserveCapacity(head.headers.count)
        for header in head.headers { fields.append(.init(name: header.name.lowercased(), value: header.value)) }
        let received = TransportResponseHead(status: Int(head.status.code), lowercasedFields: fields)
        state.withLockedValue { $0.headReceived = true }
        clearHeadDeadline()
        do {
            if try sink.receiveWithoutWaiting(head: received) { return .goOn }
        } catch {
            state.withLockedValue { if $0.sinkError == nil { $0.sinkError = error } }
            return .refuse(error)
        }
        start(control) { [sink] in try await sink.receive(head: received) }
        return .goOn
    }

    /// The next part of the body.
    func received(body buffer: ByteBuffer, control: some ResponseControl) -> FeedStep {
        let waitFor: EventLoopFuture<Void>?? = state.withLockedValue { state in
            guard let step = state.step else { return nil }
            state.held.append(buffer)
            state.heldBytes += buffer.readableBytes
            return .some(state.heldBytes > Self.holdLimit ? step : nil)
        }
        switch waitFor {
        case .some(let step):
            return step.map { FeedStep.wait($0) } ?? .goOn
        case .none:
            if let error = write(buffer) { return .refuse(error) }
            if sink.checkpointDue { start(control) { [sink] in try await sink.checkpoint() } }
            return .goOn
        }
    }

    /// The body complete: with no step running, the sink may start its closing work from here
    /// (a small file's placement goes from this loop to the ``PlacementQueue``'s thread, and the
    /// fetch resumes once, when it is done, instead of after the request and again after it).
    func bodyEnded() {
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

    /// Waits until the request (`result`) has ended and, when the sink started closing work at
    /// the body's end, until that work has too. Throws the request's error.
    func ended<Value: Sendable>(_ result: EventLoopFuture<Value>) async throws -> Value {
        let value = NIOLockedValueBox<Value?>(nil)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            state.withLockedValue { $0.waiter = continuation }
            result.whenComplete { [self] result in
                if case .success(let ended) = result { value.withLockedValue { $0 = ended } }
                state.withLockedValue { $0.requestResult = result.map { _ in () } }
                resumeIfEnded()
            }
        }
        // Set before the continuation resumed with success.
        guard let ended = value.withLockedValue({ $0 }) else { throw HTTPClientError.cancelled }
        return ended
    }

    // MARK: AsyncHTTPClient's delegate

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

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        future(of: received(head: head, control: task), on: task.eventLoop)
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        future(of: received(body: buffer, control: task), on: task.eventLoop)
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        bodyEnded()
    }

    private func future(of step: FeedStep, on loop: any EventLoop) -> EventLoopFuture<Void> {
        switch step {
        case .goOn: loop.makeSucceededVoidFuture()
        case .wait(let future): future
        case .refuse(let error): loop.makeFailedFuture(error)
        }
    }

    // MARK: Steps

    /// On the event loop (the deadline's own).
    private func clearHeadDeadline() {
        state.withLockedValue { state in
            state.headDeadline?.cancel()
            state.headDeadline = nil
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
    private func start(_ control: some ResponseControl, _ body: @escaping @Sendable () async throws -> Void) {
        let loop = control.eventLoop
        let promise = loop.makePromise(of: Void.self)
        let done = loop.makePromise(of: Void.self)
        state.withLockedValue { $0.step = done.futureResult }
        promise.futureResult.whenComplete { [self] result in
            var failure: (any Error)?
            if case .failure(let error) = result {
                state.withLockedValue { if $0.sinkError == nil { $0.sinkError = error } }
                failure = error
            }
            // On the reader's event loop, where body parts arrive: none comes in between.
            let held = state.withLockedValue { state in
                defer { state.held = []; state.heldBytes = 0 }
                return state.held
            }
            for buffer in held where failure == nil { failure = write(buffer) }
            // Cleared only once what was held is written: a fetch that sees no step may go on to
            // finish the file (it read `step` as nil before, while these writes still ran).
            state.withLockedValue { $0.step = nil }
            if let failure {
                control.fail(reason: failure)
                done.fail(failure)
            } else {
                done.succeed()
            }
        }
        promise.completeWithTask(body)
    }
}
