import Foundation
import Logging

/// The download queue: bounded concurrency, and one download per item however many callers ask
/// for it at once (a second caller waits for the first's outcome). An item waiting for another
/// process's download of the same file lends its slot to the next item until that download ends.
public actor DownloadEngine {
    public struct Configuration: Sendable {
        /// Downloads at once.
        public var concurrency: Int
        public var retry: RetryPolicy

        public init(concurrency: Int = 3, retry: RetryPolicy = RetryPolicy()) {
            self.concurrency = max(1, concurrency)
            self.retry = retry
        }
    }

    let fetcher: MediaFetcher
    private let slots: Slots
    private var inFlight: [MediaKey: [CheckedContinuation<ItemOutcome, Never>]] = [:]

    init(database: LibraryDatabase, store: MediaStore, transport: any Transport, configuration: Configuration, logger: Logger) {
        fetcher = MediaFetcher(database: database, store: store, transport: transport, retry: configuration.retry, logger: logger)
        slots = Slots(configuration.concurrency)
    }

    /// How many items are being downloaded or waiting for a slot.
    public var activeDownloads: Int { inFlight.count }

    /// Slots free now (the concurrency limit when idle).
    var freeSlots: Int { get async { await slots.available } }

    /// Downloads one registered item, or joins the download already under way (`joined`: its
    /// progress went to the caller that started it). A caller that joined a download whose owner
    /// was cancelled, without being cancelled itself, takes the download over.
    func download(_ key: MediaKey, report: @escaping @Sendable (DownloadEvent) -> Void) async -> (outcome: ItemOutcome, joined: Bool) {
        while inFlight[key] != nil {
            let outcome = await withCheckedContinuation { continuation in
                inFlight[key, default: []].append(continuation)
            }
            // The owner was cancelled, or saw the item removed (it may have been requested again since).
            switch outcome {
            case .cancelled where !Task.isCancelled, .removed: continue
            default: return (outcome, true)
            }
        }
        inFlight[key] = []
        await slots.acquire()
        let outcome = Task.isCancelled ? ItemOutcome.cancelled : await fetcher.fetch(key, standAside: { [slots] wait in
            // Waiting for another process's download of this file: other items use the slot meanwhile.
            await slots.release()
            await wait()
            await slots.acquire()
        }, report: report)
        await slots.release()
        for waiter in inFlight.removeValue(forKey: key) ?? [] { waiter.resume(returning: outcome) }
        return (outcome, false)
    }
}

/// A counting semaphore for async code.
actor Slots {
    private(set) var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { available = count }

    func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            available += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
