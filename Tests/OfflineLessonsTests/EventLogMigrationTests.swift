import Foundation
import GRDB
import Testing

@testable import OfflineLessons

/// v6 rebuilds the event log without AUTOINCREMENT: what it held stays, in order and with its
/// numbers, new events follow them, and the log stays append-only.
@Suite("Event log migration (v6)")
struct EventLogMigrationTests {
    @Test("a v5 library's events keep their numbers and order; the next event follows; no sqlite_sequence write; still append-only")
    func eventsKept() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("library.sqlite").path
        let lesson = LessonID(.gemara, 5)
        do {
            let v5 = try DatabaseQueue(path: path)
            try LibraryDatabase.migrator.migrate(v5, upTo: "v5-lesson-summary")
            try await v5.write { db in
                for (day, kind) in [(1, "requested"), (2, "completed"), (3, "removed")] {
                    try db.execute(
                        sql: "INSERT INTO event (at, type, id, medium, kind, detail) VALUES (?, 'gemara', 5, 'audio', ?, ?)",
                        arguments: ["2026-01-0\(day) 00:00:00.000", kind, "day \(day)"])
                }
            }
            #expect(
                try await v5.read { db in try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'event'") }?
                    .contains("AUTOINCREMENT") == true)
            try v5.close()
        }
        let database = try LibraryDatabase.open(at: path)
        #expect(try await database.appliedMigrations().last == "v13-pace-round")
        let before = try await database.events(of: lesson)
        #expect(before.map(\.detail) == ["day 1", "day 2", "day 3"])
        try await database.write { db in try RegistryEvent.append(.pinned, lesson, nil, "day 4", at: Date(), in: db) }
        let (seqs, schema, sequenceRows) = try await database.read { db in
            (
                try Int.fetchAll(db, sql: "SELECT seq FROM event ORDER BY seq"),
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'event'") ?? "",
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_sequence WHERE name = 'event'") ?? -1
            )
        }
        #expect(seqs == [1, 2, 3, 4])
        #expect(!schema.contains("AUTOINCREMENT"))
        #expect(sequenceRows == 0)
        #expect(try await database.events(of: lesson).map(\.detail) == ["day 1", "day 2", "day 3", "day 4"])
        await #expect(throws: RegistryError.self) { try await database.write { db in try db.execute(sql: "DELETE FROM event") } }
        await #expect(throws: RegistryError.self) {
            try await database.write { db in try db.execute(sql: "UPDATE event SET detail = 'x'") }
        }
        #expect(try await database.events(of: lesson).count == 4)
    }
}
