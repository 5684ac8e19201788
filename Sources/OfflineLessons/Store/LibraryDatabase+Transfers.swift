import Foundation
internal import GRDB

/// The transitions a download makes: queued → downloading → complete, or failed. None of them
/// touches a complete item, except an explicit removal.
extension LibraryDatabase {
    private typealias Columns = MediaItem.Columns

    /// The item, unless it is complete: the only rows a download may change.
    private static func unfinished(_ key: MediaKey) -> QueryInterfaceRequest<MediaItem> {
        MediaItem.matching(key).filter(Columns.state != MediaState.complete.rawValue)
    }

    /// What ``claim(_:afterWaiting:)`` found.
    enum Claim: Sendable {
        /// Not in the registry (removed since it was requested).
        case removed
        /// Complete already, at this size.
        case complete(bytes: Int)
        /// Failed by the download this one waited for (the row as it is, left failed).
        case failedElsewhere(MediaItem)
        /// Marked downloading; the row as it is now.
        case claimed(MediaItem)
    }

    /// The registry write a download makes before its request, under the item's lock, unless it
    /// starts from its registration's row: reads the row and, unless it is gone, complete, or
    /// (after waiting for another download) failed, marks it downloading. One transaction
    /// instead of a read, a re-read and an update.
    func claim(_ key: MediaKey, afterWaiting: Bool) async throws -> Claim {
        try await write { db in
            guard var item = try MediaItem.fetchOne(key, in: db) else { return .removed }
            if item.state == .complete { return .complete(bytes: item.receivedBytes) }
            if afterWaiting, item.state == .failed { return .failedElsewhere(item) }
            if item.state != .downloading {
                _ = try MediaItem.update(key, set: "state = 'downloading'", unlessComplete: true, in: db)
                item.state = .downloading
            }
            return .claimed(item)
        }
    }

    /// What ``recordValidators(_:link:expectedBytes:etag:lastModified:)`` found.
    enum ValidatorsRecorded: Sendable {
        case recorded, removed, complete
        /// Requested again with another link since the attempt read the item's row.
        case relinked
    }

    /// Records what the server said about the file: its size and validators, for resume (and, on
    /// a crash after the rename, for adoption), and marks the item downloading (a download that
    /// started from its registration's row made no claim). Without a length, a size recorded for
    /// the same ETag is kept. Nothing is written to an item that is gone, complete, or no longer
    /// fetched from `link` (the link the attempt fetches); the result says which.
    @discardableResult
    func recordValidators(
        _ key: MediaKey, link: String, expectedBytes: Int?, etag: String?, lastModified: String?
    ) async throws -> ValidatorsRecorded {
        try await write { db in
            try Self.recordValidators(key, link: link, expectedBytes: expectedBytes, etag: etag, lastModified: lastModified, in: db)
        }
    }

    /// ``recordValidators(_:link:expectedBytes:etag:lastModified:)`` from a thread that may block (the
    /// one placing the file), through ``writeBlocking(_:)``.
    func recordValidatorsBlocking(
        _ key: MediaKey, link: String, expectedBytes: Int?, etag: String?, lastModified: String?
    ) throws -> ValidatorsRecorded {
        try writeBlocking { db in
            try Self.recordValidators(key, link: link, expectedBytes: expectedBytes, etag: etag, lastModified: lastModified, in: db)
        }
    }

    private static func recordValidators(
        _ key: MediaKey, link: String, expectedBytes: Int?, etag: String?, lastModified: String?,
        in db: Database
    ) throws -> ValidatorsRecorded {
        if let expectedBytes {
            // A known length needs nothing from the row: one update, and a read below only when
            // it changed nothing (the item is gone, complete or relinked).
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE mediaItem SET state = 'downloading', expectedBytes = ?, etag = ?, lastModified = ?
                    WHERE \(MediaItem.whereKey) AND state != 'complete' AND link = ?
                    """)
            try statement.execute(arguments: [expectedBytes, etag, lastModified] + MediaItem.arguments(key) + [link])
            if db.changesCount == 1 { return .recorded }
        }
        // The columns it needs, not the whole row (no dates to parse).
        let statement = try db.cachedStatement(sql: "SELECT state, etag, expectedBytes, link FROM mediaItem WHERE \(MediaItem.whereKey)")
        guard let row = try Row.fetchOne(statement, arguments: MediaItem.arguments(key)) else { return .removed }
        guard row[0] as String != MediaState.complete.rawValue else { return .complete }
        guard row[3] as String == link else { return .relinked }
        let sameVersion = etag != nil && row[1] as String? == etag
        _ = try MediaItem.update(
            key, set: "state = 'downloading', expectedBytes = ?, etag = ?, lastModified = ?",
            [expectedBytes ?? (sameVersion ? row[2] as Int? : nil), etag, lastModified],
            unlessComplete: true, in: db)
        return .recorded
    }

    /// Records a failed attempt that will be retried, and that the item is downloading (one
    /// started from its registration's row may not have said so yet).
    func recordAttempt(_ key: MediaKey, attempts: Int, receivedBytes: Int, error: String) async throws {
        try await write { db in
            _ = try Self.unfinished(key).updateAll(
                db,
                [
                    Columns.state.set(to: MediaState.downloading.rawValue), Columns.attempts.set(to: attempts),
                    Columns.receivedBytes.set(to: receivedBytes), Columns.lastError.set(to: error),
                ])
        }
    }

    /// Marks an item complete. Called only after its file is verified, flushed and renamed into place.
    /// An adoption leaves an item that is complete already as it is.
    func markComplete(_ key: MediaKey, bytes: Int, event: EventKind = .completed, at now: Date) async throws {
        try await write { db in try Self.complete(key, bytes: bytes, event: event, at: now, in: db) }
    }

    /// ``markComplete(_:bytes:event:at:)`` from a thread that may block (the one that has just
    /// placed the file), through ``writeBlocking(_:)``.
    func markCompleteBlocking(_ key: MediaKey, bytes: Int, at now: Date) throws {
        try writeBlocking { db in try Self.complete(key, bytes: bytes, event: .completed, at: now, in: db) }
    }

    private static func complete(_ key: MediaKey, bytes: Int, event: EventKind, at now: Date, in db: Database) throws {
        let changed = try MediaItem.update(
            key, set: "state = 'complete', expectedBytes = ?, receivedBytes = ?, lastError = NULL, completedAt = ?, lastAccessAt = ?",
            [bytes, bytes, StoredDate.text(now), StoredDate.text(now)], unlessComplete: event == .adopted, in: db)
        guard changed == 1 else {
            if event == .adopted, try MediaItem.matching(key).isEmpty(db) == false { return }
            throw RegistryError.notRegistered(key)
        }
        try RegistryEvent.append(event, key.lesson, key.medium, Message(.syncFoundBytes, .number(bytes)).description, at: now, in: db)
    }

    /// Marks an item failed, with the reason. A complete item stays complete (another download of
    /// it may have finished first).
    func markFailed(_ key: MediaKey, reason: String, attempts: Int, receivedBytes: Int, at now: Date) async throws {
        try await write { db in
            let changed = try Self.unfinished(key).updateAll(
                db,
                [
                    Columns.state.set(to: MediaState.failed.rawValue), Columns.lastError.set(to: reason),
                    Columns.attempts.set(to: attempts), Columns.receivedBytes.set(to: receivedBytes),
                ])
            if changed > 0 { try RegistryEvent.append(.failed, key.lesson, key.medium, reason, at: now, in: db) }
        }
    }

    /// Puts an interrupted item back in the queue (a cancel, a full disk: `reason`): it resumes on
    /// the next run.
    func requeue(_ key: MediaKey, receivedBytes: Int, reason: String? = nil) async throws {
        try await write { db in
            var assignments = [Columns.state.set(to: MediaState.queued.rawValue), Columns.receivedBytes.set(to: receivedBytes)]
            if let reason { assignments.append(Columns.lastError.set(to: reason)) }
            _ = try Self.unfinished(key).updateAll(db, assignments)
        }
    }

    /// Marks a complete item whose file is gone (or has the wrong size) as missing; false when the
    /// item is not complete (nothing changes).
    @discardableResult
    func markMissing(_ key: MediaKey, reason: String, at now: Date) async throws -> Bool {
        try await write { db in
            let changed = try MediaItem.matching(key).filter(Columns.state == MediaState.complete.rawValue)
                .updateAll(db, [Columns.state.set(to: MediaState.missing.rawValue)])
            if changed > 0 { try RegistryEvent.append(.missing, key.lesson, key.medium, reason, at: now, in: db) }
            return changed > 0
        }
    }

    /// Queues failed items again (attempts reset), logging the new request.
    func requeueFailed(_ keys: [MediaKey], at now: Date) async throws {
        try await write { db in
            for key in keys {
                let changed = try MediaItem.matching(key).filter(Columns.state == MediaState.failed.rawValue)
                    .updateAll(db, [Columns.state.set(to: MediaState.queued.rawValue), Columns.attempts.set(to: 0)])
                if changed > 0 {
                    try RegistryEvent.append(
                        .requested, key.lesson, key.medium, Message(.detailRetryAfterFailure).description, at: now, in: db)
                }
            }
        }
    }

    /// What a cancel found in the registry.
    enum Cancelled {
        /// Taken out, with its event.
        case cancelled
        /// It completed meanwhile (in this process or another): it stays.
        case complete
        /// It is gone already.
        case absent
    }

    /// Takes an unfinished item out of the registry, with its event, in one write; with
    /// `evenComplete`, a complete one too.
    func cancelItem(_ key: MediaKey, evenComplete: Bool, reason: String, at now: Date) async throws -> Cancelled {
        try await write { db in
            guard let item = try MediaItem.matching(key).fetchOne(db) else { return .absent }
            if item.state == .complete && !evenComplete { return .complete }
            try MediaItem.matching(key).deleteAll(db)
            try RegistryEvent.append(.cancelled, key.lesson, key.medium, reason, at: now, in: db)
            if try MediaItem.matching(key.lesson).isEmpty(db) { try LessonRecord.matching(key.lesson).deleteAll(db) }
            return .cancelled
        }
    }

    /// Removes items from the registry (and the lesson when none is left), logging each removal
    /// (`removed` by request, `expired` by a retention policy).

    func removeItems(_ keys: [MediaKey], reason: String, kind: EventKind = .removed, at now: Date) async throws {
        try await write { db in
            for key in keys {
                if try MediaItem.matching(key).deleteAll(db) > 0 {
                    try RegistryEvent.append(kind, key.lesson, key.medium, reason, at: now, in: db)
                }
            }
            for lesson in Set(keys.map(\.lesson)) {
                if try MediaItem.matching(lesson).isEmpty(db) {
                    try LessonRecord.matching(lesson).deleteAll(db)
                }
            }
        }
    }
}
