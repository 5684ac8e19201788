import Foundation
import OfflineLessons

/// Draws download progress on stderr: bars on a terminal (one per active item and a total, with
/// speed and ETA), plain lines otherwise, nothing when silent.
final class ProgressDisplay {
    enum Mode { case bars, lines, silent }

    let mode: Mode
    private var active: [MediaKey: (received: Int, expected: Int?)] = [:]
    private var queued = 0, done = 0, failed = 0
    private var bytesDone = 0
    private var expectedTotal = 0
    private let started = Date()
    private var drawnLines = 0
    private var lastDraw = Date.distantPast

    init(mode: Mode) { self.mode = mode }

    func handle(_ event: DownloadEvent) {
        guard mode != .silent else { return }
        switch event {
        case .queued:
            queued += 1
        case .unavailable(let key, let reason):
            line("unavailable \(key): \(reason)")
        case .progress(let key, let received, let expected):
            active[key] = (received, expected)
        case .retrying(let key, let retry, let delay, let reason):
            line("retry \(retry) of \(key) in \(delay.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))): \(reason)")
        case .completed(let key, let bytes, let alreadyPresent):
            active[key] = nil
            done += 1
            if !alreadyPresent { bytesDone += bytes }
            if !alreadyPresent { line("completed \(key) (\(formatBytes(bytes)))") }
        case .failed(let key, let reason):
            active[key] = nil
            failed += 1
            line("FAILED    \(key): \(reason)")
        case .cancelled(let key):
            active[key] = nil
            line("interrupted \(key)")
        case .finished:
            clear()
            return
        }
        draw()
    }

    private var inFlightBytes: Int { active.values.reduce(0) { $0 + $1.received } }

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
        guard mode == .bars, Date().timeIntervalSince(lastDraw) > 0.1 || drawnLines == 0 else { return }
        lastDraw = Date()
        clear()
        var lines: [String] = []
        for (key, progress) in active.sorted(by: { $0.key < $1.key }).prefix(8) {
            let fraction = progress.expected.map { $0 > 0 ? Double(progress.received) / Double($0) : 0 }
            lines.append("  \(key.description.padding(toLength: 22, withPad: " ", startingAt: 0)) \(bar(fraction)) \(formatBytes(progress.received))")
        }
        let elapsed = max(Date().timeIntervalSince(started), 0.001)
        let speed = Double(bytesDone + inFlightBytes) / elapsed
        let finished = done + failed
        let fraction = queued > 0 ? Double(finished) / Double(queued) : 0
        let remainingItems = max(queued - finished, 0)
        let eta = finished > 0 && remainingItems > 0 ? String(format: ", ETA %.0f s", elapsed / Double(finished) * Double(remainingItems)) : ""
        lines.append("\(bar(fraction)) \(finished)/\(queued) files, \(formatBytes(bytesDone + inFlightBytes)), \(formatBytes(Int(speed)))/s\(eta)")
        Terminal.err(lines.joined(separator: "\n") + "\n")
        drawnLines = lines.count
    }

    private func bar(_ fraction: Double?) -> String {
        let width = 24
        guard let fraction else { return "[" + String(repeating: "?", count: width) + "]" }
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }
}
