import ChildProcesses
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tests' own way of starting children (ChildProcess.swift says why it is not `Process`).
@Suite("Child processes of the tests")
struct ChildProcessTests {
    /// Runs `/bin/sh -c script` to its end; what it printed and its status.
    private func shell(_ script: String, currentDirectory: URL? = nil) async throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let child = try ChildProcess(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script],
            currentDirectory: currentDirectory, stdout: .file(output))
        await child.exit()
        return (child.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }

    @Test("a child started while this process holds 2,000 descriptors inherits only its three standard ones")
    func descriptorsClosed() async throws {
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        for _ in 0..<2_000 {
            let descriptor = open("/dev/null", O_RDONLY)  // without O_CLOEXEC, as a careless open would be
            try #require(descriptor >= 0, "cannot open /dev/null: \(String(cString: strerror(errno)))")
            opened.append(descriptor)
        }
        // `ls` itself holds 0, 1, 2 and the folder it reads.
        let result = try await shell("ls /proc/self/fd | wc -l")
        #expect(result.status == 0)
        #expect(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) == 4, "descriptors in the child: \(result.output)")
    }

    @Test("exit codes, signals, the working folder and the environment as given")
    func statusAndSetting() async throws {
        #expect(try await shell("exit 7").status == 7)
        #expect(try await shell("kill -KILL $$").status == SIGKILL)
        let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        #expect(try await shell("pwd", currentDirectory: folder).output == folder.path + "\n")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("child-env-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = try ChildProcess(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "echo \"$ONLY\"; env | wc -l"],
            environment: ["ONLY": "this"], stdout: .file(output))
        child.waitUntilExit()
        #expect(!child.isRunning)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "this")
        // sh adds PWD, SHLVL and _ of its own; the test process's variables are not there.
        #expect((Int(lines.last ?? "") ?? 99) <= 4, "\(lines)")
    }

    @Test("a program that does not exist is an error naming it")
    func missingProgram() throws {
        #expect {
            _ = try ChildProcess(URL(fileURLWithPath: "/nonexistent/program"))
        } throws: { error in
            String(describing: error).contains("/nonexistent/program")
        }
    }
}
