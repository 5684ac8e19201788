import Foundation
import LessonsServer
import Testing

/// A full disk on the command line: one message for the whole run, saying why and what to do.
@Suite("lessons download: a full disk")
struct DiskFullCLITests {
    @Test("files larger than the free space: one message for the run, no line per item, every item still queued")
    func oneMessage() async throws {
        let root = MigrateCLITests.temporary("disk-full")
        defer { try? FileManager.default.removeItem(at: root) }
        // At this scale the server announces files of petabytes: no disk has room for one.
        let server = try ContentServer(configuration: .init(mediaSizeScale: 1e9))
        try await server.withRunning { running in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path]
            let result = try await CLIRunner.run(["download", "gemara:berakhot:2-9", "--concurrency", "3"], environment: env)
            #expect(result.status == 1, "exit \(result.status)")
            // Without a terminal a status line ("[###---]  6%  0/16 files") comes every 5 s of a
            // long run, which a loaded machine can make of this one; it is no line per item.
            let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("[") }
            #expect(lines.count == 1, "one line: \(result.stderr)")
            #expect(
                lines.first?.hasPrefix("lessons: error: stopped: the disk holding ") == true
                    && lines.first?.hasSuffix("free some space, then run `lessons download` to resume") == true,
                "\(result.stderr)")
            let queue = try await CLIRunner.run(["queue", "--json"], environment: env)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(queue.stdout.utf8)) as? [String: Any])
            let items = try #require(document["items"] as? [[String: Any]], "\(queue.stdout)")
            #expect(items.count == 16 && items.allSatisfy { $0["state"] as? String == "queued" }, "\(queue.stdout)")
        }
    }
}
