import Foundation

/// A day of the (proleptic Gregorian) civil calendar, as a learning plan counts days: no time and
/// no zone. A plan's day starts at local midnight (``init(_:in:)``).
public struct LearningDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let dayNumber: Int

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// `nil` unless the month has that day ("2026-02-30" is no day).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year) else { return nil }
        dayNumber = Self.dayNumber(year: year, month: month, day: day)
    }

    /// A day written as ISO 8601 does ("2026-11-28"); `nil` for anything else.
    public init?(iso text: some StringProtocol) {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
            fields.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `date` falls on where the clock reads `zone`'s time.
    public init(_ date: Date, in zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        dayNumber = Self.dayNumber(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    /// 1 for Sunday … 7 for Shabbat.
    public var weekday: Int { ((dayNumber + 4) % 7 + 7) % 7 + 1 }

    /// "2026-11-28".
    public var iso: String {
        let (year, month, day) = civil
        let padded = { (value: Int, width: Int) in String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public var description: String { iso }

    public func adding(days: Int) -> LearningDay { LearningDay(dayNumber: dayNumber + days) }

    /// The days from `other` to `self`.
    public static func - (day: LearningDay, other: LearningDay) -> Int { day.dayNumber - other.dayNumber }

    public static func < (lhs: LearningDay, rhs: LearningDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    // Howard Hinnant's days_from_civil and civil_from_days: exact for every proleptic Gregorian day.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    var civil: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension LearningDay: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = LearningDay(iso: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a day (YYYY-MM-DD)"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
