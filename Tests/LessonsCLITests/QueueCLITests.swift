import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// `lessons queue`: a paused queue, kept in the library, makes `lessons download` register and
/// wait; the queue lists what waits by name; a cancel takes items out; resumed, they download.
@Suite("lessons queue")
struct QueueCLITests {
    /// A fresh library folder (not made yet) and a server, named in the environment, in English.
    static func withLibrary(_ body: @Sendable ([String: String], URL) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-queue-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.001))
        try await server.withRunning { running in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path, "LANG": "C"]
            try await body(env, root)
        }
    }

    @Test("pause, a download that waits, the list, a cancel, resume and download")
    func pauseAndResume() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-queue-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.001))
        try await server.withRunning { running in
            let env = [
                "LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path, "LANG": "C",
                "LC_ALL": "", "LANGUAGE": "",
            ]
            #expect(try await CLIRunner.run(["catalog"], environment: env).status == 0)
            let paused = try await CLIRunner.run(["queue", "pause"], environment: env)
            #expect(paused.status == 0 && paused.stdout.contains("the queue is paused"))
            let waiting = try await CLIRunner.run(["download", "gemara:berakhot:2-3"], environment: env)
            #expect(waiting.status == 0, "\(waiting.stderr)")
            #expect(waiting.stdout == "the queue is paused: 4 items wait; `lessons queue resume` lets them download\n")
            let status = try await CLIRunner.run(["status", "Berakhot 2"], environment: env)
            #expect(status.stdout.contains("  audio  queued\n") && status.stdout.contains("  PDF    queued\n"), "\(status.stdout)")
            let list = try await CLIRunner.run(["queue"], environment: env)
            #expect(list.stdout.hasPrefix("the queue is paused"))
            // A lesson's items waiting alike share a line.
            #expect(list.stdout.contains("Berakhot 2 audio, PDF  queued\n") && list.stdout.contains("Berakhot 3 audio, PDF  queued\n"))
            #expect(list.stdout.hasSuffix("4 items: 4 queued, 0 downloading, 0 failed\n"), "\(list.stdout)")
            let doctor = try await CLIRunner.run(["doctor"], environment: env)
            #expect(doctor.status == 1, "\(doctor.stderr)")
            #expect(
                doctor.stdout.contains("fix: run `lessons queue resume`, then `lessons download` (the queue is paused)"), "\(doctor.stdout)"
            )
            let doctorJSON = try await CLIRunner.run(["doctor", "--json"], environment: env)
            #expect(doctorJSON.stdout.contains("\"fix\" : \"resumeAndDownload\""), "\(doctorJSON.stdout.prefix(600))")
            #expect(!doctorJSON.stdout.contains("\"fix\" : \"download\""), "\(doctorJSON.stdout.prefix(600))")
            let pdf = try await CLIRunner.run(["queue", "cancel", "gemara:berakhot:3", "--media", "pdf"], environment: env)
            #expect(pdf.status == 2 && pdf.stderr.contains("give --media audio or video"), "\(pdf.stderr)")
            #expect(try await CLIRunner.run(["queue"], environment: env).stdout.contains("4 items"), "a refused cancel cancels nothing")
            // Queued, never downloaded: said so, not "its file is already gone".
            let wouldRemove = try await CLIRunner.run(["remove", "gemara:berakhot:3", "--dry-run"], environment: env)
            #expect(wouldRemove.stdout.hasPrefix("would remove Berakhot 3 audio (it is not downloaded yet)\n"), "\(wouldRemove.stdout)")
            let cancel = try await CLIRunner.run(["queue", "cancel", "gemara:berakhot:3"], environment: env)
            #expect(cancel.stdout == "cancelled Berakhot 3 audio, PDF\n", "\(cancel.stdout)")
            let history = try await CLIRunner.run(["history", "gemara:berakhot:3"], environment: env)
            #expect(history.stdout.contains("cancelled  cancelled by request"), "\(history.stdout)")
            let pausedJSON = try await CLIRunner.run(["queue", "pause", "--json"], environment: env)
            #expect(
                pausedJSON.stdout.contains(#""paused" : true"#) && pausedJSON.stdout.contains(#""waiting" : 2"#), "\(pausedJSON.stdout)")
            let resumed = try await CLIRunner.run(["queue", "resume"], environment: env)
            #expect(resumed.stdout == "the queue goes on: `lessons download` fetches the 2 items that wait\n")
            let resumedJSON = try await CLIRunner.run(["queue", "resume", "--json"], environment: env)
            #expect(
                resumedJSON.stdout.contains(#""paused" : false"#) && resumedJSON.stdout.contains(#""waiting" : 2"#), "\(resumedJSON.stdout)"
            )
            let advised = try await CLIRunner.run(["doctor"], environment: env)
            #expect(advised.stdout.contains("fix: run `lessons download`\n"), "resumed: \(advised.stdout)")
            let download = try await CLIRunner.run(["download"], environment: env)
            #expect(download.status == 0 && download.stdout.hasPrefix("downloaded 2 files"), "\(download.stdout)")
            let empty = try await CLIRunner.run(["queue"], environment: env)
            #expect(empty.stdout == "the queue is empty: nothing queued, downloading or failed\n")
            #expect(try await CLIRunner.run(["queue", "pause"], environment: env).status == 0)
            let nothing = try await CLIRunner.run(["queue", "resume"], environment: env)
            #expect(nothing.stdout == "the queue goes on; nothing waits in it\n", "\(nothing.stdout)")
            // A repair the paused queue holds back says so, not "downloaded 0 files".
            #expect(try await CLIRunner.run(["queue", "pause"], environment: env).status == 0)
            try FileManager.default.removeItem(at: LibraryLayout(root: root).fileURL(LessonID(.gemara, 1), .audio))
            let repair = try await CLIRunner.run(["sync", "--repair"], environment: env)
            #expect(repair.status == 0, "\(repair.stderr)")
            #expect(
                repair.stdout.contains("the queue is paused: 1 item waits; `lessons queue resume` lets it download\n"), "\(repair.stdout)")
            #expect(!repair.stdout.contains("repair: downloaded 0 files"), "\(repair.stdout)")
        }
    }

    @Test("sync --repair downloads what it queued again and leaves the rest of the queue, said with how to resume it")
    func repairLeavesTheQueue() async throws {
        try await Self.withLibrary { env, root in
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2"], environment: env).status == 0)
            #expect(try await CLIRunner.run(["queue", "pause"], environment: env).status == 0)
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:4"], environment: env).status == 0)
            #expect(try await CLIRunner.run(["queue", "resume"], environment: env).status == 0)
            try FileManager.default.removeItem(at: LibraryLayout(root: root).fileURL(LessonID(.gemara, 1), .audio))
            let repair = try await CLIRunner.run(["sync", "--repair"], environment: env)
            #expect(repair.status == 0, "\(repair.stderr)")
            #expect(
                repair.stdout.contains("repair: 2 other downloads in the queue stay there; `lessons download` resumes them\n")
                    && repair.stdout.contains("repair: downloaded 1 file"), "\(repair.stdout)")
            let queue = try await CLIRunner.run(["queue"], environment: env)
            #expect(queue.stdout.contains("Berakhot 4") && !queue.stdout.contains("Berakhot 2"), "\(queue.stdout)")
        }
    }

    @Test("a queue paused before the first download: the library is made, paused, and the first download waits")
    func pausedFirst() async throws {
        try await Self.withLibrary { env, _ in
            let paused = try await CLIRunner.run(["queue", "pause"], environment: env)
            #expect(paused.status == 0 && paused.stdout.contains("the queue is paused"), "\(paused.stderr)")
            let waiting = try await CLIRunner.run(["download", "gemara:berakhot:2"], environment: env)
            #expect(waiting.status == 0 && waiting.stdout.hasPrefix("the queue is paused: 2 items wait"), "\(waiting.stdout)")
        }
    }

    @Test("a download under way stops within seconds when another command pauses the queue, and says what it did and what waits")
    func pausedFromElsewhere() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-queue-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let faults = FaultInjector()
        // The first lesson comes at once, the others slowly: the pause lands with the run half done.
        for id in 2...8 { await faults.inject(.throttle(millisecondsPerChunk: 1_500), at: MediaAddress(LessonID(.gemara, id), .audio)) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.01, faults: faults))
        try await server.withRunning { running in
            let env = [
                "LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path, "LANG": "C",
                "LC_ALL": "", "LANGUAGE": "",
            ]
            let child = try CLIRunner.start(
                ["download", "gemara:berakhot:2-9", "--media", "audio", "--concurrency", "1"], environment: env)
            let first = LibraryLayout(root: root).fileURL(LessonID(.gemara, 1), .audio)
            let deadline = ContinuousClock.now + .seconds(60)
            while !FileManager.default.fileExists(atPath: first.path) {
                try #require(ContinuousClock.now < deadline, "Berakhot 2 never came")
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(try await CLIRunner.run(["queue", "pause"], environment: env).status == 0)
            let paused = ContinuousClock.now
            await child.exit()
            #expect(ContinuousClock.now - paused < .seconds(15), "the run stopped at its next look at the queue")
            let result = child.result()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("the queue is paused: "), "\(result.stdout)")
            #expect(result.stdout.contains("downloaded "), "what it did before the pause is said too: \(result.stdout)")
        }
    }
}
