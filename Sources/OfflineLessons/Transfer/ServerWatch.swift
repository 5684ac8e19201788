import NIOConcurrencyHelpers

/// Whether a download run's server answers, shared by the run's items: connection-level failures
/// in a row across the run (no connection, or nothing received in time), reset by any response to
/// a request made since the last of them. Once the server is found down, it stays so for the run,
/// which stops with its items queued.
final class ServerWatch: Sendable {
    /// 4: more than one item's own connection attempts (1 + ``RetryPolicy/maxConnectionRetries``),
    /// so that the run stops on more than one item's word, and few enough to stop it within two rounds of timeouts.
    static let failuresInARowForDown = 4

    /// What a connection-level failure means for the run.
    enum Verdict: Equatable {
        /// The server may come back: the item retries. `first` for the first failure since the
        /// last response (the run then says once that it waits for the server).
        case waiting(first: Bool)
        /// The server is down: the item goes back to the queue, and the run stops.
        case down
    }

    private struct State {
        var failuresInARow = 0
        var lastFailure: ContinuousClock.Instant?
        var isDown = false
    }
    private let state = NIOLockedValueBox(State())

    init() {}

    /// Whether the run found the server down.
    var isDown: Bool { state.withLockedValue { $0.isDown } }

    /// A response came (any status) to a request made at `requested`: the server answers, unless
    /// the request is older than the last failure (a server going away finishes what it had).
    func answered(requestedAt requested: ContinuousClock.Instant) {
        state.withLockedValue { state in
            guard !state.isDown, state.lastFailure.map({ requested > $0 }) ?? true else { return }
            state.failuresInARow = 0
        }
    }

    /// Counts a connection-level failure of an attempt.
    func connectionFailed() -> Verdict {
        state.withLockedValue { state in
            guard !state.isDown else { return .down }
            state.failuresInARow += 1
            state.lastFailure = .now
            if state.failuresInARow >= Self.failuresInARowForDown { state.isDown = true }
            return state.isDown ? .down : .waiting(first: state.failuresInARow == 1)
        }
    }

    /// An item ran out of connection retries after `failures` connection-level failures of its own
    /// in a row: the server is down unless it answered another item meanwhile (the run's count
    /// was reset since). Returns whether the server is down.
    func itemGaveUp(after failures: Int) -> Bool {
        state.withLockedValue { state in
            if state.failuresInARow >= failures { state.isDown = true }
            return state.isDown
        }
    }
}
