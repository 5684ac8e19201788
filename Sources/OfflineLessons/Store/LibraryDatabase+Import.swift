import Foundation
internal import GRDB

/// The registry's side of a legacy import.
extension LibraryDatabase {
    /// Records an imported lesson's snapshot and placement, unless the library has the lesson
    /// already (its own snapshot is kept). Done before its first file moves, so that a file
    /// found in place after a crash has a lesson to belong to.
    func importLesson(_ placed: PlacedLesson, at now: Date) async throws {
        let json = try SnapshotCoding.encode(placed.lesson)
        try await write { db in try Self.insertLessonIfNew(placed, json: json, at: now, in: db) }
    }

    /// Records a lesson's snapshot and placement unless the registry has the lesson already.
    static func insertLessonIfNew(_ placed: PlacedLesson, json: Data, at now: Date, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [placed.type.rawValue, placed.lesson.id, placed.placement.sederId, placed.placement.masechetId,
                        placed.placement.chapter, placed.number, json, now])
    }

    /// Registers an imported file, complete, after it was moved into place. Its age counts from
    /// the file's modification time (`modified`), not from the import: an upgrade never resets
    /// expiry. A queued, failed, missing or corrupt row for the same medium becomes complete.
    func recordImport(_ key: MediaKey, link: String, bytes: Int, modified: Date, detail: String, at now: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO mediaItem (type, id, medium, state, link, expectedBytes, receivedBytes, requestedAt, completedAt, lastAccessAt)
                    VALUES (?, ?, ?, 'complete', ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(type, id, medium) DO UPDATE SET
                      state = 'complete', link = excluded.link, expectedBytes = excluded.expectedBytes,
                      receivedBytes = excluded.receivedBytes, completedAt = excluded.completedAt,
                      lastAccessAt = excluded.lastAccessAt, lastError = NULL, attempts = 0
                    """,
                arguments: [key.lesson.type.rawValue, key.lesson.id, key.medium.rawValue, link, bytes, bytes, now, modified, modified])
            try RegistryEvent.append(.imported, key.lesson, key.medium, detail, at: now, in: db)
        }
    }

    /// The state of every medium in the library.
    func mediaStates() async throws -> [MediaKey: MediaState] {
        try await read { db in
            Dictionary(try MediaItem.fetchAll(db).map { ($0.key, $0.state) }, uniquingKeysWith: { a, _ in a })
        }
    }
}
