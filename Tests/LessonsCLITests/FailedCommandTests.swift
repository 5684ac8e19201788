import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

/// Bad input costs nothing: a command that made a library and then failed takes it away again,
/// unless another `lessons` holds it; a path that is no library folder, and a catalog given
/// a selector, are said as such.
@Suite("Failed commands")
struct FailedCommandTests {
    static func folder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lessons-\(name)-\(UUID().uuidString.prefix(8))")
    }

    @Test(
        "a command that made a library and then failed leaves none: a masechet misspelt, a server gone, no container; a folder of the user's stays"
    )
    func leaveNoLibrary() async throws {
        let library = Self.folder("failed")
        defer { try? FileManager.default.removeItem(at: library) }
        let closed = try SilentSocket(listening: false)
        defer { withExtendedLifetime(closed) {} }
        try await ContentServer(configuration: .init()).withRunning { running in
            let server = ["--library", library.path, "--server", running.apiBase.absoluteString, "--token", "t"]
            let misspelt = try await CLIRunner.run(["download", "gemara:xyz"] + server)
            #expect(misspelt.status == 2 && misspelt.stderr.contains("no masechet is called 'xyz'"), "\(misspelt.stderr)")
            #expect(!FileManager.default.fileExists(atPath: library.path), "the catalog fetched for it goes with it")
            let gone = try await CLIRunner.run(
                ["download", "gemara:berakhot:2", "--library", library.path, "--server", "http://127.0.0.1:\(closed.port)/api/"])
            #expect(gone.status == 3 && !FileManager.default.fileExists(atPath: library.path), "\(gone.stderr)")
            try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: library.appendingPathComponent("notes.txt"))
            let noContainer = try await CLIRunner.run([
                "migrate", "--from", library.appendingPathComponent("nope").path, "--library", library.path,
            ])
            #expect(noContainer.status == 2, "\(noContainer.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: library.path) == ["notes.txt"])
            // What succeeds keeps its library.
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:2"] + server).status == 0)
            #expect(FileManager.default.fileExists(atPath: library.appendingPathComponent("library.sqlite").path))
        }
    }

    @Test("a library another lessons holds is kept when the command that made it fails")
    func keptWhileHeld() async throws {
        let library = Self.folder("held")
        defer { try? FileManager.default.removeItem(at: library) }
        // A server that takes the connection and never answers: the download waits for its catalog.
        let silent = try SilentSocket(listening: true)
        defer { withExtendedLifetime(silent) {} }
        let registry = library.appendingPathComponent("library.sqlite")
        let failing = try CLIRunner.start(
            ["download", "gemara:berakhot:2", "--library", library.path, "--server", "http://127.0.0.1:\(silent.port)/api/"],
            environment: ["LANG": "C"])
        // Once the download has made the library and asks for its catalog, it is stopped until the
        // screen holds the library: however busy the machine, its wait cannot end before.
        let download = failing.process.processIdentifier
        let asked = await silent.nextConnection(withinSeconds: 60) { kill(download, SIGSTOP) }
        defer { kill(download, SIGCONT) }
        try #require(asked && FileManager.default.fileExists(atPath: registry.path), "\(failing.result().stderr)")
        let screen = try CLIRunner.start(["ui", "--library", library.path, "--port", "0"], environment: ["LANG": "C"])
        defer { screen.process.terminate() }
        let deadline = ContinuousClock.now + .seconds(60)
        while ((try? String(contentsOf: screen.stdout, encoding: .utf8)) ?? "").isEmpty {
            try #require(ContinuousClock.now < deadline, "the screen never started: \(screen.result().stderr)")
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(download, SIGCONT)
        await failing.exit()
        #expect(failing.result().status == 3, "\(failing.result().stderr)")
        #expect(FileManager.default.fileExists(atPath: registry.path), "the library the screen holds stays")
    }

    @Test("a library path that is a file is said to be one, with one exit code, by the commands that read and those that write")
    func libraryIsAFile() async throws {
        let file = Self.folder("file")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("not a folder".utf8).write(to: file)
        let commands = [
            ["list"], ["status", "gemara:berakhot:2"], ["history"], ["download", "gemara/1"], ["plan", "add", "daf-yomi"],
            ["queue", "pause"],
        ]
        for command in commands {
            let result = try await CLIRunner.run(command + ["--library", file.path])
            #expect(result.status == 2 && result.stderr.contains("is a file, not a library folder"), "\(command): \(result.stderr)")
        }
    }

    @Test("catalog takes a masechet's name: a selector is sent to status, a name with more is refused, an empty one too")
    func catalogTakesAName() async throws {
        for (argument, said) in [
            ("gemara:berakhot:2-999", "'gemara:berakhot:2-999' is a selector: `lessons status gemara:berakhot:2-999` shows its lessons"),
            ("Peah 1", "catalog takes a masechet's name alone, like `lessons catalog berakhot`, not 'Peah 1'"),
            ("berakhot:1", "catalog takes a masechet's name alone, like `lessons catalog berakhot`, not 'berakhot:1'"),
            ("", "give a masechet's name (`lessons catalog berakhot`), or none for the whole Shas"),
        ] {
            let result = try await CLIRunner.run(["catalog", argument, "--library", Self.folder("catalog").path])
            #expect(result.status == 2 && result.stderr.contains(said), "\(argument): \(result.stderr)")
            #expect(!result.stderr.contains("mishna:"), "no selector the user did not type: \(result.stderr)")
        }
    }
}
