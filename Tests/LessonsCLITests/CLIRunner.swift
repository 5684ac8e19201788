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
        var candidates: [URL] = []
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("lessons"))
            folder = folder.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/lessons"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CLIError("the lessons binary is not built: run `swift build` before `swift test` (looked in \(candidates.map(\.path)))")
        }
        return found
    }

    /// Starts `lessons` with `arguments`; output goes to files read by ``Running/result()``, or to
    /// `stdout`/`stderr` when given (a full device, a pipe nobody reads).
    static func start(_ arguments: [String], environment: [String: String] = [:],
                      stdout: FileHandle? = nil, stderr: FileHandle? = nil, executable: String? = nil,
                      currentDirectory: URL? = nil) throws -> Running {
        var env = ProcessInfo.processInfo.environment
        for name in ["LESSONS_LIBRARY", "LESSONS_SERVER", "LESSONS_TOKEN", "LESSONS_MEDIA_BASE"] { env[name] = nil }
        env.merge(environment) { $1 }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-cli-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
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
    static func run(_ arguments: [String], environment: [String: String] = [:],
                    stdout: FileHandle? = nil, stderr: FileHandle? = nil, executable: String? = nil,
                    currentDirectory: URL? = nil) async throws -> Result {
        let running = try start(arguments, environment: environment, stdout: stdout, stderr: stderr, executable: executable,
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
                stdout: (try? String(contentsOf: stdout, encoding: .utf8)) ?? "",
                stderr: (try? String(contentsOf: stderr, encoding: .utf8)) ?? "")
        }
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
