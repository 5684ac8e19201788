/// A counting semaphore for async code: the engine's concurrency limit. A wait for a slot ends
/// when the waiting task is cancelled.
actor Slots {
    private(set) var available: Int
    private var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0

    init(_ count: Int) { available = count }

    /// Takes a slot, waiting for one if needed. Returns false, holding nothing, when the task is
    /// cancelled before it gets one.
    func acquire() async -> Bool {
        guard !Task.isCancelled else { return false }
        if available > 0 {
            available -= 1
            return true
        }
        let id = nextID
        nextID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    waiters.append((id, continuation))
                }
            }
        } onCancel: {
            // The handler cannot touch the actor's state synchronously: it hops onto the actor.
            Task { await self.withdraw(id) }
        }
    }

    /// Gives a slot back: to the longest waiter, or to the pool.
    func release() {
        if waiters.isEmpty {
            available += 1
        } else {
            waiters.removeFirst().continuation.resume(returning: true)
        }
    }

    /// Ends a cancelled waiter's wait (if a release has not handed it a slot already).
    private func withdraw(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: false)
    }
}
