import NIOConcurrencyHelpers

/// A counting semaphore for async code: the engine's concurrency limit on transfers. A wait for
/// a slot ends when the waiting task is cancelled. A slot is given back synchronously.
final class Slots: Sendable {
    private struct State {
        var available: Int
        var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextID = 0
    }
    private let state: NIOLockedValueBox<State>

    init(_ count: Int) { state = NIOLockedValueBox(State(available: count)) }

    /// Slots free now.
    var available: Int { state.withLockedValue { $0.available } }

    /// Takes a slot, waiting for one if needed. Returns false, holding nothing, when the task is
    /// cancelled before it gets one.
    func acquire() async -> Bool {
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
                    state.waiters.append((id, continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            withdraw(id)
        }
    }

    /// Gives a slot back: to the longest waiter, or to the pool.
    func release() {
        let waiter: CheckedContinuation<Bool, Never>? = state.withLockedValue { state in
            if state.waiters.isEmpty {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst().continuation
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
