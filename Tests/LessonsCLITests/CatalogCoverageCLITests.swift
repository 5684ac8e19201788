import Foundation
import LessonsServer
import LessonsServerTesting
import OfflineLessons
import Testing

/// Every command's words go through the catalog: in the pseudo-language `en_XA` the catalog marks
/// its own words `⟦…⟧`, so any word left unmarked (and not a name, a number, a path or a unit)
/// was printed around it; in Spanish no English sentence is printed.
@Suite("lessons: every command's words through the catalog", .serialized)
struct CatalogCoverageCLITests {
    /// What one run of the tour printed.
    struct Printed {
        var command: String
        var text: String
    }

    @Test("en_XA: every word printed by every command is the catalog's, a name, a number, a path or a unit")
    func pseudoLanguage() async throws {
        let (printed, names) = try await tour(language: "en_XA")
        var unmarked: [String] = []
        for run in printed {
            let words = Self.unmarkedWords(run.text, allowed: names)
            if !words.isEmpty { unmarked.append("\(run.command): \(words.joined(separator: " ")) ⟵ \(run.text.prefix(300))") }
        }
        // The check finds English printed around the catalog's words, and lets names and values by.
        #expect(Self.unmarkedWords("⟦sync: ⟧Berakhot 2 audio: the file is gone", allowed: names) == ["the", "file", "is", "gone"])
        #expect(Self.unmarkedWords("lessons: error: ⟦'⟧bava⟦' names ⟧Bava Kamma, 2.5 MB, --max-size /tmp/x", allowed: names).isEmpty)
        #expect(printed.count >= 55)
        #expect(printed.filter { $0.text.contains("⟦") }.count >= 35, "the pseudo-language marks the catalog's words")
        #expect(unmarked.isEmpty, "text printed outside the catalog:\n\(unmarked.joined(separator: "\n"))")
    }

    @Test("es_ES: no command prints an English sentence")
    func spanish() async throws {
        let (printed, _) = try await tour(language: "es_ES.UTF-8")
        let english: Set<String> = [
            "the", "of", "is", "are", "and", "with", "not", "to", "would", "was", "file", "files", "lesson", "downloaded", "nothing",
            "item", "items", "queued", "complete", "missing", "failed", "run", "change", "changes", "found", "seen", "removed",
            "pinned", "chapter", "chapters", "from", "cached", "server", "library", "healthy", "wrote", "imported", "adopted",
            "already", "must", "give", "cannot", "unknown", "requested", "completed", "retry", "waiting",
        ]
        var found: [String] = []
        for run in printed {
            let words = Self.words(Self.plain(run.text)).filter { english.contains($0.lowercased()) }
            if !words.isEmpty { found.append("\(run.command): \(Set(words).sorted()) ⟵ \(run.text.prefix(300))") }
        }
        #expect(printed.count >= 55)
        #expect(found.isEmpty, "English in Spanish output:\n\(found.joined(separator: "\n"))")
    }

    // MARK: - The tour

    /// Runs every command, in the ways people meet them (results, errors, a failed download, a
    /// file deleted by hand, a migration), with `LANG=language`; returns what each printed and
    /// the names of the Shas (sedarim and masechtot).
    func tour(language: String) async throws -> ([Printed], Set<String>) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-words-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let faults = FaultInjector()
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.001, faults: faults))
        let library = root.appendingPathComponent("library")
        return try await server.withRunning { running in
            let env = [
                "LANG": language, "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "", "LESSONS_SERVER": running.apiBase.absoluteString,
                "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library.path, "TZ": "UTC",
            ]
            var printed: [Printed] = []
            func run(_ arguments: [String], status: Int32? = nil) async throws {
                let result = try await CLIRunner.run(arguments, environment: env)
                if let status { #expect(result.status == status, "\(arguments): \(result.stderr)") }
                printed.append(Printed(command: arguments.joined(separator: " "), text: result.stdout + result.stderr))
            }
            // Media that fail: a 404 that stays, so one item fails for good.
            await faults.inject(.failFirst(count: 50, status: 404), at: MediaKey(LessonID(.gemara, 3), .audio))
            try await run(["list"], status: 3)
            try await run(["catalog"], status: 0)
            try await run(["catalog", "berakhot"], status: 0)
            try await run(["catalog", "rosh"], status: 0)
            try await run(["download", "gemara:berakhot:2-4", "mishna:berakhot:1:1-2"], status: 1)
            try await run(["download", "mishna:berakhot:1:1-2"], status: 0)
            try await run(["list"], status: 0)
            try await run(["status", "gemara:berakhot:2-4", "mishna:berakhot:1:1"], status: 0)
            try await run(["history"], status: 0)
            try await run(["history", "-n", "2", "gemara:berakhot:4"], status: 0)
            try await run(["history", "mishna:berakhot:3:1"], status: 0)
            try await run(["doctor"], status: 1)
            // A file deleted by hand, one dropped into place, a partial file left over.
            let media = library.appendingPathComponent("media")
            try FileManager.default.removeItem(at: media.appendingPathComponent("mishna/1/audio.mp3"))
            try FileManager.default.createDirectory(at: media.appendingPathComponent("gemara/9"), withIntermediateDirectories: true)
            try Data(count: 10).write(to: media.appendingPathComponent("gemara/9/audio.mp3"))
            try Data(count: 10).write(to: media.appendingPathComponent("stray.txt"))
            try await run(["sync", "--dry-run"], status: 0)
            try await run(["doctor"], status: 1)
            try await run(["list"], status: 0)
            try await run(["sync", "--repair"], status: 0)
            try await run(["sync", "--verify"], status: 0)
            try await run(["pin", "gemara:berakhot:2"], status: 0)
            try await run(["pin", "gemara:berakhot:40"], status: 1)
            try await run(["unpin", "gemara:berakhot:2"], status: 0)
            try await run(["pin", "gemara:berakhot:3"], status: 0)
            try await run(["clean", "--dry-run", "--older-than", "0s"], status: 0)
            try await run(["clean", "--older-than", "never", "--max-size", "1K"], status: 0)
            try await run(["remove", "mishna:berakhot:1:2"], status: 0)
            // The queue: paused, a download that waits, listed, cancelled, resumed.
            try await run(["queue"], status: 0)
            try await run(["queue", "pause"], status: 0)
            try await run(["download", "gemara:berakhot:10-11"], status: 0)
            try await run(["queue"], status: 0)
            try await run(["queue", "cancel", "gemara:berakhot:11"], status: 0)
            try await run(["queue", "cancel", "gemara:berakhot:11"], status: 0)
            try await run(["queue", "resume"], status: 0)
            try await run(["download"], status: 1)  // the failed item is retried, and fails again
            try await run(["remove", "gemara:berakhot:30"], status: 0)
            // The calendars: a day with its lessons, one whose daf the catalog lacks, no day at all.
            try await run(["today", "--date", "2026-11-28"], status: 0)
            try await run(["today", "--date", "2021-03-23"], status: 0)
            try await run(["today", "--date", "1990-01-01"], status: 0)
            try await run(["today", "--date", "2026-02-30"], status: 2)
            // Learning plans: none yet, added, changed, listed, made ready (twice), refused, removed.
            try await run(["plan", "list"], status: 0)
            try await run(["ready"], status: 0)
            try await run(["plan", "add", "daf-yomi", "--ahead", "1"], status: 0)
            try await run(["plan", "add", "daf-yomi", "--keep", "2w", "--keep-unplayed"], status: 0)
            try await run(["plan", "list"], status: 0)
            try await run(["ready"], status: 0)
            try await run(["ready"], status: 0)
            try await run(["plan", "add", "daf-yomi", "--ahead", "99"], status: 2)
            try await run(["plan", "add", "daf-yomi", "--keep", "3h"], status: 2)
            try await run(["plan", "remove", "daf-hashavua"], status: 2)
            try await run(["plan", "remove", "daf-yomi"], status: 0)
            let export = root.appendingPathComponent("out.json")
            try await run(["export", "--legacy-json", export.path], status: 0)
            try await run(["export", "--legacy-json", root.path], status: 2)
            try await run(["export", "--legacy-json", root.appendingPathComponent("no/such/out.json").path], status: 2)
            // A legacy container: its doctor, its migration, its second migration.
            let container = root.appendingPathComponent("container")
            _ = try MigrateCLITests.container(at: container, lessons: 3)
            try await run(["doctor", "--from", container.path], status: 1)
            try await run(["migrate", "--from", container.path, "--dry-run"], status: 0)
            try await run(["migrate", "--from", container.path], status: 0)
            try await run(["migrate", "--from", container.path], status: 0)
            try await run(["doctor", "--from", container.path], status: 0)
            try await run(["migrate", "--from", root.appendingPathComponent("nothing-here").path])
            try await run(["migrate", "--from", root.path])
            // Mistakes people make.
            try await run(["download", "gemara:bava"], status: 2)
            try await run(["download", "gemara:berakhot:10-2"], status: 2)
            try await run(["download", "gemara:berakhot:2a"], status: 2)
            try await run(["download", "gemara:berakhot:400"], status: 2)
            try await run(["download", "--concurrency", "0"], status: 2)
            try await run(["download", "--limit-rate", "fast"], status: 2)
            try await run(["clean", "--older-than", "-3d"], status: 2)
            try await run(["clean", "--max-size", "lots"], status: 2)
            try await run(["history", "-n", "0"], status: 2)
            try await run(["status"], status: 2)
            try await run(["downlod"], status: 2)
            try await run(["help", "foo"], status: 2)
            try await run(["list", "--library", root.appendingPathComponent("typo").path], status: 3)
            try await run(["download", "gemara:berakhot:5", "--server", "http://127.0.0.1:9/api/"])
            try await run(["serve", "--port", String(running.apiBase.port ?? 0)], status: 3)
            try await run(["demo", "--library", root.appendingPathComponent("demo").path], status: 0)
            // The servers, started and stopped.
            for command in [["serve", "--port", "0"], ["ui", "--port", "0"]] {
                let started = try CLIRunner.start(command, environment: env)
                let end = ContinuousClock.now + .seconds(30)
                while ContinuousClock.now < end, (try? Data(contentsOf: started.stderr))?.isEmpty != false {
                    try await Task.sleep(for: .milliseconds(50))
                }
                started.process.terminate()
                await started.exit()
                let result = started.result()
                printed.append(Printed(command: command.joined(separator: " "), text: result.stdout + result.stderr))
            }
            // The help of every command.
            let commands = [
                "serve", "demo", "catalog", "download", "list", "status", "remove", "sync", "clean", "pin", "unpin", "doctor", "history",
                "export", "migrate", "ui", "queue", "today", "plan", "ready",
            ]
            try await run(["--help"], status: 0)
            for command in ["list", "pause", "resume", "cancel"] { try await run(["queue", command, "--help"], status: 0) }
            for command in ["list", "add", "remove"] { try await run(["plan", command, "--help"], status: 0) }
            try await run(["help", "download"], status: 0)
            for command in commands { try await run([command, "--help"], status: 0) }
            let catalog = try await CLIRunner.run(["catalog", "--json"], environment: env)
            return (printed, Self.names(inCatalogJSON: catalog.stdout))
        }
    }

    // MARK: - Reading the output

    /// The words of the sedarim's and masechtot's names in `lessons catalog --json`.
    static func names(inCatalogJSON json: String) -> Set<String> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let sedarim = object["sedarim"] as? [[String: Any]]
        else { return [] }
        var names: Set<String> = []
        for seder in sedarim {
            names.formUnion(words(seder["name"] as? String ?? ""))
            for masechet in seder["masechtot"] as? [[String: Any]] ?? [] { names.formUnion(words(masechet["name"] as? String ?? "")) }
        }
        return names
    }

    /// Words that are not the catalog's (outside `⟦…⟧`), not a name of the Shas, a medium, a unit,
    /// a command or the program's own prefix; what ``plain(_:)`` leaves out is not a word either.
    static func unmarkedWords(_ text: String, allowed names: Set<String>) -> [String] {
        var rest = ""
        var depth = 0
        for character in text {
            if character == "⟦" {
                depth += 1
                rest.append(" ")
            } else if character == "⟧" {
                depth = max(depth - 1, 0)
                rest.append(" ")
            } else {
                rest.append(depth == 0 || character == "'" || character == "`" ? character : " ")
            }
        }
        let fixed: Set<String> = [
            "lessons", "error", "audio", "video", "PDF", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "ms", "min", "s", "h", "B",
            "serve", "demo", "catalog", "download", "list", "status", "remove", "sync", "clean", "pin", "unpin", "doctor", "history",
            "export", "migrate", "ui", "queue", "pause", "resume", "cancel", "both", "text", "pdf", "today", "plan", "ready", "add",
            // The learning calendars' names and ids (daf-yomi, own-pace), the same in every language,
            // and the values of `plan add --every` and `--unit`.
            "Daf", "Yomi", "HaShavua", "daf", "yomi", "hashavua", "own", "pace", "day", "week", "mishna", "chapter",
        ]
        return words(plain(rest)).filter { !fixed.contains($0) && !names.contains($0) }
    }

    /// `text` without what is quoted ('input', `command`) or JSON (`{"lessons": …}`), and without tokens that are not words:
    /// paths, URLs and ids (with a `/`), options (`--max-size`), selectors (`gemara:berakhot:2`),
    /// file names (`audio.mp3`), environment variables (`LESSONS_LIBRARY`, `$TZ`) and the help's
    /// placeholders (`<duration>`).
    static func plain(_ text: String) -> String {
        var result = ""
        var quote: Character?
        // An option's values ("(values: daf, mishna, chapter)") and the examples' command lines
        // are typed as they are, not words.
        let text = text.replacing(#/\((?:values|valores): [^)]*\)/#, with: "").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("lessons ") }.joined(separator: "\n")
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "`" || character == "{" {
                quote = character == "{" ? "}" : character
            } else {
                result.append(character)
            }
        }
        return result.split(whereSeparator: \.isWhitespace).map { $0.drop { "[(".contains($0) } }.filter { token in
            var inner = token
            while let last = inner.last, ",;:.)?".contains(last) { inner = inner.dropLast() }
            return !token.contains("/") && !token.hasPrefix("-") && !token.hasPrefix("(-") && !inner.contains(":") && !inner.contains(".")
                && !token.contains("_") && !token.contains("<") && !token.contains(">") && !token.hasPrefix("$")
        }.joined(separator: " ")
    }

    /// Runs of two or more letters.
    static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter }.map(String.init).filter { $0.count >= 2 }
    }
}
