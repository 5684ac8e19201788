import Foundation

/// The end of an attempt: the file verified, flushed, renamed into place and committed, in that
/// order (architecture invariant 3), from the download's task (``finish()``) or, for a small
/// file, from the transport's thread as soon as the body is in (``bodyEnded(then:)``).
extension DownloadSink {
    /// Verifies the length, flushes, renames into place, flushes the folder, then commits (the
    /// caller holds the file's lock until after the commit). Returns the file's size.
    func finish() async throws -> Int {
        defer { end() }
        if let placed = state.withLockedValue({ $0.placed }) {
            do {
                return try placed.get()
            } catch RegistryError.notRegistered {
                throw await removedMeanwhile()
            }
        }
        let total = expected ?? partial.size
        guard partial.size == total else {
            throw TransferError.lengthMismatch(expected: total, received: partial.size)
        }
        guard total > 0 else { throw TransferError.emptyBody }
        // Checked when the head came (or by the validators write below) and every 100 ms since; a
        // removal after that is caught by the commit (the placed file is then deleted).
        let unrecorded = takeUnrecorded()
        if checkpointDue, unrecorded == nil { try await checkStillWanted() }
        let (database, key, now) = (context.database, key, context.now())
        do {
            if let beforeCommit = context.beforeCommit {
                if let unrecorded { try await record(unrecorded) }
                try await context.store.place(partial, as: key)
                await beforeCommit(key)
                try await database.markComplete(key, bytes: total, at: now)
            } else {
                // One trip off the cooperative pool: flush, record the validators (if not yet),
                // rename, flush the folders, commit.
                var recordFirst: (@Sendable () throws -> Void)?
                if let validators = unrecorded {
                    recordFirst = {
                        try Self.check(database.recordValidatorsBlocking(
                            key, expectedBytes: validators.expected, etag: validators.etag, lastModified: validators.lastModified))
                    }
                }
                try await context.store.place(partial, as: key, beforeRename: recordFirst) {
                    try database.markCompleteBlocking(key, bytes: total, at: now)
                }
            }
        } catch RegistryError.notRegistered {
            throw await removedMeanwhile()
        }
        return total
    }

    /// Removed between the check and the commit: the placed file must not stay unregistered.
    private func removedMeanwhile() async -> TransferError {
        do {
            try await context.store.delete(key)
        } catch {
            context.logger.error(
                "a removed item's placed file could not be deleted", metadata: ["item": "\(key)", "error": "\(error)"])
        }
        return TransferError.notRequested
    }

    /// A small file (announced at most ``recordedWithPlacement`` bytes) whose body has all come,
    /// with no checkpoint due, gives its transfer slot back and starts its placement from the
    /// transport's thread: flush, record the validators, rename, flush the folders, commit, on the
    /// ``PlacementQueue``'s thread (with the small files that ended beside it), and ``finish()``
    /// then returns its outcome. Anything else is left to ``finish()``.
    func bodyEnded(then done: @escaping @Sendable () -> Void) -> Bool {
        guard context.beforeCommit == nil, isOpen, let total = expected, total > 0, total <= Self.recordedWithPlacement,
              partial.size == total, !checkpointDue
        else { return false }
        // The transfer is over: the slot goes to the next item while this one is placed (unless
        // placements are piling up; then it goes back with the placement, which slows transfers
        // to the pace of the disk and bounds the files held open).
        let queue = PlacementQueue.shared
        let reserved = queue.reserve()
        if reserved { context.lease?.giveBack() }
        queue.submit(PlacementQueue.Job(
            key: key, file: partial, bytes: total, at: context.now(), validators: takeUnrecorded(),
            database: context.database, store: context.store
        ) { [state] result in
            state.withLockedValue { $0.placed = result }
            done()
        }, reserved: reserved)
        return true
    }

    /// Finishes a partial file that an earlier attempt wrote whole (a crash before the rename):
    /// no request needed.
    func finishWritten() async throws -> Int {
        let known = resume.knownTotal
        state.withLockedValue { $0.expected = known }
        return try await finish()
    }
}
