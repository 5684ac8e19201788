import Foundation
import Testing

/// `lessons demo`, the README's main job: real downloads on a fresh library, and sync at work.
@Suite("lessons demo")
struct DemoTests {
    struct Report: Decodable {
        struct Lesson: Decodable {
            var type: String
            var id: Int
            var missing: [String]?
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
        // Berakhot 1:3 stays listed, its audio marked missing.
        #expect(
            report.lessons.map { "\($0.type)/\($0.id)\($0.missing.map { " missing \($0)" } ?? "")" } == [
                "gemara/1", "gemara/2", "gemara/3", "gemara/4", "mishna/1", "mishna/2", "mishna/3 missing [\"audio\"]",
            ])
    }

    @Test("demo in Spanish: what it downloads named, the history in Spanish word order, names for ids")
    func spanish() async throws {
        let result = try await CLIRunner.run(["demo"], environment: ["LANG": "es_ES.UTF-8", "LC_ALL": "", "LANGUAGE": ""])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        // Which file completes first varies; the order of the words does not.
        let history = result.stdout.split(separator: "\n").first { $0.hasPrefix("historial de Berakhot 1:3: ") }
        #expect(history?.hasPrefix("historial de Berakhot 1:3: audio pedido, PDF pedido, ") == true, "\(result.stdout)")
        #expect(history?.contains("audio completado") == true && history?.hasSuffix(", audio falta") == true, "\(result.stdout)")
        #expect(
            result.stdout.contains("descargando 6 clases (audio + PDF): Berakhot 2 – Berakhot 4, Berakhot 1:1 – Berakhot 1:3\n"),
            "what is downloaded, named as people name it: \(result.stdout)")
        let library = result.stdout.split(separator: "\n").first { $0.hasPrefix("biblioteca: ") }?.split(separator: " ").dropFirst().first
        if let library { try? FileManager.default.removeItem(atPath: String(library)) }
    }

    @Test("demo --library refuses a folder that holds anything, and leaves it as it was; $HOME is where ~ is")
    func demoKeepsAwayFromALibrary() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-demo-used-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = folder.appendingPathComponent("library.sqlite")
        try Data("mine".utf8).write(to: kept)
        let refused = try await CLIRunner.run(["demo", "--library", folder.path])
        #expect(refused.status == 2 && refused.stderr.contains("give --library a new or empty folder"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty, "no server started: \(refused.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["library.sqlite"])
        #expect(try Data(contentsOf: kept) == Data("mine".utf8))
        let home = try await CLIRunner.run(["list"], environment: ["HOME": folder.path, "LANG": "C"])
        #expect(home.stderr.contains("no library at \(folder.path)/.local/share/lessons"), "\(home.stderr)")
    }
}
