import OfflineLessons

/// The download runs this app started: each is drained until it ends (its events reach the
/// panel through the library's observers), and can be cancelled by any of its items: those given
/// when it is kept, and every item it queues (a retry of everything pending names none upfront).
actor RunKeeper {
    private var runs: [Int: (run: DownloadRun, keys: Set<MediaKey>, drain: Task<Void, Never>)] = [:]
    private var nextID = 0

    /// Keeps `run` until it ends.
    func keep(_ run: DownloadRun, keys: Set<MediaKey>) {
        let id = nextID
        nextID += 1
        let drain = Task { [weak self] in
            for await event in run {
                if case .queued(let key) = event { await self?.add(key, to: id) }
            }
            await self?.forget(id)
        }
        runs[id] = (run, keys, drain)
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

    private func add(_ key: MediaKey, to id: Int) { runs[id]?.keys.insert(key) }

    private func forget(_ id: Int) { runs[id] = nil }
}
