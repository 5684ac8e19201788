import Foundation
import GRDB
import Testing

@testable import OfflineLessons

/// v7 writes the items' and events' CHECK constraints as OR chains instead of `IN` lists: the
/// rows stay as they were, the constraints refuse what they refused, and writing a row no longer
/// makes SQLite build a temporary b-tree for the check.
@Suite("CHECK constraints without lists (v7)")
struct CheckConstraintMigrationTests {
    @Test("a v6 library's items and events are kept as they were, and every constraint still refuses what it refused")
    func rowsAndConstraintsKept() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("library.sqlite").path
        let itemsSQL = "SELECT * FROM mediaItem ORDER BY type, id, medium"
        let eventsSQL = "SELECT * FROM event ORDER BY seq"
        let before: ([String], [String])  // each row as GRDB prints it: every column and its value
        do {
            let v6 = try DatabaseQueue(path: path)
            try LibraryDatabase.migrator.migrate(v6, upTo: "v6-event-rowid")
            before = try await v6.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt)
                        VALUES ('gemara', 5, 1, 1, 1, 2, '{}', '2026-01-01 00:00:00.000')
                        """)
                try db.execute(
                    sql: """
                        INSERT INTO mediaItem (type, id, medium, state, link, expectedBytes, receivedBytes, etag, lastModified,
                          attempts, lastError, requestedAt, completedAt, lastAccessAt)
                        VALUES ('gemara', 5, 'audio', 'complete', 'a/5.mp3', 7, 7, '"e"', 'Mon, 01 Jan 2024 00:00:00 GMT',
                          1, NULL, '2026-01-01 00:00:00.000', '2026-01-02 00:00:00.000', '2026-01-03 00:00:00.000'),
                               ('gemara', 5, 'text', 'failed', 'p/5.pdf', NULL, 0, NULL, NULL,
                          3, 'the server answered HTTP 404', '2026-01-01 00:00:00.000', NULL, NULL)
                        """)
                for (day, kind) in [(1, "requested"), (2, "completed"), (3, "movedAside")] {
                    try db.execute(
                        sql: "INSERT INTO event (at, type, id, medium, kind, detail) VALUES (?, 'gemara', 5, 'audio', ?, ?)",
                        arguments: ["2026-01-0\(day) 00:00:00.000", kind, "day \(day)"])
                }
                return (try Row.fetchAll(db, sql: itemsSQL).map(\.description), try Row.fetchAll(db, sql: eventsSQL).map(\.description))
            }
            try v6.close()
        }
        let database = try LibraryDatabase.open(at: path)
        #expect(try await database.appliedMigrations().last == "v13-pace-round")
        let (items, events, schema) = try await database.read { db in
            (
                try Row.fetchAll(db, sql: itemsSQL).map(\.description), try Row.fetchAll(db, sql: eventsSQL).map(\.description),
                try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE name IN ('mediaItem', 'event')").joined()
            )
        }
        #expect(items == before.0)
        #expect(events == before.1)
        #expect(!schema.contains(" IN ("))

        // Each constraint still refuses its bad value; the triggers still keep the log append-only.
        let refused = [
            "INSERT INTO mediaItem (type, id, medium, state, link, requestedAt) VALUES ('gemara', 5, 'video', 'paused', 'v', '2026-01-01')",
            "INSERT INTO mediaItem (type, id, medium, state, link, requestedAt) VALUES ('gemara', 5, 'slides', 'queued', 'v', '2026-01-01')",
            "INSERT INTO mediaItem (type, id, medium, state, link, requestedAt) VALUES ('gemara', 6, 'video', 'queued', 'v', '2026-01-01')",
            "UPDATE mediaItem SET state = 'complete' WHERE medium = 'text'",
            "INSERT INTO event (at, type, id, medium, kind, detail) VALUES ('2026-01-04', 'gemara', 5, NULL, 'archived', NULL)",
            "UPDATE event SET detail = 'x'",
            "DELETE FROM event",
        ]
        for sql in refused {
            await #expect(throws: RegistryError.self, "\(sql)") { try await database.write { db in try db.execute(sql: sql) } }
        }
        // And every value the library knows passes (a state, medium or kind added later must be added here too).
        try await database.write { db in
            try db.execute(
                sql:
                    "INSERT INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt) VALUES ('gemara', 7, 1, 1, 1, 4, '{}', '2026-01-01')"
            )
            for state in MediaState.allCases where state != .complete {
                for medium in MediaKind.allCases {
                    try db.execute(
                        sql:
                            "INSERT INTO mediaItem (type, id, medium, state, link, requestedAt) VALUES ('gemara', 7, ?, ?, 'v', '2026-01-01')",
                        arguments: [medium.rawValue, state.rawValue])
                    try db.execute(
                        sql: "DELETE FROM mediaItem WHERE id = 7 AND medium = ? AND state = ?",
                        arguments: [medium.rawValue, state.rawValue])
                }
            }
            for kind in EventKind.allCases {
                try RegistryEvent.append(kind, LessonID(.gemara, 5), nil, kind.rawValue, at: Date(), in: db)
            }
        }
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event") } == 3 + EventKind.allCases.count)
    }

    @Test("writing an item or an event opens no temporary b-tree (SQLite's plan of each write, by EXPLAIN)")
    func writesBuildNoTemporaryTree() async throws {
        let database = try LibraryDatabase.inMemory()
        let writes = [
            "INSERT INTO mediaItem (type, id, medium, state, link, requestedAt) VALUES ('gemara', 1, 'audio', 'queued', 'a', '2026-01-01')",
            "UPDATE mediaItem SET state = 'complete', receivedBytes = 3, expectedBytes = 3, completedAt = '2026-01-01' WHERE type = 'gemara' AND id = 1 AND medium = 'audio'",
            "UPDATE mediaItem SET state = 'failed', attempts = attempts + 1 WHERE type = 'gemara' AND id = 1 AND medium = 'audio'",
            "INSERT INTO event (at, type, id, medium, kind, detail) VALUES ('2026-01-01', 'gemara', 1, 'audio', 'completed', NULL)",
        ]
        for sql in writes {
            let opcodes = try await database.read { db in try Row.fetchAll(db, sql: "EXPLAIN \(sql)").compactMap { $0["opcode"] as String? }
            }
            #expect(!opcodes.contains("OpenEphemeral"), "\(sql)")
            #expect(opcodes.contains("Halt"), "no plan read for \(sql)")
        }
    }
}
