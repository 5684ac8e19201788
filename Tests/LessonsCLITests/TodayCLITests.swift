import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// `lessons today`: the calendars' dapim for a day, found in the demo catalog, in both languages.
@Suite("lessons today")
struct TodayCLITests {
    func withServer(_ body: @Sendable ([String: String]) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-today-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        try await ContentServer(configuration: .init(mediaSizeScale: 0.001)).withRunning { running in
            try await body([
                "LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path, "LANG": "C",
            ])
        }
    }

    @Test("names the day's daf of each calendar with its state, where it stands in the cycle, and the next one; in Spanish too")
    func today() async throws {
        try await withServer { env in
            #expect(try await CLIRunner.run(["download", "gemara:nazir:20"], environment: env).status == 0)
            let result = try await CLIRunner.run(["today", "--date", "2026-11-28"], environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Shabbat, 28 November 2026", "\(result.stdout)")
            #expect(lines.contains("Daf Yomi: Arakhin 11 — not downloaded  (day 2520 of 2711, cycle 14)"), "\(result.stdout)")
            #expect(lines.contains("  tomorrow: Arakhin 12 — not downloaded"), "\(result.stdout)")
            #expect(
                lines.contains("Daf HaShavua: Nazir 20 — downloaded  (week 1135 of 2711, cycle 1; 22 November to 28 November)"),
                "\(result.stdout)")
            #expect(lines.contains("  next week: Nazir 21 — not downloaded"), "\(result.stdout)")
            var spanish = env
            spanish["LANG"] = "es_ES.UTF-8"
            let inSpanish = try await CLIRunner.run(["today", "--date", "2026-11-28"], environment: spanish)
            #expect(inSpanish.status == 0, "\(inSpanish.stderr)")
            #expect(inSpanish.stdout.hasPrefix("Shabat, 28 de noviembre de 2026\n"), "\(inSpanish.stdout)")
            #expect(inSpanish.stdout.contains("Daf Yomi: Arakhin 11 — no descargada  (día 2520 de 2711, ciclo 14)"), "\(inSpanish.stdout)")
            #expect(inSpanish.stdout.contains("  mañana: Arakhin 12 — no descargada"), "\(inSpanish.stdout)")
            #expect(inSpanish.stdout.contains("Daf HaShavua: Nazir 20 — descargada"), "\(inSpanish.stdout)")
        }
    }

    @Test("--json gives the reference calendar's masechet and daf for dates of three cycles; a daf the catalog lacks is named and skipped")
    func json() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("OfflineLessonsTests/Fixtures/daf-calendar-reference.json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
        // Every 9th date of the 12th to 14th cycles (Daf HaShavua began in the 12th).
        let sample = rows.filter { (($0["dafYomi"] as? [String: Any])?["cycle"] as? Int).map { (12...14).contains($0) } == true }
            .enumerated().filter { $0.offset % 9 == 0 }.map(\.element)
            .map { row in
                // Each calendar's expected masechet and daf, by its JSON key.
                let expected = ["dafYomi", "dafHashavua"].compactMap { key -> (String, String, Int)? in
                    guard let daf = row[key] as? [String: Any], let masechet = daf["masechet"] as? String, let number = daf["daf"] as? Int
                    else { return nil }
                    return (key, masechet, number)
                }
                return (date: row["date"] as? String ?? "", expected: expected)
            }
        #expect(sample.count >= 12)
        try await withServer { env in
            for (date, expectations) in sample {
                let result = try await CLIRunner.run(["--json", "today", "--date", date], environment: env)
                #expect(result.status == 0, "\(date): \(result.stderr)")
                let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                #expect(report["day"] as? String == date)
                let entries = try #require(report["lessons"] as? [[String: Any]])
                for (key, masechet, number) in expectations {
                    let calendar = key == "dafYomi" ? "daf-yomi" : "daf-hashavua"
                    let entry = try #require(entries.first { $0["calendar"] as? String == calendar && $0["next"] as? Bool == false })
                    let daf = try #require(entry["portion"] as? [String: Any])
                    #expect(daf["masechet"] as? String == masechet, "\(date) \(calendar)")
                    #expect(daf["daf"] as? Int == number, "\(date) \(calendar)")
                    let lessons = entry["lessons"] as? [[String: Any]] ?? []
                    if entry["absence"] == nil {
                        #expect(lessons.map { $0["name"] as? String } == ["\(daf["masechet"] ?? "") \(daf["daf"] ?? "")"], "\(date)")
                    } else {
                        #expect(lessons.isEmpty, "\(date)")
                    }
                }
            }
            let shekalim = try await CLIRunner.run(["today", "--date", "2021-03-23"], environment: env)
            #expect(
                shekalim.stdout.contains(
                    "Daf Yomi: Shekalim 2 — not in the catalog, which has no Gemara of Shekalim: skipped"
                        + " (its Mishna is in the catalog: `lessons download mishna:shekalim`)"), "\(shekalim.stdout)")
            let json = try await CLIRunner.run(["today", "--date", "2021-03-23", "--json"], environment: env)
            #expect(json.stdout.contains(#""mishna" : "mishna:shekalim""#), "\(json.stdout)")
        }
    }

    @Test("a date that is no day: exit 2 and how to write one; before Daf HaShavua began: said so")
    func badDate() async throws {
        try await withServer { env in
            let result = try await CLIRunner.run(["today", "--date", "2026-02-30"], environment: env)
            #expect(result.status == 2)
            #expect(result.stderr.contains("'2026-02-30' is not a day: give it as YYYY-MM-DD, e.g. 2026-11-28"), "\(result.stderr)")
            let early = try await CLIRunner.run(["today", "--date", "1990-01-01"], environment: env)
            #expect(early.status == 0, "\(early.stderr)")
            #expect(early.stdout.contains("Daf HaShavua: not yet: it starts on Wednesday, 2 March 2005"), "\(early.stdout)")
        }
    }

    @Test(
        "the server out of reach: each daf still named, the reason said once on stderr, exit 0; no library and no server: the calendar alone"
    )
    func serverOutOfReach() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-today-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        // A port held and never listened on: refused, and no other test's server can take it.
        let closed = try SilentSocket(listening: false)
        defer { withExtendedLifetime(closed) {} }
        let gone = "http://127.0.0.1:\(closed.port)/api/"
        let env = ["LESSONS_SERVER": gone, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path, "LANG": "C"]
        let result = try await CLIRunner.run(["today", "--date", "2026-11-28"], environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Daf Yomi: Arakhin 11  (day 2520 of 2711, cycle 14)\n  tomorrow: Arakhin 12\n"), "\(result.stdout)")
        #expect(result.stderr.components(separatedBy: "not known here").count == 2, "once: \(result.stderr)")
        #expect(result.stderr.hasPrefix("lessons: warning: the lessons of these days are not known here: could not reach the server"))
        let bare = ["LESSONS_LIBRARY": root.appendingPathComponent("none").path, "LANG": "C"]
        let alone = try await CLIRunner.run(["today", "--date", "2026-11-28"], environment: bare)
        #expect(alone.status == 0 && alone.stderr.isEmpty, "\(alone.stderr)")
        #expect(alone.stdout.contains("  next week: Nazir 21\n"), "\(alone.stdout)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("none").path), "no library was made")
    }
}
