import Foundation
import Testing

@testable import OfflineLessons

/// The learning calendars, compared with a reference implementation (python-zmanim, a port of
/// KosherJava's calculators: Fixtures/daf-calendar-reference.py wrote the reference file).
@Suite("Daf Yomi and Daf HaShavua")
struct DafCalendarTests {
    struct Reference: Decodable {
        struct Daf: Decodable, Equatable {
            var masechet: String
            var daf: Int
            var cycle: Int
            var position: Int
        }
        var date: String
        var dafYomi: Daf?
        var dafHashavua: Daf?
    }

    static func reference() throws -> [Reference] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/daf-calendar-reference.json")
        return try JSONDecoder().decode([Reference].self, from: Data(contentsOf: url))
    }

    static func day(_ text: String) throws -> LearningDay { try #require(LearningDay(iso: text), "\(text)") }

    @Test("every date of the reference set, across 24 cycles, the 1975 Shekalim change, leap days and Daf HaShavua's weeks")
    func matchesTheReference() throws {
        let rows = try Self.reference()
        #expect(rows.count > 600)
        let cycles = Set(rows.compactMap { $0.dafYomi?.cycle })
        #expect(cycles.isSuperset(of: [7, 8, 13, 14, 15]))
        for row in rows {
            let day = try Self.day(row.date)
            let yomi = DafCalendar.dafYomi.portion(on: day).map {
                Reference.Daf(masechet: $0.masechet, daf: $0.daf ?? 0, cycle: $0.cycle, position: $0.position)
            }
            let weekly = DafCalendar.dafHashavua.portion(on: day).map {
                Reference.Daf(masechet: $0.masechet, daf: $0.daf ?? 0, cycle: $0.cycle, position: $0.position)
            }
            #expect(yomi == row.dafYomi, "Daf Yomi on \(row.date)")
            #expect(weekly == row.dafHashavua, "Daf HaShavua on \(row.date)")
        }
    }

    @Test("cycles of 2,711 days (2,702 before 1975); the 14th began on 5 January 2020 with Berakhot 2")
    func cycles() throws {
        #expect(StudySequence.dapim.count == 2711)
        #expect(StudySequence.dapimBeforeShekalimChange.count == 2702)
        let first = try #require(DafCalendar.dafYomi.portion(on: try Self.day("2020-01-05")))
        #expect(first == Portion(masechet: "Berakhot", daf: 2, cycle: 14, position: 1, length: 2711))
        let last = try #require(DafCalendar.dafYomi.portion(on: try Self.day("2027-06-07")))
        #expect(last.name == "Niddah 73" && last.position == 2711)
        #expect(DafCalendar.dafYomi.portion(on: try Self.day("1975-06-23"))?.length == 2702)
        #expect(DafCalendar.dafYomi.portion(on: try Self.day("1923-09-10")) == nil)
        #expect(DafCalendar.dafHashavua.portion(on: try Self.day("2005-03-01")) == nil)
        // Kinnim, Tamid and Middot in Meilah's pagination.
        #expect(DafCalendar.dafYomi.portion(on: try Self.day("2027-03-13"))?.name == "Kinnim 23")
        #expect(DafCalendar.dafYomi.portion(on: try Self.day("2027-03-16"))?.name == "Tamid 26")
        #expect(DafCalendar.dafYomi.portion(on: try Self.day("2027-03-24"))?.name == "Middot 34")
    }

    @Test("a Daf HaShavua week runs Sunday to Shabbat; its first ran from Wednesday 2 March 2005")
    func weeks() throws {
        let week = try #require(DafCalendar.dafHashavua.days(around: try Self.day("2026-11-25")))
        #expect(week.lowerBound.iso == "2026-11-22" && week.upperBound.iso == "2026-11-28")
        #expect(week.lowerBound.weekday == 1 && week.upperBound.weekday == 7)
        let first = try #require(DafCalendar.dafHashavua.days(around: try Self.day("2005-03-04")))
        #expect(first.lowerBound.iso == "2005-03-02" && first.upperBound.iso == "2005-03-05")
        #expect(DafCalendar.dafYomi.days(around: try Self.day("2026-11-25"))?.upperBound.iso == "2026-11-25")
    }

    @Test("days: every day from 1900 to 2100 round-trips, weekdays agree with Foundation's calendar, nonsense is refused")
    func days() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let from = LearningDay.dayNumber(year: 1900, month: 1, day: 1)
        let to = LearningDay.dayNumber(year: 2100, month: 12, day: 31)
        for number in stride(from: from, through: to, by: 1) {
            let day = LearningDay(dayNumber: number)
            #expect(LearningDay(iso: day.iso) == day)
            if number % 97 == 0 {
                let date = Date(timeIntervalSince1970: Double(number) * 86_400)
                let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
                #expect(parts.year == day.year && parts.month == day.month && parts.day == day.day, "\(day)")
                #expect(parts.weekday == day.weekday, "\(day)")
            }
        }
        for text in ["2026-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "26-11-28", "2026-11-28T00:00", "2026-1-5", "２０２６-11-28", ""] {
            #expect(LearningDay(iso: text) == nil, "\(text)")
        }
        #expect(LearningDay(iso: "2024-02-29") != nil && LearningDay(iso: "2000-02-29") != nil)
    }

    @Test("a day starts at local midnight: the same moment is a different day in Jerusalem and in Buenos Aires")
    func localMidnight() throws {
        let moment = Date(timeIntervalSince1970: Double(LearningDay.dayNumber(year: 2026, month: 11, day: 27)) * 86_400 + 23.5 * 3600)
        #expect(LearningDay(moment, in: try #require(TimeZone(identifier: "Asia/Jerusalem"))).iso == "2026-11-28")
        #expect(LearningDay(moment, in: try #require(TimeZone(identifier: "America/Argentina/Buenos_Aires"))).iso == "2026-11-27")
    }

    @Test("in the catalog: the day's daf by name and state; Shekalim, Kinnim and Middot named and skipped, never another lesson")
    func inTheCatalog() async throws {
        try await DownloadFixture.run { fixture in
            let jerusalemMorning = Date(
                timeIntervalSince1970: Double(LearningDay.dayNumber(year: 2026, month: 11, day: 28)) * 86_400 + 8 * 3600)
            let client = CatalogClient(configuration: .init(apiBase: fixture.running.apiBase, token: "test"))
            let library = try await LessonLibrary(root: fixture.root, client: client, configuration: .init(now: { jerusalemMorning }))
            let today = library.today(in: try #require(TimeZone(identifier: "Asia/Jerusalem")))
            #expect(today.iso == "2026-11-28")
            let arakhin = try #require(try await library.lesson(of: .dafYomi, on: today, fetchingWithin: .seconds(10)))
            #expect(arakhin.portion.name == "Arakhin 11" && arakhin.absence == nil && !arakhin.isReady)
            #expect(arakhin.lessons.map(\.name) == ["Arakhin 11"])
            _ = await collect(try await library.download(try await fixture.lessons("gemara:arakhin:11", in: library), media: .audio))
            #expect(try await library.lesson(of: .dafYomi, on: today, fetchingWithin: nil)?.isReady == true)
            for (date, masechet) in [("2021-03-23", "Shekalim"), ("2027-03-13", "Kinnim"), ("2027-03-24", "Middot")] {
                let skipped = try #require(try await library.lesson(of: .dafYomi, on: try Self.day(date), fetchingWithin: .seconds(10)))
                #expect(skipped.portion.masechet == masechet)
                #expect(skipped.absence == .noGemara && skipped.lessons.isEmpty, "\(date): \(skipped.lessons.map(\.name))")
                let mishna = try await library.catalog().shas.masechtot.first { $0.name == masechet && !$0.chapterList.isEmpty }
                #expect(mishna != nil && skipped.mishnaMasechetId == mishna?.id, "\(date): its Mishna offered instead")
            }
            let tamid = try #require(try await library.lesson(of: .dafYomi, on: try Self.day("2027-03-16"), fetchingWithin: .seconds(10)))
            #expect(tamid.lessons.map(\.name) == ["Tamid 26"] && tamid.mishnaMasechetId == nil)
            let weekly = try #require(try await library.lesson(of: .dafHashavua, on: today, fetchingWithin: .seconds(10)))
            #expect(weekly.lessons.map(\.name) == ["Nazir 20"] && weekly.from.iso == "2026-11-22" && weekly.to.iso == "2026-11-28")
        }
    }
}
