import Foundation
import LessonsServer
import Testing

@testable import OfflineLessons

/// A full or closed stdout or stderr never crashes `lessons` nor stops its work.
@Suite("Closed and full standard output")
struct OutputFailureTests {
    /// A pipe whose reading end is closed: every write to it fails with EPIPE.
    static func deadPipe() throws -> FileHandle {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        return pipe.fileHandleForWriting
    }

    static func withLibrary(_ body: @Sendable ([String: String], String) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-out-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        try await ContentServer(configuration: .init()).withRunning { running in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path]
            try await body(env, root.path)
        }
    }

    static func completeItems(_ library: String) async throws -> Int {
        let database = try LibraryDatabase.open(at: URL(fileURLWithPath: library).appendingPathComponent(LibraryLayout.databaseName).path)
        return try await database.mediaItems(in: [.complete]).count
    }

    @Test("--json list > /dev/full: exit 1 and one message, no crash")
    func listToFullDevice() async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "/dev/full is not available")
        try await Self.withLibrary { env, _ in
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:4"], environment: env).status == 0)
            let result = try await CLIRunner.run(["--json", "list"], environment: env, stdout: full)
            #expect(result.status == 1, "stderr: \(result.stderr)")
            #expect(result.stderr.contains("cannot write to standard output: no space left on device"), "stderr: \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
            // The system's reason in the reader's language too.
            var spanish = env
            spanish["LANG"] = "es_ES.UTF-8"
            let inSpanish = try await CLIRunner.run(["--json", "list"], environment: spanish, stdout: full)
            #expect(inSpanish.status == 1)
            #expect(
                inSpanish.stderr.contains("no se puede escribir en la salida estándar: no queda espacio en el dispositivo"),
                "stderr: \(inSpanish.stderr)")
        }
    }

    @Test("--json download with stdout closed by its reader: the downloads all finish, exit 141 without a word")
    func downloadWithClosedStdout() async throws {
        try await Self.withLibrary { env, library in
            let result = try await CLIRunner.run(
                ["--json", "download", "gemara:berakhot:4-6"], environment: env, stdout: try Self.deadPipe())
            #expect(result.status == 141, "stderr: \(result.stderr)")
            #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
            #expect(try await Self.completeItems(library) == 6)
        }
    }

    @Test("list into a pipe its reader closed (`lessons list | head -2`): exit 141, nothing on stderr")
    func listIntoClosedPipe() async throws {
        try await Self.withLibrary { env, _ in
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:4-5"], environment: env).status == 0)
            let result = try await CLIRunner.run(["list"], environment: env, stdout: try Self.deadPipe())
            #expect(result.status == 141, "stderr: \(result.stderr)")
            #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
        }
    }

    @Test("download with stderr closed by its reader (`2>&1 | head`): the work finishes, exit 0")
    func downloadWithClosedStderr() async throws {
        try await Self.withLibrary { env, library in
            let result = try await CLIRunner.run(["download", "gemara:berakhot:4-6"], environment: env, stderr: try Self.deadPipe())
            #expect(result.status == 0)
            #expect(result.stdout.contains("downloaded 6 files"), "stdout: \(result.stdout)")
            #expect(try await Self.completeItems(library) == 6)
        }
    }

    @Test("list with stdout closed (>&-): exit 1, and nothing is written into the registry's file")
    func listWithStdoutClosed() async throws {
        try await Self.withLibrary { env, library in
            #expect(try await CLIRunner.run(["download", "gemara:berakhot:4"], environment: env).status == 0)
            let binary = try CLIRunner.binary().path
            let result = try await CLIRunner.run(["-c", "exec \"$0\" list >&-", binary], environment: env, executable: "/bin/sh")
            #expect(result.status == 1, "stderr: \(result.stderr)")
            #expect(result.stderr.contains("cannot write to standard output"), "stderr: \(result.stderr)")
            let after = try await CLIRunner.run(["--json", "list"], environment: env)
            #expect(after.status == 0 && after.stdout.contains("\"count\" : 1"), "stdout: \(after.stdout) stderr: \(after.stderr)")
        }
    }

    @Test(
        "every command with a full stdout, a closed stdout, a full stderr: no crash, the same work done",
        arguments: [
            ["catalog"], ["list"], ["--json", "list"], ["status", "gemara:berakhot:4"], ["download", "gemara:berakhot:5"],
            ["--json", "download", "gemara:berakhot:6"], ["remove", "gemara:berakhot:5"], ["--help"], ["download", "--help"],
        ])
    func everyCommand(_ arguments: [String]) async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "/dev/full is not available")
        try await Self.withLibrary { env, _ in
            #expect(try await CLIRunner.run(["download"], environment: env).status == 0, "an empty library")
            let normal = try await CLIRunner.run(arguments, environment: env)
            #expect(normal.status == 0, "\(arguments): \(normal.stderr)")
            for (name, stdout, stderr) in [
                ("full stdout", full, nil), ("closed stdout", try Self.deadPipe(), nil),
                ("full stderr", nil, full), ("closed stderr", nil, try Self.deadPipe()),
            ] as [(String, FileHandle?, FileHandle?)] {
                let result = try await CLIRunner.run(arguments, environment: env, stdout: stdout, stderr: stderr)
                // A full stdout is exit 1 and said once; a closed one (its reader left) is 141 and
                // silent; a failed stderr changes nothing.
                let expected: Int32 = stdout == nil ? 0 : name == "closed stdout" ? 141 : 1
                #expect(result.status == expected, "\(arguments), \(name): exit \(result.status), \(result.stderr)")
                #expect(!result.stderr.contains("Fatal error"), "\(arguments), \(name): \(result.stderr)")
            }
        }
    }
}
