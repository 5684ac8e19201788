import Foundation
import Testing

/// `lessons demo`, the README's main job: real downloads on a fresh library, and sync at work.
@Suite("lessons demo")
struct DemoTests {
    struct Report: Decodable {
        struct Lesson: Decodable {
            var type: String
            var id: Int
        }
        struct Sync: Decodable {
            struct Action: Decodable {
                var type: String?
                var id: Int?
                var medium: String?
                var action: String
            }
            var actions: [Action]
        }
        struct Summary: Decodable { var downloaded: Int }
        var summary: Summary
        var lessons: [Lesson]
        var library: String
        var sync: Sync
    }

    @Test("demo --json: 12 files downloaded; a deleted file is found missing and a stray one adopted")
    func demo() async throws {
        let result = try await CLIRunner.run(["demo", "--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        defer { try? FileManager.default.removeItem(atPath: report.library) }
        #expect(report.summary.downloaded == 12)
        let actions = report.sync.actions.map { "\($0.action) \($0.type ?? "")/\($0.id ?? 0) \($0.medium ?? "")" }
        #expect(Set(actions) == ["missing mishna/3 audio", "discovered gemara/4 audio"], "\(actions)")
        #expect(report.lessons.map { "\($0.type)/\($0.id)" } == ["gemara/1", "gemara/2", "gemara/3", "gemara/4", "mishna/1", "mishna/2"])
    }
}
