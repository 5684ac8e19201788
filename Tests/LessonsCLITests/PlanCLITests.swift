import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

/// `lessons plan` and `lessons ready`: plans added, listed and removed in both languages; ready
/// run twice changing nothing the second time; a paused queue, a server gone, no plan at all.
@Suite("lessons plan and ready")
struct PlanCLITests {
    func withServer(_ body: @Sendable ([String: String]) async throws -> Void) async throws {
        let root = MigrateCLITests.temporary("plan")
        defer { try? FileManager.default.removeItem(at: root) }
        try await ContentServer(configuration: .init(mediaSizeScale: 0.001)).withRunning { running in
            try await body([
                "LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path, "LANG": "C",
            ])
        }
    }

    @Test("plan add, list and remove: what is followed, said in English and Spanish; bad settings exit 2 with the range")
    func addListRemove() async throws {
        try await withServer { env in
            let none = try await CLIRunner.run(["plan", "list"], environment: env)
            #expect(none.status == 0 && none.stdout == "no plan is followed: `lessons plan add daf-yomi` adds one\n", "\(none.stdout)")
            let added = try await CLIRunner.run(["plan", "add", "daf-yomi", "--ahead", "3", "--keep", "1w"], environment: env)
            #expect(added.status == 0, "\(added.stderr)")
            #expect(
                added.stdout.hasPrefix(
                    "Daf Yomi: followed from now on: downloads the dapim of today and the next 3 days (audio), each kept 7 days after its day\n"
                ),
                "\(added.stdout)")
            var spanish = env
            spanish["LANG"] = "es_ES.UTF-8"
            let changed = try await CLIRunner.run(["plan", "add", "daf-yomi", "--media", "video", "--keep-unplayed"], environment: spanish)
            #expect(
                changed.stdout
                    == "Daf Yomi: se cambió la configuración del plan: descarga los dapim de hoy y de los próximos 3 días (vídeo), cada clase se guarda 7 días después de su día y hasta escucharla entera\n",
                "\(changed.stdout)")
            // A setting given changes alone; the others stay as they were.
            let ahead = try await CLIRunner.run(["plan", "add", "daf-yomi", "--ahead", "1"], environment: env)
            #expect(
                ahead.stdout
                    == "Daf Yomi: the plan's settings are changed: downloads the dapim of today and tomorrow (video), each kept 7 days after its day and until played through\n",
                "\(ahead.stdout)")
            let same = try await CLIRunner.run(["plan", "add", "daf-yomi", "--media", "video"], environment: env)
            #expect(
                same.stdout.hasPrefix("Daf Yomi: already followed so: downloads the dapim of today and tomorrow (video)"), "\(same.stdout)")
            #expect(try await CLIRunner.run(["plan", "add", "daf-yomi", "--ahead", "3"], environment: env).status == 0)
            let list = try await CLIRunner.run(["plan", "list", "--json"], environment: env)
            let plans = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            #expect(plans.count == 1 && plans[0]["calendar"] as? String == "daf-yomi" && plans[0]["media"] as? String == "video")
            #expect(plans[0]["ahead"] as? Int == 3 && plans[0]["keepDays"] as? Int == 7 && plans[0]["keepUnplayed"] as? Bool == true)
            for (arguments, message) in [
                (["--ahead", "31"], "a plan looks 0 to 30 days ahead, not 31"),
                (["--keep", "12h"], "--keep takes whole days: 7d, 2w, 0d or 1y (with 0d a daf goes the day after its day), not '12h'"),
                (["--keep", "never"], "not 'never'; to keep lessons for good, pin them (`lessons pin`)"),
                (["--keep", "soon"], "--keep takes whole days"),
            ] {
                let refused = try await CLIRunner.run(["plan", "add", "daf-hashavua"] + arguments, environment: env)
                #expect(refused.status == 2 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
                #expect(refused.stderr.hasSuffix("(`lessons help plan add` shows the usage)\n"), "\(refused.stderr)")
            }
            let gone = try await CLIRunner.run(["plan", "remove", "daf-hashavua"], environment: env)
            #expect(gone.status == 2 && gone.stderr.contains("no plan follows daf-hashavua"), "\(gone.stderr)")
            let removed = try await CLIRunner.run(["plan", "remove", "daf-yomi"], environment: env)
            #expect(removed.stdout == "Daf Yomi: no longer followed; its lessons stay, as any other download\n", "\(removed.stdout)")
        }
    }

    @Test("ready fetches the plan's coming dapim; run again it prints nothing and changes nothing; today shows the plan's calendar")
    func readyTwice() async throws {
        try await withServer { env in
            // No library at all: a timer pointed at the wrong folder is told, even quiet.
            let nowhere = try await CLIRunner.run(["ready", "--quiet"], environment: env)
            #expect(
                nowhere.status == 3 && nowhere.stderr.contains("so no plan to make ready: `lessons plan add daf-yomi` follows one there"),
                "\(nowhere.stderr)")
            #expect(try await CLIRunner.run(["plan", "list"], environment: env).stdout.hasPrefix("no plan is followed"))
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2"], environment: env).status == 0)
            let nothing = try await CLIRunner.run(["ready"], environment: env)
            #expect(nothing.status == 0 && nothing.stdout.isEmpty && nothing.stderr.contains("no plan is followed"), "\(nothing.stderr)")
            let quiet = try await CLIRunner.run(["ready", "--quiet"], environment: env)
            #expect(
                quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "a daily timer is not told each day: \(quiet.stderr)")
            #expect(try await CLIRunner.run(["plan", "add", "daf-yomi", "--ahead", "2"], environment: env).status == 0)
            let first = try await CLIRunner.run(["ready", "--quiet"], environment: env)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.hasPrefix("Daf Yomi: ready: "), "\(first.stdout)")
            let today = try await CLIRunner.run(["--json", "today"], environment: env)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any])
            let entries = try #require(report["lessons"] as? [[String: Any]])
            #expect(entries.allSatisfy { $0["calendar"] as? String == "daf-yomi" }, "only the plan's calendar: \(today.stdout)")
            for entry in entries {
                let lessons = entry["lessons"] as? [[String: Any]] ?? []
                #expect(lessons.allSatisfy { $0["downloaded"] as? Bool == true }, "\(entry)")
            }
            let history = try await CLIRunner.run(["history", "--json"], environment: env)
            let list = try await CLIRunner.run(["list", "--json"], environment: env)
            let second = try await CLIRunner.run(["ready"], environment: env)
            #expect(second.status == 0 && second.stdout.isEmpty && second.stderr.isEmpty, "\(second.stdout)\(second.stderr)")
            #expect(try await CLIRunner.run(["history", "--json"], environment: env).stdout == history.stdout)
            #expect(try await CLIRunner.run(["list", "--json"], environment: env).stdout == list.stdout)
        }
    }

    @Test("ready --json: each portion's lessons as they stand after the fetch; with the queue paused, the plans and nothing fetched")
    func readyJSON() async throws {
        try await withServer { env in
            #expect(try await CLIRunner.run(["plan", "add", "daf-yomi", "--ahead", "1"], environment: env).status == 0)
            let ready = try await CLIRunner.run(["ready", "--json"], environment: env)
            #expect(ready.status == 0, "\(ready.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(ready.stdout.utf8)) as? [String: Any])
            let plans = try #require(report["plans"] as? [[String: Any]])
            #expect(plans.count == 1 && ((plans[0]["fetched"] as? [String: Any])?["downloaded"] as? Int ?? 0) > 0, "\(ready.stdout)")
            let lessons = (plans[0]["portions"] as? [[String: Any]] ?? []).flatMap { $0["lessons"] as? [[String: Any]] ?? [] }
            #expect(!lessons.isEmpty && lessons.allSatisfy { $0["downloaded"] as? Bool == true }, "\(ready.stdout)")
            #expect(try await CLIRunner.run(["queue", "pause"], environment: env).status == 0)
            let paused = try await CLIRunner.run(["ready", "--json"], environment: env)
            let pausedReport = try #require(try JSONSerialization.jsonObject(with: Data(paused.stdout.utf8)) as? [String: Any])
            let pausedPlans = try #require(pausedReport["plans"] as? [[String: Any]])
            #expect(pausedReport["queuePaused"] as? Bool == true && pausedPlans.count == 1, "\(paused.stdout)")
            #expect(pausedPlans.first?["fetched"] == nil || pausedPlans.first?["fetched"] is NSNull, "\(paused.stdout)")
        }
    }

    @Test("ready honours a paused queue (nothing fetched, said on stderr) and a server gone (exit 3)")
    func pausedAndServerDown() async throws {
        let root = MigrateCLITests.temporary("plan-down")
        defer { try? FileManager.default.removeItem(at: root) }
        // A port held and never listened on: refused, and no other test's server can take it.
        let closed = try SilentSocket(listening: false)
        defer { withExtendedLifetime(closed) {} }
        let gone = "http://127.0.0.1:\(closed.port)/api/"
        let env = ["LESSONS_SERVER": gone, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path, "LANG": "C"]
        #expect(try await CLIRunner.run(["plan", "add", "daf-hashavua"], environment: env).status == 0)
        #expect(try await CLIRunner.run(["queue", "pause"], environment: env).status == 0)
        let paused = try await CLIRunner.run(["ready"], environment: env)
        #expect(paused.status == 0 && paused.stdout.isEmpty, "\(paused.stdout)")
        #expect(paused.stderr.contains("the queue is paused: nothing was fetched"), "\(paused.stderr)")
        #expect(try await CLIRunner.run(["queue", "resume"], environment: env).status == 0)
        let down = try await CLIRunner.run(["ready"], environment: env)
        #expect(down.status == 3, "exit \(down.status): \(down.stderr)")
        #expect(down.stderr.contains("could not reach the server"), "\(down.stderr)")
    }
}
