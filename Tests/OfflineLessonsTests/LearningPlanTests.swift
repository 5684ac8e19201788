import Foundation
import LessonsServer
import Testing

@testable import OfflineLessons

/// Learning plans: the coming dapim kept downloaded, the past ones offered to `clean` once their
/// keep period is over, pins and the user's own downloads respected. The library's clock is
/// moved a day at a time (each library below is the same folder seen on another day).
@Suite("Learning plans")
struct LearningPlanTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    /// Sunday 22 November 2026, noon UTC: Daf Yomi is on Arakhin 5.
    static let start = Date(timeIntervalSince1970: 1_795_348_800)

    static func library(_ fixture: DownloadFixture, day: Int) async throws -> LessonLibrary {
        let client = CatalogClient(configuration: .init(apiBase: fixture.running.apiBase, token: "test"))
        let moment = start.addingTimeInterval(Double(day) * 86_400)
        return try await LessonLibrary(
            root: fixture.root, client: client, configuration: .init(retry: DownloadFixture.fastRetry, now: { moment }))
    }

    /// The Daf Yomi dapim of the days `range` after ``start``, as people name them.
    static func dapim(_ range: ClosedRange<Int>) -> Set<String> {
        let first = LearningDay(start, in: utc)
        return Set(range.compactMap { DafCalendar.dafYomi.portion(on: first.adding(days: $0))?.name })
    }

    @Test(
        "Daf Yomi, 3 days ahead, kept 7 days, for two weeks: the next dapim always complete, the past offered after 7 days, pins and own downloads kept"
    )
    func twoWeeks() async throws {
        try await DownloadFixture.run { fixture in
            let first = try await Self.library(fixture, day: 0)
            #expect(LearningDay(Self.start, in: Self.utc).iso == "2026-11-22")
            #expect(DafCalendar.dafYomi.portion(on: LearningDay(Self.start, in: Self.utc))?.name == "Arakhin 5")
            // Arakhin 6 (day 1) was downloaded before the plan: it stays the user's own.
            let own = try await fixture.lessons("gemara:arakhin:6", in: first)
            #expect(await collect(try await first.download(own, media: .audio)).summary?.failed.isEmpty == true)
            try await first.setPlan(LearningPlan(calendar: .dafYomi, ahead: 3, keepDays: 7))
            for day in 0..<14 {
                let library = try await Self.library(fixture, day: day)
                let today = library.today(in: Self.utc)
                let plan = try #require(try await library.plans().first)
                let work = try await library.work(of: plan, on: today, fetchingWithin: .seconds(10))
                if let run = try await library.fetch(work) {
                    #expect(await collect(run).summary?.failed.isEmpty == true, "day \(day)")
                }
                if day == 2 {
                    // Arakhin 7, pinned on its day: never removed.
                    let pinned = try await fixture.lessons("gemara:arakhin:7", in: library)
                    #expect(try await library.pin([.lesson(pinned[0].id)]).count == 1)
                }
                let again = try await library.work(of: plan, on: today, fetchingWithin: nil)
                #expect(again.missing.isEmpty, "day \(day): nothing left to fetch")
                #expect(Set(again.portions.map(\.portion.name)) == Self.dapim(day...day + 3), "day \(day)")
                let allReady = again.portions.allSatisfy { $0.isReady }
                #expect(allReady, "day \(day)")
                let names = try await library.lessonNames()
                let dry = try await library.clean(.plansOnly(timeZone: Self.utc), dryRun: true)
                // Offered: the plan's dapim whose day is more than 7 days past, not yet removed.
                let offered = day >= 8 ? [DafCalendar.dafYomi.portion(on: today.adding(days: -8))?.name ?? ""] : []
                #expect(
                    Set(dry.actions.filter { $0.medium == .audio }.map { names.name($0.key.lesson) })
                        == Set(offered.filter { $0 != "Arakhin 6" && $0 != "Arakhin 7" }),
                    "day \(day)")
                #expect(dry.actions.allSatisfy { $0.reason.hasPrefix("its Daf Yomi day was ") }, "\(dry.actions)")
                _ = try await library.clean(.plansOnly(timeZone: Self.utc))
                let held = Set(try await library.downloads(sync: false).map { names.name($0.lessonID) })
                #expect(held == Self.dapim(max(0, day - 7)...day + 3).union(["Arakhin 6", "Arakhin 7"]), "day \(day)")
            }
        }
    }

    @Test("clean with its age rule keeps what a plan still keeps, and takes what the plan offers first, before the quota")
    func cleanWeighsPlans() async throws {
        try await DownloadFixture.run { fixture in
            let first = try await Self.library(fixture, day: 0)
            try await first.setPlan(LearningPlan(calendar: .dafYomi, ahead: 0, keepDays: 40))
            let plan = try #require(try await first.plans().first)
            _ = await collect(
                try #require(
                    try await first.fetch(try await first.work(of: plan, on: first.today(in: Self.utc), fetchingWithin: .seconds(10)))))
            // 35 days on: past the 30-day age rule, within the plan's 40 days: kept.
            let later = try await Self.library(fixture, day: 35)
            #expect(try await later.clean(RetentionPolicy(timeZone: Self.utc), dryRun: true).actions.isEmpty)
            // 45 days on: offered by the plan, whatever the age rule says.
            let past = try await Self.library(fixture, day: 45)
            let report = try await past.clean(RetentionPolicy(olderThan: nil, timeZone: Self.utc), dryRun: true)
            #expect(
                report.actions.map(\.reason).contains("its Daf Yomi day was 2026-11-22; the plan keeps a daf 40 days after it"),
                "\(report.actions)")
        }
    }

    @Test(
        "a quota sweep takes a plan's past dapim first, then those furthest ahead, the day's own daf last, whichever was fetched first"
    )
    func quotaKeepsTheDay() async throws {
        try await DownloadFixture.run { fixture in
            let first = try await Self.library(fixture, day: 0)
            try await first.setPlan(LearningPlan(calendar: .dafYomi, ahead: 3, keepDays: 7))
            // Day 0 fetches Arakhin 5-8, day 1 Arakhin 9, day 2 Arakhin 10: on day 2 the day's
            // own daf, Arakhin 7, is among the least recently used.
            var library = first
            for day in 0...2 {
                library = try await Self.library(fixture, day: day)
                let plan = try #require(try await library.plans().first)
                let work = try await library.work(of: plan, on: library.today(in: Self.utc), fetchingWithin: .seconds(10))
                _ = await collect(try #require(try await library.fetch(work)))
            }
            #expect(DafCalendar.dafYomi.portion(on: library.today(in: Self.utc))?.name == "Arakhin 7")
            let names = try await library.lessonNames()
            let bytes = Dictionary(
                try await library.downloads(sync: false).map { (names.name($0.lessonID), $0.media.values.reduce(0) { $0 + $1.bytes }) },
                uniquingKeysWith: +)
            #expect(Set(bytes.keys) == Self.dapim(0...5))
            // Room for today's daf and tomorrow's.
            let room = (bytes["Arakhin 7"] ?? 0) + (bytes["Arakhin 8"] ?? 0)
            let report = try await library.clean(
                RetentionPolicy(olderThan: nil, maxBytes: room, trimRatio: 1, timeZone: Self.utc), dryRun: true)
            #expect(
                Set(report.actions.map { names.name($0.key.lesson) }) == ["Arakhin 5", "Arakhin 6", "Arakhin 9", "Arakhin 10"],
                "\(report.actions)")
        }
    }

    @Test("a weekly plan's settings speak of the weeks its days reach, however far ahead")
    func weeklySettings() {
        let words = { (ahead: Int) in LearningPlan(calendar: .dafHashavua, ahead: ahead).settings.text(.en) }
        #expect(words(0).hasPrefix("downloads the dapim of this week (audio)"))
        #expect(words(1).hasPrefix("downloads the dapim of this week and of the weeks that start within the next day (audio)"))
        #expect(words(14).hasPrefix("downloads the dapim of this week and of the weeks that start within the next 14 days (audio)"))
        #expect(
            LearningPlan(calendar: .dafHashavua, ahead: 3).settings.text(.es)
                .hasPrefix("descarga los dapim de esta semana y de las semanas que empiezan en los próximos 3 días (audio)"))
    }

    @Test(
        "a plan out of range is refused, said with the range; removing one that is not followed says so; settings are kept across a reopen")
    func settings() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            await #expect(throws: PlanError.aheadOutOfRange(31)) { try await library.setPlan(LearningPlan(calendar: .dafYomi, ahead: 31)) }
            await #expect(throws: PlanError.keepOutOfRange(-1)) {
                try await library.setPlan(LearningPlan(calendar: .dafYomi, keepDays: -1))
            }
            #expect(PlanError.aheadOutOfRange(31).message(.en) == "a plan looks 0 to 30 days ahead, not 31")
            #expect(PlanError.aheadOutOfRange(31).message(.es) == "un plan mira de 0 a 30 días por delante, no 31")
            await #expect(throws: PlanError.noSuchPlan("daf-hashavua")) { try await library.removePlan(.dafHashavua) }
            try await library.setPlan(LearningPlan(calendar: .dafHashavua, ahead: 7, keepDays: 14, media: .both, keepUnplayed: true))
            try await library.setPlan(LearningPlan(calendar: .dafYomi))
            try await library.setPlan(LearningPlan(calendar: .dafYomi, ahead: 5))
            let reopened = try await fixture.library()
            #expect(
                try await reopened.plans() == [
                    LearningPlan(calendar: .dafYomi, ahead: 5),
                    LearningPlan(calendar: .dafHashavua, ahead: 7, keepDays: 14, media: .both, keepUnplayed: true),
                ])
            try await reopened.removePlan(.dafYomi)
            #expect(try await reopened.plans().map(\.calendar) == [.dafHashavua])
        }
    }

    @Test("with keepUnplayed, a past daf stays until it is played through (a lesson finished in the player counts as learned)")
    func keptUntilPlayed() async throws {
        try await DownloadFixture.run { fixture in
            let first = try await Self.library(fixture, day: 0)
            try await first.setPlan(LearningPlan(calendar: .dafYomi, ahead: 0, keepDays: 1, keepUnplayed: true))
            let plan = try #require(try await first.plans().first)
            let work = try await first.work(of: plan, on: first.today(in: Self.utc), fetchingWithin: .seconds(10))
            _ = await collect(try #require(try await first.fetch(work)))
            let lesson = try #require(work.missing.first)
            let later = try await Self.library(fixture, day: 5)
            #expect(try await later.clean(.plansOnly(timeZone: Self.utc), dryRun: true).actions.isEmpty, "not played: kept")
            _ = try await later.recordPlayback(of: lesson.id, medium: .audio, position: .seconds(100), duration: .seconds(600))
            #expect(try await later.clean(.plansOnly(timeZone: Self.utc), dryRun: true).actions.isEmpty, "part heard: kept")
            _ = try await later.recordPlayback(of: lesson.id, medium: .audio, position: .seconds(600), duration: .seconds(600))
            let report = try await later.clean(.plansOnly(timeZone: Self.utc))
            #expect(Set(report.actions.map(\.key.lesson)) == [lesson.id], "played through: offered, and removed")
            #expect(try await !later.isDownloaded(lesson.id))
        }
    }

    @Test("Daf HaShavua: one daf a week; --ahead reaching into next week adds next week's daf")
    func weeks() {
        let plan = LearningPlan(calendar: .dafHashavua, ahead: 3)
        // Thursday 26 November 2026: this week's daf; Sunday the 29th begins the next week.
        let thursday = LearningDay(year: 2026, month: 11, day: 26)!
        #expect(plan.days(from: thursday) == [thursday, thursday.adding(days: 3)])
        #expect(LearningPlan(calendar: .dafHashavua, ahead: 2).days(from: thursday) == [thursday])
        #expect(LearningPlan(calendar: .dafYomi, ahead: 2).days(from: thursday).count == 3)
    }

    @Test("a daf two plans want is kept while either keeps it: Daf Yomi's day past does not remove what the own pace keeps")
    func twoPlansOneDaf() async throws {
        try await DownloadFixture.run { fixture in
            let first = try await Self.library(fixture, day: 0)
            let today = first.today(in: Self.utc)
            try await first.setPlan(LearningPlan(calendar: .dafYomi, ahead: 0, keepDays: 0))
            let pace = try OwnPace(from: "Arakhin 5", began: today, every: .day)
            try await first.setPlan(LearningPlan(calendar: .ownPace(pace), ahead: 0, keepDays: 14))
            for plan in try await first.plans() {
                let work = try await first.work(of: plan, on: today, fetchingWithin: .seconds(10))
                if let run = try await first.fetch(work) { #expect(await collect(run).summary?.failed.isEmpty == true) }
            }
            for (day, held) in [(1, true), (14, true), (15, false)] {
                let library = try await Self.library(fixture, day: day)
                _ = try await library.clean(.plansOnly(timeZone: Self.utc))
                let names = try await library.lessonNames()
                let lessons = Set(try await library.downloads(sync: false).map { names.name($0.lessonID) })
                #expect(lessons.contains("Arakhin 5") == held, "day \(day): \(lessons)")
            }
        }
    }
}
