import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// `clean`: age from completion, a size quota least recently used first, pinning, the PDF rule,
/// and a dry run that changes nothing. Time comes from the library's clock: each library below is
/// the same folder seen at another moment.
@Suite("Retention")
struct RetentionTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let day: TimeInterval = 86_400

    /// The fixture's library as seen `days` after ``start``.
    static func library(_ fixture: DownloadFixture, days: Double) async throws -> LessonLibrary {
        let client = CatalogClient(configuration: .init(apiBase: fixture.running.apiBase, token: "test"))
        let moment = start.addingTimeInterval(days * day)
        return try await LessonLibrary(
            root: fixture.root, client: client, configuration: .init(retry: DownloadFixture.fastRetry, now: { moment }))
    }

    static func download(_ fixture: DownloadFixture, _ selector: String, days: Double, media: MediaChoice = .audio) async throws
        -> [PlacedLesson]
    {
        let library = try await library(fixture, days: days)
        let lessons = try await fixture.lessons(selector, in: library)
        let (_, summary) = await collect(try await library.download(lessons, media: media))
        #expect(summary?.failed.isEmpty == true)
        return lessons
    }

    @Test("older than 30 days goes, with its PDF; younger stays; a dry run says the same and changes nothing")
    func byAge() async throws {
        try await DownloadFixture.run { fixture in
            let old = try await Self.download(fixture, "gemara:berakhot:2-3", days: 0)
            let young = try await Self.download(fixture, "gemara:berakhot:4", days: 25)
            let later = try await Self.library(fixture, days: 31)
            let dry = try await later.clean(dryRun: true)
            #expect(Set(dry.actions.map(\.key.lesson)) == Set(old.map(\.id)))
            #expect(try await later.downloads(sync: false).count == 3, "the dry run removed nothing")
            let report = try await later.clean()
            #expect(report.actions == dry.actions && report.bytesFreed > 0 && report.bytesFreed == dry.bytesFreed)
            #expect(report.actions.contains { $0.medium == .text }, "the PDF goes with its lesson's audio")
            #expect(try await later.downloads(sync: false).map(\.lessonID) == young.map(\.id))
            for lesson in old {
                #expect(!fixture.hasFile(later, lesson.id, .audio) && !fixture.hasFile(later, lesson.id, .text))
                let history = try await later.history(of: lesson.id)
                #expect(history.first?.kind == .expired)
                // Said in the reader's language: the history stores the catalog's English.
                let spanish = history.filter { $0.kind == .expired }.map { Phrasebook.recognize($0.detail ?? "").text(.es) }
                #expect(spanish.contains { $0.hasPrefix("limpieza: completado hace ") }, "\(spanish)")
                #expect(spanish.count == 2 && spanish.allSatisfy { $0.hasPrefix("limpieza: ") }, "\(spanish)")
            }
            #expect(try await later.clean().actions.isEmpty, "a second clean finds nothing")
        }
    }

    @Test("the age and its limit in the unit the limit was given in: days, else hours, minutes or seconds; a limit of 0 in the age's")
    func ageReason() {
        let cases: [(age: Double, limit: Double, english: String)] = [
            (3 * Self.day + 5, 2 * Self.day, "completed 3 days ago (limit 2)"),
            (7200, 5400, "completed 120 min ago (limit 90 min)"),
            (4 * 3600 + 59, 3 * 3600, "completed 4 h ago (limit 3 h)"),
            (36 * 3600, 30 * 3600, "completed 36 h ago (limit 30 h)"),
            (12, 1, "completed 12 s ago (limit 1 s)"),
            (7300, 0, "completed 2 h ago (limit 0 h)"),
            (90, 0, "completed 1 min ago (limit 0 min)"),
            (2.5, 0, "completed 2 s ago (limit 0 s)"),
            (3, 0.5, "completed 3 s ago (limit 0.5 s)"),
        ]
        for (age, limit, english) in cases {
            #expect(RetentionPlanner.ageReason(age: age, limit: limit).text(.en) == english)
        }
        let spanish = Phrasebook.recognize(RetentionPlanner.ageReason(age: 7200, limit: 5400).description).text(.es)
        #expect(spanish == "completado hace 120 min (límite 90 min)")
    }

    @Test("a pinned lesson is never cleaned, by age or by size; unpinned, it goes")
    func pinning() async throws {
        try await DownloadFixture.run { fixture in
            let lessons = try await Self.download(fixture, "gemara:berakhot:2-3", days: 0)
            let later = try await Self.library(fixture, days: 40)
            #expect(try await later.pin([.lesson(lessons[0].id)]) == [lessons[0].id])
            let report = try await later.clean(RetentionPolicy(olderThan: .seconds(30 * 86_400), maxBytes: 1))
            #expect(Set(report.actions.map(\.key.lesson)) == [lessons[1].id])
            #expect(report.pinnedKept == 1)
            let kept = try await later.downloads(sync: false)
            #expect(kept.map(\.lessonID) == [lessons[0].id])
            #expect(report.overQuotaByPins == kept[0].bytes, "the pinned lesson alone is over the 1-byte quota, and the report says so")
            #expect(try await later.clean(RetentionPolicy(olderThan: nil, maxBytes: 1 << 30)).overQuotaByPins == nil)
            #expect(try await later.history(of: lessons[0].id).first?.kind == .pinned)
            try await later.unpin([.lesson(lessons[0].id)])
            #expect(try await later.clean().actions.map(\.key.lesson).contains(lessons[0].id))
        }
    }

    @Test("a lesson played recently is kept over one downloaded later but never played")
    func recentUse() async throws {
        try await DownloadFixture.run { fixture in
            let old = try await Self.download(fixture, "gemara:berakhot:2", days: 0)
            let new = try await Self.download(fixture, "gemara:berakhot:3", days: 1)
            let library = try await Self.library(fixture, days: 2)
            try await library.recordUse(of: old[0].id)  // played on day 2
            let total = try await library.downloads(sync: false).reduce(0) { $0 + $1.bytes }
            let report = try await library.clean(RetentionPolicy(olderThan: nil, maxBytes: total - 1))
            #expect(Set(report.actions.map(\.key.lesson)) == [new[0].id])
        }
    }

    @Test("over the quota: least recently used lessons go first, down to 90% of it")
    func bySize() async throws {
        try await DownloadFixture.run { fixture in
            var lessons: [PlacedLesson] = []
            for (index, daf) in (2...6).enumerated() {  // one a day: daf 2 is the least recently used
                lessons += try await Self.download(fixture, "gemara:berakhot:\(daf)", days: Double(index))
            }
            let library = try await Self.library(fixture, days: 6)
            let total = try await library.downloads(sync: false).reduce(0) { $0 + $1.bytes }
            let quota = total * 3 / 4
            let report = try await library.clean(RetentionPolicy(olderThan: nil, maxBytes: quota))
            let removed = Set(report.actions.map(\.key.lesson))
            let kept = try await library.downloads(sync: false)
            #expect(kept.reduce(0) { $0 + $1.bytes } <= quota * 9 / 10, "trimmed below the quota")
            // The oldest went, the newest stayed: a prefix of the order of use.
            #expect(removed == Set(lessons.prefix(removed.count).map(\.id)) && !removed.isEmpty, "\(removed)")
            #expect(kept.map(\.lessonID).contains(lessons[4].id))
        }
    }

    @Test("the PDF stays while the lesson's video stays, and goes with it")
    func pdfRule() async throws {
        try await DownloadFixture.run { fixture in
            // A lesson with video: audio at day 0, video at day 20.
            let library = try await Self.library(fixture, days: 0)
            let candidates = try await fixture.lessons("gemara:berakhot:2-20", in: library)
            let lesson = try #require(candidates.first { $0.lesson.video != nil && $0.lesson.page != nil }, "no lesson with video and PDF")
            _ = await collect(try await library.download([lesson], media: .audio))
            _ = await collect(try await Self.library(fixture, days: 20).download([lesson], media: .video))
            let first = try await Self.library(fixture, days: 35).clean()
            #expect(first.actions.map(\.medium) == [.audio], "video is 15 days old: the PDF stays with it")
            let second = try await Self.library(fixture, days: 55).clean()
            #expect(Set(second.actions.map(\.medium)) == [.video, .text])
        }
    }
}
