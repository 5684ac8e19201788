import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

@Suite("lessons download, list, status, remove")
struct DownloadCLITests {
    /// Runs `body` with an in-process server and an empty library folder.
    func withServer(
        faults: FaultInjector? = nil, scale: Double = 0.001,
        _ body: @Sendable (ContentServer, ContentServer.Running, String) async throws -> Void
    ) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-cli-lib-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: scale, faults: faults))
        try await server.withRunning { running in try await body(server, running, root.path) }
    }

    struct ListDocument: Decodable {
        struct Entry: Decodable {
            var type: String
            var id: Int
            var sederId: Int
            var masechetId: Int
            var chapter: Int
            var page: Int?
            var mishna: Int?
            var media: [String: File]
        }
        struct File: Decodable { var bytes: Int }
        var lessons: [Entry]
    }

    @Test("after a command, library.sqlite alone holds the registry: a copy of that one file lists the download")
    func registryWholeInItsFile() async throws {
        try await withServer { _, running, library in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library]
            let download = try await CLIRunner.run(["download", "gemara:berakhot:2-4", "--media", "audio"], environment: env)
            #expect(download.status == 0, "stderr: \(download.stderr)")
            let database = URL(fileURLWithPath: library).appendingPathComponent(LibraryLayout.databaseName)
            let log = URL(fileURLWithPath: database.path + "-wal")
            let logBytes = (try? FileManager.default.attributesOfItem(atPath: log.path))?[.size] as? Int ?? 0
            #expect(logBytes == 0, "the write-ahead log is folded into the file at exit (\(logBytes) bytes left)")
            // The file alone, as someone copying it off a device would take it.
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-copy-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: copy) }
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: database, to: copy.appendingPathComponent(LibraryLayout.databaseName))
            let list = try await CLIRunner.run(["--json", "list", "--no-sync"], environment: ["LESSONS_LIBRARY": copy.path])
            #expect(list.status == 0, "stderr: \(list.stderr)")
            let document = try JSONDecoder().decode(ListDocument.self, from: Data(list.stdout.utf8))
            #expect(document.lessons.map(\.id) == [1, 2, 3], "\(list.stdout.prefix(300))")
        }
    }

    @Test("download gemara:berakhot:2-11 --media audio, then list --json with the server's sizes")
    func downloadAndList() async throws {
        try await withServer { server, running, library in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library]
            let download = try await CLIRunner.run(["download", "gemara:berakhot:2-11", "--media", "audio"], environment: env)
            #expect(download.status == 0, "stderr: \(download.stderr)")
            #expect(download.stdout.contains("downloaded 20 files"))
            #expect(download.stderr.contains("completed Berakhot 2 audio"), "progress lines go to stderr when it is not a terminal")

            let list = try await CLIRunner.run(["list", "--json"], environment: env)
            #expect(list.status == 0)
            let document = try JSONDecoder().decode(ListDocument.self, from: Data(list.stdout.utf8))
            #expect(document.lessons.map(\.page) == Array(2...11))
            let berakhot = try #require(server.catalog.gemaraLessons(masechetId: 1))
            for entry in document.lessons {
                #expect(entry.type == "gemara" && entry.masechetId == 1 && entry.sederId == 1)
                let lesson = try #require(berakhot.first { $0.lesson.id == entry.id })
                for medium in [MediaKind.audio, .text] {
                    let size = SyntheticMedia(
                        lesson: LessonID(.gemara, entry.id), medium: medium, duration: lesson.lesson.duration, scale: 0.001
                    ).size
                    #expect(entry.media[medium.rawValue]?.bytes == size)
                }
                #expect(entry.media["video"] == nil)
            }
            // The list is the registry's: no server, no catalog needed (legacy B19).
            let offline = try await CLIRunner.run(["list", "--json"], environment: ["LESSONS_LIBRARY": library])
            #expect(offline.status == 0, "stderr: \(offline.stderr)")
            #expect(try JSONDecoder().decode(ListDocument.self, from: Data(offline.stdout.utf8)).lessons.map(\.page) == Array(2...11))
            let human = try await CLIRunner.run(["list"], environment: env)
            #expect(human.stdout.contains("Berakhot (Gemara)"))
            #expect(human.stdout.contains("10 lessons"))

            let again = try await CLIRunner.run(["download", "gemara:berakhot:2-11", "--json"], environment: env)
            let summary = try JSONDecoder().decode(DownloadSummary.self, from: Data(again.stdout.utf8))
            #expect(summary.alreadyComplete == 20 && summary.downloaded == 0)

            let status = try await CLIRunner.run(["status", "gemara:berakhot:2", "--json"], environment: env)
            #expect(status.stdout.contains("\"complete\""))

            #expect(try await CLIRunner.run(["pin", "gemara:berakhot:2"], environment: env).status == 0)
            let dry = try await CLIRunner.run(["remove", "gemara:Berajot:2-3", "--dry-run"], environment: env)
            #expect(dry.status == 0 && dry.stdout.hasPrefix("would remove Berakhot 2 audio (pinned)\n"), "\(dry.stdout)")
            #expect(
                dry.stdout.contains("\n4 items would be removed, ")
                    && dry.stdout.hasSuffix(": run again without --dry-run to remove them\n"),
                "\(dry.stdout)")
            let untouched = try JSONDecoder().decode(
                ListDocument.self, from: Data(try await CLIRunner.run(["list", "--json"], environment: env).stdout.utf8))
            #expect(untouched.lessons.map(\.page) == Array(2...11), "a dry run removes nothing")
            let remove = try await CLIRunner.run(["remove", "gemara:Berajot:2-3"], environment: env)
            #expect(remove.status == 0)
            #expect(remove.stdout.contains("4 items removed, "), "\(remove.stdout)")
            let after = try JSONDecoder().decode(
                ListDocument.self, from: Data(try await CLIRunner.run(["list", "--json"], environment: env).stdout.utf8))
            #expect(after.lessons.map(\.page) == Array(4...11))
        }
    }

    @Test("remove checks its selectors as status does (exit 2), even with nothing registered; --library '' is bad usage")
    func removeChecksSelectors() async throws {
        try await withServer { _, running, library in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library]
            // An empty library: `download` with nothing pending makes one.
            #expect(try await CLIRunner.run(["download"], environment: env).status == 0)
            for selector in ["mishna:berakhot:99", "gemara:xyzzy:2", "mishna:aaaa:1:1"] {
                let status = try await CLIRunner.run(["status", selector], environment: env)
                let remove = try await CLIRunner.run(["remove", selector], environment: env)
                #expect(
                    status.status == 2 && remove.status == 2,
                    "\(selector): status \(status.status), remove \(remove.status) \(remove.stdout)")
                #expect(remove.stderr == status.stderr, "\(selector): the same message")
            }
            let empty = try await CLIRunner.run(["list", "--library", ""], environment: env)
            #expect(empty.status == 2 && empty.stderr.contains("--library must not be empty"), "\(empty.stderr)")
            #expect(!empty.stderr.contains("Error: "), "no 'error: Error:' doubling: \(empty.stderr)")
        }
    }

    @Test("with LANG=es_ES.UTF-8 the download summary is in Spanish")
    func spanishSummary() async throws {
        try await withServer { _, running, library in
            let env = [
                "LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library,
                "LANG": "es_ES.UTF-8", "LC_ALL": "",
            ]
            let result = try await CLIRunner.run(["download", "gemara:berakhot:2"], environment: env)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(result.stdout.hasPrefix("2 archivos descargados, "), "\(result.stdout)")
            #expect(result.stdout.contains(" s a ") && result.stdout.hasSuffix("; 0 ya estaban\n"), "\(result.stdout)")
        }
    }

    @Test("exit codes: 2 for bad selectors, 3 without a server, 1 when a download fails")
    func exitCodes() async throws {
        let faults = FaultInjector()
        try await withServer(faults: faults) { _, running, library in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library]
            #expect(try await CLIRunner.run(["download", "gemara"], environment: env).status == 2)
            #expect(try await CLIRunner.run(["download", "gemara:nosuchmasechet"], environment: env).status == 2)
            let peah = try await CLIRunner.run(["download", "gemara:peah"], environment: env)
            #expect(peah.status == 2)
            #expect(
                peah.stderr.contains(
                    "Peah has no Gemara; for its Mishna, name a chapter and a mishna, like 'Peah 1:1', or all of it: mishna:peah"),
                "\(peah.stderr)")
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:70"], environment: env).status == 2)
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2", "--concurrency", "0"], environment: env).status == 2)
            let offline = try await CLIRunner.run(["download", "gemara:berakhot:2", "--library", library + "-other"])
            #expect(offline.status == 3)
            await faults.inject(.failFirst(count: 100, status: 404), at: MediaAddress(LessonID(.gemara, 2), .audio))
            let failing = try await CLIRunner.run(["download", "gemara:berakhot:3"], environment: env)
            #expect(failing.status == 1)
            #expect(failing.stdout.contains("FAILED: Berakhot 3 audio"), "stdout: \(failing.stdout)")
            #expect(
                failing.stderr.contains("1 download failed, for the reasons above: `lessons download` tries again"), "\(failing.stderr)")
        }
    }

    @Test("doctor groups problems alike: a count, the cause, three lessons by name, how many more, the fix")
    func doctorGroups() async throws {
        let faults = FaultInjector()
        for id in 1...5 { await faults.inject(.failFirst(count: 100, status: 404), at: MediaAddress(LessonID(.gemara, id), .audio)) }
        try await withServer(faults: faults) { _, running, library in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library]
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2-7"], environment: env).status == 1)
            let doctor = try await CLIRunner.run(["doctor"], environment: env)
            #expect(doctor.status == 1 && doctor.stderr.contains("5 problems found"), "\(doctor.stderr)")
            #expect(
                doctor.stdout
                    == "5 items failed: the server answered HTTP 404 — Berakhot 2 audio, Berakhot 3 audio, Berakhot 4 audio, and 2 more; fix: run `lessons download`\n"
            )
            // A lesson's media are named together, as `list` shows them.
            #expect(try await CLIRunner.run(["queue", "pause"], environment: env).status == 0)
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:20-23"], environment: env).status == 0)
            let pending = try await CLIRunner.run(["doctor"], environment: env).stdout
            #expect(
                pending.contains(
                    "8 items pending: requested, not downloaded yet — Berakhot 20 audio+PDF, Berakhot 21 audio+PDF, Berakhot 22 audio+PDF, and 2 more;"
                ), "\(pending)")
        }
    }

    // --quiet leaves the events unread: the signal cancels the run itself.
    @Test(
        "Ctrl-C (130) and SIGTERM (143) stop a download cleanly: what completed is said, items go back to the queue, the next run finishes them",
        arguments: [([], SIGINT), (["--quiet"], SIGINT), ([], SIGTERM)])
    func interrupt(extra: [String], signal: Int32) async throws {
        let faults = FaultInjector()
        for id in 1...3 { await faults.inject(.throttle(millisecondsPerChunk: 50), at: MediaAddress(LessonID(.gemara, id), .audio)) }
        try await withServer(faults: faults, scale: 0.05) { _, running, library in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library]
            let child = try CLIRunner.start(["download", "gemara:berakhot:2-4"] + extra, environment: env)
            let database = URL(fileURLWithPath: library).appendingPathComponent(LibraryLayout.databaseName)
            // Interrupt once a download has its partial file (a fixed sleep raced slow CI machines).
            var downloading = false
            for _ in 0..<1000 where !downloading {
                try await Task.sleep(for: .milliseconds(20))
                let media = URL(fileURLWithPath: library).appendingPathComponent("media")
                let files = FileManager.default.enumerator(atPath: media.path)?.compactMap { $0 as? String } ?? []
                downloading = files.contains { $0.hasSuffix(".partial") }
            }
            #expect(downloading, "no partial file appeared")
            #expect(child.process.isRunning, "the download should still be running when interrupted")
            kill(child.process.processIdentifier, signal)
            await child.exit()
            let result = child.result()
            #expect(result.status == (signal == SIGINT ? 130 : 143), "stderr: \(result.stderr)")
            #expect(result.stderr.contains(signal == SIGINT ? "interrupted after" : "stopped by SIGTERM after"), "stderr: \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("lessons: error: ") || result.stderr.contains("\nlessons: error: "),
                "the message starts a line: \(result.stderr)")
            if extra.isEmpty {
                let counted = try #require(result.stderr.firstMatch(of: /after (\d+) files?/).flatMap { Int($0.1) }, "\(result.stderr)")
                let said = result.stderr.split(separator: "\n").count { $0.hasPrefix("completed ") }
                #expect(said == counted, "every file the stop counts was said completed: \(result.stderr)")
            }
            let registry = try LibraryDatabase.open(at: database.path)
            #expect(try await registry.mediaItems(in: [.downloading]).isEmpty)
            #expect(try await !registry.mediaItems(in: [.queued]).isEmpty)
            let resumed = try await CLIRunner.run(["download"], environment: env)
            #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
            #expect(try await registry.mediaItems(in: [.complete]).count == 6)
        }
    }

    @Test("SIGTERM stops sync --repair's downloads cleanly (143): what it requeued stays queued, the next repair finishes it")
    func interruptRepair() async throws {
        let faults = FaultInjector()
        try await withServer(faults: faults, scale: 0.05) { _, running, library in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library]
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2-4"], environment: env).status == 0)
            let layout = LibraryLayout(root: URL(fileURLWithPath: library))
            for id in 1...3 {
                try FileManager.default.removeItem(at: layout.fileURL(LessonID(.gemara, id), .audio))
                await faults.inject(.throttle(millisecondsPerChunk: 50), at: MediaAddress(LessonID(.gemara, id), .audio))
            }
            let child = try CLIRunner.start(["sync", "--repair"], environment: env)
            var downloading = false
            for _ in 0..<1000 where !downloading {
                try await Task.sleep(for: .milliseconds(20))
                let files = FileManager.default.enumerator(atPath: layout.root.appendingPathComponent("media").path)?.compactMap {
                    $0 as? String
                }
                downloading = files?.contains { $0.hasSuffix(".partial") } ?? false
            }
            #expect(downloading, "no partial file appeared")
            kill(child.process.processIdentifier, SIGTERM)
            await child.exit()
            let result = child.result()
            #expect(result.status == 143, "stderr: \(result.stderr)")
            #expect(result.stderr.contains("stopped by SIGTERM after"), "stderr: \(result.stderr)")
            let registry = try LibraryDatabase.open(at: layout.databaseURL.path)
            #expect(try await registry.mediaItems(in: [.downloading]).isEmpty)
            #expect(try await !registry.mediaItems(in: [.queued]).isEmpty)
            let again = try await CLIRunner.run(["sync", "--repair"], environment: env.merging(["LANG": "C"]) { $1 })
            #expect(again.status == 0 && !again.stdout.contains("other download"), "\(again.stdout)\(again.stderr)")
            #expect(try await registry.mediaItems(in: [.complete]).count == 6)
        }
    }

    @Test("Ctrl-C while the catalog is still being fetched: a clean stop with exit 130, nothing queued")
    func interruptWhileResolving() async throws {
        let faults = FaultInjector()
        await faults.delayAPI(milliseconds: 5_000)
        try await withServer(faults: faults) { _, running, library in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library]
            let child = try CLIRunner.start(["download", "gemara:berakhot:2"], environment: env)
            // The first API request arrives only after the command has started its work.
            for _ in 0..<500 where await faults.apiRequests == 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(await faults.apiRequests > 0)
            // Ctrl-C, pressed again while the process is still there: under ThreadSanitizer on a
            // loaded machine a lone signal was seen to go unanswered until the fetch's timeout.
            for _ in 0..<10 where child.process.isRunning {
                kill(child.process.processIdentifier, SIGINT)
                for _ in 0..<100 where child.process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
            }
            await child.exit()
            let result = child.result()
            #expect(result.status == 130, "a clean stop: \(result.stderr)")
            #expect(result.stderr.contains("interrupted before any download started"), "stderr: \(result.stderr)")
            let database = URL(fileURLWithPath: library).appendingPathComponent(LibraryLayout.databaseName)
            #expect(try await LibraryDatabase.open(at: database.path).mediaItems(in: MediaState.allCases).isEmpty)
        }
    }

    @Test("two lessons download processes on one library: both succeed, each file is fetched once")
    func twoProcesses() async throws {
        let faults = FaultInjector()
        let scale = 0.05
        try await withServer(faults: faults, scale: scale) { server, running, library in
            let expected = try ExpectedMedia(server.catalog, masechetId: 1, dapim: 2...4, scale: scale)
            for key in expected.media.keys {
                await faults.inject(.throttle(millisecondsPerChunk: 10), at: MediaAddress(key.lesson, key.medium))
            }
            let arguments = [
                "download", "gemara:berakhot:2-4", "--library", library, "--server", running.apiBase.absoluteString, "--token", "t",
            ]
            // The catalog first, so that both processes reach their downloads together.
            #expect(try await CLIRunner.run(["catalog"] + arguments.dropFirst(2)).status == 0)
            let first = try CLIRunner.start(arguments)
            let second = try CLIRunner.start(arguments)
            await first.exit()
            await second.exit()
            let results = [first.result(), second.result()]
            for result in results { #expect(result.status == 0, "stderr: \(result.stderr)") }
            // The one that waited says so once, with a count, and once when the files arrived;
            // never a line per item.
            let waited = results.filter { $0.stderr.contains("another download (another process) is writing") }
            #expect(!waited.isEmpty, "one process waited for the other: \(results.map(\.stderr))")
            for result in waited {
                let lines = result.stderr.split(separator: "\n")
                #expect(lines.filter { $0.hasPrefix("another download (another process) is writing ") }.count == 1, "\(result.stderr)")
                #expect(lines.filter { $0.contains("this run waited for arrived from the other download") }.count == 1, "\(result.stderr)")
                #expect(!lines.contains { $0.hasPrefix("waiting") }, "no line per item: \(result.stderr)")
            }
            for (key, _) in expected.media {
                #expect(await faults.downloads(of: MediaAddress(key.lesson, key.medium)) == 1, "\(key) fetched more than once")
                let url = LibraryLayout(root: URL(fileURLWithPath: library)).fileURL(key.lesson, key.medium)
                let bytes = [UInt8]((try? Data(contentsOf: url)) ?? Data())
                #expect(bytes == expected.bytes(key) ? true : false, "\(key) differs from the server's copy")
            }
        }
    }
}
