import Foundation
import NIOConcurrencyHelpers

extension LessonLibrary {
    /// Requests lessons: records each lesson and its queued media in the registry (before any
    /// byte is fetched), then starts a run that downloads what needs work. A medium the lesson
    /// lacks is reported as ``DownloadEvent/unavailable(_:reason:)``; one whose link is unusable
    /// (not http(s), outside the media base) fails, named, and costs that medium only: the
    /// lesson's other media still come.
    public func download(_ lessons: [PlacedLesson], media choice: MediaChoice) async throws -> DownloadRun {
        try checkWritable()
        try store.checkFolders()
        var registrations: [LibraryDatabase.Registration] = []
        registrations.reserveCapacity(lessons.count)
        var unavailable: [(MediaKey, String)] = []
        var badLinks: [(MediaKey, String)] = []
        var seen = Set<LessonID>()
        for placed in lessons where seen.insert(placed.id).inserted {
            var media: [(MediaKind, String)] = []
            var wanted = false  // the lesson has a requested audio or video, fetchable or not
            for medium in choice.media + [.text] {
                let key = MediaKey(placed.id, medium)
                do {
                    guard let link = placed.lesson.link(for: medium) else {
                        if medium != .text {
                            unavailable.append((key, Message(medium == .audio ? .transferNoAudio : .transferNoVideo).description))
                        }
                        continue
                    }
                    _ = try url(for: medium, link: link)
                    media.append((medium, link))
                } catch let error as MediaLinkError {
                    badLinks.append((key, "\(error)"))
                }
                if medium != .text { wanted = true }
            }
            // The PDF alone makes no lesson: it comes only with a requested audio or video.
            if wanted, !media.isEmpty {
                registrations.append(.init(lesson: placed, media: media))
            }
        }
        let requested = registrations.flatMap { registration in registration.media.map { MediaKey(registration.lesson.id, $0.0) } }
        // A requested item registered complete whose file is gone is marked missing and queued
        // again, in the registration's transaction (one `stat` per such item, no listing).
        let store = self.store
        let registered = try await database.registerRequest(
            registrations, at: now(),
            vanished: { key, recorded in
                let size = store.finalSize(key)
                guard size != recorded else { return nil }
                return (size.map { Message(.syncFileSize, .number($0), .number(recorded)) } ?? Message(.syncFileGone)).description
            })
        queueControl.requested(requested)
        let rows = Dictionary(registered.pending.map { ($0.key, $0) }, uniquingKeysWith: { _, later in later })
        return start(
            requested, pending: Set(rows.keys), registered: rows, complete: registered.complete,
            unavailable: unavailable, badLinks: badLinks, paused: try await isQueuePaused())
    }

    /// Resumes every queued or interrupted download (after a crash, a cancel or a failure).
    /// Failed items are retried too unless `includingFailed` is false; with `only`, only those.
    public func resumePending(includingFailed: Bool = true, only wanted: Set<MediaKey>? = nil) async throws -> DownloadRun {
        try checkWritable()
        try store.checkFolders()
        let states: [MediaState] = includingFailed ? [.queued, .downloading, .failed] : [.queued, .downloading]
        let keys = try await database.mediaItems(in: states).map(\.key).filter { wanted?.contains($0) ?? true }
        if includingFailed { try await database.requeueFailed(keys, at: now()) }
        return start(keys, pending: Set(keys), unavailable: [], badLinks: [], paused: try await isQueuePaused())
    }

    /// The items a `sync` repair queued again that no download has finished since (those of a
    /// repair that was interrupted too): what ``resumePending(includingFailed:only:)`` finishes
    /// for it, leaving the rest of the queue as it is.
    public func pendingRepairs() async throws -> Set<MediaKey> {
        try await database.pendingRepairs()
    }

    /// How many requested items are not downloaded yet (queued, or interrupted mid-download).
    public func pendingDownloads() async throws -> Int {
        try await database.mediaItems(in: [.queued, .downloading]).count
    }

    /// The URL a medium's link is fetched from: a video link as given, an audio or PDF key under
    /// the media base (``LibraryError/noMediaBase(_:)`` when there is none).
    func url(for medium: MediaKind, link: String) throws -> URL {
        do {
            return try locator.url(for: medium, link: link)
        } catch MediaLinkError.noMediaBase(let medium) {
            throw LibraryError.noMediaBase(medium)
        }
    }

    /// Starts a run over `keys`. Its events go, in order, to the run's own stream and to the
    /// library's observers, as they happen (a cancel does not cut them short: the last is
    /// ``DownloadEvent/finished(_:)``).
    /// `registered`: the rows the request's registration left for the items that need work; each
    /// item's download starts from its row (see ``MediaFetcher/fetch(_:slots:watch:report:)``).
    /// `complete`: the items the registration found complete, their files in place (with their
    /// sizes): reported complete from that reading, with no engine work.
    /// `paused`: the queue is paused; the run reports the items and starts none.
    private func start(
        _ keys: [MediaKey], pending: Set<MediaKey>, registered: [MediaKey: MediaItem] = [:], complete: [MediaKey: Int] = [:],
        unavailable: [(MediaKey, String)], badLinks: [(MediaKey, String)], paused: Bool
    ) -> DownloadRun {
        let engine = self.engine
        let control = self.queueControl
        let hub = self.hub
        let (events, output) = AsyncStream.makeStream(of: DownloadEvent.self, bufferingPolicy: .bufferingNewest(1 << 16))
        // One lock orders each event into both streams in one step: the run's stream and the
        // observers see the same order, and no event waits for a task or an actor. What it guards
        // says whether the run's stream still takes events (``DownloadRun/discardEvents()``).
        let order = NIOLockedValueBox(true)
        let report: @Sendable (DownloadEvent) -> Void = { event in
            order.withLockedValue { streamTakesEvents in
                if streamTakesEvents { output.yield(event) }
                hub.publish(event)
            }
        }
        // The end of a download this run joined: the observers had it from the run that downloads
        // the item (and a cancel of this run leaves that download going), so only this run's stream.
        let reportJoined: @Sendable (DownloadEvent) -> Void = { event in
            order.withLockedValue { streamTakesEvents in
                if streamTakesEvents { output.yield(event) }
            }
        }
        let discard: @Sendable () -> Void = {
            order.withLockedValue { streamTakesEvents in
                streamTakesEvents = false
                output.finish()
            }
        }
        let stoppedByPause = NIOLockedValueBox(false)
        let work = engine.fetcher.transport.startTask {
            var summary = await Self.perform(
                keys, pending: pending, registered: registered, complete: complete, unavailable: unavailable,
                badLinks: badLinks, paused: paused, engine: engine, control: control, report: report, reportJoined: reportJoined)
            if stoppedByPause.withLockedValue({ $0 }) {
                // What a pause stopped waits for the queue to resume, as a run started paused says.
                summary.queuePaused += summary.leftQueued
                summary.leftQueued = 0
            }
            report(.finished(summary))
            output.finish()
            return summary
        }
        let stopForPause: @Sendable () -> Void = {
            stoppedByPause.withLockedValue { $0 = true }
            work.cancel()
        }
        // A pause here stops the runs of this process at once; one made by another process (the
        // screen, a command), within a second.
        let token = control.runStarted(stop: stopForPause)
        // The watch holds the library only while it reads: a library let go closes its database at once.
        let pauseWatch = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                guard !Task.isCancelled, let self else { return }
                if (try? await self.isQueuePaused()) == true { return stopForPause() }  // a failed read: next second
            }
        }
        Task {
            _ = await work.value
            pauseWatch.cancel()
            control.runEnded(token: token)
        }
        output.onTermination = { termination in
            if case .cancelled = termination { work.cancel() }
        }
        return DownloadRun(events: events, items: keys, work: work, discard: discard)
    }

    /// Downloads every item of a run through the engine and tallies the outcomes.
    private static func perform(
        _ keys: [MediaKey], pending: Set<MediaKey>, registered: [MediaKey: MediaItem], complete: [MediaKey: Int],
        unavailable: [(MediaKey, String)], badLinks: [(MediaKey, String)], paused: Bool, engine: DownloadEngine, control: QueueControl,
        report: @escaping @Sendable (DownloadEvent) -> Void,
        reportJoined: @escaping @Sendable (DownloadEvent) -> Void
    ) async -> DownloadSummary {
        let started = ContinuousClock.now
        // A full disk stops the run with one reason: items that meet it after the first are
        // reported cancelled (they are back in the queue all the same).
        let stopped = NIOLockedValueBox(false)
        let reportItem: @Sendable (DownloadEvent) -> Void = { event in
            let isLater = stopped.withLockedValue { wasStopped in
                guard case .stopped = event else { return false }
                defer { wasStopped = true }
                return wasStopped
            }
            if isLater, case .stopped(let key, _) = event {
                report(.cancelled(key))
            } else {
                report(event)
            }
        }
        var summary = DownloadSummary()
        for (key, reason) in unavailable {
            report(.unavailable(key, reason: reason))
            summary.unavailable.append(.init(lesson: key.lesson, medium: key.medium, reason: reason))
        }
        for (key, reason) in badLinks {
            report(.failed(key, reason: reason))
            summary.record(.failed(reason), of: key)
        }
        for key in keys where pending.contains(key) { report(.queued(key)) }
        for key in keys where !pending.contains(key) {
            guard let bytes = complete[key] else { continue }
            report(.completed(key, bytes: bytes, alreadyPresent: true))
            summary.record(.completed(bytes: bytes, alreadyPresent: true), of: key)
        }
        let starting = keys.filter { pending.contains($0) || complete[$0] == nil }
        if paused {
            summary.queuePaused = starting.count
            summary.seconds = (ContinuousClock.now - started).seconds
            return summary
        }
        var order = RunOrder(starting, control: control)
        let watch = ServerWatch()
        var stopping = false
        // The registration's rows are taken for a second: an item that starts later, or that the
        // user cancelled meanwhile, is read and claimed under its lock (another process may have
        // changed it, and a claim costs little beside a transfer that starts so late).
        var rows = registered
        let rowsTakenUntil = ContinuousClock.now + .seconds(1)
        await withTaskGroup(of: (MediaKey, ItemOutcome, joined: Bool).self) { group in
            func startNext() -> Bool {
                guard var next = order.next() else { return false }
                // One the user cancelled before it started ends as withdrawn, unstarted: its cancel
                // takes it out of the queue.
                while control.isWithdrawn(next) {
                    report(.withdrawn(next))
                    summary.record(.removed, of: next)
                    guard let after = order.next() else { return false }
                    next = after
                }
                let key = next
                if ContinuousClock.now >= rowsTakenUntil { rows = [:] }
                let row = control.isWithdrawn(key) ? nil : rows.removeValue(forKey: key)
                // Its own task, so that a cancel of this item alone stops it; registered as running
                // before the next item starts, so that an item at the front is known to the slots
                // before any later item asks for one.
                let item = engine.fetcher.transport.startTask {
                    await engine.download(key, registered: row, watch: watch, report: reportItem)
                }
                let token = control.started(key) { item.cancel() }
                group.addTask {
                    let (outcome, joined) = await withTaskCancellationHandler {
                        await item.value
                    } onCancel: {
                        item.cancel()
                    }
                    if control.finished(key, token: token) { engine.frontChanged() }
                    // A joined download's events went to the run that started it: report its end here
                    // (an item back in the queue for the server is reported below, by the run).
                    if joined, !outcome.isUnreachable { reportJoined(outcome.endEvent(for: key)) }
                    return (key, joined ? outcome.asJoined : outcome, joined)
                }
                return true
            }
            for _ in 0..<engine.itemsUnderWay where !startNext() { break }
            for await (key, outcome, joined) in group {
                if case .cancelled = outcome, control.isWithdrawn(key) {
                    summary.withdrawn += 1
                    if !Task.isCancelled, !stopping { _ = startNext() }
                    continue
                }
                summary.record(outcome, of: key)
                switch outcome {
                case .diskFull(let reason) where !stopping:
                    // A full disk stops the run: every unfinished item goes back to the queue.
                    summary.stoppedBecause = reason
                    stopping = true
                    group.cancelAll()
                case .unreachable(let reason):
                    summary.serverUnreachable = summary.serverUnreachable ?? reason
                    // The server found down stops the run: said once, before the items it leaves queued.
                    if watch.isDown, !stopping {
                        stopping = true
                        report(.serverUnreachable(reason: reason))
                        group.cancelAll()
                    }
                    (joined ? reportJoined : report)(outcome.endEvent(for: key))
                default:
                    break
                }
                if !stopping, !Task.isCancelled { _ = startNext() }
            }
        }
        // Items never started (the run was cancelled or stopped): cancelled, as if each had been
        // cancelled waiting for a slot (they stay queued in the registry).
        while let key = order.next() {
            let outcome: ItemOutcome = control.isWithdrawn(key) ? .removed : .cancelled
            report(outcome.endEvent(for: key))
            summary.record(outcome, of: key)
        }
        summary.seconds = (ContinuousClock.now - started).seconds
        return summary
    }
}
