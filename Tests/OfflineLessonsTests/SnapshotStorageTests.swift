import Foundation
import GRDB
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// Lesson snapshots and the Shas stored in the database read back as `JSONDecoder` reads their
/// JSON: the same values for every shape, the same error for a snapshot that does not decode.
@Suite("Stored snapshots")
struct SnapshotStorageTests {
    static func demoLessons(trickyKeys: Bool) throws -> [PlacedLesson] {
        let catalog = try DemoCatalog.bundled(trickyKeys: trickyKeys)
        let base = try #require(URL(string: "http://127.0.0.1:8080/media/"))
        return catalog.shas.sedarim.flatMap { seder in
            seder.masechtot.flatMap { masechet in
                let gemara = (catalog.gemaraLessons(masechetId: masechet.id) ?? []).map { $0.apiLesson(mediaBase: base) }.map { lesson in
                    PlacedLesson(
                        type: .gemara, placement: Placement(sederId: seder.id, masechetId: masechet.id, chapter: lesson.chapter),
                        lesson: lesson)
                }
                let mishna = masechet.chapterList.flatMap { chapter in
                    (catalog.mishnaLessons(masechetId: masechet.id, chapter: chapter.chapter) ?? []).map { lesson in
                        PlacedLesson(
                            type: .mishna, placement: Placement(sederId: seder.id, masechetId: masechet.id, chapter: chapter.chapter),
                            lesson: lesson.apiLesson(mediaBase: base))
                    }
                }
                return gemara + mishna
            }
        }
    }

    /// Lessons at the edges of every field: escapes, non-ASCII text, extreme numbers, empty lists.
    static let edges = [
        Lesson(id: 9_000_001, chapter: 0, duration: 0),
        Lesson(
            id: 999_999_999_999_999_999, chapter: -3, duration: 123_456_789_012, pageNumber: -1, mishna: 0,
            audio: "", page: " ", video: "http://h/v.mp4?a=1&b=2",
            videoParts: [VideoPart(id: -1, partTitle: "", timeLine: ""), VideoPart(id: 2, partTitle: "שבת ב׳ 🙂", timeLine: "312.5")],
            gallery: [GalleryImage(id: 0, title: "", order: -4, image: ""), GalleryImage(id: 7, title: "ñ", order: 2, image: "g/7.jpg")],
            presenter: Presenter()),
        Lesson(
            id: 9_000_042, chapter: 2, duration: 60, mishna: 3, audio: #"mishna/42/say "shalom"\a b.mp3"#,
            gallery: [GalleryImage(id: 1, title: "two\nlines\ttab\u{01}", order: 1, image: "i.jpg")],
            presenter: Presenter(id: 5, firstName: #"a\b"#, lastName: "Peretz")),
    ]

    @Test("every lesson of the demo Shas and every edge case, registered, reads back as it was given", arguments: [false, true])
    func registeredRoundTrip(trickyKeys: Bool) async throws {
        let demo = try Self.demoLessons(trickyKeys: trickyKeys)
        #expect(demo.count > 6_000)
        let edges = Self.edges.map { PlacedLesson(type: .mishna, placement: Placement(sederId: 9, masechetId: 9, chapter: 1), lesson: $0) }
        let database = try LibraryDatabase.inMemory()
        try await database.importLessons(demo + edges, at: Date())

        let read = try await database.registeredLessons().map(\.lesson)
        #expect(read.count == demo.count + edges.count)
        let given = Dictionary((demo + edges).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(read.filter { given[$0.id] != $0 }.isEmpty)
        for placed in edges { #expect(try await database.registeredLesson(placed.id) == placed) }
    }

    @Test("a cached listing reads back in catalog order, each lesson as fetched")
    func listingRoundTrip() async throws {
        let database = try LibraryDatabase.inMemory()
        let placement = Placement(sederId: 1, masechetId: 1, chapter: 0)
        let lessons = Self.edges.reversed() + [Lesson(id: 5, chapter: 1, duration: 9, pageNumber: 2)]
        try await database.saveListing(type: .gemara, placement: placement, lessons: Array(lessons), problemCount: 0, fetchedAt: Date())

        let read = try #require(try await database.cachedListing(type: .gemara, masechetId: 1))
        let expected = lessons.sorted { ($0.chapter, $0.pageNumber ?? 0, $0.id) < ($1.chapter, $1.pageNumber ?? 0, $1.id) }
        #expect(read.map(\.lesson) == expected)
        #expect(read.allSatisfy { $0.type == .gemara && $0.placement.masechetId == 1 })
    }

    @Test(
        "a snapshot stored in another shape reads as JSONDecoder reads it; one that does not decode fails with its error",
        arguments: [
            #"{"id":3,"chapter":1,"duration":2}"#,  // keys not sorted
            #"{"audio":"a\/b.mp3","chapter":1,"duration":2,"id":3}"#,  // an escape
            #"{"chapter":"1","duration":2.0,"id":"3","presenter":null}"#,  // numbers as strings, a whole float, a null
            #" {"chapter":1, "duration" :2,"gallery": [ ] ,"id":3 } "#,  // spaces
            #"{"chapter":1,"duration":2,"id":0}"#,  // an id out of range
            #"{"chapter":1,"duration":2,"id":3"#,  // cut short
        ])
    func otherShapes(text: String) async throws {
        let database = try LibraryDatabase.inMemory()
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt)
                    VALUES ('gemara', 3, 1, 1, 1, 0, ?, '2026-01-01 00:00:00')
                    """, arguments: [Data(text.utf8)])
        }
        do {
            let expected = try JSONDecoder().decode(Lesson.self, from: Data(text.utf8))
            #expect(try await database.registeredLesson(LessonID(.gemara, 3))?.lesson == expected)
        } catch let decoding {
            await #expect { try await database.registeredLesson(LessonID(.gemara, 3)) } throws: { "\($0)" == "\(decoding)" }
        }
    }

    @Test(
        "the Shas, stored in any shape, reads back as JSONDecoder reads it, problems and all",
        arguments: [
            #"{"seder":[{"id":1,"masechet":[{"chapters_list":{"2":4,"1":"3"},"id":5,"name":"A"}],"name":"S","order":1}]}"#,
            #"{"seder":[{"id":1,"masechet":[{"id":"x"},{"chapters":1,"id":2,"name":"B","order":2,"pages":0}],"name":"S","order":1}]}"#,
            #"{"seder":[{"id":3,"masechet":[{"chapters_list":[{"chapter":2,"mishnayots":4},{"chapter":1,"mishnayots":3}],"id":5}]}]}"#,
        ])
    func shasShapes(text: String) async throws {
        let database = try LibraryDatabase.inMemory()
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO shasCache (singleton, json, fetchedAt) VALUES (1, ?, '2026-01-01 00:00:00')",
                arguments: [Data(text.utf8)])
        }
        let expected = try JSONDecoder().decode(Shas.self, from: Data(text.utf8))
        let read = try #require(try await database.cachedShas()).shas
        #expect(read == expected)
        #expect(read.problems == expected.problems)
    }

    @Test("the demo Shas, saved, reads back equal")
    func demoShas() async throws {
        let shas = try DemoCatalog.bundled().shas
        let database = try LibraryDatabase.inMemory()
        try await database.saveShas(shas, fetchedAt: Date())
        #expect(try await database.cachedShas()?.shas == shas)
    }
}
