import Foundation
import Logging

/// Downloads one item from start to registration: resume from a partial file when the validators
/// allow it, retries with backoff, and the final state written to the registry.
struct MediaFetcher: Sendable {
    let database: LibraryDatabase
    let store: MediaStore
    let transport: any Transport
    let locator: MediaLocator
    let retry: RetryPolicy
    let now: @Sendable () -> Date
    let beforeCommit: (@Sendable (MediaKey) async -> Void)?
    let logger: Logger

    /// An item to download: its key, and its row as the run's registration left it when there is
    /// one (the first request is then made from that row, with no registry write before it).
    struct Queued: Sendable {
        var key: MediaKey
        var registered: MediaItem?

        init(_ key: MediaKey, registered: MediaItem? = nil) {
            self.key = key
            self.registered = registered
        }
    }

    /// Downloads an item, each of its transfers holding one of `slots` (the engine's concurrency
    /// limit) from its request to the end of its body; `watch` is the run's, told of every
    /// response and every connection-level failure.
    func fetch(
        _ queued: Queued, slots: Slots, watch: ServerWatch, report: @escaping @Sendable (DownloadEvent) -> Void
    ) async -> ItemOutcome {
        let key = queued.key
        do {
            return try await attemptAll(queued, slots: slots, watch: watch, report: report)
        } catch {
            // A cancelled task's error (a database read, a thread-pool hop) is a cancel, not a failure.
            if Task.isCancelled { return await cancel(key, holding: nil, report: report) }
            return await failedOutsideAttempt(key, error, receivedBytes: store.partialSize(key), report: report)
        }
    }

    private func attemptAll(
        _ queued: Queued, slots: Slots, watch: ServerWatch, report: @escaping @Sendable (DownloadEvent) -> Void
    ) async throws -> ItemOutcome {
        let key = queued.key
        var waited = false
        // The registration's row, while no other download may have changed the item since.
        var registered = queued.registered
        while true {
            if Task.isCancelled { return await cancel(key, holding: nil, report: report) }
            let file: PartialFile
            do {
                file = try store.openPartial(key)
            } catch FileError.inUse {
                registered = nil
                if isBusyElsewhere(key) {
                    await waitForOtherWriter(key, report: report)
                    waited = true
                } else {
                    // A waiting download's probe held it for a moment.
                    try? await Task.sleep(for: .milliseconds(20))
                }
                continue
            }
            // Held now: no other download writes, places or ends this item until it is let go.
            // With a file in place, another download may be between its rename and its commit.
            if store.finalSize(key) != nil, store.isBeingPlaced(key) {
                registered = nil
                store.letGo(file, of: key)
                await waitForOtherWriter(key, report: report)
                waited = true
                continue
            }
            let outcome: ItemOutcome
            do {
                let start: Start = registered.map { .registered($0) } ?? .claim(afterWaiting: waited)
                outcome = try await attempts(key, holding: file, from: start, slots: slots, watch: watch, report: report)
            } catch  where Task.isCancelled {
                outcome = await cancel(key, holding: file, report: report)
            } catch {
                // The failure is written before the file is let go, for a download waiting on it.
                outcome = await failedOutsideAttempt(key, error, receivedBytes: file.size, report: report)
            }
            switch outcome {
            case .removed, .completed(_, alreadyPresent: true): store.discard(file, of: key)
            case .completed, .failed, .cancelled, .diskFull, .unreachable: store.letGo(file, of: key)
            }
            return outcome
        }
    }

    /// Where the first attempt takes its item from.
    private enum Start {
        /// The row the run's registration left.
        case registered(MediaItem)
        /// A claim under the item's lock (see ``claim(_:afterWaiting:report:)``).
        case claim(afterWaiting: Bool)
    }

    /// Attempts, with retries, while holding the item's partial file; the final state is written
    /// before the caller lets the file go, so a download waiting for this one finds it.
    private func attempts(
        _ key: MediaKey, holding file: PartialFile, from start: Start, slots: Slots, watch: ServerWatch,
        report: @escaping @Sendable (DownloadEvent) -> Void
    ) async throws -> ItemOutcome {
        var item: MediaItem
        if case .registered(let row) = start, file.size == 0, store.finalSize(key) == nil {
            // No bytes and no file another download left. The validators write marks the item
            // downloading, and stops the attempt if the item was removed, completed or requested
            // again with another link meanwhile (the claim's read would have seen it).
            item = row
        } else {
            let afterWaiting = if case .claim(afterWaiting: true) = start { true } else { false }
            switch try await claim(key, afterWaiting: afterWaiting, report: report) {
            case .over(let outcome): return outcome
            case .pending(let claimed): item = claimed
            }
        }
        let url: URL
        do {
            url = try locator.url(for: key.medium, link: item.link)
        } catch {
            let reason = "\(error)"
            try await database.markFailed(key, reason: reason, attempts: 0, receivedBytes: file.size, at: now())
            report(.failed(key, reason: reason))
            return .failed(reason)
        }
        var retries = 0
        // Connection-level failures of this item in a row, with no response between them.
        var connectionFailures = 0
        var attempts = item.attempts
        var highWater = file.size
        while true {
            if Task.isCancelled { return await cancel(key, holding: file, report: report) }
            attempts += 1
            var sink: DownloadSink?
            do {
                let attempt = DownloadSink(key, item: item, file: file, context: sinkContext(watch, report))
                sink = attempt
                let bytes: Int
                if attempt.isWrittenWhole {
                    bytes = try await attempt.finishWritten()  // written whole before a crash: no request needed
                } else {
                    try await transfer(attempt.request(url), into: attempt, slots: slots)
                    bytes = try await attempt.finish()
                }
                report(.completed(key, bytes: bytes, alreadyPresent: false))
                return .completed(bytes: bytes, alreadyPresent: false)
            } catch {
                sink?.end()
                if error is ItemRelinked, !Task.isCancelled {
                    // Requested again with another link since its row was read: from the row as it is now.
                    return try await self.attempts(
                        key, holding: file, from: .claim(afterWaiting: false), slots: slots, watch: watch, report: report)
                }
                await sink?.recordForResume()
                if Task.isCancelled { return await cancel(key, holding: file, report: report) }
                switch try await recheck(key, report: report) {
                case .over(let outcome): return outcome
                case .pending(let refreshed): item = refreshed  // the validators this attempt recorded
                }
                guard file.isAtItsPath else {
                    // Renamed into place before the failure (the commit failed): no attempt may
                    // write to it again. Verified and in place, the next run adopts it.
                    let reason = Message(.transferFailedAfterPlacing, .text("\(error)")).description
                    try await database.markFailed(key, reason: reason, attempts: attempts, receivedBytes: file.size, at: now())
                    report(.failed(key, reason: reason))
                    return .failed(reason)
                }
                if let failure = Self.connectionFailure(error, answered: sink?.receivedHead ?? false) {
                    connectionFailures += 1
                    retries += 1
                    let took = sink?.requestedAt.map { ContinuousClock.now - $0 } ?? .zero
                    let step = try await afterConnectionFailure(
                        key, file, failure, inARow: connectionFailures, retries: retries, attempts: attempts, took: took,
                        watch: watch, report: report)
                    switch step {
                    case .over(let outcome): return outcome
                    case .retry(let delay): try? await Task.sleep(for: delay)
                    }
                    continue
                }
                connectionFailures = 0
                // Progress made by this attempt.
                if let sink, sink.bytesWritten > 0, file.size > highWater {
                    highWater = file.size
                    retries = 0
                }
                retries += 1
                let reason = "\(error)"
                let retryable = Self.isRetryable(error)
                if !retryable || retries > retry.maxRetries {
                    return try await giveUp(key, file, error: error, retryable: retryable, attempts: attempts, report: report)
                }
                try await database.recordAttempt(key, attempts: attempts, receivedBytes: file.size, error: reason)
                let delay = retry.delay(beforeRetry: retries, retryAfter: sink?.retryAfter)
                logger.debug("retrying", metadata: ["item": "\(key)", "retry": "\(retries)", "error": "\(reason)"])
                report(.retrying(key, retry: retries, delay: delay, reason: reason))
                try? await Task.sleep(for: delay)
            }
        }
    }

    /// One transfer, holding a slot from its request to the end of its body (a file's placement
    /// then overlaps the next transfer). Throws `CancellationError` when cancelled waiting for one.
    private func transfer(_ request: TransportRequest, into sink: DownloadSink, slots: Slots) async throws {
        guard await slots.acquire(for: sink.key) else { throw CancellationError() }
        defer { slots.release(for: sink.key) }
        sink.markRequested()
        try await transport.fetch(request, into: sink)
    }

    private enum Recheck {
        case over(ItemOutcome)
        case pending(MediaItem)
    }

    /// The item claimed under its lock (``LibraryDatabase/claim(_:afterWaiting:)``, one write):
    /// removed, complete (by another download, or a file in place of the recorded size, adopted),
    /// failed by the download this one waited for (its result is taken: no second try), or
    /// marked downloading and still to do.
    private func claim(_ key: MediaKey, afterWaiting: Bool, report: @Sendable (DownloadEvent) -> Void) async throws -> Recheck {
        switch try await database.claim(key, afterWaiting: afterWaiting) {
        case .removed:
            report(.withdrawn(key))
            return .over(.removed)
        case .complete(let bytes):
            report(.completed(key, bytes: bytes, alreadyPresent: true))
            return .over(.completed(bytes: bytes, alreadyPresent: true))
        case .failedElsewhere(let item):
            // Its file may be in place all the same (it failed after the rename): adopted then.
            if let adopted = try await adoptIfPlaced(key, item, report: report) { return .over(adopted) }
            let reason = Message(.transferFailedElsewhere, .text(item.lastError ?? Message(.doctorNoReason).description)).description
            report(.failed(key, reason: reason))
            return .over(.failed(reason))
        case .claimed(let item):
            if let adopted = try await adoptIfPlaced(key, item, report: report) { return .over(adopted) }
            return .pending(item)
        }
    }

    /// The item as the registry has it now, read under the item's lock after a failed attempt:
    /// removed, complete (by another download, or a file in place), or still to do.
    private func recheck(_ key: MediaKey, report: @Sendable (DownloadEvent) -> Void) async throws -> Recheck {
        guard let refreshed = try await database.mediaItem(key) else {
            report(.withdrawn(key))
            return .over(.removed)
        }
        if refreshed.state == .complete {
            report(.completed(key, bytes: refreshed.receivedBytes, alreadyPresent: true))
            return .over(.completed(bytes: refreshed.receivedBytes, alreadyPresent: true))
        }
        if let adopted = try await adoptIfPlaced(key, refreshed, report: report) { return .over(adopted) }
        return .pending(refreshed)
    }

    /// Another download is writing the item's partial file (between its attempts too), or has
    /// renamed it into place and not committed yet.
    private func isBusyElsewhere(_ key: MediaKey) -> Bool {
        store.isBeingWritten(key) || store.isBeingPlaced(key)
    }

    /// Waits, without a time limit and without counting retries, while another download holds the
    /// item: its lock goes when it has written its final state, or dies with it. Returns on
    /// cancellation too.
    private func waitForOtherWriter(_ key: MediaKey, report: @Sendable (DownloadEvent) -> Void) async {
        report(.waiting(key, reason: Message(.transferWaitingForOther).description))
        logger.debug("waiting for another writer", metadata: ["item": "\(key)"])
        var pause = Duration.milliseconds(50)
        while isBusyElsewhere(key), !Task.isCancelled {
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(1))
        }
    }

    /// A file in place of the recorded size (a crash after the rename, before the commit) is
    /// adopted; not while the download that placed it still holds its lock.
    private func adoptIfPlaced(_ key: MediaKey, _ item: MediaItem, report: @Sendable (DownloadEvent) -> Void) async throws -> ItemOutcome? {
        guard let expected = item.expectedBytes, expected > 0, store.finalSize(key) == expected,
            !store.isBeingPlaced(key)
        else { return nil }
        try await store.flushPlacement(key)
        try await database.markComplete(key, bytes: expected, event: .adopted, at: now())
        report(.completed(key, bytes: expected, alreadyPresent: true))
        return .completed(bytes: expected, alreadyPresent: true)
    }

    private func sinkContext(_ watch: ServerWatch, _ report: @escaping @Sendable (DownloadEvent) -> Void) -> DownloadSink.Context {
        DownloadSink.Context(
            store: store, database: database, now: now, beforeCommit: beforeCommit, logger: logger, report: report, serverWatch: watch)
    }
}
