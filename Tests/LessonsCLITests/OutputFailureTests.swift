import Foundation
import LessonsServer
@testable import OfflineLessons
import Testing

/// A full or closed stdout or stderr never crashes `lessons` nor stops its work (issue 11, 1-4).
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
            #expect(result.stderr.contains("cannot write to standard output: No space left on device"), "stderr: \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test("--json download with stdout closed by its reader: the downloads all finish, exit 1 says why")
    func downloadWithClosedStdout() async throws {
        try await Self.withLibrary { env, library in
            let result = try await CLIRunner.run(["--json", "download", "gemara:berakhot:4-6"], environment: env, stdout: try Self.deadPipe())
            #expect(result.status == 1, "stderr: \(result.stderr)")
            #expect(result.stderr.contains("cannot write to standard output"), "stderr: \(result.stderr)")
            #expect(try await Self.completeItems(library) == 6)
        }
    }

    @Test("download with stderr closed by its reader (`2>&1 | head`): the work finishes, exit 0")
    func downloadWithClosedStderr() async throws {
        try await Self.withLibrary { env, library in
            let result = try await CLIRunner.run(["download", "gemara:berakhot:4-6"], environment: env, stderr: try Self.deadPipe())
            #expect(result.status == 0)
            #expect(result.stdout.contains("downloaded 6 file(s)"), "stdout: \(result.stdout)")
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
}
