import Foundation
import GRDB
import Testing

@testable import OfflineLessons

/// The registry's dates are read from their bytes for the downloads list; they must be the dates
/// GRDB reads from the same text, and anything but GRDB's own format must be left to GRDB.
@Suite("Stored dates")
struct StoredDateTests {
    static func parse(_ text: String) -> Date? {
        Array(text.utf8).withUnsafeBytes(StoredDate.parse)
    }

    /// Leap days, month and year ends, millisecond edges (rounding up into the next second), and
    /// 5,000 random dates from 1970 to 2100.
    static func sampleDates() -> [Date] {
        var dates: [Date] = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 951_782_400.5),
            Date(timeIntervalSince1970: 4_107_542_399.999), Date(timeIntervalSince1970: 1_795_000_000.001),
            Date(timeIntervalSince1970: 1_795_000_000.0009), Date(timeIntervalSince1970: 1_795_000_000.9999),
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 { dates.append(Date(timeIntervalSince1970: Double.random(in: 0..<4_102_444_800, using: &generator))) }
        for day in stride(from: 1, to: 150 * 366, by: 31) { dates.append(Date(timeIntervalSince1970: Double(day) * 86_400 - 0.001)) }
        return dates
    }

    @Test("the dates GRDB writes read back as GRDB reads them: leap days, month and year ends, every millisecond pattern")
    func sameAsGRDB() throws {
        let dates = Self.sampleDates()
        var mismatches: [String] = []
        for date in dates {
            let text = try #require(String.fromDatabaseValue(date.databaseValue))
            let grdb = try #require(Date.fromDatabaseValue(text.databaseValue))
            guard let ours = Self.parse(text) else {
                mismatches.append("\(text): not parsed")
                continue
            }
            // Equal to GRDB's reading within a microsecond (two ways of summing a double).
            if abs(ours.timeIntervalSince(grdb)) > 0.000_001 { mismatches.append("\(text): \(ours) vs \(grdb)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test(
        "other spellings are not guessed at: left to GRDB",
        arguments: [
            "2026-11-23", "2026-11-23T10:00:00", "2026-11-23 10:00", "2026-13-01 00:00:00", "2026-11-23 24:00:00",
            "2026-11-23 10:00:00.", "2026-11-23 10:00:00.1234567890", "2026-11-23 10:00:00Z", "1969-12-31 23:59:59", "",
            "２０２６-11-23 10:00:00", "2026-11-23 10:0a:00", "12345", "2026-11-23 10:00:00.12a",
        ])
    func leftToGRDB(text: String) {
        #expect(Self.parse(text) == nil)
    }

    @Test("seconds and fractions of any length GRDB might have written")
    func fractions() {
        #expect(Self.parse("2026-11-23 10:00:00") == Date(timeIntervalSince1970: 1_795_428_000))
        #expect(Self.parse("2026-11-23 10:00:00.5") == Date(timeIntervalSince1970: 1_795_428_000.5))
        #expect(Self.parse("2026-11-23 10:00:00.250") == Date(timeIntervalSince1970: 1_795_428_000.25))
        #expect(Self.parse("2000-02-29 23:59:59.999") == Date(timeIntervalSince1970: 951_868_799.999))
    }

    @Test("the text written for a date is GRDB's own, to the millisecond: leap days, month and year ends, random dates")
    func writesAsGRDB() throws {
        let dates = Self.sampleDates()
        var mismatches: [String] = []
        for date in dates {
            let grdb = try #require(String.fromDatabaseValue(date.databaseValue))
            let ours = StoredDate.text(date)
            if ours != grdb { mismatches.append("\(date.timeIntervalSince1970): ours \(ours), GRDB \(grdb)") }
        }
        #expect(mismatches.count == 0, "\(mismatches.prefix(10))")
    }
}
