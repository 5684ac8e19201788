import Foundation
import OfflineLessons

/// `lessons list --json`, written directly: the same document as ``Terminal/json(_:)`` gives
/// (pretty printed, sorted keys, ISO 8601 dates, slashes unescaped), byte for byte (a test
/// compares the two), at a fraction of the cost: `JSONEncoder` spent about 80 ms on the
/// 6,871 lessons of a full Shas, half of the whole command.
enum ListJSON {
    static func render(_ report: ListCommand.Report) throws -> String {
        // The encoder's own output where there is little to gain: no lessons, and the sync report.
        guard !report.lessons.isEmpty else { return try Terminal.jsonText(report) }
        var out = "{\n  \"count\" : \(report.count),\n  \"lessons\" : [\n"
        out.reserveCapacity(report.lessons.count * 420)
        for (index, lesson) in report.lessons.enumerated() {
            write(lesson, to: &out)
            out += index == report.lessons.count - 1 ? "\n" : ",\n"
        }
        out += "  ],\n  \"library\" : "
        writeString(report.library, to: &out)
        if let sync = report.sync {
            // Nested one level deeper than the encoder put it on its own.
            let text = try Terminal.jsonText(sync).replacingOccurrences(of: "\n", with: "\n  ")
            out += ",\n  \"sync\" : " + text
        }
        out += ",\n  \"totalBytes\" : \(report.totalBytes)\n}"
        return out
    }

    /// One lesson at the indentation of an element of the top-level `lessons` array, keys sorted.
    private static func write(_ lesson: DownloadedLesson, to out: inout String) {
        out += "    {\n      \"chapter\" : \(lesson.chapter),\n      \"complete\" : \(lesson.complete),\n"
        out += "      \"duration\" : \(lesson.duration),\n      \"id\" : \(lesson.id),\n      \"masechetId\" : \(lesson.masechetId),\n"
        if let name = lesson.masechetName {
            out += "      \"masechetName\" : "
            writeString(name, to: &out)
            out += ",\n"
        }
        out += "      \"media\" : {\n"
        let media = lesson.media.sorted { $0.key < $1.key }
        for (index, (medium, file)) in media.enumerated() {
            out += "        "
            writeString(medium, to: &out)
            out += " : {\n          \"bytes\" : \(file.bytes)"
            if let completedAt = file.completedAt {
                out += ",\n          \"completedAt\" : "
                writeString(completedAt.formatted(.iso8601), to: &out)
            }
            out += index == media.count - 1 ? "\n        }\n" : "\n        },\n"
        }
        out += "      },\n"
        if let mishna = lesson.mishna { out += "      \"mishna\" : \(mishna),\n" }
        if let page = lesson.page { out += "      \"page\" : \(page),\n" }
        out += "      \"sederId\" : \(lesson.sederId),\n"
        if let name = lesson.sederName {
            out += "      \"sederName\" : "
            writeString(name, to: &out)
            out += ",\n"
        }
        out += "      \"type\" : "
        writeString(lesson.type.rawValue, to: &out)
        out += "\n    }"
    }

    /// A JSON string as the encoder writes it: quotes, backslashes and control characters
    /// escaped; slashes and non-ASCII text as they are.
    static func writeString(_ text: String, to out: inout String) {
        out += "\""
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
