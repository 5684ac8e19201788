/// Fans out every download event of a library, from every run, to its observers, in order.
actor EventHub {
    private var observers: [Int: AsyncStream<DownloadEvent>.Continuation] = [:]
    private var nextID = 0
    /// Where runs publish; ordered, and safe to call from any task.
    nonisolated let input: AsyncStream<DownloadEvent>.Continuation

    init() {
        let (events, input) = AsyncStream<DownloadEvent>.makeStream()
        self.input = input
        Task { [weak self] in
            for await event in events {
                guard let self else { return }
                await self.deliver(event)
            }
        }
    }

    deinit {
        input.finish()
        for observer in observers.values { observer.finish() }
    }

    /// A stream of every event from now on; it ends when the consumer stops iterating.
    func subscribe() -> AsyncStream<DownloadEvent> {
        let (stream, continuation) = AsyncStream<DownloadEvent>.makeStream()
        let id = nextID
        nextID += 1
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return stream
    }

    private func unsubscribe(_ id: Int) { observers[id] = nil }

    private func deliver(_ event: DownloadEvent) {
        for observer in observers.values { observer.yield(event) }
    }
}
