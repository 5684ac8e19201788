import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// Selectors, sizes and durations as people type them, through the built `lessons` binary:
/// exact messages and exit codes.
@Suite("lessons: names, selector errors, sizes and durations")
struct SelectorCLITests {
    /// Runs `body` with an in-process server and the environment pointing `lessons` at it and at
    /// an empty library (made by a `download` with nothing pending).
    func withServer(_ body: @Sendable ([String: String]) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-names-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.001))
        try await server.withRunning { running in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path]
            #expect(try await CLIRunner.run(["download"], environment: env).status == 0)
            try await body(env)
        }
    }

    struct StatusDocument: Decodable {
        struct Entry: Decodable {
            var masechetId: Int
            var number: Int
        }
        var lessons: [Entry]
    }

    @Test("'bava' names three masechtot: exit 2, listing them in order")
    func bavaSuggestions() async throws {
        try await withServer { env in
            let result = try await CLIRunner.run(["status", "gemara:bava"], environment: env)
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "lessons: error: 'bava' names several masechtot: Bava Kamma, Bava Metzia, Bava Batra; give more of the name\n")
        }
    }

    @Test("a daf outside the masechet is refused by remove, pin and queue cancel as by status: exit 2, the range named")
    func dafOutsideForRegisteredLessons() async throws {
        try await withServer { env in
            let status = try await CLIRunner.run(["status", "gemara:berakhot:99"], environment: env)
            #expect(status.status == 2)
            #expect(status.stderr.hasSuffix("'Berakhot 99': Berakhot has dapim 2-64\n"), "\(status.stderr)")
            for command in [["remove"], ["pin"], ["queue", "cancel"]] {
                let result = try await CLIRunner.run(command + ["gemara:berakhot:99"], environment: env)
                #expect(result.status == 2, "\(command)")
                #expect(result.stderr == status.stderr, "\(command)")
                #expect(result.stdout == "", "\(command)")
            }
            let within = try await CLIRunner.run(["remove", "gemara:berakhot:9"], environment: env)
            #expect(within.status == 0, "\(within.stderr)")
        }
    }

    @Test("'rosh' resolves to Rosh Hashanah, told once on stderr; nothing told with --json or --quiet")
    func roshResolves() async throws {
        try await withServer { env in
            let result = try await CLIRunner.run(["status", "--no-sync", "gemara:rosh:2"], environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "gemara:rosh:2 → Rosh Hashanah\n")
            let json = try await CLIRunner.run(["--json", "status", "--no-sync", "gemara:rosh:2"], environment: env)
            #expect(json.status == 0, "\(json.stderr)")
            #expect(json.stderr == "")
            let document = try JSONDecoder().decode(StatusDocument.self, from: Data(json.stdout.utf8))
            let roshHashanah = try DemoCatalog.bundled().shas.masechtot.first { $0.name == "Rosh Hashanah" }?.id
            #expect(document.lessons.map(\.masechetId) == [try #require(roshHashanah)])
            #expect(document.lessons.map(\.number) == [2])
            let quiet = try await CLIRunner.run(["status", "--quiet", "--no-sync", "gemara:rosh:2"], environment: env)
            #expect(quiet.status == 0)
            #expect(quiet.stderr == "")
        }
    }

    @Test("the Hebrew name downloads Berakhot, with no note (a known name is no guess)")
    func hebrewName() async throws {
        try await withServer { env in
            let result = try await CLIRunner.run(["download", "gemara:ברכות:2", "--media", "audio"], environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("downloaded 2 files"), "\(result.stdout)")
            #expect(!result.stderr.contains("→"))
            let status = try await CLIRunner.run(["--json", "status", "--no-sync", "mishna:ברכות:1:1"], environment: env)
            #expect(status.status == 0, "\(status.stderr)")
            let document = try JSONDecoder().decode(StatusDocument.self, from: Data(status.stdout.utf8))
            #expect(document.lessons.map(\.masechetId) == [1])
        }
    }

    @Test("names the shell split into words are read whole: 'Bava Kamma 2 Berakhot 1:3'; a lone word is named in the error")
    func namesInWords() async throws {
        try await withServer { env in
            let json = try await CLIRunner.run(
                ["--json", "status", "--no-sync", "Bava", "Kamma", "2", "Berakhot", "1:3"], environment: env)
            #expect(json.status == 0, "\(json.stderr)")
            let document = try JSONDecoder().decode(StatusDocument.self, from: Data(json.stdout.utf8))
            let bavaKamma = try #require(try DemoCatalog.bundled().shas.masechtot.first { $0.name == "Bava Kamma" }?.id)
            #expect(document.lessons.map(\.masechetId) == [bavaKamma, 1], "\(json.stdout)")
            #expect(document.lessons.map(\.number) == [2, 3], "\(json.stdout)")
            let lone = try await CLIRunner.run(["status", "Bava", "Kamma", "gemara:berakhot:2"], environment: env)
            #expect(lone.status == 2)
            #expect(
                lone.stderr
                    == "lessons: error: 'Bava Kamma' names no lesson: give a daf ('Bava Kamma 2'), a mishna ('Bava Kamma 1:1'), or the whole masechet as gemara:bava-kamma or mishna:bava-kamma\n",
                "\(lone.stderr)")
            // A range with spaces around its hyphen is one name; a quoted name is taken as typed.
            let range = try await CLIRunner.run(["--json", "status", "--no-sync", "Megillah", "2", "-", "4"], environment: env)
            #expect(range.status == 0, "\(range.stderr)")
            let dapim = try JSONDecoder().decode(StatusDocument.self, from: Data(range.stdout.utf8)).lessons.map(\.number)
            #expect(dapim == [2, 3, 4], "\(range.stdout)")
            // An en dash as a word processor writes it, and commas between names.
            for arguments in [
                ["Megillah 2\u{2013}4"], ["Megillah", "2", "\u{2013}", "4"], ["Megillah 2,", "Megillah 3,Megillah 4"],
                ["Megillah", "2", ",", "Megillah", "3-4"],
            ] {
                let typed = try await CLIRunner.run(["--json", "status", "--no-sync"] + arguments, environment: env)
                let numbers = try JSONDecoder().decode(StatusDocument.self, from: Data(typed.stdout.utf8)).lessons.map(\.number)
                #expect(numbers == [2, 3, 4], "\(arguments): \(typed.stdout)\(typed.stderr)")
            }
            let quoted = try await CLIRunner.run(["status", "Berakhot 2a", "3"], environment: env)
            #expect(quoted.status == 2 && quoted.stderr.hasPrefix("lessons: error: 'Berakhot 2a': dapim are whole"), "\(quoted.stderr)")
            // A comma ends a name: what comes before it is told as it is.
            let alone = try await CLIRunner.run(["status", "Berakhot,", "Megillah", "3"], environment: env)
            #expect(alone.status == 2 && alone.stderr.hasPrefix("lessons: error: 'Berakhot' names no lesson"), "\(alone.stderr)")
            let mediumThenComma = try await CLIRunner.run(["status", "Berakhot", "3", "video,", "Megillah", "2"], environment: env)
            #expect(mediumThenComma.stderr.hasPrefix("lessons: error: 'video' is no lesson"), "\(mediumThenComma.stderr)")
            // A medium where --media was meant says so.
            let medium = try await CLIRunner.run(["status", "Berakhot", "3", "video"], environment: env)
            #expect(medium.stderr == "lessons: error: 'video' is no lesson: the media are chosen with --media video\n", "\(medium.stderr)")
        }
    }

    @Test(
        "a reversed range, an amud, a daf before the first, or dapim beyond the masechet: exit 2 with what is wrong",
        arguments: [
            ("gemara:berakhot:10-2", "'gemara:berakhot:10-2': '10-2' is reversed: did you mean 2-10?"),
            ("gemara:berakhot:2a", "'gemara:berakhot:2a': dapim are whole: use 2"),
            ("gemara:berakhot:0", "'gemara:berakhot:0': there is no daf 0: dapim start at 2"),
            ("gemara:berakhot:99", "'Berakhot 99': Berakhot has dapim 2-64"),
        ])
    func rangeErrors(_ selector: String, _ message: String) async throws {
        try await withServer { env in
            let result = try await CLIRunner.run(["status", selector], environment: env)
            #expect(result.status == 2)
            #expect(result.stderr == "lessons: error: \(message)\n")
        }
    }

    @Test("--concurrency -1 is refused for its value, not as a missing one")
    func negativeConcurrency() async throws {
        let result = try await CLIRunner.run(["download", "gemara:berakhot:2", "--concurrency", "-1"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("lessons: error: --concurrency must be between 1 and 16, not -1\n"), "\(result.stderr)")
    }

    @Test(
        "a negative number is refused for its value, not as a missing one",
        arguments: [
            (["download", "gemara:berakhot:2", "--limit-rate", "-5K"], "--limit-rate '-5K' is not a rate"),
            (["serve", "--port", "-1"], "--port must be between 0 and 65535, not -1"),
            (["ui", "--port", "-1"], "--port must be between 0 and 65535, not -1"),
            (["serve", "--media-size-scale", "-1"], "--media-size-scale must be a positive number"),
            (["history", "-n", "-1"], "-n must be at least 1, not -1"),
        ])
    func negativeNumbers(_ arguments: [String], _ said: String) async throws {
        let result = try await CLIRunner.run(arguments)
        #expect(result.status == 2 && result.stderr.contains(said), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
    }

    @Test("clean --older-than -3d is refused as negative, naming the accepted forms")
    func negativeAge() async throws {
        let result = try await CLIRunner.run(["clean", "--older-than", "-3d"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "lessons: error: --older-than '-3d' must not be negative: give 45s, 90m, 12h, 3d, 2w or 1y (365 days), any case, or never\n"
            ),
            "\(result.stderr)")
    }

    @Test("clean --max-size 2G runs; a size it cannot read lists the accepted forms")
    func sizes() async throws {
        try await withServer { env in
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2"], environment: env).status == 0)
            let kept = try await CLIRunner.run(["clean", "--older-than", "never", "--max-size", "2G", "--dry-run"], environment: env)
            #expect(kept.status == 0, "\(kept.stderr)")
            #expect(kept.stdout.hasPrefix("nothing to remove: the library is within its quota of 2"), "\(kept.stdout)")
            let recent = try await CLIRunner.run(["clean", "--dry-run"], environment: env)
            #expect(recent.stdout == "nothing to remove: no download was completed more than 30 days ago\n", "\(recent.stdout)")
            var spanish = env
            spanish["LANG"] = "es_ES.UTF-8"
            let reciente = try await CLIRunner.run(["clean", "--older-than", "90m"], environment: spanish)
            #expect(reciente.stdout == "nada que borrar: ninguna descarga se completó hace más de 90m\n", "\(reciente.stdout)")
            for zero in ["0", "0B"] {
                let refused = try await CLIRunner.run(["clean", "--max-size", zero], environment: env)
                #expect(refused.status == 2 && refused.stderr.contains("would remove every download not pinned"), "\(refused.stderr)")
            }
            #expect(try await CLIRunner.run(["status", "gemara:berakhot:2"], environment: env).stdout.contains("complete"))
            let trimmed = try await CLIRunner.run(["clean", "--older-than", "never", "--max-size", "1 b", "--dry-run"], environment: env)
            #expect(trimmed.status == 0, "\(trimmed.stderr)")
            #expect(trimmed.stdout.contains("would remove Berakhot 2 audio"), "\(trimmed.stdout)")
            let bad = try await CLIRunner.run(["clean", "--max-size", "2 gigs"], environment: env)
            #expect(bad.status == 2)
            #expect(
                bad.stderr.hasPrefix(
                    "lessons: error: --max-size '2 gigs' is not a size: give 500K, 500M, 2G or 2GB (powers of 1000), 2GiB (powers of 1024), 1.5g, or a number of bytes; any case, the B optional\n"
                ), "\(bad.stderr)")
        }
    }
}

extension SelectorCLITests {
    @Test("clean applies the quota the Downloads page keeps, says so, and leaves it out with --max-size none")
    func keptQuota() async throws {
        try await withServer { env in
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2"], environment: env).status == 0)
            let root = URL(fileURLWithPath: try #require(env["LESSONS_LIBRARY"]))
            let library = try await LessonLibrary(root: root)
            try await library.setStorageQuota(1)
            try await library.close()

            let kept = try await CLIRunner.run(["clean", "--older-than", "never", "--dry-run"], environment: env)
            #expect(kept.status == 0, "\(kept.stderr)")
            #expect(kept.stdout.hasPrefix("the quota kept by the Downloads page: 1 B (--max-size none leaves it out)\n"), "\(kept.stdout)")
            #expect(kept.stdout.contains("would remove Berakhot 2 audio"), "\(kept.stdout)")
            let none = try await CLIRunner.run(["clean", "--older-than", "never", "--max-size", "none", "--dry-run"], environment: env)
            #expect(none.status == 0, "\(none.stderr)")
            #expect(none.stdout == "nothing to remove: no age limit and no size quota apply (--older-than never)\n", "\(none.stdout)")
            let given = try await CLIRunner.run(["clean", "--older-than", "never", "--max-size", "2G", "--dry-run"], environment: env)
            #expect(
                given.stdout.hasPrefix("nothing to remove: the library is within its quota of 2"), "an explicit size wins: \(given.stdout)")
        }
    }
}
