import Foundation
internal import GRDB

/// The registry's side of a legacy import.
extension LibraryDatabase {
    /// Records an imported lesson's snapshot and placement, unless the library has the lesson
    /// already (its own snapshot is kept). Done before its first file moves, so that a file
    /// found in place after a crash has a lesson to belong to.
    func importLessons(_ lessons: [PlacedLesson], at now: Date) async throws {
        let rows = try lessons.map { ($0, try SnapshotCoding.encode($0.lesson)) }
        try await write { db in
            for (placed, json) in rows { try Self.insertLessonIfNew(placed, json: json, at: now, in: db) }
        }
    }

    /// Records a lesson's snapshot and placement unless the registry has the lesson already.
    static func insertLessonIfNew(_ placed: PlacedLesson, json: Data, at now: Date, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt, duration, offersText)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                placed.type.rawValue, placed.lesson.id, placed.placement.sederId, placed.placement.masechetId,
                placed.placement.chapter, placed.number, json, now, placed.lesson.duration,
                placed.lesson.link(for: .text) != nil,
            ])
    }

    /// A file moved into place by an import, to be registered.
    struct ImportedFile: Sendable {
        var key: MediaKey
        var link: String
        var bytes: Int
        /// The file's modification time: its age counts from there.
        var modified: Date
        /// How it came (for the event log).
        var detail: String
    }

    /// Registers imported files, complete, after they were moved into place: one transaction for
    /// all of them. Their age counts from each file's modification time, not from the import: an
    /// upgrade never resets expiry. A queued, failed, missing or corrupt row for the same medium
    /// becomes complete.
    func recordImports(_ files: [ImportedFile], at now: Date) async throws {
        guard !files.isEmpty else { return }
        try await write { db in
            for file in files { try Self.recordImport(file, at: now, in: db) }
        }
    }

    private static func recordImport(_ file: ImportedFile, at now: Date, in db: Database) throws {
        let key = file.key
        try db.execute(
            sql: """
                INSERT INTO mediaItem (type, id, medium, state, link, expectedBytes, receivedBytes, requestedAt, completedAt, lastAccessAt)
                VALUES (?, ?, ?, 'complete', ?, ?, ?, ?, ?, ?)
                ON CONFLICT(type, id, medium) DO UPDATE SET
                  state = 'complete', link = excluded.link, expectedBytes = excluded.expectedBytes,
                  receivedBytes = excluded.receivedBytes, completedAt = excluded.completedAt,
                  lastAccessAt = excluded.lastAccessAt, lastError = NULL, attempts = 0
                """,
            arguments: [
                key.lesson.type.rawValue, key.lesson.id, key.medium.rawValue, file.link, file.bytes, file.bytes, now,
                file.modified, file.modified,
            ])
        try RegistryEvent.append(.imported, key.lesson, key.medium, file.detail, at: now, in: db)
    }

    /// The state of every medium in the library.
    func mediaStates() async throws -> [MediaKey: MediaState] {
        try await read { db in
            Dictionary(try MediaItem.fetchAll(db).map { ($0.key, $0.state) }, uniquingKeysWith: { a, _ in a })
        }
    }
}
