import Foundation
import OfflineLessons

/// Draws download progress on stderr: bars on a terminal (one per active item and a total, with
/// speed and ETA), plain lines otherwise, nothing when silent.
final class ProgressDisplay {
    enum Mode {
        case bars, lines, silent

        /// Bars on a terminal, plain lines otherwise, nothing with --json or --quiet.
        init(_ global: GlobalOptions) {
            self = global.json || global.quiet ? .silent : (Terminal.stderrIsTerminal ? .bars : .lines)
        }
    }

    let mode: Mode
    private var progress = DownloadProgress()
    private var drawnLines = 0
    private var lastDraw = ContinuousClock.now - .seconds(60)
    private var lastLine = ContinuousClock.now
    /// Without a terminal, a status line this often on long work.
    private let lineInterval: Duration = .seconds(5)

    /// Set once the run said it stops for the server: its items' ends are then not listed one by one.
    private var stoppedForServer = false
    /// Whether the line that the server is not answering was printed: once a run (the total line
    /// says when the run waits for the server again).
    private var saidNotAnswering = false

    init(mode: Mode) { self.mode = mode }

    func handle(_ event: DownloadEvent) {
        guard mode != .silent else { return }
        let wasActive = event.key.map { progress.active[$0] != nil } ?? false
        progress.record(event)
        switch event {
        case .unavailable(let key, let reason):
            line("unavailable \(key): \(reason)")
        case .retrying(let key, let retry, let delay, let reason):
            line("retry \(retry) of \(key) in \(delay.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))): \(reason)")
        case .waiting(let key, let reason):
            line("waiting   \(key): \(reason)")
        case .completed(let key, let bytes, let alreadyPresent):
            if !alreadyPresent { line("completed \(key) (\(formatBytes(bytes)))") }
        case .failed(let key, let reason):
            line("FAILED    \(key): \(reason)")
        case .cancelled(let key):
            // Items stopped before they started are counted, not listed one by one; nor are the
            // items a server that went away leaves queued (the run ends with one message for them).
            if wasActive, !stoppedForServer { line("interrupted \(key)") }
        case .stopped(let key, let reason):
            line("STOPPED   \(key): \(reason)")
        case .serverNotAnswering(let reason):
            if !saidNotAnswering { line(DownloadText.serverNotAnswering(reason)) }
            saidNotAnswering = true
        case .serverUnreachable:
            stoppedForServer = true
        case .finished:
            clear()
            return
        case .queued, .progress:
            break
        }
        draw()
    }

    private func line(_ text: String) {
        clear()
        Terminal.err(text + "\n")
    }

    func clear() {
        guard mode == .bars, drawnLines > 0 else { return }
        Terminal.err(String(repeating: "\u{1B}[1A\u{1B}[2K", count: drawnLines))
        drawnLines = 0
    }

    private func draw() {
        let now = ContinuousClock.now
        switch mode {
        case .silent:
            return
        case .lines:
            guard now - lastLine >= lineInterval, progress.finished < progress.queued else { return }
            lastLine = now
            Terminal.err(Self.totalLine(progress, now) + "\n")
        case .bars:
            guard now - lastDraw > .milliseconds(100) || drawnLines == 0 else { return }
            lastDraw = now
            clear()
            var lines: [String] = []
            for (key, item) in progress.active.sorted(by: { $0.key < $1.key }).prefix(8) {
                let fraction = item.expected.map { $0 > 0 ? Double(item.received) / Double($0) : 0 }
                let eta = progress.estimatedTimeLeft(of: key, at: now).map { " " + formatDuration($0) } ?? ""
                lines.append(
                    "  \(key.description.padding(toLength: 22, withPad: " ", startingAt: 0)) \(Self.bar(fraction)) \(formatBytes(item.received))\(eta)"
                )
            }
            lines.append(Self.totalLine(progress, now))
            Terminal.err(lines.joined(separator: "\n") + "\n")
            drawnLines = lines.count
        }
    }

    /// Files done of the total (failed ones apart), bytes, speed and the time left by bytes (or
    /// that the run waits for the server).
    static func totalLine(_ progress: DownloadProgress, _ now: ContinuousClock.Instant) -> String {
        let speed = progress.bytesPerSecond(at: now).map { ", \(formatBytes(Int($0)))/s" } ?? ""
        let left =
            progress.finished >= progress.queued
            ? ""
            : progress.isWaitingForServer
                ? ", " + DownloadText.waitingForServer
                : progress.estimatedTimeLeft(at: now).map { ", ETA \(formatDuration($0))" } ?? ""
        let files = DownloadText.files(done: progress.completed, of: progress.queued, failed: progress.failed)
        return "\(bar(progress.fractionDone)) \(files), \(formatBytes(progress.bytesTransferred))\(speed)\(left)"
    }

    private static func bar(_ fraction: Double?) -> String {
        let width = 24
        guard let fraction else { return "[" + String(repeating: "?", count: width) + "]" }
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }
}
