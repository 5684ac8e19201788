import Foundation
import LessonsServer
import OfflineLessons
import Testing

/// `lessons plan add own-pace`: one's own first daf, day and period; `today` and `ready` follow it.
@Suite("lessons plan: own pace")
struct OwnPaceCLITests {
    @Test(
        "plan add own-pace from Bava Metzia 2: listed with its settings, today's daf and the next, ready fetches them; bad settings exit 2")
    func ownPace() async throws {
        try await PlanCLITests().withServer { env in
            let nowhere = try await CLIRunner.run(["plan", "add", "own-pace"], environment: env)
            #expect(nowhere.status == 2, "no own pace followed: it needs --from")
            #expect(
                nowhere.stderr.contains(
                    "own-pace needs where to start: --from \"Bava Metzia 2\" (a daf), --from \"Berakhot 1:1\" (a mishna) or --from \"Berakhot 1\" --unit chapter"
                ), "\(nowhere.stderr)")
            let added = try await CLIRunner.run(
                ["plan", "add", "own-pace", "--from", "bava metsia 2", "--starting", "2026-11-29", "--ahead", "1"], environment: env)
            #expect(added.status == 0, "\(added.stderr)")
            #expect(
                added.stdout.hasPrefix(
                    "Own pace: followed from now on: from Bava Metzia 2 on 29 November 2026, a daf a day; downloads the dapim of today and tomorrow"
                ),
                "\(added.stdout)")
            // Another medium, the place and pace kept; --unit without --from is refused.
            let media = try await CLIRunner.run(["plan", "add", "own-pace", "--media", "both"], environment: env)
            #expect(
                media.stdout.hasPrefix(
                    "Own pace: the plan's settings are changed: from Bava Metzia 2 on 29 November 2026, a daf a day; downloads the dapim of today and tomorrow (audio and video)"
                ), "\(media.stdout)\(media.stderr)")
            let unit = try await CLIRunner.run(["plan", "add", "own-pace", "--unit", "mishna"], environment: env)
            #expect(unit.status == 2 && unit.stderr.contains("a new --unit needs --from"), "\(unit.stderr)")
            #expect(try await CLIRunner.run(["plan", "add", "own-pace", "--media", "audio"], environment: env).status == 0)
            var spanish = env
            spanish["LANG"] = "es_ES.UTF-8"
            let listed = try await CLIRunner.run(["plan", "list"], environment: spanish)
            #expect(
                listed.stdout.hasPrefix("A tu ritmo: desde Bava Metzia 2 el 29 de noviembre de 2026, un daf por día; "), "\(listed.stdout)")
            let json = try await CLIRunner.run(["plan", "list", "--json"], environment: env)
            let plans = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let pace = try #require(plans.first?["pace"] as? [String: Any], "\(json.stdout)")
            #expect(plans.first?["calendar"] as? String == "own-pace")
            #expect(
                pace["from"] as? String == "Bava Metzia 2" && pace["began"] as? String == "2026-11-29" && pace["every"] as? String == "day")

            let today = try await CLIRunner.run(["today", "--date", "2026-12-01"], environment: env)
            #expect(today.stdout.contains("Own pace: Bava Metzia 4 — not downloaded  (day 3 of the plan; "), "\(today.stdout)")
            #expect(today.stdout.contains("  tomorrow: Bava Metzia 5"), "\(today.stdout)")
            let before = try await CLIRunner.run(["today", "--date", "2026-11-28"], environment: env)
            #expect(before.stdout.contains("Own pace: not yet: it starts on Sunday, 29 November 2026"), "\(before.stdout)")

            let ready = try await CLIRunner.run(["ready", "--quiet"], environment: env)
            #expect(ready.status == 0 && ready.stdout.hasPrefix("Own pace: ready: "), "\(ready.stdout)\(ready.stderr)")
            let report = try await CLIRunner.run(["--json", "today"], environment: env)
            let entries = try #require(
                (try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])?["lessons"] as? [[String: Any]])
            #expect(entries.count == 2 && entries.allSatisfy { $0["calendar"] as? String == "own-pace" }, "\(report.stdout)")
            for entry in entries {
                #expect((entry["lessons"] as? [[String: Any]] ?? []).allSatisfy { $0["downloaded"] as? Bool == true }, "\(entry)")
            }
            let again = try await CLIRunner.run(["ready"], environment: env)
            #expect(again.status == 0 && again.stdout.isEmpty && again.stderr.isEmpty, "\(again.stdout)\(again.stderr)")

            for (arguments, message) in [
                (["own-pace", "--from", "Meilah 30"], "'Meilah 30': Meilah has dapim 2-22"),
                (["own-pace", "--from", "Bava Metzia 2", "--starting", "tomorrow"], "'tomorrow' is not a day"),
                (
                    ["daf-yomi", "--from", "Bava Metzia 2"],
                    "--from, --starting, --every, --count and --unit belong to own-pace, not to daf-yomi"
                ),
                (
                    ["daf-hashavua", "--every", "week"],
                    "--from, --starting, --every, --count and --unit belong to own-pace, not to daf-hashavua"
                ),
                (["daf-yomi", "--count", "2"], "--from, --starting, --every, --count and --unit belong to own-pace, not to daf-yomi"),
                (["own-pace", "--from", "Berakhot 2", "--count", "40"], "a pace learns 1 to 30 at a time, not 40"),
                (["own-pace", "--from", "Berakhot 2:1", "--unit", "daf"], "'Berakhot 2:1' is not a masechet and a daf"),
                (["own-pace", "--from", "Berakhot 2", "--unit", "page"], "'page'"),
            ] {
                let refused = try await CLIRunner.run(["plan", "add"] + arguments, environment: env)
                #expect(refused.status == 2 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
            }
            let removed = try await CLIRunner.run(["plan", "remove", "own-pace"], environment: env)
            #expect(removed.status == 0 && removed.stdout.hasPrefix("Own pace: no longer followed"), "\(removed.stdout)\(removed.stderr)")
            let gone = try await CLIRunner.run(["plan", "remove", "own-pace"], environment: env)
            #expect(gone.status == 2 && gone.stderr.contains("no plan follows own-pace"), "\(gone.stderr)")
        }
    }

    @Test("a new --from replaces the own pace followed: said, with the command that goes back; a count is not carried into another unit")
    func replaced() async throws {
        try await PlanCLITests().withServer { env in
            let first = try await CLIRunner.run(
                ["plan", "add", "own-pace", "--from", "Bava Metzia 2", "--count", "2", "--every", "week"], environment: env)
            #expect(first.status == 0 && !first.stdout.contains("takes the place"), "\(first.stdout)")
            let chapters = try await CLIRunner.run(
                ["plan", "add", "own-pace", "--from", "Berakhot 1", "--unit", "chapter"], environment: env)
            #expect(chapters.status == 0 && chapters.stdout.contains("a chapter of Mishna a week"), "\(chapters.stdout)")
            let back = #"lessons plan add own-pace --from "Bava Metzia 2" --unit daf --count 2 --every week"#
            #expect(
                chapters.stdout.contains(
                    "It takes the place of your own pace until now (from Bava Metzia 2 on ")
                    && chapters.stdout.contains("2 dapim a week); to go back to where that stands today: `\(back)`"),
                "\(chapters.stdout)")
            let again = try await CLIRunner.run(
                ["plan", "add", "own-pace", "--from", "Bava Metzia 2", "--unit", "daf", "--count", "2", "--every", "week"], environment: env
            )
            #expect(again.status == 0, "\(again.stderr)")
            let listed = try await CLIRunner.run(["plan", "list"], environment: env)
            #expect(listed.stdout.contains("from Bava Metzia 2 on ") && listed.stdout.contains("2 dapim a week"), "\(listed.stdout)")
            let spanish = try await CLIRunner.run(
                ["plan", "add", "own-pace", "--from", "Berakhot 1:1"], environment: env.merging(["LANG": "es_ES.UTF-8"]) { $1 })
            #expect(spanish.stdout.contains("Sustituye a tu ritmo de hasta ahora (desde Bava Metzia 2 el "), "\(spanish.stdout)")
            #expect(spanish.stdout.contains("una mishná por semana"), "a mishna, not 2: \(spanish.stdout)")
        }
    }

    @Test("an own pace that starts where the catalog has no Gemara (Shekalim) is followed, with a warning that says so")
    func startWithoutGemara() async throws {
        try await PlanCLITests().withServer { env in
            let added = try await CLIRunner.run(["plan", "add", "own-pace", "--from", "Shekalim 2"], environment: env)
            #expect(added.status == 0, "\(added.stderr)")
            #expect(added.stderr.contains("warning: the catalog has no Gemara of Shekalim: its dapim are named each day and skipped"))
            let yoma = try await CLIRunner.run(["plan", "add", "own-pace", "--from", "Yoma 2"], environment: env)
            #expect(yoma.status == 0 && yoma.stderr.isEmpty, "\(yoma.stderr)")
        }
    }

    @Test("plan add own-pace --unit chapter --every week: today names the chapter's mishnayot, ready fetches them all, again nothing")
    func chapterOfMishna() async throws {
        // Begun today, for `ready` (which goes by the clock) to want the first chapter.
        let began = LearningDay(Date(), in: .current)
        let (second, third) = (began.adding(days: 7), began.adding(days: 13))
        try await PlanCLITests().withServer { env in
            let added = try await CLIRunner.run(
                [
                    "plan", "add", "own-pace", "--from", "Berakhot 1", "--unit", "chapter", "--every", "week", "--starting", began.iso,
                    "--ahead", "0",
                ],
                environment: env)
            #expect(added.status == 0, "\(added.stderr)")
            #expect(
                added.stdout.hasPrefix(
                    "Own pace: followed from now on: from Berakhot 1:1 on \(began.spokenWithYear.text(.en)), a chapter of Mishna a week; downloads the lessons of this week ("
                ),
                "\(added.stdout)")
            var spanish = env
            spanish["LANG"] = "es_ES.UTF-8"
            let listed = try await CLIRunner.run(["plan", "list"], environment: spanish)
            #expect(
                listed.stdout.hasPrefix(
                    "A tu ritmo: desde Berakhot 1:1 el \(began.spokenWithYear.text(.es)), un capítulo de Mishná por semana; descarga las clases de esta semana ("
                ))
            let today = try await CLIRunner.run(["today", "--date", second.iso], environment: env)
            #expect(
                today.stdout.contains(
                    "Own pace: Berakhot 2:1–8 — none downloaded  (week 2 of the plan, \(second.spokenShort.text(.en)) to \(third.spokenShort.text(.en)); chapter 2 of 524 of the Mishna)"
                ),
                "\(today.stdout)")
            #expect(today.stdout.contains("  next week: Berakhot 3:1–6 — none downloaded"), "\(today.stdout)")
            let enSpanish = try await CLIRunner.run(["today", "--date", second.iso], environment: spanish)
            #expect(enSpanish.stdout.contains("A tu ritmo: Berakhot 2:1–8 — ninguna descargada  (semana 2 del plan"), "\(enSpanish.stdout)")

            let ready = try await CLIRunner.run(["ready", "--quiet"], environment: env)
            let chapter = (1...5).map { "Berakhot 1:\($0)" }.joined(separator: ", ")
            #expect(ready.status == 0 && ready.stdout.hasPrefix("Own pace: ready: \(chapter)"), "\(ready.stdout)\(ready.stderr)")
            let report = try await CLIRunner.run(["--json", "today"], environment: env)
            let entry = try #require(
                ((try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])?["lessons"] as? [[String: Any]])?
                    .first)
            let portion = try #require(entry["portion"] as? [String: Any])
            #expect(
                portion["name"] as? String == "Berakhot 1:1–5" && (portion["places"] as? [[String: Any]])?.first?["chapter"] as? Int == 1)
            let lessons = entry["lessons"] as? [[String: Any]] ?? []
            #expect(lessons.count == 5 && lessons.allSatisfy { $0["downloaded"] as? Bool == true }, "\(entry)")
            let again = try await CLIRunner.run(["ready"], environment: env)
            #expect(again.status == 0 && again.stdout.isEmpty && again.stderr.isEmpty, "\(again.stdout)\(again.stderr)")
            // One mishna gone: the chapter is four of five; asked again with the queue paused, queued, and the pause said.
            #expect(try await CLIRunner.run(["remove", "mishna:berakhot:1:3"], environment: env).status == 0)
            let partial = try await CLIRunner.run(["today"], environment: env)
            #expect(partial.stdout.contains("Own pace: Berakhot 1:1–5 — 4 of 5 downloaded"), "\(partial.stdout)")
            #expect(try await CLIRunner.run(["queue", "pause"], environment: env).status == 0)
            #expect(try await CLIRunner.run(["download", "mishna:berakhot:1:3"], environment: env).status == 0)
            let waiting = try await CLIRunner.run(["today"], environment: env)
            #expect(waiting.stdout.contains("Own pace: Berakhot 1:1–5 — queued"), "\(waiting.stdout)")
            #expect(waiting.stderr.contains("the queue is paused: `lessons queue resume`"), "\(waiting.stderr)")
            // Another start, given as a chapter: still chapters, a week each.
            let moved = try await CLIRunner.run(["plan", "add", "own-pace", "--from", "Berakhot 3"], environment: env)
            #expect(
                moved.stdout.contains("from Berakhot 3:1 on ") && moved.stdout.contains("a chapter of Mishna a week"), "\(moved.stdout)")
        }
    }
}
