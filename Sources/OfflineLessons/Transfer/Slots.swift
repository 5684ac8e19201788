import NIOConcurrencyHelpers

/// A counting semaphore for async code: the engine's concurrency limit on transfers. A wait for
/// a slot ends when the waiting task is cancelled. Items moved to the front come first: a waiting
/// one takes the next slot given back, and a free slot is kept for one that is under way but has
/// not asked yet, so that no other item's transfer starts before it.
final class Slots: Sendable {
    fileprivate struct Waiter {
        let id: Int
        let key: MediaKey?
        let continuation: CheckedContinuation<Bool, Never>
    }
    fileprivate struct State {
        var available: Int
        var waiters: [Waiter] = []
        /// How many transfers of each item hold a slot.
        var holders: [MediaKey: Int] = [:]
        var nextID = 0
    }
    private let state: NIOLockedValueBox<State>
    private let preferred: @Sendable () -> Set<MediaKey>

    /// `preferred`: the items moved to the front and under way (read under this semaphore's lock,
    /// so it must not wait on it).
    init(_ count: Int, preferred: @escaping @Sendable () -> Set<MediaKey> = { [] }) {
        state = NIOLockedValueBox(State(available: count))
        self.preferred = preferred
    }

    /// Slots free now.
    var available: Int { state.withLockedValue { $0.available } }

    /// Takes a slot for `key`'s transfer, waiting for one if needed. Returns false, holding
    /// nothing, when the task is cancelled before it gets one.
    func acquire(for key: MediaKey? = nil) async -> Bool {
        guard !Task.isCancelled else { return false }
        let preferred = self.preferred
        let id: Int? = state.withLockedValue { state in
            if state.takeFree(for: key, preferred: preferred()) { return nil }
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let id else { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // A slot given back since the first look is taken now, not waited for.
                let now: Bool? = state.withLockedValue { state in
                    if Task.isCancelled { return false }
                    if state.takeFree(for: key, preferred: preferred()) { return true }
                    state.waiters.append(Waiter(id: id, key: key, continuation: continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            withdraw(id)
        }
    }

    /// Gives `key`'s slot back, to the waiters first.
    func release(for key: MediaKey? = nil) {
        let preferred = self.preferred
        let granted = state.withLockedValue { state in
            state.available += 1
            if let key {
                state.holders[key, default: 1] -= 1
                if state.holders[key] == 0 { state.holders[key] = nil }
            }
            return state.grant(preferred: preferred())
        }
        for continuation in granted { continuation.resume(returning: true) }
    }

    /// Hands free slots to waiters again: call it when an item moved to the front ends or moves,
    /// since a slot kept for it may now go to another.
    func reconsider() {
        let preferred = self.preferred
        let granted = state.withLockedValue { $0.grant(preferred: preferred()) }
        for continuation in granted { continuation.resume(returning: true) }
    }

    /// Ends a cancelled waiter's wait (if a release has not handed it a slot already).
    private func withdraw(_ id: Int) {
        let waiter: CheckedContinuation<Bool, Never>? = state.withLockedValue { state in
            state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0).continuation }
        }
        waiter?.resume(returning: false)
    }
}

extension Slots.State {
    /// Free slots beyond those kept for preferred items under way that hold none.
    private func spare(preferred: Set<MediaKey>) -> Int {
        available - preferred.filter { holders[$0] == nil }.count
    }

    /// Takes a free slot for `key` if one is its to take.
    fileprivate mutating func takeFree(for key: MediaKey?, preferred: Set<MediaKey>) -> Bool {
        let isPreferred = key.map(preferred.contains) ?? false
        guard available > 0, isPreferred || spare(preferred: preferred) > 0 else { return false }
        take(for: key)
        return true
    }

    private mutating func take(for key: MediaKey?) {
        available -= 1
        if let key { holders[key, default: 0] += 1 }
    }

    /// Gives free slots to waiters, preferred ones first; returns the waits to end.
    fileprivate mutating func grant(preferred: Set<MediaKey>) -> [CheckedContinuation<Bool, Never>] {
        var granted: [CheckedContinuation<Bool, Never>] = []
        while available > 0, !waiters.isEmpty {
            let index: Int
            if let first = waiters.firstIndex(where: { $0.key.map(preferred.contains) ?? false }) {
                index = first
            } else if spare(preferred: preferred) > 0 {
                index = 0
            } else {
                break
            }
            let waiter = waiters.remove(at: index)
            take(for: waiter.key)
            granted.append(waiter.continuation)
        }
        return granted
    }
}
