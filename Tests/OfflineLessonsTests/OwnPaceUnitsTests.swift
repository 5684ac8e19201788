import Foundation
import GRDB
import LessonsServer
import Testing

@testable import OfflineLessons

/// An own pace of several dapim at a time, of mishnayot, or of chapters of Mishna: named as
/// ranges, placed in their round, refused with what to give, found in the catalog and fetched.
@Suite("Own pace: dapim, mishnayot and chapters")
struct OwnPaceUnitsTests {
    static func day(_ text: String) throws -> LearningDay { try #require(LearningDay(iso: text), "\(text)") }

    @Test("three mishnayot a day from Berakhot 9:4 run on into Peah; after Oktzin 3:12 comes Berakhot 1:1, in the next round")
    func mishnayot() throws {
        let began = try Self.day("2026-11-29")
        let pace = try OwnPace(from: "berakhot 9:4", count: 3, began: began, every: .day)
        #expect(pace.unit == .mishna && pace.first.name == "Berakhot 9:4")
        let first = try #require(pace.portion(on: began))
        #expect(first.places.map(\.name) == ["Berakhot 9:4", "Berakhot 9:5", "Peah 1:1"])
        #expect(first.name == "Berakhot 9:4 – Peah 1:1" && first.position == 56 && first.lastPosition == 58 && first.length == 4187)
        #expect(pace.portion(on: began.adding(days: 1))?.name == "Peah 1:2–4")
        let calendar = DafCalendar.ownPace(pace)
        #expect(calendar.place(of: first, on: began).text(.en) == "day 1 of the plan; mishnayot 56–58 of 4187 of the Mishna")
        #expect(calendar.place(of: first, on: began).text(.es) == "día 1 del plan; mishnayot 56–58 de 4187 de la Mishná")
        #expect(pace.settings.text(.en) == "from Berakhot 9:4 on 29 November 2026, 3 mishnayot a day")
        #expect(pace.settings.text(.es) == "desde Berakhot 9:4 el 29 de noviembre de 2026, 3 mishnayot por día")

        let wrap = try OwnPace(from: "Oktzin 3:11", count: 3, began: began, every: .day)
        #expect(wrap.portion(on: began)?.name == "Oktzin 3:11 – Berakhot 1:1")
        let next = try #require(wrap.portion(on: began.adding(days: 1)))
        #expect(next.name == "Berakhot 1:2–4" && next.cycle == 2 && next.position == 2)
        #expect(StudySequence.mishnayot.count == 4187 && StudySequence.chapters.count == 524)
    }

    @Test("two chapters of Mishna a week, and three dapim a day: named as ranges, placed in their round, in both languages")
    func chaptersAndDapim() throws {
        let began = try Self.day("2026-11-29")
        let chapters = DafCalendar.ownPace(try OwnPace(from: "Berakhot 1", unit: .chapter, count: 2, began: began, every: .week))
        let day = try Self.day("2026-12-07")
        let week = try #require(chapters.portion(on: day))
        #expect(week.name == "Berakhot 3:1–4:7" && week.places.map(\.chapter) == [3, 4] && week.length == 524)
        #expect(
            chapters.place(of: week, on: day).text(.en)
                == "week 2 of the plan, 6 December to 12 December; chapters 3–4 of 524 of the Mishna")
        #expect(
            chapters.place(of: week, on: day).text(.es)
                == "semana 2 del plan, del 6 de diciembre al 12 de diciembre; capítulos 3–4 de 524 de la Mishná")
        let crossing = try OwnPace(from: "Berakhot 9", unit: .chapter, count: 2, began: began, every: .week)
        #expect(crossing.portion(on: began)?.name == "Berakhot 9:1 – Peah 1:6")
        #expect(crossing.settings.text(.en) == "from Berakhot 9:1 on 29 November 2026, 2 chapters of Mishna a week")
        #expect(crossing.settings.text(.es) == "desde Berakhot 9:1 el 29 de noviembre de 2026, 2 capítulos de Mishná por semana")
        let one = try OwnPace(from: "Berakhot 9:1", unit: .chapter, began: began, every: .week)
        #expect(one.portion(on: began)?.name == "Berakhot 9:1–5" && one.settings.text(.en).hasSuffix("a chapter of Mishna a week"))

        let dapim = DafCalendar.ownPace(try OwnPace(from: "Bava Metzia 118", count: 3, began: began, every: .day))
        let today = try #require(dapim.portion(on: began))
        #expect(today.name == "Bava Metzia 118 – Bava Batra 2" && today.daf == nil)
        #expect(dapim.portion(on: began.adding(days: 1))?.name == "Bava Batra 3–5")
        #expect(dapim.place(of: today, on: began).text(.en) == "day 1 of the plan; dapim 1634–1636 of 2711 of the Bavli")
    }

    @Test("a place that is none, or a count out of range: said with what to give, in English and Spanish")
    func refused() throws {
        let began = try Self.day("2026-12-02")
        let cases: [(String, StudyUnit?, Int, String, String)] = [
            ("Berakhot 1:1", .daf, 1, "'Berakhot 1:1' is not a masechet and a daf", "'Berakhot 1:1' no es una masejet y un daf"),
            ("Berakhot 1:x", nil, 1, "'Berakhot 1:x' is not a masechet, a chapter and a mishna", "'Berakhot 1:x' no es una masejet, un"),
            ("Berakhot 3:2", .chapter, 1, "'Berakhot 3:2' is not a masechet and a chapter", "'Berakhot 3:2' no es una masejet y un"),
            (
                "Berakhot 10:1", nil, 1, "'Berakhot 10:1': Berakhot has chapters 1-9",
                "'Berakhot 10:1': Berakhot tiene los capítulos 1-9"
            ),
            ("Berakhot 10", .chapter, 1, "'Berakhot 10': Berakhot has chapters 1-9", "'Berakhot 10': Berakhot tiene los capítulos"),
            (
                "Berakhot 1:6", nil, 1, "'Berakhot 1:6': Berakhot 1 has mishnayot 1-5",
                "'Berakhot 1:6': Berakhot 1 tiene las mishnayot 1-5"
            ),
            ("Foo 1:1", nil, 1, "'Foo 1:1' names no masechet of the Mishna", "'Foo 1:1' no nombra ninguna masejet de la Mishná"),
            ("Pea 2", nil, 1, "Peah has no Gemara of the Bavli: start at a mishna (\"Peah 1:1\")", "Peah no tiene Guemará del Bavli"),
            ("Foo 2", nil, 1, "'Foo 2' names no masechet of the Bavli", "'Foo 2' no nombra ninguna masejet del Bavli"),
            ("Berakhot 2", nil, 0, "a pace learns 1 to 30 at a time, not 0", "un ritmo estudia de 1 a 30 cada vez, no 0"),
            ("Berakhot 2", nil, 31, "a pace learns 1 to 30 at a time, not 31", "un ritmo estudia de 1 a 30 cada vez, no 31"),
        ]
        for (text, unit, count, english, spanish) in cases {
            #expect {
                try OwnPace(from: text, unit: unit, count: count, began: began, every: .day)
            } throws: { error in
                guard let error = error as? OwnPaceError else { return false }
                return error.message(.en).hasPrefix(english) && error.message(.es).hasPrefix(spanish)
            }
        }
    }

    @Test("a chapter of Mishna a week: its mishnayot found in the catalog and fetched; kept in the registry and as JSON")
    func chapterPlan() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await LearningPlanTests.library(fixture, day: 0)
            let pace = try OwnPace(from: "Berakhot 2", unit: .chapter, began: try Self.day("2026-11-22"), every: .week)
            try await library.setPlan(LearningPlan(calendar: .ownPace(pace), ahead: 0))
            let plan = try #require(try await library.plans().first)
            let work = try await library.work(of: plan, on: try Self.day("2026-11-24"), fetchingWithin: .seconds(10))
            #expect(work.portions.map(\.portion.name) == ["Berakhot 2:1–8"])
            #expect(work.portions.first?.lessons.map(\.name) == (1...8).map { "Berakhot 2:\($0)" })
            #expect(work.missing.count == 8 && work.portions.first?.isReady == false)
            _ = await collect(try #require(try await library.fetch(work)))
            let after = try await library.work(of: plan, on: try Self.day("2026-11-24"), fetchingWithin: nil)
            #expect(after.missing.isEmpty && after.portions.first?.isReady == true)

            let reopened = try await LearningPlanTests.library(fixture, day: 1)
            guard case .ownPace(let read) = try await reopened.plans().first?.calendar else { throw PlanError.noSuchPlan("own-pace") }
            #expect(read == pace && read.unit == .chapter && read.count == 1)
            let json = try JSONEncoder().encode(try await reopened.plans())
            #expect(String(decoding: json, as: UTF8.self).contains(#""unit":"chapter""#))
            #expect(try JSONDecoder().decode([LearningPlan].self, from: json) == [plan])
        }
    }

    @Test("past the end of the Bavli a pace counts its round, said in words; a change of pace keeps it, in the registry and as JSON")
    func roundKept() async throws {
        let began = try Self.day("2026-11-29")
        let pace = try OwnPace(from: "Niddah 72", began: began, every: .day)
        let third = began.adding(days: 2)
        let portion = try #require(pace.portion(on: third))
        #expect(portion.name == "Berakhot 2" && portion.cycle == 2 && portion.position == 1)
        let calendar = DafCalendar.ownPace(pace)
        #expect(calendar.place(of: portion, on: third).text(.en) == "day 3 of the plan; daf 1 of 2711 of the Bavli, round 2")
        #expect(calendar.place(of: portion, on: third).text(.es) == "día 3 del plan; daf 1 de 2711 del Bavli, vuelta 2")
        let first = try #require(pace.portion(on: began))
        #expect(calendar.place(of: first, on: began).text(.en) == "day 1 of the plan; daf 2710 of 2711 of the Bavli")

        let faster = try pace.continuing(on: third, count: 2)
        #expect(faster.first.start == "Berakhot 2" && faster.round == 2)
        let next = try #require(faster.portion(on: third.adding(days: 1)))
        #expect(next.name == "Berakhot 4–5" && next.cycle == 2)
        try await DownloadFixture.run { fixture in
            let library = try await LearningPlanTests.library(fixture, day: 0)
            try await library.setPlan(LearningPlan(calendar: .ownPace(faster), ahead: 0))
            let plans = try await LearningPlanTests.library(fixture, day: 1).plans()
            guard case .ownPace(let read) = plans.first?.calendar else { throw PlanError.noSuchPlan("own-pace") }
            #expect(read == faster && read.round == 2)
            let json = try JSONEncoder().encode(plans)
            #expect(String(decoding: json, as: UTF8.self).contains(#""round":2"#))
            #expect(try JSONDecoder().decode([LearningPlan].self, from: json) == plans)
        }
    }

    @Test("an own pace kept by a v11 registry is read by v12 as a daf at a time from where it was")
    func migratedFromV11() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("library.sqlite").path
        let began = try Self.day("2026-11-22")
        do {
            let v11 = try DatabaseQueue(path: path)
            try LibraryDatabase.migrator.migrate(v11, upTo: "v11-own-pace")
            try await v11.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO plan (calendar, ahead, keepDays, media, keepUnplayed, createdAt, paceMasechet, paceDaf, paceBegan, paceEvery)
                        VALUES ('own-pace', 2, 5, 'audio', 0, '2026-01-01 00:00:00.000', 'Bava Metzia', 7, ?, 'week');
                        INSERT INTO plan (calendar, ahead, keepDays, media, keepUnplayed, createdAt)
                        VALUES ('daf-yomi', 4, 9, 'both', 1, '2026-01-01 00:00:00.000');
                        """, arguments: [began.dayNumber])
            }
        }
        let database = try LibraryDatabase.open(at: path)
        #expect(try await database.appliedMigrations().last == "v13-pace-round")
        let pace = try OwnPace(from: "Bava Metzia 7", began: began, every: .week)
        #expect(
            try await database.plans() == [
                LearningPlan(calendar: .dafYomi, ahead: 4, keepDays: 9, media: .both, keepUnplayed: true),
                LearningPlan(calendar: .ownPace(pace), ahead: 2, keepDays: 5),
            ])
    }

    @Test("a change of pace keeps one's place: the same period goes on from its first day, a new period starts today")
    func continuing() throws {
        let began = try #require(LearningDay(iso: "2026-10-19"))
        let weekly = try OwnPace(from: "Berakhot 1", unit: .chapter, began: began, every: .week)
        let today = began.adding(days: 37)  // week 6: chapter 6
        #expect(DafCalendar.ownPace(weekly).portion(on: today)?.name == "Berakhot 6:1–8")
        let two = try weekly.continuing(on: today, count: 2)
        #expect(two.first.start == "Berakhot 6:1" && two.began == began.adding(days: 35) && two.unit == .chapter && two.every == .week)
        #expect(DafCalendar.ownPace(two).portion(on: today)?.places.compactMap(\.chapter) == [6, 7])
        let daily = try weekly.continuing(on: today, every: .day)
        #expect(daily.first.start == "Berakhot 6:1" && daily.began == today && daily.count == 1)
        let same = try weekly.continuing(on: today)
        #expect(DafCalendar.ownPace(same).portion(on: today) == DafCalendar.ownPace(weekly).portion(on: today))
        let early = try weekly.continuing(on: began.adding(days: -3), count: 3)
        #expect(early.first.start == "Berakhot 1:1" && early.began == began && early.count == 3, "before its first day: its start kept")
        #expect(throws: OwnPaceError.self) { try weekly.continuing(on: today, count: 31) }
    }

    @Test("a masechet by any name people give it: Brachos, Avoda Zara, ברכות")
    func otherNames() throws {
        let began = try #require(LearningDay(iso: "2026-11-30"))
        #expect(try OwnPace(from: "Brachos 5", began: began, every: .day).first.start == "Berakhot 5")
        #expect(try OwnPace(from: "Avoda Zara 2", began: began, every: .day).first.start == "Avodah Zarah 2")
        #expect(try OwnPace(from: "ברכות 1:1", began: began, every: .day).first.start == "Berakhot 1:1")
    }
}
