import Foundation
import GRDB
import Testing

@testable import OfflineLessons

/// What a request's registration writes: each item and its event once, in the order of the
/// request; the snapshot given; values stored as GRDB stores them.
@Suite("Registration writes")
struct RegistrationWriteTests {
    static func lesson(_ id: Int, page: String? = "p/\(UUID().uuidString).pdf") -> PlacedLesson {
        PlacedLesson(
            type: .gemara, placement: Placement(sederId: 1, masechetId: 1, chapter: 1),
            lesson: Lesson(id: id, chapter: 1, duration: id * 10, pageNumber: id + 1, audio: "a/\(id).mp3", page: page))
    }

    static func registration(_ placed: PlacedLesson) -> LibraryDatabase.Registration {
        .init(
            lesson: placed, media: [MediaKind.audio, .text].compactMap { medium in placed.lesson.link(for: medium).map { (medium, $0) } })
    }

    @Test("every item is inserted and logged once, in the order of the request, whatever its size", arguments: [0, 1, 65, 200])
    func everyItemOnce(count: Int) async throws {
        let database = try LibraryDatabase.inMemory()
        let lessons = (0..<count).map { Self.lesson(1_000 - $0) }  // ids falling: the request's order is not the key order

        let pending = try await database.register(lessons.map(Self.registration), at: Date())

        let expected = lessons.flatMap { [MediaKey($0.id, .audio), MediaKey($0.id, .text)] }
        #expect(pending.map(\.key) == expected)
        #expect(try await database.allMediaItems().map(\.key).sorted() == expected.sorted())
        let events = try await database.events()
        #expect(events.map { MediaKey($0.lesson, $0.medium ?? .text) } == expected)
        #expect(events.allSatisfy { $0.kind == .requested })
        #expect(try await database.registeredLessons().map(\.lesson).sorted { $0.id < $1.id } == lessons.sorted { $0.id < $1.id })
    }

    @Test("a lesson named twice in one request is registered once")
    func namedTwice() async throws {
        let database = try LibraryDatabase.inMemory()
        let (first, second) = (Self.lesson(1), Self.lesson(2))

        let pending = try await database.register([first, second, first].map(Self.registration), at: Date())

        #expect(
            pending.map(\.key) == [
                MediaKey(first.id, .audio), MediaKey(first.id, .text), MediaKey(second.id, .audio), MediaKey(second.id, .text),
                MediaKey(first.id, .audio), MediaKey(first.id, .text),
            ])
        #expect(try await database.allMediaItems().count == 4)
        #expect(try await database.events().count == 4, "one request logged per item")
    }

    @Test("a lesson requested again takes the snapshot given (and the list its duration and PDF flag); its request date and pin stay")
    func requestedAgain() async throws {
        let database = try LibraryDatabase.inMemory()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var placed = Self.lesson(7)
        try await database.register([Self.registration(placed)], at: start)
        try await database.markComplete(MediaKey(placed.id, .audio), bytes: 5, at: start)
        _ = try await database.setPinned([placed.id], true, at: start)

        placed.lesson.duration += 7
        placed.lesson.page = " "
        placed.lesson.presenter = Presenter(firstName: "Changed")
        try await database.register([Self.registration(placed)], at: start.addingTimeInterval(60))

        #expect(try await database.registeredLesson(placed.id) == placed)
        let listed = try #require(try await database.registeredMedia(completeOnly: true).first)
        #expect(listed.duration == 77)
        #expect(!listed.offersText)
        let (requestedAt, pinned) = try await database.read { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT requestedAt, pinned FROM lesson"))
            return (row[0] as Date, row[1] as Bool)
        }
        #expect(requestedAt == start)
        #expect(pinned)
    }

    @Test("a lesson requested again in another place takes it; requested again unchanged, nothing is written")
    func placementAlone() async throws {
        let database = try LibraryDatabase.inMemory()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var placed = Self.lesson(8)
        try await database.register([Self.registration(placed)], at: start)

        placed.placement = Placement(sederId: 2, masechetId: 9, chapter: 3)
        try await database.register([Self.registration(placed)], at: start.addingTimeInterval(60))
        #expect(try await database.registeredLesson(placed.id) == placed)

        let before = try await database.write { db in db.totalChangesCount }
        try await database.register([Self.registration(placed)], at: start.addingTimeInterval(120))
        let after = try await database.write { db in db.totalChangesCount }
        #expect(after == before, "the lesson row and its queued items are left as they are")
    }

    @Test("values are stored as GRDB stores them: texts as given, NULL where absent, booleans 0 or 1, snapshots as blobs, GRDB's dates")
    func storedValues() async throws {
        let database = try LibraryDatabase.inMemory()
        let now = Date(timeIntervalSince1970: 1_800_000_000.123)
        var placed = Self.lesson(9, page: nil)
        placed.lesson.audio = "gemara/9 דף ב׳.mp3"
        let key = MediaKey(placed.id, .audio)
        try await database.register([Self.registration(placed)], at: now)
        try await database.recordValidators(key, link: try #require(placed.lesson.audio), expectedBytes: 5, etag: nil, lastModified: "")
        try await database.markFailed(key, reason: "boom", attempts: 2, receivedBytes: 3, at: now)
        _ = try await database.setPinned([placed.id], true, at: now)

        let grdbDate = try #require(String.fromDatabaseValue(now.databaseValue))
        try await database.read { db in
            let item = try #require(
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT CAST(link AS BLOB), typeof(etag), lastModified, typeof(lastModified), expectedBytes, receivedBytes, attempts,
                               lastError, requestedAt, typeof(completedAt) FROM mediaItem
                        """))
            #expect(item[0] as Data == Data("gemara/9 דף ב׳.mp3".utf8))
            #expect(item[1] as String == "null")
            #expect(item[2] as String == "" && item[3] as String == "text", "an empty text is '' (not NULL)")
            #expect(item[4] as Int == 5 && item[5] as Int == 3 && item[6] as Int == 2)
            #expect(item[7] as String == "boom")
            #expect(item[8] as String == grdbDate)
            #expect(item[9] as String == "null")
            let lesson = try #require(
                try Row.fetchOne(db, sql: "SELECT typeof(json), offersText, typeof(offersText), pinned, requestedAt FROM lesson"))
            #expect(lesson[0] as String == "blob")
            #expect(lesson[1] as Int == 0 && lesson[2] as String == "integer")
            #expect(lesson[3] as Int == 1)
            #expect(lesson[4] as String == grdbDate)
            let events = try Row.fetchAll(db, sql: "SELECT kind, typeof(medium), detail, at FROM event ORDER BY seq")
            #expect(events.map { $0[0] as String } == ["requested", "failed", "pinned"])
            #expect(events.map { $0[1] as String } == ["text", "text", "null"])
            #expect(events.map { $0[2] as String? } == ["gemara/9 דף ב׳.mp3", "boom", nil])
            #expect(events.allSatisfy { $0[3] as String == grdbDate })
        }
    }
}
