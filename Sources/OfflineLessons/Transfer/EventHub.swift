import NIOConcurrencyHelpers

/// Fans out every download event of a library, from every run, to its observers. Each run
/// publishes its events in order; each observer's buffer is bounded (the oldest events go first
/// when an observer falls behind), and an observer that stopped listening is dropped at the next
/// event. Publishing takes a lock, not a hop to an actor: an event costs no thread hand-off.
final class EventHub: Sendable {
    /// Events kept for an observer that falls behind.
    static let bufferLimit = 4096

    private let observers = NIOLockedValueBox<[AsyncStream<DownloadEvent>.Continuation]>([])

    /// A stream of every event from now on; it ends when the consumer stops iterating.
    func subscribe() -> AsyncStream<DownloadEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: DownloadEvent.self, bufferingPolicy: .bufferingNewest(Self.bufferLimit))
        observers.withLockedValue { $0.append(continuation) }
        return stream
    }

    func publish(_ event: DownloadEvent) {
        observers.withLockedValue { observers in
            observers.removeAll { observer in
                if case .terminated = observer.yield(event) { return true }
                return false
            }
        }
    }

    deinit {
        for observer in observers.withLockedValue({ $0 }) { observer.finish() }
    }
}
