import ChildProcesses
import Foundation
import Testing

/// Runs the built `lessons` binary and captures what it prints.
enum CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `lessons` binary next to the test bundle (built by `swift build`).
    static func binary() throws -> URL {
        try LessonsBinary.url()
    }

    /// Starts `lessons` with `arguments`; output goes to files read by ``Running/result()``, or to
    /// `stdout`/`stderr` when given (a full device, a pipe nobody reads).
    static func start(
        _ arguments: [String], environment: [String: String] = [:],
        stdout: FileHandle? = nil, stderr: FileHandle? = nil, executable: String? = nil,
        currentDirectory: URL? = nil
    ) throws -> Running {
        let env = LessonsBinary.environment(environment)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-cli-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("stdout")
        let err = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = try ChildProcess(
            try executable.map { URL(fileURLWithPath: $0) } ?? binary(), arguments: arguments, environment: env,
            currentDirectory: currentDirectory,
            stdout: stdout.map { .descriptor($0.fileDescriptor) } ?? .file(out),
            stderr: stderr.map { .descriptor($0.fileDescriptor) } ?? .file(err))
        return Running(process: process, stdout: out, stderr: err, folder: folder)
    }

    /// Runs `lessons` to completion. Waits without blocking a thread: the in-process server the
    /// child talks to needs the test's cooperative threads.
    static func run(
        _ arguments: [String], environment: [String: String] = [:],
        stdout: FileHandle? = nil, stderr: FileHandle? = nil, executable: String? = nil,
        currentDirectory: URL? = nil
    ) async throws -> Result {
        let running = try start(
            arguments, environment: environment, stdout: stdout, stderr: stderr, executable: executable,
            currentDirectory: currentDirectory)
        await running.exit()
        return running.result()
    }

    struct Running {
        let process: ChildProcess
        let stdout: URL
        let stderr: URL
        let folder: URL

        /// Waits for the process to end.
        func exit() async {
            await process.exit()
        }

        func result() -> Result {
            defer { try? FileManager.default.removeItem(at: folder) }
            return Result(
                status: process.terminationStatus,
                stdout: Self.text(of: stdout),
                stderr: Self.text(of: stderr))
        }

        /// What the file holds, bytes that are not UTF-8 replaced (never an empty string for them).
        private static func text(of file: URL) -> String {
            (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) } ?? "(unreadable: \(file.path))"
        }
    }
}
