import Foundation
import GRDB

/// The transitions a download makes: queued → downloading → complete, or failed.
extension LibraryDatabase {
    /// Marks an item as being downloaded.
    public func markDownloading(_ key: MediaKey) throws {
        try update(key, "state = 'downloading'", [], onlyIf: "state != 'complete'")
    }

    /// Records what the server said about the file: its size and validators, for resume.
    public func recordValidators(_ key: MediaKey, expectedBytes: Int?, etag: String?, lastModified: String?) throws {
        try update(
            key, "expectedBytes = COALESCE(?, CASE WHEN ? IS NOT NULL AND etag = ? THEN expectedBytes END), etag = ?, lastModified = ?",
            [expectedBytes, etag, etag, etag, lastModified], onlyIf: "state != 'complete'")
    }

    /// Records a failed attempt that will be retried.
    public func recordAttempt(_ key: MediaKey, attempts: Int, receivedBytes: Int, error: String) throws {
        try update(key, "attempts = ?, receivedBytes = ?, lastError = ?", [attempts, receivedBytes, error], onlyIf: "state != 'complete'")
    }

    /// Marks an item complete. Called only after its file is verified, flushed and renamed into place.
    /// An adoption leaves an item that is complete already as it is.
    public func markComplete(_ key: MediaKey, bytes: Int, event: EventKind = .completed, at now: Date = Date()) throws {
        try writer.write { db in
            let onlyIfNotComplete = event == .adopted ? " AND state != 'complete'" : ""
            try db.execute(
                sql: """
                    UPDATE mediaItem SET state = 'complete', expectedBytes = ?, receivedBytes = ?, lastError = NULL,
                      completedAt = ?, lastAccessAt = ?
                    WHERE type = ? AND id = ? AND medium = ?\(onlyIfNotComplete)
                    """,
                arguments: [bytes, bytes, now, now, key.lesson.type, key.lesson.id, key.medium])
            guard db.changesCount == 1 else {
                let exists = try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM mediaItem WHERE type = ? AND id = ? AND medium = ?",
                    arguments: [key.lesson.type, key.lesson.id, key.medium]) ?? false
                if exists && event == .adopted { return }
                throw RegistryError.notRegistered(key)
            }
            try Self.log(db, event, key.lesson, key.medium, "\(bytes) bytes", at: now)
        }
    }

    /// Marks an item failed, with the reason. A complete item stays complete (another download of
    /// it may have finished first).
    public func markFailed(_ key: MediaKey, reason: String, attempts: Int, receivedBytes: Int, at now: Date = Date()) throws {
        try writer.write { db in
            try db.execute(
                sql: """
                    UPDATE mediaItem SET state = 'failed', lastError = ?, attempts = ?, receivedBytes = ?
                    WHERE type = ? AND id = ? AND medium = ? AND state != 'complete'
                    """,
                arguments: [reason, attempts, receivedBytes, key.lesson.type, key.lesson.id, key.medium])
            if db.changesCount > 0 { try Self.log(db, .failed, key.lesson, key.medium, reason, at: now) }
        }
    }

    /// Puts an interrupted item back in the queue (cancellation): it resumes on the next run.
    public func requeue(_ key: MediaKey, receivedBytes: Int) throws {
        try update(key, "state = 'queued', receivedBytes = ?", [receivedBytes], onlyIf: "state != 'complete'")
    }

    /// Marks a complete item whose file is gone (or has the wrong size) as missing.
    public func markMissing(_ key: MediaKey, reason: String, at now: Date = Date()) throws {
        try writer.write { db in
            try db.execute(
                sql: "UPDATE mediaItem SET state = 'missing' WHERE type = ? AND id = ? AND medium = ? AND state = 'complete'",
                arguments: [key.lesson.type, key.lesson.id, key.medium])
            if db.changesCount > 0 { try Self.log(db, .missing, key.lesson, key.medium, reason, at: now) }
        }
    }

    /// Queues failed items again (attempts reset), logging the new request.
    public func requeueFailed(_ keys: [MediaKey], at now: Date = Date()) throws {
        try writer.write { db in
            for key in keys {
                try db.execute(
                    sql: "UPDATE mediaItem SET state = 'queued', attempts = 0 WHERE type = ? AND id = ? AND medium = ? AND state = 'failed'",
                    arguments: [key.lesson.type, key.lesson.id, key.medium])
                if db.changesCount > 0 { try Self.log(db, .requested, key.lesson, key.medium, "retry after failure", at: now) }
            }
        }
    }

    /// Removes items from the registry (and the lesson when none is left), logging each removal.
    public func removeItems(_ keys: [MediaKey], reason: String, at now: Date = Date()) throws {
        try writer.write { db in
            for key in keys {
                try db.execute(
                    sql: "DELETE FROM mediaItem WHERE type = ? AND id = ? AND medium = ?",
                    arguments: [key.lesson.type, key.lesson.id, key.medium])
                if db.changesCount > 0 { try Self.log(db, .removed, key.lesson, key.medium, reason, at: now) }
            }
            for lesson in Set(keys.map(\.lesson)) {
                let left = try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM mediaItem WHERE type = ? AND id = ?", arguments: [lesson.type, lesson.id]) ?? 0
                if left == 0 {
                    try db.execute(sql: "DELETE FROM lesson WHERE type = ? AND id = ?", arguments: [lesson.type, lesson.id])
                }
            }
        }
    }

    private func update(_ key: MediaKey, _ assignments: String, _ values: [(any DatabaseValueConvertible)?], onlyIf: String? = nil) throws {
        try writer.write { db in
            let condition = onlyIf.map { " AND \($0)" } ?? ""
            var arguments = StatementArguments(values)
            arguments += [key.lesson.type, key.lesson.id, key.medium]
            try db.execute(
                sql: "UPDATE mediaItem SET \(assignments) WHERE type = ? AND id = ? AND medium = ?\(condition)",
                arguments: arguments)
        }
    }
}

/// A registry operation that could not be carried out.
public enum RegistryError: Error, Sendable, CustomStringConvertible {
    case notRegistered(MediaKey)

    public var description: String {
        switch self {
        case .notRegistered(let key): "\(key) is not in the registry; request it before downloading"
        }
    }
}
