import Foundation
import Testing

/// `lessons list --sort`: what takes the room, and what came last.
extension ReadingCLITests {
    @Test("list --sort size: the largest first, flat; --sort recent: the last downloaded first, with its time; a bad order is exit 2")
    func listOrders() async throws {
        try await withLibrary { env, _ in
            struct Listed: Decodable {
                struct Lesson: Decodable {
                    struct File: Decodable { var bytes: Int }
                    var name: String
                    var media: [String: File]
                }
                var lessons: [Lesson]
            }
            let json = try await CLIRunner.run(["--json", "list"], environment: env)
            let listed = try JSONDecoder().decode(Listed.self, from: Data(json.stdout.utf8)).lessons
            let bytes = { (lesson: Listed.Lesson) in lesson.media.values.reduce(0) { $0 + $1.bytes } }
            let largest = listed.sorted { bytes($0) > bytes($1) }.map(\.name)
            #expect(Set(listed.map(bytes)).count == listed.count, "sizes that differ, so that one order is right: \(listed.map(bytes))")

            let bySize = try await CLIRunner.run(["list", "--sort", "size"], environment: env)
            let lines = bySize.stdout.split(separator: "\n").map(String.init)
            #expect(bySize.status == 0 && lines.first == "the largest first:", "\(bySize.stdout)\(bySize.stderr)")
            let names = lines.dropFirst().prefix(listed.count).map {
                $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
            }
            #expect(names == largest, "\(bySize.stdout)")
            #expect(lines.last?.hasPrefix("\(listed.count) lessons, ") == true, "\(bySize.stdout)")

            #expect(try await CLIRunner.run(["download", "Berakhot 4"], environment: env).status == 0)
            let recent = try await CLIRunner.run(
                ["list", "--sort", "recent"], environment: env.merging(["LANG": "es_ES.UTF-8", "LC_ALL": "", "LANGUAGE": ""]) { $1 })
            let newest = recent.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
            #expect(recent.stdout.hasPrefix("las últimas descargadas primero:\n"), "\(recent.stdout)\(recent.stderr)")
            #expect(newest.contains("Berakhot 4 ") && newest.contains(/\s\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \[gemara\/3\]/), "\(recent.stdout)")

            let bad = try await CLIRunner.run(["list", "--sort", "big"], environment: env)
            #expect(bad.status == 2 && bad.stderr.contains("use one of 'shas', 'recent' or 'size'"), "\(bad.stderr)")
        }
    }
}
