import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// What the reading commands print for people: names, a summary, local times, sizes in units.
@Suite("lessons status, history, pin and serve, as people read them")
struct ReadingCLITests {
    func withLibrary(_ body: @Sendable ([String: String], ContentServer.Running) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-read-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.001))
        try await server.withRunning { running in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path]
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2-3", "mishna:berakhot:1:3"], environment: env).status == 0)
            try await body(env, running)
        }
    }

    @Test("an id beyond the Shas is bad input for every command that takes lessons, as for status: exit 2, the range said")
    func idBeyondTheShas() async throws {
        try await withLibrary { env, _ in
            for command in [["status"], ["remove"], ["pin"], ["unpin"], ["queue", "cancel"], ["history"]] {
                let result = try await CLIRunner.run(command + ["gemara/999999"], environment: env)
                #expect(result.status == 2, "\(command): \(result.stdout)\(result.stderr)")
                #expect(
                    result.stderr.contains("the catalog has no lesson gemara/999999 (the Shas has 2684 dapim; ids go from 1 to 2684)"),
                    "\(command): \(result.stderr)")
            }
            let inRange = try await CLIRunner.run(["remove", "gemara/3"], environment: env)
            #expect(inRange.status == 0 && inRange.stdout == "nothing to remove: no downloaded lesson matches\n", "\(inRange.stdout)")
        }
    }

    @Test("a name copied from a list is taken back: status, remove and download of \"Berakhot 3\", \"Berakhot 1:3\"")
    func namesTakenBack() async throws {
        try await withLibrary { env, _ in
            let status = try await CLIRunner.run(["status", "Berakhot 3", "Berakhot 1:3"], environment: env)
            #expect(status.status == 0 && status.stdout.hasPrefix("Berakhot 3 [gemara/2]"), "\(status.stdout)\(status.stderr)")
            #expect(status.stdout.contains("Berakhot 1:3 [mishna/"), "\(status.stdout)")
            let removed = try await CLIRunner.run(["remove", "Berakhot 3"], environment: env)
            #expect(removed.status == 0 && removed.stdout.contains("Berakhot 3 audio"), "\(removed.stdout)\(removed.stderr)")
            let again = try await CLIRunner.run(["download", "Berakhot 3"], environment: env)
            #expect(again.status == 0 && again.stdout.hasPrefix("downloaded 2 files"), "\(again.stdout)\(again.stderr)")
        }
    }

    @Test("doctor names a file to move out by its path in the library, not by an id")
    func doctorNamesTheFile() async throws {
        try await withLibrary { env, _ in
            let folder = URL(fileURLWithPath: try #require(env["LESSONS_LIBRARY"])).appendingPathComponent("media/gemara/99999")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("junk".utf8).write(to: folder.appendingPathComponent("audio.mp3"))
            let doctor = try await CLIRunner.run(["doctor"], environment: env)
            #expect(doctor.status == 1, "\(doctor.stderr)")
            #expect(
                doctor.stdout.contains("— media/gemara/99999/audio.mp3; fix: move it out of the library's media folder"), "\(doctor.stdout)"
            )
        }
    }

    @Test("history says where a medium was requested from, as a sentence, in both languages")
    func historyFrom() async throws {
        try await withLibrary { env, _ in
            let english = try await CLIRunner.run(["history", "gemara:berakhot:2"], environment: env)
            #expect(english.stdout.contains("requested  from gemara/1/audio/Berakhot 2.mp3"), "\(english.stdout)")
            var spanishEnv = env
            spanishEnv["LANG"] = "es_ES.UTF-8"
            let spanish = try await CLIRunner.run(["history", "gemara:berakhot:2"], environment: spanishEnv)
            #expect(spanish.stdout.contains("desde gemara/1/audio/Berakhot 2.mp3"), "\(spanish.stdout)")
        }
    }

    @Test("status names each lesson (the id in brackets) and ends a list of several with a summary")
    func status() async throws {
        try await withLibrary { env, _ in
            let result = try await CLIRunner.run(["status", "gemara:berakhot:2-4", "mishna:berakhot:1:3"], environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Berakhot 2 [gemara/1]", "\(result.stdout)")
            #expect(lines.contains("Berakhot 4 [gemara/3], not downloaded"), "\(result.stdout)")
            let notAsked = try #require(lines.firstIndex(of: "Berakhot 4 [gemara/3], not downloaded"))
            #expect(!lines[notAsked + 1].hasPrefix("  "), "in a list, a lesson nothing was asked of is one line: \(result.stdout)")
            #expect(lines.contains { $0.hasPrefix("Berakhot 1:3 [mishna/") }, "\(result.stdout)")
            #expect(lines.contains { $0.hasPrefix("  PDF    complete") }, "\(result.stdout)")
            #expect(
                lines.last == "4 lessons: 3 downloaded, 0 under way, 0 with a failed or missing medium, 1 not requested", "\(result.stdout)"
            )
            let one = try await CLIRunner.run(["status", "Berakhot 4"], environment: env)
            #expect(one.stdout.contains("\n  audio  not requested\n"), "one lesson alone shows each medium: \(one.stdout)")
            let json = try await CLIRunner.run(["--json", "status", "gemara:berakhot:2"], environment: env)
            #expect(json.stdout.contains("\"name\" : \"Berakhot 2\"") && json.stdout.contains("\"id\" : 1"), "\(json.stdout)")

            // Files deleted by hand: missing, with the size they had; each lesson counted once (Berakhot
            // 3, its audio here and its video gone, is not also counted downloaded).
            let layout = LibraryLayout(root: URL(fileURLWithPath: try #require(env["LESSONS_LIBRARY"])))
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:3", "--media", "video"], environment: env).status == 0)
            try FileManager.default.removeItem(at: layout.fileURL(LessonID(.gemara, 1), .audio))
            try FileManager.default.removeItem(at: layout.fileURL(LessonID(.gemara, 2), .video))
            let after = try await CLIRunner.run(["status", "gemara:berakhot:2-3"], environment: env)
            let shown = after.stdout.split(separator: "\n").map(String.init)
            #expect(shown.contains { $0.hasPrefix("  audio  missing (was ") && $0.hasSuffix("B)") }, "\(after.stdout)")
            #expect(
                shown.last == "2 lessons: 0 downloaded, 0 under way, 2 with a failed or missing medium, 0 not requested", "\(after.stdout)")
        }
    }

    @Test("catalog <masechet>: its dapim and mishnayot by chapter, each with its download state; a name in words needs no quotes")
    func catalogOfMasechet() async throws {
        try await withLibrary { env, _ in
            let result = try await CLIRunner.run(["catalog", "Berajot"], environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map { String($0) }
            #expect(lines.first == "Berakhot (Seder Zeraim): 63 dapim, 57 mishnayot; 3 lessons downloaded", "\(result.stdout)")
            #expect(lines.contains("  Berakhot 2            downloaded: audio, PDF"), "\(result.stdout)")
            #expect(lines.contains("  Berakhot 5            not downloaded"), "\(result.stdout)")
            #expect(lines.contains("  Chapter 9"), "\(result.stdout)")
            #expect(lines.contains("    Berakhot 1:3          downloaded: audio, PDF"), "\(result.stdout)")
            let json = try await CLIRunner.run(["--json", "catalog", "berakhot"], environment: env)
            #expect(json.stdout.contains("\"masechet\" : \"Berakhot\""), "\(json.stdout.prefix(300))")
            let words = try await CLIRunner.run(["catalog", "Bava", "Kamma"], environment: env)
            #expect(words.stdout.hasPrefix("Bava Kamma (Seder Nezikin): "), "a name in words: \(words.stdout.prefix(200))\(words.stderr)")
            let daf = try await CLIRunner.run(["catalog", "Bava", "Kamma", "2"], environment: env)
            #expect(
                daf.status == 2 && daf.stderr.contains("'Bava Kamma 2'") && daf.stdout.isEmpty, "a lesson is no masechet: \(daf.stderr)")
        }
    }

    @Test("list and remove name lessons as people do, the id in brackets")
    func listAndRemove() async throws {
        try await withLibrary { env, _ in
            let list = try await CLIRunner.run(["list"], environment: env)
            let lines = list.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(
                lines.contains { $0.hasPrefix("Berakhot 2 ") && $0.contains("audio+PDF") && $0.hasSuffix("[gemara/1]") }, "\(list.stdout)")
            #expect(lines.contains { $0.hasPrefix("Berakhot 1:3 ") }, "\(list.stdout)")
            let json = try await CLIRunner.run(["--json", "list"], environment: env)
            #expect(json.stdout.contains("\"name\" : \"Berakhot 1:3\"") && json.stdout.contains("\"id\" : 1,"), "ids kept, names added")
            let removed = try await CLIRunner.run(["remove", "gemara:berakhot:2", "--media", "audio"], environment: env)
            #expect(removed.stdout.hasPrefix("removed Berakhot 2 audio\n"), "\(removed.stdout)")
            // Gone from the registry, the lesson keeps its name in its history.
            let history = try await CLIRunner.run(["history", "gemara:berakhot:2"], environment: env)
            let events = history.stdout.split(separator: "\n")
            #expect(events.count >= 4 && events.allSatisfy { $0.contains("  Berakhot 2 ") }, "\(history.stdout)")
            let newest = try await CLIRunner.run(["--json", "history", "-n", "1"], environment: env)
            #expect(newest.stdout.contains("\"name\" : \"Berakhot 2\""), "\(newest.stdout)")
            // A masechet whose list is not cached: fetched from the --server the command is given.
            var offline = env
            offline["LESSONS_SERVER"] = nil
            let sukkah = try await CLIRunner.run(["history", "Sukkah 3", "--server", env["LESSONS_SERVER"] ?? ""], environment: offline)
            #expect(sukkah.status == 0 && sukkah.stdout == "no events recorded for these lessons\n", "\(sukkah.stdout)\(sukkah.stderr)")
        }
    }

    @Test("history -n N: the newest N, local times (TZ), lessons by name, sizes in units")
    func history() async throws {
        try await withLibrary { env, _ in
            var zoned = env
            zoned["TZ"] = "Asia/Jerusalem"
            let utc = try await CLIRunner.run(["--json", "history", "-n", "1"], environment: env)
            let document = try JSONSerialization.jsonObject(with: Data(utc.stdout.utf8)) as? [String: [[String: Any]]]
            let stamp = try #require(document?["events"]?.first?["at"] as? String)
            let at = try #require(ISO8601DateFormatter().date(from: stamp))
            let local = DateFormatter()
            local.locale = Locale(identifier: "en_US_POSIX")
            local.timeZone = TimeZone(identifier: "Asia/Jerusalem")
            local.dateFormat = "yyyy-MM-dd HH:mm:ss"
            let result = try await CLIRunner.run(["history", "-n", "3"], environment: zoned)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 3, "\(result.stdout)")
            #expect(lines.first?.hasPrefix(local.string(from: at)) == true, "local time of \(stamp): \(result.stdout)")
            let all = try await CLIRunner.run(["history"], environment: env)
            #expect(all.stdout.contains("Berakhot 2 audio") && all.stdout.contains("Berakhot 1:3 PDF"), "\(all.stdout)")
            #expect(!all.stdout.contains(" bytes") && all.stdout.contains(" KB"), "sizes in units: \(all.stdout)")
            let zero = try await CLIRunner.run(["history", "-n", "0"], environment: env)
            #expect(zero.status == 2 && zero.stderr.contains("-n must be at least 1"), "\(zero.stderr)")
        }
    }

    @Test("every --json report names its lessons beside their ids: history, pin, queue, sync, clean, remove")
    func jsonNames() async throws {
        try await withLibrary { env, _ in
            func json(_ arguments: [String]) async throws -> String {
                let result = try await CLIRunner.run(["--json"] + arguments, environment: env)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                return result.stdout
            }
            #expect(try await json(["history", "-n", "1"]).contains("\"name\" : \"Berakhot"), "history")
            let pinned = try await json(["pin", "gemara:berakhot:2"])
            #expect(pinned.contains("\"Berakhot 2\"") && pinned.contains("\"gemara/1\""), "\(pinned)")
            _ = try await json(["unpin", "gemara:berakhot:2"])
            let layout = LibraryLayout(root: URL(fileURLWithPath: try #require(env["LESSONS_LIBRARY"])))
            try FileManager.default.removeItem(at: layout.fileURL(LessonID(.gemara, 2), .audio))
            let sync = try await json(["sync", "--dry-run"])
            #expect(sync.contains("\"name\" : \"Berakhot 3 audio\"") && sync.contains("\"id\" : 2"), "\(sync)")
            let clean = try await json(["clean", "--dry-run", "--max-size", "1K"])
            #expect(clean.contains("\"name\" : \"Berakhot 2 audio\"") && clean.contains("\"id\" : 1"), "\(clean)")
            let removed = try await json(["remove", "gemara:berakhot:2", "--media", "audio"])
            #expect(removed.contains("\"name\" : \"Berakhot 2\"") && removed.contains("\"id\" : 1"), "\(removed)")
            #expect(try await json(["queue"]).contains("\"paused\" : false"))
        }
    }

    @Test("list keeps a lesson whose audio was deleted by hand, marked missing with the remedy, until sync --repair brings it back")
    func listKeepsMissing() async throws {
        try await withLibrary { env, _ in
            let layout = LibraryLayout(root: URL(fileURLWithPath: try #require(env["LESSONS_LIBRARY"])))
            try FileManager.default.removeItem(at: layout.fileURL(LessonID(.gemara, 1), .audio))
            let list = try await CLIRunner.run(["list"], environment: env)
            let lines = list.stdout.split(separator: "\n").map(String.init)
            #expect(
                lines.contains { $0.contains("Berakhot 2 ") && $0.contains("PDF") && $0.hasSuffix("(audio missing)") }, "\(list.stdout)")
            #expect(
                lines.last == "Files are missing from 1 lesson: `lessons sync --repair` downloads them again.")
            let spanish = try await CLIRunner.run(["list", "--no-sync"], environment: env.merging(SpanishErrorsCLITests.spanish) { $1 })
            #expect(
                spanish.stdout.contains("(falta: audio)") && spanish.stdout.contains("Faltan archivos de 1 clase: `lessons sync --repair`"),
                "\(spanish.stdout)")
            let json = try await CLIRunner.run(["--json", "list"], environment: env)
            #expect(json.stdout.contains("\"missing\" : [\n        \"audio\"\n      ],\n      \"name\" : \"Berakhot 2\""), "\(json.stdout)")
            #expect(try await CLIRunner.run(["sync", "--repair"], environment: env).status == 0)
            let repaired = try await CLIRunner.run(["list"], environment: env)
            #expect(!repaired.stdout.contains("missing") && repaired.stdout.contains("Berakhot 2 "), "\(repaired.stdout)")
        }
    }

    @Test("remove --media pdf takes the PDF, and the list says it is not downloaded; a medium the matching lessons lack is said so")
    func removeByMedium() async throws {
        try await withLibrary { env, _ in
            let video = try await CLIRunner.run(["remove", "gemara:berakhot:2", "--media", "video"], environment: env)
            #expect(video.status == 0, "\(video.stderr)")
            #expect(video.stdout == "nothing to remove: the lessons that match have no video downloaded\n")
            let pdf = try await CLIRunner.run(["remove", "gemara:berakhot:2", "--media", "pdf"], environment: env)
            #expect(pdf.status == 0, "\(pdf.stderr)")
            #expect(pdf.stdout.contains("Berakhot 2 PDF") && !pdf.stdout.contains("audio"), "\(pdf.stdout)")
            // A PDF removed by request is not downloaded, not missing (a file gone behind the library's back).
            let list = try await CLIRunner.run(["list"], environment: env)
            #expect(list.stdout.contains("(PDF not downloaded)") && !list.stdout.contains("missing"), "\(list.stdout)")
            let none = try await CLIRunner.run(["remove", "gemara:berakhot:4", "--media", "pdf"], environment: env)
            #expect(none.stdout == "nothing to remove: no downloaded lesson matches\n")
        }
    }

    @Test("doctor: a file gone before a sync and one gone after share a line; a stray file is said plainly")
    func doctorMissing() async throws {
        try await withLibrary { env, _ in
            let layout = LibraryLayout(root: URL(fileURLWithPath: try #require(env["LESSONS_LIBRARY"])))
            try FileManager.default.removeItem(at: layout.fileURL(LessonID(.gemara, 1), .audio))
            let sync = try await CLIRunner.run(["sync"], environment: env)  // registered missing now
            #expect(
                sync.status == 0 && sync.stdout.hasPrefix("missing        Berakhot 2 audio: the file is gone\n"),
                "said once: \(sync.stdout)")
            try FileManager.default.removeItem(at: layout.fileURL(LessonID(.gemara, 2), .audio))  // not yet
            try Data("notes".utf8).write(to: layout.root.appendingPathComponent("media/notes.txt"))
            let doctor = try await CLIRunner.run(["doctor"], environment: env)
            let lines = doctor.stdout.split(separator: "\n").map(String.init)
            #expect(
                lines.contains {
                    $0.hasPrefix("2 items missing: was complete; the file is gone — ") && $0.contains("Berakhot 2 audio")
                        && $0.contains("Berakhot 3 audio")
                }, "\(doctor.stdout)")
            #expect(
                lines.contains { $0.contains("not named as the library names a lesson's file: left as it is — media/notes.txt") },
                "\(doctor.stdout)")
        }
    }

    @Test("a file of the wrong size: doctor and a dry run say what sync will do; sync says what it did")
    func plannedAndDone() async throws {
        try await withLibrary { env, _ in
            let layout = LibraryLayout(root: URL(fileURLWithPath: try #require(env["LESSONS_LIBRARY"])))
            let file = layout.fileURL(LessonID(.gemara, 1), .audio)
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(count: 8))
            try handle.close()
            for command in [["doctor"], ["sync", "--dry-run"]] {
                let planned = try await CLIRunner.run(command, environment: env)
                #expect(planned.stdout.contains("sync moves it aside, never deletes it"), "\(command): \(planned.stdout)")
                #expect(!planned.stdout.contains("moved aside, not deleted"), "\(command): \(planned.stdout)")
            }
            let done = try await CLIRunner.run(["sync"], environment: env)
            #expect(done.stdout.contains("moved aside, not deleted"), "\(done.stdout)")
        }
    }

    @Test("a file no download brought is named by doctor and sync from the catalog cache, not by its id")
    func discoveredNamed() async throws {
        try await withLibrary { env, _ in
            let layout = LibraryLayout(root: URL(fileURLWithPath: try #require(env["LESSONS_LIBRARY"])))
            let file = layout.fileURL(LessonID(.gemara, 5), .audio)  // Berakhot 6, listed, never requested
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(count: 5400).write(to: file)
            let doctor = try await CLIRunner.run(["doctor"], environment: env)
            #expect(doctor.status == 1)
            #expect(doctor.stdout.contains("Berakhot 6 audio") && !doctor.stdout.contains("gemara/5"), "\(doctor.stdout)")
            let sync = try await CLIRunner.run(["sync"], environment: env)
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.stdout.contains("Berakhot 6 audio: 5400 bytes") && !sync.stdout.contains("gemara/5"), "\(sync.stdout)")
        }
    }

    @Test("doctor --json names the version that made the report beside its findings")
    func doctorVersion() async throws {
        try await withLibrary { env, _ in
            let result = try await CLIRunner.run(["--json", "doctor"], environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(report["version"] as? String == LibraryVersion.current, "\(result.stdout.prefix(300))")
            #expect((report["problems"] as? [Any])?.isEmpty == true, "\(result.stdout.prefix(300))")
        }
    }

    @Test("serve on a port in use: one message naming it, exit 3")
    func servePortInUse() async throws {
        try await withLibrary { _, running in
            let port = String(running.apiBase.port ?? 0)
            let result = try await CLIRunner.run(["serve", "--port", port])
            #expect(result.status == 3)
            #expect(
                result.stderr
                    == "lessons: error: cannot serve: the port \(port) on 127.0.0.1 is in use by another program: choose another with --port, or 0 for a free one\n",
                "\(result.stderr)")
        }
    }
}
