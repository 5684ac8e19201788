import Foundation
import GRDB
import Testing

@testable import OfflineLessons

/// The reads that answer many questions at once (the downloads list, status of many lessons,
/// the set of downloaded lessons, selectors over the registry) say exactly what the
/// one-at-a-time reads say.
@Suite("Batch reads")
struct BatchReadTests {
    /// gemara:berakhot:2-7 downloaded (audio + PDF); then lesson 0's audio file deleted and synced
    /// (missing), lesson 1's PDF removed (incomplete), lesson 2 removed.
    static func mixed(_ fixture: DownloadFixture) async throws -> (LessonLibrary, [PlacedLesson]) {
        let library = try await fixture.library()
        let lessons = try await fixture.lessons("gemara:berakhot:2-7", in: library)
        let (_, summary) = await collect(try await library.download(lessons, media: .audio))
        #expect(summary?.failed.isEmpty == true)
        try FileManager.default.removeItem(at: library.fileURL(for: MediaKey(lessons[0].id, .audio)))
        _ = try await library.sync()
        _ = try await library.remove([lessons[1].id], media: [.text])
        _ = try await library.remove([lessons[2].id])
        return (library, lessons)
    }

    @Test("downloadedLessonIDs() is the set of lessons isDownloaded(_:) says yes to")
    func downloadedSet() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await Self.mixed(fixture)
            let set = try await library.downloadedLessonIDs()
            var expected = Set<LessonID>()
            for id in lessons.map(\.id) + [LessonID(.mishna, lessons[3].id.id), LessonID(.gemara, 99_999)]
            where try await library.isDownloaded(id) {
                expected.insert(id)
            }
            #expect(set == expected)
            #expect(set == Set(lessons[1...].map(\.id)).subtracting([lessons[2].id]), "missing and removed lessons are not downloaded")
            #expect(!set.contains(LessonID(.mishna, lessons[3].id.id)), "Gemara and Mishna ids are different lessons")
        }
    }

    @Test("status(of:) of many lessons at once equals each asked alone, duplicates and unregistered lessons included")
    func statusBatch() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await Self.mixed(fixture)
            let unregistered = try await fixture.lessons("gemara/40", in: library)
            let asked = lessons + unregistered + [lessons[4]]
            let together = try await library.status(of: asked, sync: false)
            var alone: [LessonStatus] = []
            for lesson in asked { alone += try await library.status(of: [lesson], sync: false) }
            #expect(together == alone)
            #expect(together.map(\.downloaded) == [false, true, false, true, true, true, false, true])
            #expect(together[0].media.first { $0.medium == .audio }?.state == "missing")
            #expect(together[6].media.first { $0.medium == .audio }?.state == "not requested")
        }
    }

    @Test("downloads() lists complete lessons in catalog order, marks a missing PDF, and carries each lesson's duration")
    func downloadsList() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await Self.mixed(fixture)
            let list = try await library.downloads(sync: false)
            let expectedIDs = [lessons[1]] + lessons[3...]
            #expect(Set(list.map(\.lessonID)) == Set(expectedIDs.map(\.id)))
            #expect(list.map(\.page) == list.map(\.page).sorted { ($0 ?? 0) < ($1 ?? 0) }, "in daf order")
            for lesson in list {
                let placed = try #require(lessons.first { $0.id == lesson.lessonID })
                #expect(lesson.duration == placed.lesson.duration)
                #expect(lesson.page == placed.number && lesson.masechetId == placed.placement.masechetId)
                #expect(lesson.complete == (lesson.lessonID != lessons[1].id), "only the lesson whose PDF was removed is incomplete")
                #expect(lesson.media["audio"]?.bytes == fixture.served(placed, .audio).count)
                #expect(lesson.masechetName == "Berakhot" && lesson.sederName != nil)
            }
        }
    }

    @Test("v5 fills each lesson's duration and PDF flag from its snapshot: the list of a migrated library says what its snapshots say")
    func migrationV5() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("library.sqlite").path
        do {
            let v4 = try DatabaseQueue(path: path)
            try LibraryDatabase.migrator.migrate(v4, upTo: "v4-links")
            try await v4.write { db in
                // Lesson 1 offers a PDF; lesson 2's page is blank (Unicode white space): no PDF.
                for (id, page) in [(1, "p/1.pdf"), (2, "\u{2003} ")] {
                    let json =
                        #"{"id":\#(id),"chapter":1,"duration":\#(60 * id),"page_number":\#(id + 1),"audio":"a\#(id).mp3","page":"\#(page)","video_part":[],"gallery":[]}"#
                    try db.execute(
                        sql:
                            "INSERT INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt) VALUES ('gemara', ?, 1, 1, 1, ?, ?, '2026-01-01 00:00:00')",
                        arguments: [id, id + 1, Data(json.utf8)])
                    try db.execute(
                        sql:
                            "INSERT INTO mediaItem (type, id, medium, state, link, expectedBytes, receivedBytes, requestedAt, completedAt) VALUES ('gemara', ?, 'audio', 'complete', ?, 5, 5, '2026-01-01 00:00:00', '2026-01-01 00:00:00')",
                        arguments: [id, "a\(id).mp3"])
                }
            }
            try v4.close()
        }
        let database = try LibraryDatabase.open(at: path)
        #expect(try await database.appliedMigrations().last == "v13-pace-round")
        let media = try await database.registeredMedia(completeOnly: true)
        #expect(media.map(\.lesson.id) == [1, 2])
        #expect(media.map(\.duration) == [60, 120])
        #expect(media.map(\.offersText) == [true, false])
    }

    @Test("remove and pin by selector touch exactly the lessons named; an unregistered id names nothing")
    func selectorsOverRegistry() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await Self.mixed(fixture)
            #expect(try await library.pin([.lesson(lessons[5].id), .lesson(LessonID(.gemara, 2_000))]) == [lessons[5].id])
            #expect(try await library.pinnedLessons() == [lessons[5].id])
            let none = try await library.remove(matching: [.lesson(LessonID(.mishna, lessons[4].id.id))])
            #expect(none.removed.isEmpty, "a Mishna id is not the Gemara lesson")
            let range = try await library.remove(matching: [.gemara(masechet: "berakhot", dapim: lessons[4].number...lessons[4].number)])
            #expect(Set(range.removed.map(\.lesson)) == [lessons[4].id])
            #expect(try await library.downloads(sync: false).map(\.lessonID).contains(lessons[4].id) == false)
            #expect(try await library.isDownloaded(lessons[3].id))
            #expect(try await library.isDownloaded(lessons[5].id))
        }
    }

    @Test(
        "registered(among:), what a sync asks for files no item names, is each lesson's own registration; the sync's item read is every item"
    )
    func registeredAmong() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await Self.mixed(fixture)
            let unregistered = [LessonID(.gemara, 40), LessonID(.mishna, lessons[3].id.id), LessonID(.gemara, 999_999)]
            let asked = Set(lessons.map(\.id) + unregistered)
            var expected = Set<LessonID>()
            for id in asked where try await library.database.registeredLesson(id) != nil { expected.insert(id) }
            #expect(!expected.isEmpty && expected.count < asked.count)
            #expect(try await library.database.registered(among: asked) == expected)
            #expect(try await library.database.registered(among: []) == [])
            let items = try await library.database.registrySnapshot()
            let all = try await library.database.allMediaItems()
            #expect(
                items.count == all.count
                    && all.allSatisfy { items[$0.key]?.state == $0.state && items[$0.key]?.receivedBytes == $0.receivedBytes })
        }
    }
}
