import Foundation

/// The queue as people control it: what waits and why, cancel one item, pause and resume all,
/// move one to the front. The pause is kept in the registry: a paused queue stays paused after a
/// restart, for every process on the library; cancels and reorders act on the runs of this
/// process (another process's run finds a cancelled item gone when it would register it).
extension LessonLibrary {
    static let pausedSetting = "queuePaused"

    /// Every item queued, downloading or failed, in the order a run takes them: items moved to
    /// the front first, then by request.
    public func queue() async throws -> [TransferSnapshot] {
        let items = try await database.mediaItems(in: [.queued, .downloading, .failed])
        let snapshots = items.map { item in
            TransferSnapshot(
                key: item.key, state: item.state, receivedBytes: max(store.partialSize(item.key), item.receivedBytes),
                expectedBytes: item.expectedBytes, lastError: item.lastError, isBeingWritten: store.isBeingWritten(item.key))
        }
        let front = queueControl.frontOrder
        return snapshots.enumerated().sorted { a, b in
            (front[a.element.key] ?? Int.max, a.offset) < (front[b.element.key] ?? Int.max, b.offset)
        }.map(\.element)
    }

    /// Whether the queue is paused (by this process or another on the library).
    public func isQueuePaused() async throws -> Bool {
        try await database.setting(Self.pausedSetting) == "true"
    }

    /// Pauses the queue: the runs of this process stop (their items go back to the queue, ready
    /// to resume from their partial files), and no run starts until ``resumeQueue()``.
    public func pauseQueue() async throws {
        try checkWritable()
        try await database.setSetting(Self.pausedSetting, "true")
        queueControl.stopAllRuns()
    }

    /// Lets runs start again; what waits is fetched by the next ``resumePending(includingFailed:)``.
    public func resumeQueue() async throws {
        try checkWritable()
        try await database.setSetting(Self.pausedSetting, nil)
    }

    /// Moves a queued item to the front: the next item a run starts (a run of this process that
    /// covers it, or the next run). Returns false when the item is not queued.
    @discardableResult
    public func moveToFront(_ key: MediaKey) async throws -> Bool {
        guard let item = try await database.mediaItem(key), item.state == .queued || item.state == .downloading else { return false }
        queueControl.moveToFront(key)
        engine.frontChanged()
        return true
    }

    /// Cancels one item: its transfer here stops, it leaves the queue (its partial file with it),
    /// and the event log says it was cancelled; every other item goes on. The lesson's PDF goes
    /// too when no other audio or video of the lesson remains. Returns what was removed (nothing
    /// when the item is complete or not registered).
    @discardableResult
    public func cancelDownload(_ key: MediaKey) async throws -> RemovalReport {
        try checkWritable()
        guard let item = try await database.mediaItem(key), item.state != .complete else { return RemovalReport() }
        let siblings = try await database.mediaItems(of: key.lesson)
        var going = [key]
        if key.medium != .text, !siblings.contains(where: { $0.key != key && $0.key.medium != .text }) {
            going += siblings.map(\.key).filter { $0.medium == .text }
        }
        for key in going {
            queueControl.withdraw(key)
            _ = queueControl.stop(key)
        }
        var report = RemovalReport()
        // One that stays (complete meanwhile, a PDF its lesson's other media keep, or after a
        // failure) is a run's to start again.
        defer { queueControl.requested(Set(going).subtracting(report.removed.map(\.key))) }
        // The transfers stop at their next read; their items are let go before they are removed.
        let deadline = ContinuousClock.now + .seconds(10)
        while going.contains(where: queueControl.isRunning), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        // An item that completed meanwhile, here or in another process, stays, and so does its
        // PDF; the registry decides in one write, and only then are files deleted.
        var completedMeanwhile = false
        for key in going.sorted(by: { $0.medium != .text && $1.medium == .text }) {
            if key.medium == .text && completedMeanwhile { continue }
            await beforeCommit?(key)
            switch try await database.cancelItem(
                key, evenComplete: key.medium == .text, reason: Message(.detailCancelled).description, at: now())
            {
            case .complete:
                completedMeanwhile = true
                continue
            case .absent: continue
            case .cancelled: break
            }
            let deleted = try await store.delete(key)
            report.removed.append(.init(lesson: key.lesson, medium: key.medium, fileDeleted: deleted))
        }
        return report
    }
}

extension LessonLibrary {
    /// Cancels several items, each as ``cancelDownload(_:)`` does one; all of them are stopped and
    /// passed over by the runs here first, so that none starts while another is being cancelled.
    @discardableResult
    public func cancelDownloads(_ keys: [MediaKey]) async throws -> RemovalReport {
        try checkWritable()
        for key in keys { queueControl.withdraw(key) }
        for key in keys { _ = queueControl.stop(key) }
        var report = RemovalReport()
        // One not reached (after a failure) is a run's to start again.
        defer { queueControl.requested(Set(keys).subtracting(report.removed.map(\.key))) }
        for key in keys { report.removed += try await cancelDownload(key).removed }
        return report
    }

    /// Cancels the unfinished items (queued, downloading or failed) of the lessons `selectors`
    /// match, as ``cancelDownload(_:)`` does one; `media` limits it to those media.
    public func cancelDownloads(matching selectors: [LessonSelector], media: [MediaKind]? = nil) async throws -> RemovalReport {
        var keys: [MediaKey] = []
        for lesson in try await registeredLessons(matching: selectors) {
            for item in try await database.mediaItems(of: lesson) where item.state != .complete && item.key.medium != .text {
                if media?.contains(item.key.medium) ?? true { keys.append(item.key) }
            }
        }
        return try await cancelDownloads(keys)
    }
}
