import NIOConcurrencyHelpers

/// A counting semaphore for async code: the engine's concurrency limit on transfers. A wait for
/// a slot ends when the waiting task is cancelled. A slot is given back synchronously, to the
/// longest waiter, or first to one whose item is preferred (moved to the front of the queue).
final class Slots: Sendable {
    private struct State {
        var available: Int
        var waiters: [(id: Int, key: MediaKey?, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextID = 0
    }
    private let state: NIOLockedValueBox<State>
    private let isPreferred: @Sendable (MediaKey) -> Bool

    init(_ count: Int, isPreferred: @escaping @Sendable (MediaKey) -> Bool = { _ in false }) {
        state = NIOLockedValueBox(State(available: count))
        self.isPreferred = isPreferred
    }

    /// Slots free now.
    var available: Int { state.withLockedValue { $0.available } }

    /// Takes a slot for `key`'s transfer, waiting for one if needed. Returns false, holding
    /// nothing, when the task is cancelled before it gets one.
    func acquire(for key: MediaKey? = nil) async -> Bool {
        guard !Task.isCancelled else { return false }
        let id: Int? = state.withLockedValue { state in
            if state.available > 0 {
                state.available -= 1
                return nil
            }
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let id else { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // A slot given back since the first look is taken now, not waited for.
                let now: Bool? = state.withLockedValue { state in
                    if Task.isCancelled { return false }
                    if state.available > 0 {
                        state.available -= 1
                        return true
                    }
                    state.waiters.append((id, key, continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            withdraw(id)
        }
    }

    /// Gives a slot back: to a preferred waiter, else the longest waiter, or to the pool.
    func release() {
        let isPreferred = self.isPreferred
        let waiter: CheckedContinuation<Bool, Never>? = state.withLockedValue { state in
            if state.waiters.isEmpty {
                state.available += 1
                return nil
            }
            let index = state.waiters.firstIndex { $0.key.map(isPreferred) ?? false } ?? 0
            return state.waiters.remove(at: index).continuation
        }
        waiter?.resume(returning: true)
    }

    /// Ends a cancelled waiter's wait (if a release has not handed it a slot already).
    private func withdraw(_ id: Int) {
        let waiter: CheckedContinuation<Bool, Never>? = state.withLockedValue { state in
            state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0).continuation }
        }
        waiter?.resume(returning: false)
    }
}
