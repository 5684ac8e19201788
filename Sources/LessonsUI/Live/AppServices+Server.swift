import Foundation
import OfflineLessons

/// The content server's status, kept current in the background, and the downloads that wait for it.
extension AppServices {
    /// Probes the server whenever ``ServerStatus`` says a probe is due, until the app stops.
    func keepServerStatus() async {
        await server.cached(fetchedAt: (try? await library.cachedCatalog())??.fetchedAt)
        guard library.hasServer else {
            await server.unreachable()
            return
        }
        // Downloads left queued (by an earlier run of the app, or a command stopped with the
        // server gone) start once the server answers, as those queued here do: a phone has no
        // `lessons download` to run.
        if !library.isReadOnly, (try? await library.pendingDownloads()) ?? 0 > 0 { await server.downloadsWaiting() }
        while !(await isStopping), !Task.isCancelled {
            if await server.isProbeDue() { await probeServer() }
            try? await Task.sleep(for: .milliseconds(200))
        }
    }

    /// The status for an action that would reach the server (a download): probed first when the
    /// last probe is old, so that a server gone a moment ago queues the download rather than
    /// starting it (the action waits at most the probe's timeout).
    func statusForAction() async -> ServerStatus.Snapshot {
        if await server.isStale() { await probeServer() }
        return await server.snapshot
    }

    /// Fetches the catalog again with the probe's short timeout: any answer of the server (even a
    /// refusal) means it is reachable; a network failure, that it is not.
    func probeServer() async {
        await server.probing()
        do {
            let snapshot = try await library.refreshCatalog(within: server.timing.timeout)
            await serverAnswered(catalogFetchedAt: snapshot.fetchedAt)
        } catch CatalogError.unreachable {
            await server.unreachable()
            // Runs of this app that found the server not answering stop now rather than after
            // their own retries: their items go back to the queue, and wait for the server.
            if await server.takeRunsNotAnswering(), await runs.cancelAll() > 0 { await server.downloadsWaiting() }
        } catch {
            await serverAnswered(catalogFetchedAt: nil)
        }
    }

    /// The server answered: downloads waiting for it start (the registry's queue resumes).
    func serverAnswered(catalogFetchedAt: Date?) async {
        guard await server.answered(catalogFetchedAt: catalogFetchedAt), !library.isReadOnly, !(await isStopping) else { return }
        do {
            let run = try await library.resumePending(includingFailed: false)
            await runs.keep(run, keys: [])
        } catch {
            await board.noteProblem(String(describing: error))
        }
    }

    /// Starts a run a page asked for: the live panel learns its items first (shown at once, named
    /// by `names`); the run is then kept until it ends, or held for the server when `offline`.
    /// `request` registers the items and returns the run (`nil`: nothing to fetch).
    func start(
        _ keys: Set<MediaKey>, names: LessonNames, offline: Bool, _ request: () async throws -> DownloadRun?
    ) async throws -> DownloadRun? {
        await board.use(names)
        await board.expect(keys)
        let run: DownloadRun?
        do {
            run = try await request()
        } catch {
            await board.forget(keys)
            throw error
        }
        guard let run else {
            await board.forget(keys)
            return nil
        }
        if offline { await holdForServer(run) } else { await runs.keep(run, keys: keys) }
        return run
    }

    /// A run started while the server is unreachable, stopped at once: its items stay queued in
    /// the registry (they were registered when it started), and start when the server answers.
    func holdForServer(_ run: DownloadRun) async {
        run.cancel()
        run.discardEvents()
        _ = await run.summary
        await server.downloadsWaiting()
    }

    /// `operation`'s result, or `nil` when it takes longer than `limit` (it is then cancelled):
    /// how long a page may wait for the server, at most.
    static func within<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T? {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }
}
