import Foundation
import GRDB
import LessonsServer
import Testing

@testable import OfflineLessons

/// One's own pace: a daf a day or a week from a daf and a day one chooses, in the order Daf Yomi
/// learns the Bavli; kept in the registry beside the published calendars.
@Suite("Own pace")
struct OwnPaceTests {
    static func day(_ text: String) throws -> LearningDay { try #require(LearningDay(iso: text), "\(text)") }

    @Test("from Berakhot 2 on 5 January 2020, a daf a day, is Daf Yomi's 14th cycle, every day of it")
    func sameAsDafYomi() throws {
        let began = try Self.day("2020-01-05")
        let pace = DafCalendar.ownPace(try OwnPace(from: "Berakhot 2", began: began, every: .day))
        for offset in 0..<2711 {
            let day = began.adding(days: offset)
            let own = try #require(pace.portion(on: day))
            let yomi = try #require(DafCalendar.dafYomi.portion(on: day))
            #expect(own.name == yomi.name && own.position == yomi.position, "\(day)")
        }
        #expect(pace.portion(on: began.adding(days: 2711))?.name == "Berakhot 2")
        #expect(pace.portion(on: began.adding(days: 2711))?.cycle == 2)
        #expect(pace.portion(on: began.adding(days: -1)) == nil, "nothing before the first day")
    }

    @Test("a daf a week from a Wednesday: weeks counted from it; past Niddah 73 comes Berakhot 2; any spelling of the masechet")
    func weeksAndSpellings() throws {
        let began = try Self.day("2026-12-02")
        let weekly = DafCalendar.ownPace(try OwnPace(from: "bava metsia 118", began: began, every: .week))
        #expect(weekly.isWeekly && weekly.rawValue == "own-pace")
        #expect(weekly.days(around: try Self.day("2026-12-08")) == began...(try Self.day("2026-12-08")))
        #expect(weekly.portion(on: try Self.day("2026-12-08"))?.name == "Bava Metzia 118")
        #expect(weekly.portion(on: try Self.day("2026-12-09"))?.name == "Bava Metzia 119")
        #expect(weekly.portion(on: try Self.day("2026-12-16"))?.name == "Bava Batra 2")
        let wrap = DafCalendar.ownPace(try OwnPace(from: "Niddah 73", began: began, every: .day))
        #expect(wrap.portion(on: began.adding(days: 1))?.name == "Berakhot 2" && wrap.portion(on: began.adding(days: 1))?.cycle == 2)
        #expect(try OwnPace(from: "Kinnim 23", began: began, every: .day).first.name == "Kinnim 23")
        let place = weekly.place(of: try #require(weekly.portion(on: try Self.day("2026-12-10"))), on: try Self.day("2026-12-10"))
        #expect(place.text(.en) == "week 2 of the plan, 9 December to 15 December; daf 1635 of 2711 of the Bavli", "\(place.text(.en))")
        #expect(
            place.text(.es) == "semana 2 del plan, del 9 de diciembre al 15 de diciembre; daf 1635 de 2711 del Bavli", "\(place.text(.es))")
    }

    @Test("a first daf that is none: said with what to give, in English and Spanish")
    func refused() throws {
        let began = try Self.day("2026-12-02")
        for (text, english, spanish) in [
            ("Bava Metzia", "'Bava Metzia' is not a masechet and a daf", "'Bava Metzia' no es una masejet y un daf"),
            (
                "Bava Mezzanine 2", "'Bava Mezzanine 2' names no masechet of the Bavli",
                "'Bava Mezzanine 2' no nombra ninguna masejet del Bavli"
            ),
            ("Meilah 23", "'Meilah 23': Meilah has dapim 2-22", "'Meilah 23': Meilah tiene los dapim 2-22"),
        ] {
            #expect {
                try OwnPace(from: text, began: began, every: .day)
            } throws: { error in
                guard let error = error as? OwnPaceError else { return false }
                return error.message(.en).hasPrefix(english) && error.message(.es).hasPrefix(spanish)
            }
        }
    }

    @Test("an own pace kept in the registry and read back; its settings changed; written as JSON with them; stopped")
    func kept() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await LearningPlanTests.library(fixture, day: 0)
            let pace = try OwnPace(from: "Bava Metzia 2", began: try Self.day("2026-11-29"), every: .day)
            try await library.setPlan(LearningPlan(calendar: .ownPace(pace), ahead: 1, keepDays: 3))
            try await library.setPlan(LearningPlan(calendar: .dafYomi))
            let reopened = try await LearningPlanTests.library(fixture, day: 1)
            let plans = try await reopened.plans()
            #expect(plans.map(\.calendar.rawValue) == ["daf-yomi", "own-pace"])
            guard case .ownPace(let read) = plans.last?.calendar else { throw PlanError.noSuchPlan("own-pace") }
            #expect(read == pace && read.first.name == "Bava Metzia 2" && read.began == pace.began && read.every == .day)
            let settings = plans.last?.settings.text(.en) ?? ""
            #expect(settings.hasPrefix("from Bava Metzia 2 on 29 November 2026, a daf a day; downloads the dapim of today"), "\(settings)")
            let json = try JSONEncoder().encode(plans)
            #expect(try JSONDecoder().decode([LearningPlan].self, from: json) == plans)
            #expect(String(decoding: json, as: UTF8.self).contains(#""pace":{"#))
            let weekly = try OwnPace(from: "Shabbat 2", began: try Self.day("2026-12-01"), every: .week)
            try await reopened.setPlan(LearningPlan(calendar: .ownPace(weekly)))
            guard case .ownPace(let changed) = try await reopened.plans().last?.calendar else { throw PlanError.noSuchPlan("own-pace") }
            #expect(changed.first.name == "Shabbat 2" && changed.every == .week)
            let work = try await reopened.work(
                of: try #require(try await reopened.plans().last), on: try Self.day("2026-12-08"), fetchingWithin: .seconds(10))
            #expect(work.portions.map(\.portion.name) == ["Shabbat 3"], "one week's daf for 3 days ahead within it")
            try await reopened.removePlan(.ownPace(changed))
            #expect(try await reopened.plans().map(\.calendar) == [.dafYomi])
        }
    }

    @Test("a v10 library's plans and their lessons are kept by v11; the registry refuses an own pace without its settings")
    func migrated() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("library.sqlite").path
        do {
            let v10 = try DatabaseQueue(path: path)
            try LibraryDatabase.migrator.migrate(v10, upTo: "v10-plans")
            try await v10.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO plan (calendar, ahead, keepDays, media, keepUnplayed, createdAt)
                        VALUES ('daf-yomi', 4, 9, 'both', 1, '2026-01-01 00:00:00.000');
                        INSERT INTO planLesson (calendar, type, id, day) VALUES ('daf-yomi', 'gemara', 2, 20500);
                        """)
            }
        }
        let database = try LibraryDatabase.open(at: path)
        #expect(try await database.appliedMigrations().last == "v13-pace-round")
        #expect(try await database.plans() == [LearningPlan(calendar: .dafYomi, ahead: 4, keepDays: 9, media: .both, keepUnplayed: true)])
        let lessons = try await database.planLessons()
        #expect(lessons.count == 1 && lessons.first?.calendar == "daf-yomi" && lessons.first?.day.dayNumber == 20500)
        let queue = try DatabaseQueue(path: path)
        #expect(throws: (any Error).self) {
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO plan (calendar, ahead, keepDays, media, createdAt) VALUES ('own-pace', 1, 1, 'audio', '2026-01-01')")
            }
        }
    }
}
