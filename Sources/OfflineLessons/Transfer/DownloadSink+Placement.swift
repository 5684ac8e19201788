import Foundation

/// The end of an attempt: the file verified, flushed, renamed into place and committed, in that
/// order (architecture invariant 3).
extension DownloadSink {
    /// Verifies the length, flushes, renames into place, flushes the folder, then commits (the
    /// caller holds the file's lock until after the commit). Returns the file's size.
    func finish() async throws -> Int {
        defer { end() }
        let total = expected ?? partial.size
        guard partial.size == total else {
            throw TransferError.lengthMismatch(expected: total, received: partial.size)
        }
        guard total > 0 else { throw TransferError.emptyBody }
        // Checked by the claim or the registration, and every 100 ms since; a removal after that
        // is caught by the validators write or the commit (the placed file is then deleted).
        let unrecorded = takeUnrecorded()
        if checkpointDue, unrecorded == nil { try await checkStillWanted() }
        let (database, key, link, now) = (context.database, key, link, context.now())
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
                        try Self.check(
                            database.recordValidatorsBlocking(
                                key, link: link, expectedBytes: validators.expected, etag: validators.etag,
                                lastModified: validators.lastModified))
                    }
                }
                try await context.store.place(partial, as: key, beforeRename: recordFirst) {
                    try database.markCompleteBlocking(key, bytes: total, at: now)
                }
            }
        } catch RegistryError.notRegistered {
            // Removed between the check and the commit: the placed file must not stay unregistered.
            do {
                try await context.store.delete(key)
            } catch {
                context.logger.error(
                    "a removed item's placed file could not be deleted", metadata: ["item": "\(key)", "error": "\(error)"])
            }
            throw TransferError.notRequested
        }
        return total
    }

    /// Finishes a partial file that an earlier attempt wrote whole (a crash before the rename):
    /// no request needed.
    func finishWritten() async throws -> Int {
        let known = resume.knownTotal
        state.withLockedValue { $0.expected = known }
        return try await finish()
    }
}
