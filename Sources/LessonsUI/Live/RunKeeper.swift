import OfflineLessons

/// The download runs this app started: each is drained until it ends (its events reach the
/// panel through the library's observers), and all are stopped when the app stops. One item is
/// cancelled through the library (``LessonLibrary/cancelDownload(_:)``), its run going on.
actor RunKeeper {
    private var runs: [Int: (run: DownloadRun, keys: Set<MediaKey>, drain: Task<Void, Never>)] = [:]
    private var nextID = 0

    /// Keeps `run` until it ends.
    func keep(_ run: DownloadRun, keys: Set<MediaKey>) {
        let id = nextID
        nextID += 1
        let drain = Task { [weak self] in
            for await _ in run {}
            await self?.forget(id)
        }
        runs[id] = (run, keys.union(run.items), drain)
    }

    /// Cancels every run (their items go back to the queue); returns how many there were.
    @discardableResult
    func cancelAll() -> Int {
        for entry in runs.values { entry.run.cancel() }
        return runs.count
    }

    /// Cancels every run and waits until each has put its items back in the queue.
    func stopAll() async {
        let all = runs.values
        for entry in all { entry.run.cancel() }
        for entry in all { _ = await entry.run.summary }
    }

    var count: Int { runs.count }

    private func forget(_ id: Int) { runs[id] = nil }
}
