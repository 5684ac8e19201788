import Foundation
import Testing

@testable import OfflineLessons
@testable import lessons

/// `lessons list --json` is written by hand for speed; it must be the encoder's document, byte
/// for byte, whatever the data: missing names, Mishna and Gemara, dates with and without
/// fractions, media without a completion time, text that needs escaping, a sync report or none.
@Suite("list --json writer")
struct ListJSONTests {
    static func lesson(
        _ type: LessonType, _ id: Int, number: Int, names: (String, String)?, media: [String: DownloadedLesson.File],
        complete: Bool = true
    ) -> DownloadedLesson {
        DownloadedLesson(
            type: type, id: id, sederId: 2, masechetId: 12, chapter: 3, page: type == .gemara ? number : nil,
            mishna: type == .mishna ? number : nil, sederName: names?.0, masechetName: names?.1, media: media,
            complete: complete, duration: 1_234)
    }

    static let lessons: [DownloadedLesson] = [
        lesson(
            .gemara, 247, number: 2, names: ("Moed", "Shabbat"),
            media: [
                "audio": .init(bytes: 1_024, completedAt: Date(timeIntervalSince1970: 1_795_000_000.123)),
                "text": .init(bytes: 77, completedAt: Date(timeIntervalSince1970: 1_795_000_001)),
            ]),
        lesson(.mishna, 247, number: 5, names: nil, media: ["video": .init(bytes: 9, completedAt: nil)], complete: false),
        {
            var gone = lesson(.gemara, 9, number: 10, names: ("Moed", "Eruvin"), media: ["text": .init(bytes: 3, completedAt: nil)])
            gone.unfinishedMedia = [.audio: .missing, .video: .missing]
            return gone
        }(),
        lesson(
            .gemara, 3, number: 40, names: ("Se\"der\\ \u{1}\t/x\n", "מסכת שבת 🕯"),
            media: [
                "audio": .init(bytes: 0, completedAt: Date(timeIntervalSince1970: 0.999)),
                "video": .init(bytes: 5, completedAt: Date(timeIntervalSince1970: -86_400.5)),
            ]),
    ]

    static let sync = SyncReport(
        actions: [
            SyncAction(
                type: .gemara, id: 247, medium: .audio, action: .missing, path: nil, found: "no file", bytes: nil,
                reason: "the file is gone \"quoted\""),
            SyncAction(
                type: nil, id: nil, medium: nil, action: .unknown, path: "media/notes.txt", found: "5 bytes", bytes: 5,
                reason: "not a file the library lays out: left as it is"),
        ],
        dryRun: false, filesSeen: 12, itemsSeen: 11)

    @Test(
        "the same bytes as JSONEncoder, with and without a sync report (empty or not), for odd paths too",
        arguments: [
            "/tmp/lib", "/tmp/a \"quoted\" \\ lib/\u{7}", "/home/יוסף/library",
        ])
    func sameAsEncoder(library: String) throws {
        let clean = SyncReport(actions: [], dryRun: false, filesSeen: 3, itemsSeen: 3)  // what a quick sync usually says
        for sync in [nil, Self.sync, clean] {
            let total = Self.lessons.reduce(0) { $0 + $1.bytes }
            let report = ListCommand.Report(
                lessons: Self.lessons, count: Self.lessons.count, totalBytes: total, library: library, sync: sync)
            let fast = String(decoding: try ListJSON.render(report), as: UTF8.self)
            let encoded = try Terminal.jsonText(report)
            #expect(fast == encoded)
            if fast != encoded {
                let a = Array(fast.utf8)
                let b = Array(encoded.utf8)
                let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
                Issue.record(
                    "first difference at byte \(first): …\(String(decoding: a[max(0, first - 60)..<min(a.count, first + 60)], as: UTF8.self))… vs …\(String(decoding: b[max(0, first - 60)..<min(b.count, first + 60)], as: UTF8.self))…"
                )
            }
        }
    }

    @Test("an empty list is the encoder's own output")
    func empty() throws {
        let report = ListCommand.Report(lessons: [], count: 0, totalBytes: 0, library: "/tmp/lib", sync: Self.sync)
        #expect(String(decoding: try ListJSON.render(report), as: UTF8.self) == (try Terminal.jsonText(report)))
    }

    @Test(
        "dates computed from the seconds match the encoder's: leap days, month and year ends, fractions, and the dates before 1970 and after 9999 that go through the formatter"
    )
    func dates() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        var seconds: [Double] = [
            0, 0.999, 59.9999, 951_782_400, 951_868_799.5, 4_107_542_400, 1_795_000_000.123, 253_402_300_799.9,
            -0.5, -86_400.5, -2_208_988_800, 253_402_300_800, -62_135_596_800,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 { seconds.append(Double.random(in: 0..<253_402_300_800, using: &generator)) }
        for day in stride(from: 0, to: 200 * 366, by: 29) { seconds.append(Double(day) * 86_400 - 0.25) }  // around midnights
        var mismatches: [String] = []
        let style = Date.ISO8601FormatStyle()
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            var out = JSONBytes(capacity: 32)
            out.date(date, otherwise: style)
            let expected = String(decoding: try encoder.encode([date]), as: UTF8.self).dropFirst().dropLast()
            let written = String(decoding: out.bytes, as: UTF8.self)
            if written != expected { mismatches.append("\(value): \(written) vs \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
