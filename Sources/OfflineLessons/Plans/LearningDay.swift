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

    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        StoredDate.daysFromCivil(year: year, month: month, day: day)
    }

    var civil: (year: Int, month: Int, day: Int) { StoredDate.civilFromDays(dayNumber) }

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
