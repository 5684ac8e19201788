import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// Hands an AsyncHTTPClient response to a ``TransportSink``, on the event loop that reads it: the
/// head and the body are taken as they come; a checkpoint runs as a task, and the body that
/// arrives meanwhile is held and written when it ends, so that a connection reset during a
/// checkpoint loses no byte already received. Past ``holdLimit`` held bytes the connection waits.
final class SinkDelegate: HTTPClientResponseDelegate {
    typealias Response = Void

    /// The most body bytes held while a checkpoint runs before the connection stops reading.
    static let holdLimit = 4 << 20

    private let sink: any TransportSink
    private let rateLimit: RateLimit?

    private struct State {
        /// The first error the sink threw: passed on as it is.
        var sinkError: (any Error)?
        /// The checkpoint running (it ends after writing what was held), if any.
        var step: EventLoopFuture<Void>?
        var held: [ByteBuffer] = []
        var heldBytes = 0
    }
    private let state = NIOLockedValueBox(State())

    init(sink: any TransportSink, rateLimit: RateLimit? = nil) {
        self.sink = sink
        self.rateLimit = rateLimit
    }

    var sinkError: (any Error)? { state.withLockedValue { $0.sinkError } }

    /// Waits for the running checkpoint to end (its outcome recorded, what it held written).
    func stepsEnded() async {
        while let step = state.withLockedValue({ $0.step }) { _ = try? await step.get() }
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        var headers: [String: String] = [:]
        for header in head.headers { headers[header.name.lowercased()] = header.value }
        do {
            try sink.receive(head: TransportResponseHead(status: Int(head.status.code), headers: headers))
            return task.eventLoop.makeSucceededVoidFuture()
        } catch {
            record(error)
            return task.eventLoop.makeFailedFuture(error)
        }
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let running: EventLoopFuture<Void>?? = state.withLockedValue { state in
            guard let step = state.step else { return nil }
            state.held.append(buffer)
            state.heldBytes += buffer.readableBytes
            return .some(state.heldBytes > Self.holdLimit ? step : nil)
        }
        switch running {
        case .some(let step):
            return step ?? task.eventLoop.makeSucceededVoidFuture()
        case .none:
            if let error = write(buffer) { return task.eventLoop.makeFailedFuture(error) }
            if sink.checkpointDue { start(task) { [sink] in try await sink.checkpoint() } }
            // Over the rate, the connection reads on only after the wait.
            if let wait = rateLimit?.take(buffer.readableBytes), wait > .zero {
                return task.eventLoop.scheduleTask(in: wait) {}.futureResult
            }
            return task.eventLoop.makeSucceededVoidFuture()
        }
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {}

    /// Writes bytes to the sink; returns (and records) the sink's error.
    private func write(_ buffer: ByteBuffer) -> (any Error)? {
        do {
            try buffer.withUnsafeReadableBytes { try sink.receive(bytes: $0) }
            return nil
        } catch {
            record(error)
            return error
        }
    }

    private func record(_ error: any Error) {
        state.withLockedValue { if $0.sinkError == nil { $0.sinkError = error } }
    }

    /// Runs a checkpoint of the sink in a task. When it ends (on the event loop), what
    /// was held meanwhile is written; a failure fails the request.
    private func start(_ task: HTTPClient.Task<Void>, _ body: @escaping @Sendable () async throws -> Void) {
        let promise = task.eventLoop.makePromise(of: Void.self)
        let done = task.eventLoop.makePromise(of: Void.self)
        state.withLockedValue { $0.step = done.futureResult }
        promise.futureResult.whenComplete { [self] result in
            var failure: (any Error)?
            if case .failure(let error) = result {
                record(error)
                failure = error
            }
            // On the event loop, where body parts arrive: none comes in between.
            let held = state.withLockedValue { state in
                defer {
                    state.held = []
                    state.heldBytes = 0
                }
                return state.held
            }
            for buffer in held where failure == nil { failure = write(buffer) }
            // Cleared only once what was held is written: the fetch then goes on to finish the file.
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
