import Foundation
import NIOConcurrencyHelpers
import OfflineLessons

/// Progress of `sync --verify` and `migrate` on stderr: one redrawn line on a terminal, a line every 5 s
/// otherwise, nothing with --json or --quiet. Called from the hashing thread.
final class MaintenanceProgressDisplay: Sendable {
    private let mode: ProgressDisplay.Mode
    private let last = NIOLockedValueBox<ContinuousClock.Instant>(ContinuousClock.now - .seconds(60))

    private let verb: CommandPhrase

    init(mode: ProgressDisplay.Mode, verb: CommandPhrase) {
        self.mode = mode
        self.verb = verb
    }

    func show(_ progress: MaintenanceProgress) {
        guard mode != .silent else { return }
        let now = ContinuousClock.now
        let interval: Duration = mode == .bars ? .milliseconds(100) : .seconds(5)
        let due = last.withLockedValue { last in
            guard now - last >= interval || progress.files == progress.totalFiles else { return false }
            last = now
            return true
        }
        guard due else { return }
        let text = Terminal.say(
            .progressMaintenance, .word(verb), .number(progress.files), .number(progress.totalFiles), .text(formatBytes(progress.bytes)),
            .text(formatBytes(progress.totalBytes)))
        Terminal.err(mode == .bars ? "\r\u{1B}[2K" + text + (progress.files == progress.totalFiles ? "\n" : "") : text + "\n")
    }
}
