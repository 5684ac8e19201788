import Foundation
import OfflineLessons

/// `lessons list --json`, written directly: the same document as ``Terminal/json(_:)`` gives
/// (pretty printed, sorted keys, ISO 8601 dates, slashes unescaped), byte for byte (a test
/// compares the two), at a fraction of the cost: on a full Shas, `JSONEncoder` was most of the
/// command's time.
enum ListJSON {
    /// The document's UTF-8 bytes (no newline at the end).
    static func render(_ report: ListCommand.Report) throws -> [UInt8] {
        // The encoder's own output where there is little to gain: no lessons, and the sync report.
        guard !report.lessons.isEmpty else { return Array(try Terminal.jsonText(report).utf8) }
        var out = JSONBytes(capacity: report.lessons.count * 520)
        out.raw("{\n  \"count\" : ")
        out.int(report.count)
        out.raw(",\n  \"lessons\" : [\n")
        let dates = Date.ISO8601FormatStyle()
        for (index, lesson) in report.lessons.enumerated() {
            write(lesson, to: &out, dates: dates)
            out.raw(index == report.lessons.count - 1 ? "\n" : ",\n")
        }
        out.raw("  ],\n  \"library\" : ")
        out.string(report.library)
        if let sync = report.sync {
            out.raw(",\n  \"sync\" : ")
            // Nested one level deeper than the encoder put it on its own; an empty line (inside an
            // empty array) stays empty, as the encoder writes it.
            let lines = try Terminal.jsonText(sync).split(separator: "\n", omittingEmptySubsequences: false)
            out.text(
                lines.enumerated().map { index, line in index == 0 || line.isEmpty ? String(line) : "  " + line }
                    .joined(separator: "\n"))
        }
        out.raw(",\n  \"totalBytes\" : ")
        out.int(report.totalBytes)
        out.raw("\n}")
        return out.bytes
    }

    /// One lesson at the indentation of an element of the top-level `lessons` array, keys sorted.
    private static func write(_ lesson: DownloadedLesson, to out: inout JSONBytes, dates: Date.ISO8601FormatStyle) {
        out.raw("    {\n      \"chapter\" : ")
        out.int(lesson.chapter)
        out.raw(
            lesson.complete
                ? ",\n      \"complete\" : true,\n      \"duration\" : " : ",\n      \"complete\" : false,\n      \"duration\" : ")
        out.int(lesson.duration)
        out.raw(",\n      \"id\" : ")
        out.int(lesson.id)
        out.raw(",\n      \"masechetId\" : ")
        out.int(lesson.masechetId)
        if let name = lesson.masechetName {
            out.raw(",\n      \"masechetName\" : ")
            out.string(name)
        }
        out.raw(",\n      \"media\" : {\n")
        let media = lesson.media.sorted { $0.key < $1.key }
        for (index, (medium, file)) in media.enumerated() {
            out.raw("        ")
            out.string(medium)
            out.raw(" : {\n          \"bytes\" : ")
            out.int(file.bytes)
            if let completedAt = file.completedAt {
                out.raw(",\n          \"completedAt\" : ")
                out.date(completedAt, otherwise: dates)
            }
            out.raw(index == media.count - 1 ? "\n        }\n" : "\n        },\n")
        }
        out.raw("      },\n")
        if let mishna = lesson.mishna {
            out.raw("      \"mishna\" : ")
            out.int(mishna)
            out.raw(",\n")
        }
        let missing = lesson.missingMedia
        if !missing.isEmpty {
            out.raw("      \"missing\" : [\n")
            for (index, medium) in missing.enumerated() {
                out.raw("        ")
                out.string(medium.rawValue)
                out.raw(index == missing.count - 1 ? "\n" : ",\n")
            }
            out.raw("      ],\n")
        }
        out.raw("      \"name\" : ")
        out.string(lesson.name)
        out.raw(",\n")
        if let page = lesson.page {
            out.raw("      \"page\" : ")
            out.int(page)
            out.raw(",\n")
        }
        out.raw("      \"sederId\" : ")
        out.int(lesson.sederId)
        if let name = lesson.sederName {
            out.raw(",\n      \"sederName\" : ")
            out.string(name)
        }
        out.raw(",\n      \"type\" : ")
        out.string(lesson.type.rawValue)
        out.raw("\n    }")
    }
}

/// A growing UTF-8 buffer with JSON's pieces: literal text, integers, and strings escaped as
/// the encoder escapes them (quotes, backslashes and control characters; slashes and non-ASCII
/// text as they are).
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func text(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func int(_ value: Int) {
        guard value != 0 else { return bytes.append(UInt8(ascii: "0")) }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// A date as `JSONEncoder`'s `.iso8601` writes it: `yyyy-MM-ddTHH:mm:ssZ` in UTC, the
    /// fraction of a second dropped. Computed from the seconds for the years 1970 to 9999 (a
    /// formatter costs about a microsecond a date, a tenth of the whole list); other dates, where
    /// the calendar's history matters, go through `style`.
    mutating func date(_ date: Date, otherwise style: Date.ISO8601FormatStyle) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= 0, seconds < 253_402_300_800 else { return string(style.format(date)) }
        let total = Int(seconds)
        let days = total / 86_400
        let time = total % 86_400
        // Days since 1970-01-01 to a civil date (Howard Hinnant's days_from_civil, inverted).
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        bytes.append(UInt8(ascii: "\""))
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(time / 3_600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time % 60, 2)
        bytes += [UInt8(ascii: "Z"), UInt8(ascii: "\"")]
    }

    /// `value` (not negative) in exactly `width` digits, zero-padded.
    private mutating func digits(_ value: Int, _ width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
                ]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
