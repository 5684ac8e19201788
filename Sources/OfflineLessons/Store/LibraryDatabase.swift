import Foundation
import GRDB

/// The library's single source of truth: one SQLite database (WAL mode) holding the catalog cache,
/// the registry of lessons and media items, and the append-only event log.
///
/// Invariants live in the schema (NOT NULL, CHECK, UNIQUE, foreign keys); write methods are
/// transactions that keep them.
public struct LibraryDatabase: Sendable {
    let writer: any DatabaseWriter

    /// Opens (or creates) the database at `path`, in WAL mode, and migrates it.
    public static func open(at path: String) throws -> LibraryDatabase {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try LibraryDatabase(pool)
    }

    /// An in-memory database, for tests and previews.
    public static func inMemory() throws -> LibraryDatabase {
        try LibraryDatabase(DatabaseQueue())
    }

    init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    /// Append-only named migrations. Never edit a shipped one: add the next.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-catalog") { db in
            try db.create(table: "shasCache") { t in
                t.primaryKey("singleton", .integer).check { $0 == 1 }
                t.column("json", .blob).notNull()
                t.column("fetchedAt", .datetime).notNull()
            }
            try db.create(table: "catalogListing") { t in
                t.column("type", .text).notNull().check { ["gemara", "mishna"].contains($0) }
                t.column("masechetId", .integer).notNull()
                t.column("chapter", .integer).notNull()  // 0 for a Gemara listing (whole masechet)
                t.column("fetchedAt", .datetime).notNull()
                t.column("problemCount", .integer).notNull()
                t.primaryKey(["type", "masechetId", "chapter"])
            }
            try db.create(table: "catalogLesson") { t in
                t.column("type", .text).notNull().check { ["gemara", "mishna"].contains($0) }
                t.column("id", .integer).notNull()
                t.column("sederId", .integer).notNull()
                t.column("masechetId", .integer).notNull()
                t.column("chapter", .integer).notNull()
                t.column("number", .integer).notNull()
                t.column("json", .blob).notNull()
                t.primaryKey(["type", "id"])
            }
            try db.create(index: "catalogLesson_position", on: "catalogLesson", columns: ["type", "masechetId", "chapter", "number"])
        }
        migrator.registerMigration("v2-registry") { db in
            try db.create(table: "lesson") { t in
                t.column("type", .text).notNull().check { ["gemara", "mishna"].contains($0) }
                t.column("id", .integer).notNull()
                t.column("sederId", .integer).notNull()
                t.column("masechetId", .integer).notNull()
                t.column("chapter", .integer).notNull()
                t.column("number", .integer).notNull()
                t.column("json", .blob).notNull()
                t.column("requestedAt", .datetime).notNull()
                t.primaryKey(["type", "id"])
            }
            try db.create(table: "mediaItem") { t in
                t.column("type", .text).notNull()
                t.column("id", .integer).notNull()
                t.column("medium", .text).notNull().check { ["audio", "video", "text"].contains($0) }
                t.column("state", .text).notNull()
                    .check { ["queued", "downloading", "complete", "failed", "missing"].contains($0) }
                t.column("url", .text).notNull()
                t.column("expectedBytes", .integer)
                t.column("receivedBytes", .integer).notNull().defaults(to: 0)
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("lastError", .text)
                t.column("requestedAt", .datetime).notNull()
                t.column("completedAt", .datetime)
                t.column("lastAccessAt", .datetime)
                t.primaryKey(["type", "id", "medium"])
                t.foreignKey(["type", "id"], references: "lesson", onDelete: .cascade)
                t.check(sql: "state != 'complete' OR (completedAt IS NOT NULL AND expectedBytes = receivedBytes)")
            }
            try db.create(index: "mediaItem_state", on: "mediaItem", columns: ["state"])
            try db.create(table: "event") { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("at", .datetime).notNull()
                t.column("type", .text).notNull()
                t.column("id", .integer).notNull()
                t.column("medium", .text)
                t.column("kind", .text).notNull()
                    .check {
                        ["requested", "completed", "failed", "removed", "missing", "adopted", "expired", "imported"]
                            .contains($0)
                    }
                t.column("detail", .text)
            }
            // The log is append-only.
            try db.execute(sql: """
                CREATE TRIGGER event_no_update BEFORE UPDATE ON event
                BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
                CREATE TRIGGER event_no_delete BEFORE DELETE ON event
                BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
                """)
        }
        return migrator
    }

    /// The names of the migrations applied, in order.
    public func appliedMigrations() throws -> [String] {
        try writer.read { db in try Self.migrator.appliedMigrations(db) }
    }
}

extension LessonType: DatabaseValueConvertible {}
extension MediaKind: DatabaseValueConvertible {}

/// JSON coding of lesson snapshots as stored in the database (the legacy shape, sorted keys).
enum SnapshotCoding {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}
