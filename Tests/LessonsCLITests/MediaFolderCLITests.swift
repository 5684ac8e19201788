import Foundation
import LessonsServer
import Testing

/// A file where the library keeps its media folder: every command says so and what to do, the
/// listing commands still show the registry, and nothing is marked missing, deleted or written.
@Suite("lessons: a file in place of the media folder")
struct MediaFolderCLITests {
    @Test("every command names the file and the remedy; list and status show the registry; once the folder is back, nothing was lost")
    func mediaFolderIsAFile() async throws {
        let root = MigrateCLITests.temporary("media-file")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.001))
        try await server.withRunning { running in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path]
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2-3"], environment: env).status == 0)
            let media = root.appendingPathComponent("media")
            let away = root.appendingPathComponent("media.away")
            try FileManager.default.moveItem(at: media, to: away)
            try Data("not a folder".utf8).write(to: media)
            let said =
                "\(media.path) is a file where the library keeps its media folder: move that file elsewhere (or put the folder back), then run the command again; nothing was changed\n"

            for arguments in [
                ["sync"], ["sync", "--repair"], ["doctor"], ["download", "gemara:berakhot:4"], ["download"], ["clean"],
                ["remove", "gemara:berakhot:2"],
            ] {
                let result = try await CLIRunner.run(arguments, environment: env)
                #expect(result.status == 3, "\(arguments): exit \(result.status)")
                #expect(result.stderr == "lessons: error: " + said, "\(arguments): \(result.stderr)")
            }
            let list = try await CLIRunner.run(["list", "--json"], environment: env)
            #expect(list.status == 0 && list.stderr == "lessons: warning: " + said, "\(list.stderr)")
            let listed = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
            #expect(listed["count"] as? Int == 2, "the registry's two lessons: \(list.stdout)")
            let status = try await CLIRunner.run(["status", "gemara:berakhot:2"], environment: env)
            #expect(status.status == 0 && status.stdout.contains("audio  complete"), "\(status.stdout) \(status.stderr)")
            let spanish = try await CLIRunner.run(["sync"], environment: env.merging(["LANG": "es_ES.UTF-8"]) { $1 })
            #expect(spanish.stderr.contains("es un archivo donde la biblioteca guarda su carpeta de medios"), "\(spanish.stderr)")
            #expect(try String(contentsOf: media, encoding: .utf8) == "not a folder", "the file is left as it was")

            // The folder back: every download still complete, nothing for a sync to do.
            try FileManager.default.removeItem(at: media)
            try FileManager.default.moveItem(at: away, to: media)
            let sync = try await CLIRunner.run(["sync", "--json"], environment: env)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any])
            #expect((report["actions"] as? [Any])?.isEmpty == true, "\(sync.stdout)")
            let history = try await CLIRunner.run(["history"], environment: env)
            #expect(!history.stdout.contains("missing") && !history.stdout.contains("removed"), "\(history.stdout)")
        }
    }
}
