import Foundation
import Logging

/// The download queue: bounded concurrency, and one download per item however many callers ask
/// for it at once (a second caller waits for the first's outcome). The limit counts transfers:
/// each holds one of ``Slots`` from its request to the end of its body, so that a file's
/// placement, a wait for another process's download of the same file and a retry's backoff
/// leave the slot to other items.
/// Every wait (for a slot, for another caller's download) ends when the waiting task is cancelled.
actor DownloadEngine {
    let fetcher: MediaFetcher
    /// How many transfers run at once.
    nonisolated let concurrency: Int
    private let slots: Slots
    /// Items being downloaded, with the callers that joined each one.
    private var inFlight: [MediaKey: [Int: CheckedContinuation<ItemOutcome, Never>]] = [:]
    private var nextWaiter = 0

    /// `front`: the items moved to the front and under way; their transfers take slots first.
    init(fetcher: MediaFetcher, concurrency: Int, front: @escaping @Sendable () -> Set<MediaKey> = { [] }) {
        self.fetcher = fetcher
        self.concurrency = max(1, concurrency)
        slots = Slots(self.concurrency, preferred: front)
    }

    /// The items at the front changed (one moved there, or one ended): free slots are handed out again.
    nonisolated func frontChanged() { slots.reconsider() }

    /// How many items are being downloaded or waiting for a slot.
    var activeDownloads: Int { inFlight.count }

    /// How many of a run's items may be under way at once: every transfer, and up to 16 more
    /// being claimed or placed or ready to take the next free slot. A run starts its items as
    /// earlier ones end, not all at once.
    nonisolated var itemsUnderWay: Int { concurrency + 16 }

    /// Slots free now (the concurrency limit when idle).
    var freeSlots: Int { slots.available }

    /// Downloads one registered item, or joins the download already under way (`joined`: its
    /// progress went to the caller that started it). A caller that joined a download whose owner
    /// was cancelled, without being cancelled itself, takes the download over. `registered`: the
    /// item's row as the caller's registration left it (not used once another download touched
    /// the item). `watch` is the caller's run's (see ``ServerWatch``); a download of its own has
    /// one of its own.
    func download(
        _ key: MediaKey, registered: MediaItem? = nil, watch: ServerWatch = ServerWatch(),
        report: @escaping @Sendable (DownloadEvent) -> Void
    ) async -> (outcome: ItemOutcome, joined: Bool) {
        var registered = registered
        while inFlight[key] != nil {
            registered = nil
            let outcome = await join(key)
            // The owner was cancelled, or saw the item removed (it may have been requested again since).
            switch outcome {
            case .cancelled where !Task.isCancelled, .removed: continue
            default: return (outcome, true)
            }
        }
        inFlight[key] = [:]
        let outcome = await fetcher.fetch(.init(key, registered: registered), slots: slots, watch: watch, report: report)
        for waiter in (inFlight.removeValue(forKey: key) ?? [:]).values { waiter.resume(returning: outcome) }
        return (outcome, false)
    }

    /// Waits for the outcome of the download of `key` under way; `.cancelled` when this task is.
    private func join(_ key: MediaKey) async -> ItemOutcome {
        let id = nextWaiter
        nextWaiter += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: .cancelled)
                } else {
                    inFlight[key, default: [:]][id] = continuation
                }
            }
        } onCancel: {
            Task { await self.leave(key, waiter: id) }
        }
    }

    private func leave(_ key: MediaKey, waiter id: Int) {
        inFlight[key]?.removeValue(forKey: id)?.resume(returning: .cancelled)
    }
}
