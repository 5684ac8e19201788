import Foundation
import LessonsServer
import Testing

/// The order of a placement's system calls, traced with `strace`: a file's data written, the
/// file flushed, renamed into place, its folder flushed, and only then the registry commit that
/// records it (a crash or a power loss between any two of them leaves a state the next run
/// resumes or adopts).
@Suite("Durability order, traced")
struct DurabilityOrderTests {
    /// strace's path, or `nil` with the reason printed (outside CI, where its absence fails).
    static func strace() throws -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        if let found = paths.map({ "\($0)/strace" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return found
        }
        let reason = "durability trace skipped: it needs strace (apt-get install -y strace)"
        if ProcessInfo.processInfo.environment["CI"] == "true" { throw CLITestFailure(description: reason) }
        print(reason)
        return nil
    }

    /// Runs `lessons arguments` under strace and returns its trace.
    static func traced(_ arguments: [String], environment: [String: String], strace: String, in folder: URL) async throws
        -> SystemCallTrace
    {
        let output = folder.appendingPathComponent("trace-\(UUID().uuidString.prefix(8))")
        let result = try await CLIRunner.run(
            SystemCallTrace.options + ["-o", output.path, try CLIRunner.binary().path] + arguments, environment: environment,
            executable: strace)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return SystemCallTrace(try String(contentsOf: output, encoding: .utf8))
    }

    @Test("a download: each file written, flushed, renamed, its folder flushed, then committed; registered before its first byte")
    func download() async throws {
        guard let strace = try Self.strace() else { return }
        let folder = MigrateCLITests.temporary("trace-download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.01))
        try await server.withRunning { running in
            let env = [
                "LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t",
                "LESSONS_LIBRARY": folder.appendingPathComponent("library").path,
            ]
            #expect(try await CLIRunner.run(["catalog"], environment: env).status == 0)
            let trace = try await Self.traced(["download", "gemara:berakhot:2-4", "--quiet"], environment: env, strace: strace, in: folder)
            let calls = trace.calls
            let placements = calls.indices.filter {
                calls[$0].name.hasPrefix("rename") && calls[$0].paths.first?.hasSuffix(".partial") == true
                    && calls[$0].paths.first?.contains("/media/") == true
            }
            #expect(placements.count == 6, "three lessons, audio and PDF each: \(placements.count) renames into place")
            for rename in placements {
                let (thread, partial) = (calls[rename].thread, calls[rename].paths[0])
                let folderPath = (calls[rename].paths[1] as NSString).deletingLastPathComponent
                let writes = calls.indices.filter { ["write", "pwrite64"].contains(calls[$0].name) && calls[$0].descriptorPath == partial }
                guard let firstWrite = writes.first, let lastWrite = writes.last else {
                    Issue.record("\(partial): no data written")
                    continue
                }
                #expect(calls[..<firstWrite].contains { $0.isWALCommit }, "\(partial): registered before its first byte")
                let flush = calls[..<rename].lastIndex { $0.thread == thread && $0.isFlush && $0.descriptorPath == partial }
                #expect(flush.map { $0 > lastWrite } == true, "\(partial): flushed after its data, before the rename")
                // The renaming thread's next steps: the folder flushed, then the commit.
                let after = calls[(rename + 1)...].filter { $0.thread == thread }
                let folderFlush = after.firstIndex { $0.isFlush && $0.descriptorPath == folderPath }
                let commit = after.firstIndex { $0.isWALCommit }
                #expect(folderFlush != nil, "\(partial): its folder flushed after the rename")
                #expect(
                    commit != nil && folderFlush.map { $0 < commit ?? -1 } == true,
                    "\(partial): committed after the folder's flush, never before")
            }
        }
    }

    @Test("a migration: each file renamed into the library, its folder flushed, and only then the commit")
    func migration() async throws {
        guard let strace = try Self.strace() else { return }
        let folder = MigrateCLITests.temporary("trace-migrate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = folder.appendingPathComponent("container")
        let library = folder.appendingPathComponent("library")
        let files = try MigrateCLITests.container(at: container, lessons: 4)
        let trace = try await Self.traced(
            ["migrate", "--from", container.path, "--library", library.path, "--quiet"], environment: [:], strace: strace, in: folder)
        let calls = trace.calls
        // On one file system a move is one rename: the source is gone exactly when the file is in place.
        let moves = calls.indices.filter {
            calls[$0].name.hasPrefix("rename") && calls[$0].paths.first?.hasPrefix(container.path) == true
                && calls[$0].paths.last?.hasPrefix(library.path) == true
        }
        #expect(moves.count == files.count, "every file of the container moved by one rename: \(moves.count) of \(files.count)")
        for move in moves {
            let source = calls[move].paths[0]
            let folderPath = (calls[move].paths[1] as NSString).deletingLastPathComponent
            let folderFlush = calls[(move + 1)...].firstIndex { $0.isFlush && $0.descriptorPath == folderPath }
            let commit = calls[(move + 1)...].firstIndex { $0.isWALCommit }
            #expect(folderFlush != nil, "\(source): the library's folder flushed after the move")
            #expect(
                commit != nil && folderFlush.map { $0 < commit ?? -1 } == true,
                "\(source): the commit that records it comes after the folder's flush")
        }
        for path in files.keys {
            #expect(!FileManager.default.fileExists(atPath: container.appendingPathComponent(path).path), "\(path) left in the container")
        }
    }
}
