import ChildProcesses
import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// The CLI in a real terminal (tmux): progress that fits the width and is redrawn in place,
/// colour only where it belongs, Ctrl-C's message at column 0 and exit 130.
@Suite("lessons in a terminal", .serialized)
struct TerminalCLITests {
    /// A tmux session of `columns` × 30 running `command` in a shell; `nil` (reason printed) when
    /// tmux is missing outside CI.
    final class Pane {
        let name = "lessons-test-\(UUID().uuidString.prefix(8))"

        init?(columns: Int, command: String) throws {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
                let reason = "terminal tests skipped: tmux is not installed (apt-get install -y tmux; .ci/run does it)"
                if ProcessInfo.processInfo.environment["CI"] == "true" { throw CLITestFailure(description: reason) }
                print(reason)
                return nil
            }
            try tmux(["new-session", "-d", "-s", name, "-x", String(columns), "-y", "30", command], output: false)
        }

        // A tmux server of its own (-L): the test's sessions never meet a user's.
        deinit { _ = try? tmux(["kill-server"], output: false) }

        /// The screen, wrapped lines joined (`-J`), with escape sequences when `escapes`.
        func screen(escapes: Bool = false) throws -> String {
            try tmux(["capture-pane", "-p", "-J", "-t", name] + (escapes ? ["-e"] : []))
        }

        func send(_ keys: String) throws { try tmux(["send-keys", "-t", name, keys], output: false) }

        /// Waits until the screen shows `text`.
        func wait(for text: String, seconds: Double = 30) async throws -> String {
            let end = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < end {
                let shown = try screen()
                if shown.contains(text) { return shown }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw CLITestFailure(description: "'\(text)' never appeared: \(try screen())")
        }

        /// Runs tmux; its output is read only when asked for (a server tmux starts would hold
        /// the pipe open, and reading it would never end).
        /// (Spawned with only the three standard descriptors: Foundation's `Process` waited for
        /// the server, which kept one of its descriptors.)
        @discardableResult
        func tmux(_ arguments: [String], output: Bool = true) throws -> String {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: file) }
            let process = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/tmux"), arguments: ["-L", name] + arguments,
                environment: ProcessInfo.processInfo.environment,
                currentDirectory: nil, stdout: output ? .file(file) : .null, stderr: .null)
            process.waitUntilExit()
            return output ? ((try? String(contentsOf: file, encoding: .utf8)) ?? "") : ""
        }
    }

    func withServer(_ body: @Sendable (String) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-tty-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.004))
        try await server.withRunning { running in
            let binary = try CLIRunner.binary().path
            let exports =
                "export LESSONS_SERVER='\(running.apiBase.absoluteString)' LESSONS_TOKEN=t LESSONS_LIBRARY='\(root.path)' TERM=xterm-256color; unset NO_COLOR;"
            try await body("\(exports) '\(binary)'")
        }
    }

    @Test("progress in 50 and 120 columns: no line wider than the terminal, one total line, redrawn in place", arguments: [50, 120])
    func progressFits(columns: Int) async throws {
        try await withServer { lessons in
            guard
                let pane = try Pane(
                    columns: columns, command: "\(lessons) download gemara:berakhot:2-9 --limit-rate 300K; echo \"exit=$?\"; sleep 60")
            else { return }
            var sawProgress = false
            for _ in 0..<200 {
                let shown = try pane.screen()
                if shown.contains("exit=") { break }
                let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
                let totals = lines.filter { $0.contains(" files") && $0.contains("%") }
                if !totals.isEmpty {
                    sawProgress = true
                    #expect(totals.count == 1, "one total line, not stacked copies:\n\(shown)")
                }
                // The bars (a message or the summary may wrap, as any text does).
                for line in lines where line.contains("%") {
                    #expect(line.count <= columns, "a progress line wider than \(columns) columns wrapped:\n\(line)")
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            let end = try await pane.wait(for: "exit=")
            #expect(sawProgress, "the bars were shown:\n\(end)")
            #expect(end.contains("exit=0"), "\(end)")
            #expect(end.contains("completed Berakhot 2 audio"), "\(end)")
            #expect(!end.contains("%"), "the bars are cleared at the end:\n\(end)")
        }
    }

    @Test("colour on a terminal; none with NO_COLOR or --no-color")
    func colour() async throws {
        try await withServer { lessons in
            guard let pane = try Pane(columns: 120, command: "\(lessons) download gemara:berakhot:2; \(lessons) list; echo done; sleep 60")
            else { return }
            _ = try await pane.wait(for: "done")
            let coloured = try pane.screen(escapes: true)
            #expect(coloured.contains("\u{1B}[32mcompleted"), "completed in green:\n\(coloured)")
            for (daf, variant) in [(3, "export NO_COLOR=1; "), (4, "")] {
                let flag = variant.isEmpty ? " --no-color" : ""
                guard
                    let plain = try Pane(
                        columns: 120,
                        command:
                            "\(lessons.replacingOccurrences(of: "unset NO_COLOR;", with: variant)) download gemara:berakhot:\(daf)\(flag); echo done; sleep 60"
                    )
                else { return }
                _ = try await plain.wait(for: "done")
                let screen = try plain.screen(escapes: true)
                #expect(screen.contains("completed Berakhot \(daf) audio") && !screen.contains("\u{1B}["), "no colour:\n\(screen)")
            }
        }
    }

    @Test("Ctrl-C: the message starts at column 0, exit 130, the rest stays queued")
    func interrupt() async throws {
        try await withServer { lessons in
            guard
                let pane = try Pane(
                    columns: 100, command: "\(lessons) download gemara:berakhot:2-20 --limit-rate 100K; echo \"exit=$?\"; sleep 60")
            else { return }
            _ = try await pane.wait(for: "completed")
            try pane.send("C-c")
            let shown = try await pane.wait(for: "exit=")
            #expect(shown.contains("exit=130"), "\(shown)")
            let line = shown.split(separator: "\n").first { $0.contains("interrupted after") }
            #expect(line?.hasPrefix("lessons: error: interrupted after") == true, "at column 0:\n\(shown)")
        }
    }
}
