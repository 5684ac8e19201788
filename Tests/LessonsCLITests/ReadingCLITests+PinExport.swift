import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// Pinning and the legacy export, through the built `lessons` binary: what they say, what they
/// refuse, and what they leave on disk.
extension ReadingCLITests {
    @Test(
        "pin of a lesson that is not downloaded says why, exit 1; a downloaded one is pinned, by its name in words the shell split; pinned again, it says so, exit 0; unpin of nothing says so, exit 0"
    )
    func pin() async throws {
        try await withLibrary { env, _ in
            let missing = try await CLIRunner.run(["pin", "gemara:berakhot:10"], environment: env)
            #expect(missing.status == 1 && missing.stdout.isEmpty, "said once, as a failure: \(missing.stdout)")
            #expect(
                missing.stderr.contains("no downloaded lesson matches gemara:berakhot:10: only downloaded lessons can be pinned"),
                "\(missing.stderr)")
            let missingJSON = try await CLIRunner.run(["--json", "pin", "gemara:berakhot:10"], environment: env)
            let document = try JSONSerialization.jsonObject(with: Data(missingJSON.stdout.utf8)) as? [String: Any]
            #expect(missingJSON.status == 1 && document?.keys.sorted() == ["error"], "one document, the error: \(missingJSON.stdout)")
            let pinned = try await CLIRunner.run(["pin", "Berakhot", "2"], environment: env)
            #expect(
                pinned.status == 0 && pinned.stdout == "1 lesson pinned: Berakhot 2; `lessons clean` and the plans keep it\n",
                "\(pinned.stdout)\(pinned.stderr)")
            let again = try await CLIRunner.run(["pin", "gemara:berakhot:2"], environment: env)
            #expect(again.status == 0 && again.stdout == "1 lesson already pinned\n", "\(again.stdout)\(again.stderr)")
            // A pin is seen where the lesson is shown.
            let listed = try await CLIRunner.run(["list"], environment: env).stdout
            #expect(listed.split(separator: "\n").contains { $0.contains("Berakhot 2 ") && $0.hasSuffix("  (pinned)") }, "\(listed)")
            let status = try await CLIRunner.run(["status", "Berakhot", "2"], environment: env).stdout
            #expect(status.hasPrefix("Berakhot 2 [gemara/1], pinned\n"), "\(status)")
            let unpinned = try await CLIRunner.run(["unpin", "gemara:berakhot:2"], environment: env)
            let unpinnedAgain = try await CLIRunner.run(["unpin", "gemara:berakhot:2"], environment: env)
            #expect(unpinned.stdout == "1 lesson unpinned: Berakhot 2\n", "\(unpinned.stdout)\(unpinned.stderr)")
            #expect(
                unpinnedAgain.status == 0 && unpinnedAgain.stdout == "1 lesson already unpinned\n",
                "\(unpinnedAgain.stdout)\(unpinnedAgain.stderr)")
            // Everything pinned, over a quota: clean says that what is over is pinned, never that the library is within it.
            let all = try await CLIRunner.run(
                ["pin", "gemara:berakhot", "mishna:berakhot"],
                environment: env.merging(["LANG": "es_ES.UTF-8", "LC_ALL": "", "LANGUAGE": ""]) { $1 })
            #expect(
                all.status == 0
                    && all.stdout == "3 clases fijadas: Berakhot 2, Berakhot 3, Berakhot 1:3; `lessons clean` y los planes las conservan\n",
                "\(all.stdout)\(all.stderr)")
            let clean = try await CLIRunner.run(["clean", "--max-size", "1K", "--dry-run"], environment: env)
            #expect(clean.stdout.contains("; what is over the quota of 1.0 KB is all pinned; 3 pinned lessons kept"), "\(clean.stdout)")
            #expect(!clean.stdout.contains("within its quota") && clean.stderr.contains("pinned lessons alone"), "\(clean.stderr)")
            #expect(try await CLIRunner.run(["unpin", "gemara:berakhot", "mishna:berakhot"], environment: env).status == 0)
            // A pinned lesson removed by request goes, said so.
            #expect(try await CLIRunner.run(["pin", "Berakhot", "3"], environment: env).status == 0)
            let removed = try await CLIRunner.run(["remove", "Berakhot", "3", "--media", "audio"], environment: env)
            #expect(removed.stdout.hasPrefix("removed Berakhot 3 audio (pinned)\n"), "\(removed.stdout)")
            let unpinMissing = try await CLIRunner.run(["unpin", "Berakhot", "10"], environment: env)
            #expect(
                unpinMissing.status == 0 && unpinMissing.stdout == "nothing to unpin: no downloaded lesson matches Berakhot 10\n",
                "\(unpinMissing.stdout)\(unpinMissing.stderr)")
        }
    }

    @Test("export --legacy-json - writes the legacy document to standard output and no file named '-'")
    func exportToStandardOutput() async throws {
        try await withLibrary { env, _ in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-export-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let result = try await CLIRunner.run(["export", "--legacy-json", "-"], environment: env, currentDirectory: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "a file was written in the folder")
            // Standard output holds the document alone: it parses whole.
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(document["gemara"] != nil && document["mishna"] != nil, "\(result.stdout.prefix(200))")
        }
    }

    @Test("export into a folder that is missing, or is a file, is refused in words that say which, and writes nothing")
    func exportNowhere() async throws {
        try await withLibrary { env, _ in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-export-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("notes.txt")
            try Data("notes".utf8).write(to: file)
            let intoFile = try await CLIRunner.run(["export", "--legacy-json", file.path + "/out.json"], environment: env)
            #expect(
                intoFile.status == 2 && intoFile.stderr.contains("\(file.path) is a file, not a folder: write the export elsewhere"),
                "\(intoFile.stderr)")
            let missing = try await CLIRunner.run(["export", "--legacy-json", folder.path + "/none/out.json"], environment: env)
            #expect(missing.status == 2 && missing.stderr.contains("the folder \(folder.path)/none does not exist"), "\(missing.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == "notes")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        }
    }

    @Test(
        "export of a library that never downloaded refuses to empty a registry that lists lessons, naming the library; an emptied one writes it"
    )
    func exportNeverEmpties() async throws {
        try await withLibrary { env, _ in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-export-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let registry = folder.appendingPathComponent("downloadedLessons.json")
            #expect(try await CLIRunner.run(["export", "--legacy-json", registry.path], environment: env).status == 0)
            let written = try Data(contentsOf: registry)
            var empty = env
            empty["LESSONS_LIBRARY"] = folder.appendingPathComponent("mistyped").path
            #expect(try await CLIRunner.run(["catalog"], environment: empty).status == 0, "a library made to cache the Shas")
            let refused = try await CLIRunner.run(["export", "--legacy-json", registry.path], environment: empty)
            #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
            #expect(
                refused.stderr.contains(
                    "the library \(folder.path)/mistyped never downloaded a lesson: its export would empty \(registry.path)"),
                "\(refused.stderr)")
            #expect(try Data(contentsOf: registry) == written, "the registry is untouched")
            let elsewhere = folder.appendingPathComponent("new.json")
            #expect(
                try await CLIRunner.run(["export", "--legacy-json", elsewhere.path], environment: empty).status == 0,
                "a new file is written")
            // A library emptied by removals writes its empty registry: that is what it holds now.
            #expect(try await CLIRunner.run(["remove", "gemara:berakhot", "mishna:berakhot"], environment: env).status == 0)
            #expect(try await CLIRunner.run(["export", "--legacy-json", registry.path], environment: env).status == 0)
            let emptied = try JSONSerialization.jsonObject(with: Data(contentsOf: registry)) as? [String: [String: Any]]
            #expect(emptied?["gemara"]?.isEmpty == true && emptied?["mishna"]?.isEmpty == true, "\(String(describing: emptied))")
        }
    }
}
