import Foundation
import GRDB
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bad input for every command that reads user or server data:
/// each case gets a clear message of at most two lines and exit 1, 2 or 3; nothing crashes;
/// nothing is written outside the library root; the library is still usable afterwards.
@Suite("Bad-input corpus", .timeLimit(.minutes(10)))
struct BadInputCorpusTests {
    /// A home, a working folder and a library, all in one fresh folder, so that anything written
    /// outside the library root is seen.
    struct Sandbox {
        let folder: URL
        var home: URL { folder.appendingPathComponent("home") }
        var cwd: URL { folder.appendingPathComponent("cwd") }
        var library: URL { folder.appendingPathComponent("library") }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-corpus-\(UUID().uuidString.prefix(8))")
            for url in [folder.appendingPathComponent("home"), folder.appendingPathComponent("cwd")] {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            }
        }

        /// Every path outside the library root, with its size.
        func outsideLibrary() -> [String: Int] {
            var result: [String: Int] = [:]
            let items = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for item in items where !item.hasPrefix("library") {
                result[item] =
                    (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(item).path))?[.size] as? Int ?? -1
            }
            return result
        }
    }

    struct Case: CustomStringConvertible {
        var arguments: [String]
        var exitCodes: Set<Int32>
        var description: String { arguments.map { $0.count > 40 ? String($0.prefix(37)) + "…" : $0 }.joined(separator: " ") }
    }

    /// Runs one case and checks what every case must hold.
    func check(_ entry: Case, _ sandbox: Sandbox, _ environment: [String: String]) async throws {
        let before = sandbox.outsideLibrary()
        var env = environment
        env["HOME"] = sandbox.home.path
        env["XDG_DATA_HOME"] = ""
        let result = try await CLIRunner.run(entry.arguments, environment: env, currentDirectory: sandbox.cwd)
        #expect(entry.exitCodes.contains(result.status), "\(entry): exit \(result.status); stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(!lines.isEmpty && lines.count <= 2, "\(entry): \(lines.count) lines on stderr: \(result.stderr)")
        #expect(lines.first?.hasPrefix("lessons: error: ") == true, "\(entry): \(result.stderr)")
        #expect(result.stderr.count < 400, "\(entry): \(result.stderr.count) characters")
        for dump in ["Fatal error", "Domain=", "Error: Error", "UserInfo", "CREATE TABLE", "HTTPClientError", "NIO"] {
            #expect(!result.stderr.contains(dump), "\(entry): '\(dump)' in \(result.stderr)")
        }
        #expect(sandbox.outsideLibrary() == before, "\(entry): something was written outside the library root")
    }

    @Test("selectors, flags, paths and URLs given by the user")
    func userInput() async throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.folder) }
        try await ContentServer(configuration: .init()).withRunning { running in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": sandbox.library.path]
            #expect(try await CLIRunner.run(["catalog"], environment: env).status == 0)
            let usage: Set<Int32> = [2]
            let cases: [Case] = [
                Case(arguments: ["status", ""], exitCodes: usage),
                Case(arguments: ["status", "gemara"], exitCodes: usage),
                Case(arguments: ["status", "gemara:"], exitCodes: usage),
                Case(arguments: ["status", "gemara:berakhot:0"], exitCodes: usage),
                Case(arguments: ["status", "gemara:berakhot:5-2"], exitCodes: usage),
                Case(arguments: ["status", "gemara:berakhot:999"], exitCodes: usage),
                Case(arguments: ["status", "mishna:berakhot:1:2:3"], exitCodes: usage),
                Case(arguments: ["status", "gemara/-1"], exitCodes: usage),
                Case(arguments: ["status", "gemara/abc"], exitCodes: usage),
                Case(arguments: ["status", "torah:bereshit"], exitCodes: usage),
                Case(arguments: ["status", String(repeating: "a", count: 10_000)], exitCodes: usage),
                Case(arguments: ["status", "mishna:" + String(repeating: "a", count: 10_000) + ":1"], exitCodes: usage),
                Case(arguments: ["status", "mishna:aaaa:1:1"], exitCodes: usage),
                Case(arguments: ["status", "mishna/99999"], exitCodes: usage),
                Case(arguments: ["download", "gemara:peah"], exitCodes: usage),
                Case(arguments: ["remove", "mishna:berakhot:99"], exitCodes: usage),
                Case(arguments: ["remove", "gemara:xyzzy"], exitCodes: usage),
                Case(arguments: ["download", "--concurrency", "0"], exitCodes: usage),
                Case(arguments: ["download", "--concurrency", "abc"], exitCodes: usage),
                Case(arguments: ["download", "gemara/1", "--media", "foo"], exitCodes: usage),
                Case(arguments: ["remove", "gemara/1", "--media", "both"], exitCodes: usage),
                Case(arguments: ["serve", "--port", "70000"], exitCodes: usage),
                Case(arguments: ["serve", "--media-size-scale", "-1"], exitCodes: usage),
                Case(arguments: ["catalog", "--server", "ftp://example.org/api/"], exitCodes: usage),
                Case(arguments: ["catalog", "--server", "not a url"], exitCodes: usage),
                Case(arguments: ["download", "gemara/1", "--media-base", "javascript:alert(1)"], exitCodes: usage),
                Case(arguments: ["list", "--bogus"], exitCodes: usage),
                Case(arguments: ["clean", "--older-than", "3x"], exitCodes: usage),
                Case(arguments: ["clean", "--max-size", "lots"], exitCodes: usage),
                Case(arguments: ["sync", "--dry-run", "--repair"], exitCodes: usage),
                Case(arguments: ["pin", "mishna:aaaa"], exitCodes: usage),
                Case(arguments: ["frobnicate"], exitCodes: usage),
                Case(arguments: ["list", "--library", ""], exitCodes: usage),
                Case(
                    arguments: ["list", "--library", sandbox.cwd.appendingPathComponent(String(repeating: "d", count: 5_000)).path],
                    exitCodes: [3]),
                Case(arguments: ["catalog", "--server", "http://127.0.0.1:1/api/", "--refresh"], exitCodes: [3]),
            ]
            for entry in cases { try await check(entry, sandbox, env) }
            // Still usable.
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2"], environment: env).status == 0)
            #expect(try await CLIRunner.run(["list"], environment: env).status == 0)
        }
    }

    @Test("registry files that are not this library's: garbage, another application's, truncated")
    func registryFiles() async throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.folder) }
        try await ContentServer(configuration: .init()).withRunning { running in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": sandbox.library.path]
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2"], environment: env).status == 0)
            let database = sandbox.library.appendingPathComponent(LibraryLayout.databaseName)
            let good = try Data(contentsOf: database)
            let foreign = sandbox.folder.appendingPathComponent("foreign.sqlite")
            let queue = try DatabaseQueue(path: foreign.path)
            try await queue.write { try $0.execute(sql: "CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT)") }
            try queue.close()
            let variants: [(String, Data)] = [
                ("garbage", Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })),
                ("another application's", try Data(contentsOf: foreign)),
                ("truncated", good.prefix(1024)),
                ("empty header", Data(count: 100)),
            ]
            try FileManager.default.removeItem(at: foreign)
            for (name, bytes) in variants {
                try bytes.write(to: database)
                for arguments in [["list"], ["status", "gemara:berakhot:2"], ["download", "gemara:berakhot:2"], ["remove", "gemara/1"]] {
                    try await check(Case(arguments: arguments, exitCodes: [3]), sandbox, env)
                }
                #expect(try Data(contentsOf: database) == bytes, "\(name): the file was changed")
            }
            try good.write(to: database)
            #expect(try await CLIRunner.run(["list"], environment: env).status == 0, "usable again with its own database")
        }
    }

    @Test("server data: bad catalog bodies, bad media keys and URLs, sizes that lie")
    func serverData() async throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.folder) }
        let faults = FaultInjector()
        let server = try ContentServer(configuration: .init(faults: faults))
        try await server.withRunning { running in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": sandbox.library.path]
            let shas = try await Self.realShas(running)
            for (status, body) in [
                (200, "{not json"), (200, "<html>maintenance</html>"), (500, "{}"),
                (200, #"{"success":true,"data":{"seder":[]},"errors":[]}"#),
                (200, String(repeating: "[", count: 100_000)),
            ] {
                await faults.replaceAPIResponse(at: "masechtot_list/", status: status, body: body)
                try await check(Case(arguments: ["catalog", "--refresh"], exitCodes: [3]), sandbox, env)
            }
            await faults.replaceAPIResponse(at: "masechtot_list/", status: 200, body: shas)
            var lessons = try await Self.listing(running, masechet: 1)
            lessons[0].audio = "../../../etc/passwd"
            lessons[1].video = "file:///etc/passwd"
            lessons[2].audio = "."
            let page = String(decoding: try JSONEncoder().encode(Array(lessons.prefix(4))), as: UTF8.self)
            await faults.replaceAPIResponse(at: "gemara/masechet/1/", body: #"{"success":true,"errors":[],"data":{"pages":"# + page + "}}")
            await faults.inject(.shortBody(missingBytes: 100, count: 100), at: MediaAddress(LessonID(.gemara, lessons[3].id), .audio))
            // Quiet: progress lines are not error messages; the failures are named on stdout.
            for arguments in [
                ["download", "gemara:berakhot:2", "--media", "audio", "--quiet"],
                ["download", "gemara:berakhot:3", "--media", "both", "--quiet"],
                ["download", "gemara:berakhot:4", "--quiet"], ["download", "gemara:berakhot:5", "--quiet"],
            ] {
                try await check(Case(arguments: arguments, exitCodes: [1]), sandbox, env)
            }
            #expect(try await CLIRunner.run(["list"], environment: env).status == 0)
        }
    }

    static func realShas(_ running: ContentServer.Running) async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: running.apiBase.appendingPathComponent("masechtot_list/"))
        return String(decoding: data, as: UTF8.self)
    }

    static func listing(_ running: ContentServer.Running, masechet: Int) async throws -> [Lesson] {
        let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "t"))
        return try await client.fetchGemaraLessons(masechetId: masechet).lessons
    }
}
