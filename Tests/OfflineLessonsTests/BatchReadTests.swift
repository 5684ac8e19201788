import Foundation
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

    @Test("remove and pin by selector touch exactly the lessons named; an unregistered id names nothing")
    func selectorsOverRegistry() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await Self.mixed(fixture)
            #expect(try await library.pin([.lesson(lessons[5].id), .lesson(LessonID(.gemara, 99_999))]) == [lessons[5].id])
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

    @Test("registered(among:), what a sync asks for files no item names, is each lesson's own registration; the sync's item read is every item")
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
            #expect(items.count == all.count && all.allSatisfy { items[$0.key]?.state == $0.state && items[$0.key]?.receivedBytes == $0.receivedBytes })
        }
    }
}
