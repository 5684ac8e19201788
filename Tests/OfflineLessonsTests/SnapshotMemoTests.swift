import Foundation
import GRDB
@testable import OfflineLessons
import Testing

/// A request for lessons just read from the catalog cache records each snapshot as the cache
/// stores it (``SnapshotMemo``); a lesson that differs from the one read is encoded anew.
@Suite("Snapshots of lessons read from the catalog cache")
struct SnapshotMemoTests {
    @Test("the cache's stored JSON is recorded for a lesson as read; a changed lesson gets its own")
    func storedJSONReused() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let fetched = try await fixture.lessons("gemara:berakhot:2-3", in: library)  // fetched and cached
            #expect(fetched.count == 2)
            // The first lesson's stored JSON rewritten with the same content, spaced out: a bytewise
            // mark that only the cache's own bytes carry (an encoding of the lesson has no spaces).
            let marked = fetched[0].id
            let spaced = try await library.database.write { db in
                let json = try #require(try Data.fetchOne(db, sql: "SELECT json FROM catalogLesson WHERE type = ? AND id = ?",
                                                          arguments: [marked.type.rawValue, marked.id]))
                let object = try JSONSerialization.jsonObject(with: json)
                let spaced = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
                try db.execute(sql: "UPDATE catalogLesson SET json = ? WHERE type = ? AND id = ?",
                               arguments: [spaced, marked.type.rawValue, marked.id])
                return spaced
            }
            var read = try await fixture.lessons("gemara:berakhot:2-3", in: library)  // from the cache now
            #expect(read == fetched, "the spaced JSON decodes to the same lessons")
            read[1].lesson.duration += 7  // changed after it was read

            _ = try await library.database.registerRequest(read.map { .init(lesson: $0, media: [(.audio, try #require($0.lesson.audio))]) },
                                                             at: Date())

            let requested = read
            let stored = try await library.database.read { db in
                try requested.map { placed in
                    try Data.fetchOne(db, sql: "SELECT json FROM lesson WHERE type = ? AND id = ?",
                                      arguments: [placed.type.rawValue, placed.lesson.id]) ?? Data()
                }
            }
            #expect(stored[0] == spaced, "recorded as the cache stores it")
            #expect(stored[1] == (try SnapshotCoding.encode(read[1].lesson)), "the changed lesson encoded anew")
            #expect(try SnapshotCoding.decode(Lesson.self, from: stored[1]).duration == fetched[1].lesson.duration + 7)
            let registered = try await library.database.registeredLesson(read[0].id)
            #expect(registered == read[0])
        }
    }
}
