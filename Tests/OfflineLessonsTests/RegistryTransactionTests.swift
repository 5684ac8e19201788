import Foundation
import Testing

@testable import OfflineLessons

/// The registry's write transactions (`LibraryDatabase.write` and `writeBlocking`): all or
/// nothing, and nothing left open after a failure.
@Suite("Registry write transactions")
struct RegistryTransactionTests {
    struct Refused: Error {}

    static let lesson = LessonID(.gemara, 77)

    /// A library's registry in a fresh file (a pool, as libraries open it).
    static func database(_ folder: borrowing TemporaryDirectory) throws -> LibraryDatabase {
        try LibraryDatabase.open(at: folder.url.appendingPathComponent("library.sqlite").path)
    }

    @Test("a write whose body throws leaves nothing of what it wrote, throws the body's error, and the next write commits")
    func asyncRollback() async throws {
        let folder = try TemporaryDirectory()
        let database = try Self.database(folder)
        await #expect(throws: Refused.self) {
            try await database.write { db in
                try RegistryEvent.append(.pinned, Self.lesson, nil, "first", at: Date(), in: db)
                throw Refused()
            }
        }
        #expect(try await database.events(of: Self.lesson).isEmpty)
        try await database.write { db in try RegistryEvent.append(.pinned, Self.lesson, nil, "second", at: Date(), in: db) }
        #expect(try await database.events(of: Self.lesson).map(\.detail) == ["second"])
    }

    @Test("the same on the calling thread (writeBlocking), and a statement SQLite refuses rolls back the whole write")
    func blockingRollback() async throws {
        let folder = try TemporaryDirectory()
        let database = try Self.database(folder)
        #expect(throws: Refused.self) {
            try database.writeBlocking { db in
                try RegistryEvent.append(.pinned, Self.lesson, nil, "first", at: Date(), in: db)
                throw Refused()
            }
        }
        // The event log refuses updates (a trigger): the insert before it goes too.
        #expect(throws: RegistryError.self) {
            try database.writeBlocking { db in
                try RegistryEvent.append(.pinned, Self.lesson, nil, "second", at: Date(), in: db)
                try db.execute(sql: "UPDATE event SET detail = 'changed'")
            }
        }
        #expect(try await database.events(of: Self.lesson).isEmpty)
        try database.writeBlocking { db in try RegistryEvent.append(.unpinned, Self.lesson, nil, "third", at: Date(), in: db) }
        #expect(try await database.events(of: Self.lesson).map(\.detail) == ["third"])
    }
}
