import ChildProcesses
import Foundation
import Testing

@testable import OfflineLessons

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package root, found from this file.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The built `lessons` binary.
private func lessonsBinary() throws -> URL {
    try LessonsBinary.url()
}

/// An environment without the variables that would change what the CLI does.
private func cleanEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    LessonsBinary.environment(extra)
}

struct CLIResult {
    var exitCode: Int32
    var stdout: String
    var stderr: String
}

/// Runs `lessons` to completion, capturing both streams through files (no pipe can fill up).
private func lessons(_ arguments: [String], environment: [String: String] = cleanEnvironment()) async throws -> CLIResult {
    let result = try await CLIRunner.run(arguments, environment: environment)
    return CLIResult(exitCode: result.status, stdout: result.stdout, stderr: result.stderr)
}

/// Runs `lessons serve --port 0 …` for the duration of `body`, which gets the printed API base.
private func withServe<T>(
    _ extra: [String] = [], stderr: URL? = nil, environment: [String: String] = [:], _ body: (String) async throws -> T
) async throws -> T {
    let pipe = Pipe()
    let process = try ChildProcess(
        try lessonsBinary(), arguments: ["serve", "--port", "0"] + extra,
        environment: cleanEnvironment(environment), stdout: .descriptor(pipe.fileHandleForWriting.fileDescriptor),
        stderr: stderr.map { .file($0) } ?? .null)
    // The child holds the writing end now; closing ours lets a read end at its exit.
    try pipe.fileHandleForWriting.close()
    defer {
        process.terminate()
        process.waitUntilExit()
    }
    let descriptor = pipe.fileHandleForReading.fileDescriptor
    let line = await Task.detached { () -> String in
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }.value
    try #require(line.hasPrefix("http://127.0.0.1:") && line.hasSuffix("/api/"), "serve printed \(line)")
    return try await body(line)
}

/// A fresh library folder.
private func temporaryLibrary() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("lessons-cli-library-\(UUID().uuidString)").path
}

/// The catalog totals the CLI must report, from shas-structure.json.
private func expectedTotals() throws -> [String: Int] {
    let url = packageRoot.appendingPathComponent("Sources/LessonsServer/Resources/shas-structure.json")
    let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let totals = try #require(file["totals"] as? [String: Int])
    return [
        "sedarim": try #require(totals["sedarim"]), "masechtot": try #require(totals["masechtot"]),
        "chapters": try #require(totals["chapters"]), "mishnayot": try #require(totals["mishnayot"]),
        "gemaraMasechtot": try #require(totals["bavliMasechtot"]), "dapim": try #require(totals["bavliDapim"]),
    ]
}

/// stdout parsed as the single JSON document it must be.
private func jsonDocument(_ result: CLIResult) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return try #require(object as? [String: Any], "stdout is not one JSON object: \(result.stdout)")
}

@Suite("lessons CLI", .timeLimit(.minutes(1)))
struct CLITests {
    @Test("catalog fetches from the server, then answers from the cache without it")
    func catalogFromServerThenCache() async throws {
        let library = temporaryLibrary()
        defer { try? FileManager.default.removeItem(atPath: library) }
        let expected = try expectedTotals()
        try await withServe { apiBase in
            let fetched = try await lessons(["catalog", "--server", apiBase, "--json", "--library", library])
            #expect(fetched.exitCode == 0, "\(fetched.stderr)")
            let report = try jsonDocument(fetched)
            #expect(report["source"] as? String == "server")
            #expect(report["totals"] as? [String: Int] == expected)
            #expect((report["sedarim"] as? [Any])?.count == expected["sedarim"])
        }
        #expect(FileManager.default.fileExists(atPath: library + "/library.sqlite"))
        // The server has stopped: only the cache can answer.
        let cached = try await lessons(["catalog", "--json", "--library", library])
        #expect(cached.exitCode == 0, "\(cached.stderr)")
        let report = try jsonDocument(cached)
        #expect(report["source"] as? String == "cache")
        #expect(report["totals"] as? [String: Int] == expected)

        // Human output says the same.
        let human = try await lessons(["catalog", "--library", library])
        #expect(human.exitCode == 0)
        #expect(human.stdout.contains("6 sedarim, 63 masechtot, 524 chapters, 4187 mishnayot; 37 masechtot with Gemara, 2684 dapim"))
        #expect(human.stdout.contains("from the cache"))
        #expect(human.stdout.contains("\n  Berakhot         [1]    9 chapters, 57 mishnayot, 63 dapim of Gemara\n"), "the id in brackets")
    }

    @Test("global options before the command, as the contract writes them")
    func globalOptionsBeforeCommand() async throws {
        let library = temporaryLibrary()
        defer { try? FileManager.default.removeItem(atPath: library) }
        try await withServe { apiBase in
            let result = try await lessons(["--library", library, "--json", "catalog", "--server", apiBase])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(try jsonDocument(result)["source"] as? String == "server")
        }
        #expect(FileManager.default.fileExists(atPath: library + "/library.sqlite"))
    }

    @Test("the environment names the library and the server")
    func environmentVariables() async throws {
        let library = temporaryLibrary()
        defer { try? FileManager.default.removeItem(atPath: library) }
        try await withServe { apiBase in
            let environment = cleanEnvironment(["LESSONS_LIBRARY": library, "LESSONS_SERVER": apiBase])
            let result = try await lessons(["catalog", "--json"], environment: environment)
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(try jsonDocument(result)["source"] as? String == "server")
        }
        #expect(FileManager.default.fileExists(atPath: library + "/library.sqlite"))
    }

    @Test("serve says which token it takes, in the user's language, and the token it names works", arguments: ["C", "es_ES.UTF-8"])
    func serveNamesItsToken(_ locale: String) async throws {
        let library = temporaryLibrary()
        let banner = URL(fileURLWithPath: library + "-serve.txt")
        defer { try? FileManager.default.removeItem(atPath: library) }
        defer { try? FileManager.default.removeItem(at: banner) }
        try await withServe(stderr: banner, environment: ["LANG": locale, "LC_ALL": locale]) { apiBase in
            var said = ""
            for _ in 0..<50 where !said.contains("LESSONS_TOKEN=demo") {
                try await Task.sleep(for: .milliseconds(100))
                said = (try? String(contentsOf: banner, encoding: .utf8)) ?? ""
            }
            #expect(said.contains(locale == "C" ? "any token is accepted" : "se acepta cualquier token"), "\(said)")
            #expect(said.contains("--token demo"), "\(said)")
            let result = try await lessons(["catalog", "berakhot", "--server", apiBase, "--library", library, "--token", "demo"])
            #expect(result.exitCode == 0, "\(result.stderr)")
        }
    }

    @Test("serve --token: catalog still works (masechtot_list needs no token); a masechet's listing takes that token only")
    func serveWithToken() async throws {
        let library = temporaryLibrary()
        defer { try? FileManager.default.removeItem(atPath: library) }
        try await withServe(["--token", "secret"]) { apiBase in
            for token in [["--token", "wrong"], []] {
                let result = try await lessons(["catalog", "--server", apiBase, "--refresh", "--json", "--library", library] + token)
                #expect(result.exitCode == 0, "\(result.stderr)")
                #expect(try jsonDocument(result)["source"] as? String == "server")
                #expect(!result.stderr.contains("secret"))
            }
            let wrong = try await lessons(["catalog", "berakhot", "--server", apiBase, "--library", library, "--token", "wrong"])
            #expect(wrong.exitCode == 3 && wrong.stderr.contains("token"), "\(wrong.stderr)")
            let right = try await lessons(["catalog", "berakhot", "--server", apiBase, "--library", library, "--token", "secret"])
            #expect(right.exitCode == 0, "\(right.stderr)")
        }
    }

    @Test(
        "an unknown option is bad usage: exit 2",
        arguments: [
            ["catalog", "--no-such-option"], ["--frobnicate"], ["no-such-command"], ["serve", "--port", "70000"],
        ])
    func unknownOption(_ arguments: [String]) async throws {
        let result = try await lessons(arguments + ["--library", temporaryLibrary()])
        #expect(result.exitCode == 2, "stderr: \(result.stderr)")
        #expect(!result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "with --json, a command that fails before its report prints one document on stdout: the exit code and the message",
        arguments: [["catalog", "--no-such-option"], ["download", "gemara:nowhere"], ["plan", "add", "daf-yomi", "--ahead", "99"]])
    func failureAsJSON(_ arguments: [String]) async throws {
        let library = temporaryLibrary()
        defer { try? FileManager.default.removeItem(atPath: library) }
        try await withServe { apiBase in
            let result = try await lessons(arguments + ["--json", "--library", library, "--server", apiBase, "--token", "t"])
            #expect(result.exitCode == 2, "stderr: \(result.stderr)")
            #expect(
                failureDocument(result.stdout) == FailureDocument(exitCode: 2, message: errorMessage(result.stderr)), "\(result.stdout)")
        }
    }

    @Test("a server URL that is not http(s) is bad usage: exit 2")
    func badServerURL() async throws {
        let library = temporaryLibrary()
        defer { try? FileManager.default.removeItem(atPath: library) }
        let result = try await lessons(["catalog", "--server", "ftp://example.org/api/", "--library", library])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("ftp://example.org/api/"))
    }

    @Test("no server configured and nothing cached: exit 3")
    func nothingCached() async throws {
        let library = temporaryLibrary()
        defer { try? FileManager.default.removeItem(atPath: library) }
        let result = try await lessons(["catalog", "--json", "--library", library])
        #expect(result.exitCode == 3)
        #expect(failureDocument(result.stdout) == FailureDocument(exitCode: 3, message: errorMessage(result.stderr)), "\(result.stdout)")
        // The server is what is missing, not a library.
        #expect(result.stderr.contains("the Shas is not cached and no server is configured to fetch it"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("LESSONS_SERVER"), "the remedy: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    @Test(
        "commands that only read, on a folder with no library: exit 3, one message, nothing created",
        arguments: [
            ["list"], ["--json", "list"], ["status", "gemara:berakhot:2"], ["history"], ["doctor"], ["export", "--legacy-json", "-"],
            ["remove", "gemara:berakhot:2"], ["pin", "gemara:berakhot:2"], ["clean", "--older-than", "30d"], ["sync"],
        ])
    func readingNeverCreates(_ arguments: [String]) async throws {
        let library = temporaryLibrary()
        defer { try? FileManager.default.removeItem(atPath: library) }
        try await withServe { apiBase in
            let result = try await lessons(arguments + ["--library", library, "--server", apiBase])
            #expect(result.exitCode == 3, "stderr: \(result.stderr)")
            #expect(
                result.stderr
                    == "lessons: error: no library at \(library): nothing was ever downloaded there. `lessons download <selector>` starts one; --library or LESSONS_LIBRARY names another folder\n"
            )
            if arguments.contains("--json") {
                #expect(failureDocument(result.stdout) == FailureDocument(exitCode: 3, message: errorMessage(result.stderr)))
            } else {
                #expect(result.stdout.isEmpty)
            }
            #expect(!FileManager.default.fileExists(atPath: library), "\(arguments) created \(library)")
        }
    }

    @Test(
        "a mistyped command, of lessons, queue or plan: did you mean, exit 2; help of an unknown command is an error too",
        arguments: [
            (["downlod"], "'downlod' is not a lessons command; did you mean `lessons download`?"),
            (["queue", "--json", "canel", "Berakhot 5"], "'canel' is not a `lessons queue` command; did you mean `lessons queue cancel`?"),
            (["plan", "ad", "daf-yomi"], "'ad' is not a `lessons plan` command; did you mean `lessons plan add`?"),
            (["queue", "Berakhot", "5"], "'Berakhot' is not a `lessons queue` command; the commands are: list, pause, resume, cancel"),
            (["--library", "/tmp/x", "lst"], "'lst' is not a lessons command; did you mean `lessons list`?"),
            (
                ["help", "foo"],
                "'foo' is not a lessons command; the commands are: serve, demo, catalog, download, list, status, remove, sync, clean, pin, unpin, doctor, history, export, migrate, ui, queue, today, plan, ready"
            ),
        ])
    func mistypedCommand(_ arguments: [String], message: String) async throws {
        let result = try await lessons(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr == "lessons: error: \(message)\n")
    }

    @Test("a catalog the server does not answer creates no library")
    func failedCatalogCreatesNothing() async throws {
        let library = temporaryLibrary()
        defer { try? FileManager.default.removeItem(atPath: library) }
        // A port nothing listens on: the connection is refused.
        let result = try await lessons(["catalog", "--library", library, "--server", "http://127.0.0.1:9/api/"])
        #expect(result.exitCode == 3, "stderr: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library))
    }
}

/// The document `--json` prints for a failure.
private struct FailureDocument: Decodable, Equatable {
    var exitCode: Int32
    var message: String
}

private func failureDocument(_ stdout: String) -> FailureDocument? {
    try? JSONDecoder().decode([String: FailureDocument].self, from: Data(stdout.utf8))["error"]
}

/// The first `lessons: error: …` line's message.
private func errorMessage(_ stderr: String) -> String {
    let line = stderr.split(separator: "\n").first { $0.hasPrefix("lessons: error: ") } ?? ""
    return String(line.dropFirst("lessons: error: ".count))
}
