import Foundation
import Testing

@testable import OfflineLessons
@testable import lessons

/// `lessons list --json` is written by hand for speed; it must be the encoder's document, byte
/// for byte, whatever the data: missing names, Mishna and Gemara, dates with and without
/// fractions, media without a completion time, text that needs escaping, a sync report or none.
@Suite("list --json writer")
struct ListJSONTests {
    static func lesson(_ type: LessonType, _ id: Int, number: Int, names: (String, String)?, media: [String: DownloadedLesson.File],
                       complete: Bool = true) -> DownloadedLesson {
        DownloadedLesson(type: type, id: id, sederId: 2, masechetId: 12, chapter: 3, page: type == .gemara ? number : nil,
                         mishna: type == .mishna ? number : nil, sederName: names?.0, masechetName: names?.1, media: media,
                         complete: complete, duration: 1_234)
    }

    static let lessons: [DownloadedLesson] = [
        lesson(.gemara, 247, number: 2, names: ("Moed", "Shabbat"),
               media: ["audio": .init(bytes: 1_024, completedAt: Date(timeIntervalSince1970: 1_795_000_000.123)),
                       "text": .init(bytes: 77, completedAt: Date(timeIntervalSince1970: 1_795_000_001))]),
        lesson(.mishna, 247, number: 5, names: nil, media: ["video": .init(bytes: 9, completedAt: nil)], complete: false),
        lesson(.gemara, 3, number: 40, names: ("Se\"der\\ \u{1}\t/x\n", "מסכת שבת 🕯"),
               media: ["audio": .init(bytes: 0, completedAt: Date(timeIntervalSince1970: 0.999)),
                       "video": .init(bytes: 5, completedAt: Date(timeIntervalSince1970: -86_400.5))]),
    ]

    static let sync = SyncReport(
        actions: [SyncAction(type: .gemara, id: 247, medium: .audio, action: .missing, path: nil, found: "no file", bytes: nil,
                             reason: "the file is gone \"quoted\""),
                  SyncAction(type: nil, id: nil, medium: nil, action: .unknown, path: "media/notes.txt", found: "5 bytes", bytes: 5,
                             reason: "not a file the library lays out: left as it is")],
        dryRun: false, filesSeen: 12, itemsSeen: 11)

    @Test("the same bytes as JSONEncoder, with and without a sync report (empty or not), for odd paths too", arguments: [
        "/tmp/lib", "/tmp/a \"quoted\" \\ lib/\u{7}", "/home/יוסף/library",
    ])
    func sameAsEncoder(library: String) throws {
        let clean = SyncReport(actions: [], dryRun: false, filesSeen: 3, itemsSeen: 3)  // what a quick sync usually says
        for sync in [nil, Self.sync, clean] {
            let total = Self.lessons.reduce(0) { $0 + $1.bytes }
            let report = ListCommand.Report(lessons: Self.lessons, count: Self.lessons.count, totalBytes: total, library: library, sync: sync)
            let fast = String(decoding: try ListJSON.render(report), as: UTF8.self)
            let encoded = try Terminal.jsonText(report)
            #expect(fast == encoded)
            if fast != encoded {
                let a = Array(fast.utf8), b = Array(encoded.utf8)
                let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
                Issue.record("first difference at byte \(first): …\(String(decoding: a[max(0, first - 60)..<min(a.count, first + 60)], as: UTF8.self))… vs …\(String(decoding: b[max(0, first - 60)..<min(b.count, first + 60)], as: UTF8.self))…")
            }
        }
    }

    @Test("an empty list is the encoder's own output")
    func empty() throws {
        let report = ListCommand.Report(lessons: [], count: 0, totalBytes: 0, library: "/tmp/lib", sync: Self.sync)
        #expect(String(decoding: try ListJSON.render(report), as: UTF8.self) == (try Terminal.jsonText(report)))
    }
}
