import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// `lessons download` against a server that goes away mid-run, with the CLI's own timeouts: one
/// message, exit 3, the unfinished items queued (never failed), and a later run finishes them.
@Suite("lessons download, the server gone", .timeLimit(.minutes(3)))
struct ServerDownCLITests {
    struct StatusDocument: Decodable {
        var lessons: [LessonStatus]
    }

    /// The media states `lessons status --json` reports for a selector, by state.
    func states(_ selector: String, environment: [String: String]) async throws -> [String: Int] {
        let status = try await CLIRunner.run(["status", selector, "--json", "--no-sync"], environment: environment)
        try #require(status.status == 0, "stderr: \(status.stderr)")
        let document = try JSONDecoder().decode(StatusDocument.self, from: Data(status.stdout.utf8))
        return Dictionary(document.lessons.flatMap(\.media).map { ($0.state, 1) }, uniquingKeysWith: +)
    }

    /// Audio files in place under a library's media folder.
    func completeAudio(in library: String) -> Int {
        let media = URL(fileURLWithPath: library).appendingPathComponent("media")
        let files = FileManager.default.enumerator(atPath: media.path)?.compactMap { $0 as? String } ?? []
        return files.count { $0.hasSuffix("/audio.mp3") }
    }

    @Test("the server stops mid-run: one message, exit 3, items queued and none failed; the next run completes them")
    func serverStopsMidRun() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-cli-down-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let library = root.path
        let faults = FaultInjector()
        // The audio comes slowly (seconds a file), so that the server stops with the run half done.
        for id in 1...20 { await faults.inject(.throttle(millisecondsPerChunk: 300), at: MediaAddress(LessonID(.gemara, id), .audio)) }
        let scale = 0.01
        let server = try ContentServer(configuration: .init(mediaSizeScale: scale, faults: faults))
        let (child, environment, port, stopping) = try await server.withRunning { running in
            let environment = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library]
            let child = try CLIRunner.start(["download", "gemara:berakhot:2-21", "--media", "audio"], environment: environment)
            let deadline = ContinuousClock.now + .seconds(60)
            while completeAudio(in: library) < 2 {
                try #require(ContinuousClock.now < deadline, "no audio came")
                try await Task.sleep(for: .milliseconds(20))
            }
            try #require(child.process.isRunning, "the download should still be running when the server stops")
            return (child, environment, running.port, ContinuousClock.now)
        }
        await child.exit()
        let took = ContinuousClock.now - stopping
        let result = child.result()
        #expect(result.status == 3, "stderr: \(result.stderr)")
        // The connect timeout (10 s) twice: what a run with the CLI's defaults waits for a dead server.
        #expect(took < .seconds(45), "the run went on for \(took) after the server stopped")
        let lines = result.stderr.split(separator: "\n")
        let errors = lines.filter { $0.hasPrefix("lessons: error:") }
        #expect(errors.count == 1 && errors.allSatisfy { $0.contains("the server is unreachable: ") }, "\(result.stderr)")
        #expect(lines.count { $0.contains("the server is not answering") } == 1, "\(result.stderr)")
        // A transfer the stop cut in the middle of its body may be retried once (at most one per
        // slot); connection failures get no line per item, and nothing fails.
        #expect(lines.count { $0.hasPrefix("retry ") } <= 3, "\(result.stderr)")
        #expect(!lines.contains { $0.hasPrefix("FAILED") || $0.hasPrefix("interrupted") }, "\(result.stderr)")

        let back = try ContentServer(configuration: .init(port: port, mediaSizeScale: scale))
        try await back.withRunning { _ in
            let stopped = try await states("gemara:berakhot:2-21", environment: environment)
            let queued = stopped["queued"] ?? 0
            #expect(stopped["failed"] == nil && stopped["downloading"] == nil && queued > 0, "\(stopped)")
            #expect(queued + (stopped["complete"] ?? 0) == 39, "\(stopped)")
            let stay = queued == 1 ? "item stays" : "items stay"
            #expect(errors.first?.contains("the server is unreachable: \(queued) \(stay) queued") == true, "\(errors)")

            let resumed = try await CLIRunner.run(["download"], environment: environment)
            #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
            #expect(resumed.stdout.contains("downloaded \(queued) \(queued == 1 ? "file" : "files")"), "\(resumed.stdout)")
            let after = try await states("gemara:berakhot:2-21", environment: environment)
            // 20 audio files and 19 PDFs (one daf has neither a PDF nor a video); the video was not asked for.
            #expect(after == ["complete": 39, "unavailable": 2, "not requested": 19], "\(after)")
        }
    }
}
