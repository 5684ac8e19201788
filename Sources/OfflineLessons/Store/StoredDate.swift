import Foundation
internal import GRDB

/// The registry's dates as GRDB stores them, `YYYY-MM-DD HH:MM:SS.SSS` in UTC, read from their
/// bytes with no calendar (anything else is left to GRDB: `nil` here), and written the same way
/// (``text(_:)``).
enum StoredDate {
    /// The text GRDB stores for `date` (to the nearest millisecond, as its formatter rounds),
    /// made from the number: bind it where a statement would bind the `Date`.
    static func text(_ date: Date) -> String {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        let (year, month, day) = civilFromDays(days)
        var rest = milliseconds - days * 86_400_000
        let hour = rest / 3_600_000
        rest -= hour * 3_600_000
        let minute = rest / 60_000
        rest -= minute * 60_000
        let second = rest / 1000
        let millisecond = rest % 1000
        var bytes = [UInt8](repeating: 0, count: 23)
        func put(_ value: Int, at start: Int, digits: Int) {
            var value = value
            for index in stride(from: start + digits - 1, through: start, by: -1) {
                bytes[index] = UInt8(48 + value % 10)
                value /= 10
            }
        }
        put(year, at: 0, digits: 4)
        bytes[4] = UInt8(ascii: "-")
        put(month, at: 5, digits: 2)
        bytes[7] = UInt8(ascii: "-")
        put(day, at: 8, digits: 2)
        bytes[10] = UInt8(ascii: " ")
        put(hour, at: 11, digits: 2)
        bytes[13] = UInt8(ascii: ":")
        put(minute, at: 14, digits: 2)
        bytes[16] = UInt8(ascii: ":")
        put(second, at: 17, digits: 2)
        bytes[19] = UInt8(ascii: ".")
        put(millisecond, at: 20, digits: 3)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's civil_from_days).
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func parse(_ text: UnsafeRawBufferPointer) -> Date? {
        // `YYYY-MM-DD HH:MM:SS` (19 bytes), optionally `.` and 1 to 9 digits of a second.
        guard text.count >= 19, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: " "),
            text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
            let year = number(text, 0, 4), let month = number(text, 5, 2), let day = number(text, 8, 2),
            let hour = number(text, 11, 2), let minute = number(text, 14, 2), let second = number(text, 17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60, year >= 1970
        else { return nil }
        var fraction = 0.0
        if text.count > 19 {
            let digits = text.count - 20
            guard text[19] == UInt8(ascii: "."), (1...9).contains(digits), let value = number(text, 20, digits) else { return nil }
            var scale = 1.0
            for _ in 0..<digits { scale *= 10 }
            fraction = Double(value) / scale
        }
        let seconds = daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The decimal number of `count` digits at `start`, or `nil` if one is not a digit.
    private static func number(_ text: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = Int(text[index]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Row {
    /// A date column of the registry: read from its bytes (``StoredDate/parse(_:)``) when GRDB
    /// wrote it, as GRDB reads it otherwise; `nil` for NULL.
    func storedDate(atIndex index: Int) throws -> Date? {
        let parsed: Date? = try withUnsafeData(atIndex: index) { data in data.flatMap { $0.withUnsafeBytes(StoredDate.parse) } }
        return parsed ?? self[index]
    }
}
