import Foundation
import OfflineLessons

/// Draws download progress on stderr: bars on a terminal (one per active item and a total, with
/// percent, sizes, speed and ETA), redrawn in place and cut to the terminal's width so that a
/// line never wraps; plain lines otherwise; nothing when silent. Lessons are named as people
/// name them ("Shabbat 2 audio").
final class ProgressDisplay {
    enum Mode {
        case bars, lines, silent

        /// Bars on a terminal, plain lines otherwise, nothing with --json or --quiet.
        init(_ global: GlobalOptions) {
            self = global.json || global.quiet ? .silent : (Terminal.stderrIsTerminal ? .bars : .lines)
        }
    }

    let mode: Mode
    private let names: LessonNames
    private var progress = DownloadProgress()
    private var drawnLines = 0
    private var lastDraw = ContinuousClock.now - .seconds(60)
    private var lastLine = ContinuousClock.now
    /// Without a terminal, a status line this often on long work.
    private let lineInterval: Duration = .seconds(5)
    /// Set once the run stops (a full disk, a server gone): its items' ends are then not listed one by one.
    private var runStopped = false
    /// Whether the line that the server is not answering was printed: once a run (the total line
    /// says when the run waits for the server again).
    private var saidNotAnswering = false
    /// Items another download (another process) was writing when this run came to them.
    private var waitedFor: Set<MediaKey> = []
    private var stillWaiting: Set<MediaKey> = []
    private var arrived = 0
    private var saidArrived = false
    /// The one note about them: due once a burst of waits ends, said once.
    private var waitNote: (due: Bool, said: Bool) = (false, false)

    init(mode: Mode, names: LessonNames) {
        self.mode = mode
        self.names = names
    }

    func handle(_ event: DownloadEvent) {
        guard mode != .silent else { return }
        let wasActive = event.key.map { progress.active[$0] != nil } ?? false
        progress.record(event)
        noteWaits(event)
        switch event {
        case .unavailable(let key, let reason):
            line(Style.dim(Terminal.say(.progressUnavailable), on: .err), key, reason)
        case .retrying(let key, let retry, let delay, let reason):
            let wait = delay.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))
            clear()
            let rest = Terminal.say(.progressRetryOf, .text(names.spoken(key)), .text(wait), .message(Phrasebook.recognize(reason)))
            Terminal.err(Style.warning(Terminal.say(.progressRetry, .number(retry)), on: .err) + " " + rest + "\n")
        case .waiting:
            break
        case .completed(let key, let bytes, let alreadyPresent):
            if !alreadyPresent { line(Style.success(Terminal.say(.progressCompleted), on: .err), key, formatBytes(bytes)) }
        case .failed(let key, let reason):
            line(Style.failure(Terminal.say(.downloadFailedLabel), on: .err), key, Terminal.say(stored: reason))
        case .cancelled(let key):
            // Items stopped before they started are counted, not listed one by one; nor are the
            // items a full disk or a server that went away leaves queued (the run ends with one
            // message for them).
            if wasActive, !runStopped { line(Style.warning(Terminal.say(.progressInterrupted), on: .err), key, nil) }
        case .withdrawn(let key):
            line(Style.warning(Terminal.say(.progressWithdrawn), on: .err), key, nil)
        case .stopped:
            // A full disk: the run's last message says so, with the reason and what to do.
            runStopped = true
        case .serverNotAnswering(let reason):
            if !saidNotAnswering {
                clear()
                Terminal.err(Style.warning(DownloadText.serverNotAnswering(reason), on: .err) + "\n")
            }
            saidNotAnswering = true
        case .serverUnreachable:
            runStopped = true
        case .finished:
            clear()
            return
        case .queued, .progress:
            break
        }
        draw()
    }

    /// Waits for another download are told once, with how many items, when the burst of them
    /// ends; and once more when every one of them has arrived.
    private func noteWaits(_ event: DownloadEvent) {
        if case .waiting(let key, _) = event {
            waitedFor.insert(key)
            stillWaiting.insert(key)
            if !waitNote.said { waitNote.due = true }
            return
        }
        if waitNote.due {
            waitNote = (false, true)
            clear()
            Terminal.err(Style.dim(DownloadText.waitingForOthers(waitedFor.count), on: .err) + "\n")
        }
        guard let key = event.key, stillWaiting.contains(key) else { return }
        switch event {
        case .completed:
            arrived += 1
            stillWaiting.remove(key)
        case .failed, .cancelled, .stopped:
            stillWaiting.remove(key)
        default:
            return
        }
        if stillWaiting.isEmpty, arrived > 0, !saidArrived, case .completed = event {
            saidArrived = true
            clear()
            Terminal.err(Style.dim(DownloadText.othersArrived(arrived), on: .err) + "\n")
        }
    }

    private func line(_ label: String, _ key: MediaKey, _ detail: String?) {
        clear()
        Terminal.err("\(label) \(names.spoken(key))\(detail.map { ": \($0)" } ?? "")\n")
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
            // One column short of the width: a line that fills the last column wraps on some terminals.
            let width = max((Terminal.stderrColumns ?? 80) - 1, 20)
            clear()
            var lines: [String] = []
            for (key, item) in progress.active.sorted(by: { $0.key < $1.key }).prefix(8) {
                lines.append(itemLine(key, item, now, width: width))
            }
            lines.append(Self.totalLine(progress, now, width: width))
            Terminal.err(lines.map { Self.cut($0, to: width) }.joined(separator: "\n") + "\n")
            drawnLines = lines.count
        }
    }

    /// `  Shabbat 2 audio  [#####-----]  45%  4.1 MB of 9.0 MB  3 s`
    private func itemLine(_ key: MediaKey, _ item: DownloadProgress.Item, _ now: ContinuousClock.Instant, width: Int) -> String {
        let fraction = item.expected.map { $0 > 0 ? Double(item.received) / Double($0) : 0 }
        let eta = progress.estimatedTimeLeft(of: key, at: now).map { "  " + formatDuration($0) } ?? ""
        let size =
            item.expected.map { Terminal.say(.cliOf, .text(formatBytes(item.received)), .text(formatBytes($0))) }
            ?? formatBytes(item.received)
        let name = Self.cut(names.spoken(key), to: min(24, width / 3)).padding(toLength: min(24, width / 3), withPad: " ", startingAt: 0)
        let tail = " \(Self.percent(fraction))  \(size)\(eta)"
        return "  \(name) \(Self.bar(fraction, width: width - name.count - tail.count - 3))\(tail)"
    }

    /// `[#####-----]  42%  12/63 files, 1 failed, 120 MB of ~841 MB, 12 MB/s, ETA 1 min 05 s`: failed
    /// files apart from done ones, and no time left while the run waits for the server.
    static func totalLine(_ progress: DownloadProgress, _ now: ContinuousClock.Instant, width: Int = 200) -> String {
        let speed = progress.bytesPerSecond(at: now).map { ", \(formatBytes(Int($0)))/s" } ?? ""
        let running = progress.finished < progress.queued
        let left =
            !running
            ? ""
            : progress.isWaitingForServer
                ? ", " + Terminal.say(.downloadWaitingForServer)
                : progress.estimatedTimeLeft(at: now).map { ", " + Terminal.say(.progressETA, .text(formatDuration($0))) } ?? ""
        let total =
            running
            ? progress.estimatedBytesLeft.map { " " + Terminal.say(.progressOfAbout, .text(formatBytes(progress.bytesTransferred + $0))) }
                ?? "" : ""
        let files = DownloadText.files(done: progress.completed, of: progress.queued, failed: progress.failed)
        let text = " \(percent(progress.fractionDone))  \(files), \(formatBytes(progress.bytesTransferred))\(total)\(speed)\(left)"
        return bar(progress.fractionDone, width: width - visibleCount(text) - 1) + text
    }

    private static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "  ?%" }
        let value = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        return String(repeating: " ", count: 3 - String(value).count) + "\(value)%"
    }

    /// A bar of `width` columns in all (brackets included), between 8 and 26; none when there is no room.
    private static func bar(_ fraction: Double?, width: Int) -> String {
        let inner = min(width, 26) - 2
        guard inner >= 6 else { return "" }
        guard let fraction else { return "[" + String(repeating: "?", count: inner) + "]" }
        let filled = Int((min(max(fraction, 0), 1) * Double(inner)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: inner - filled) + "]"
    }

    /// Characters a terminal shows (escape sequences take no column).
    static func visibleCount(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }

    /// The text cut to `width` visible columns (with "…"), escape sequences kept whole.
    static func cut(_ text: String, to width: Int) -> String {
        guard visibleCount(text) > width, width > 1 else { return text }
        var result = ""
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape || scalar == "\u{1B}" {
                inEscape = scalar != "m"
                result.unicodeScalars.append(scalar)
            } else if count < width - 1 {
                result.unicodeScalars.append(scalar)
                count += 1
            }
        }
        return result + "…" + (text.contains("\u{1B}") ? "\u{1B}[0m" : "")
    }
}

extension ProgressDisplay {
    /// Shows a run's events to their end, a stopped run's too (a cancelled task's loop would end
    /// at once, and the items the stop cut would go unsaid), and returns its summary. Cancelling
    /// the caller cancels the run; silent, the events are not read at all.
    static func show(_ run: DownloadRun, mode: Mode, names: LessonNames) async -> DownloadSummary {
        let shown = Task {
            // Nothing to show (--quiet, --json): the events are not kept (reading each one would
            // wake a task: a thread switch per event).
            guard mode != .silent else { return run.discardEvents() }
            let progress = ProgressDisplay(mode: mode, names: names)
            for await event in run { progress.handle(event) }
            progress.clear()
        }
        return await withTaskCancellationHandler {
            await shown.value
            return await run.summary
        } onCancel: {
            run.cancel()
        }
    }
}
