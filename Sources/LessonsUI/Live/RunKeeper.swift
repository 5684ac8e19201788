import OfflineLessons

/// The download runs this app started: each is drained until it ends (its events reach the
/// panel through the library's observers), and can be cancelled by any of its items: those given
/// when it is kept, and every item the run covers (``DownloadRun/items``: a retry of everything
/// pending names none upfront). Known when it is kept, not learnt from its events: the panel
/// could show an item downloading before this drain had read that it was queued.
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

    /// Cancels the runs that download `key` (every run when `key` is nil); returns how many.
    @discardableResult
    func cancel(_ key: MediaKey?) -> Int {
        let chosen = runs.values.filter { entry in key.map { entry.keys.contains($0) } ?? true }
        for entry in chosen { entry.run.cancel() }
        return chosen.count
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
