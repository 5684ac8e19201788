import ArgumentParser
import Foundation
import OfflineLessons

struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download lessons: audio, video or both, with the PDF.",
        discussion: """
            Each lesson is recorded in the registry (with its place in the Shas) before its first byte is fetched; files are verified, then renamed into place, then registered. An interrupted run (Ctrl-C, a crash, a lost connection) resumes where it stopped: run `lessons download` with no selector to finish pending work.

            Selectors:
              gemara:<masechet>[:<daf>[-<daf>]]        gemara:berakhot:2-11
              mishna:<masechet>[:<chapter>[:<mishna>]]  mishna:peah:1  mishna:berakhot:2:3
              gemara/<id>, mishna/<id>                  gemara/247
            A masechet is named any common way (berakhot, Berajot) or given by id.

            Examples:
              export LESSONS_SERVER=http://127.0.0.1:8080/api/
              lessons download gemara:berakhot:2-11 --media audio
              lessons download            # resume whatever is pending
            """
    )

    @Argument(help: "What to download (none: resume pending downloads).")
    var selectors: [String] = []

    @Option(help: "Which media: audio, video or both. The PDF comes along when the lesson has one.")
    var media: MediaChoice = .audio

    @Option(help: "Downloads at once (1-16).")
    var concurrency: Int = 3

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (1...16).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 16, not \(concurrency)") }
    }

    func run() async throws {
        // Ctrl-C is caught from the first moment, so an early one still ends the run cleanly:
        // unfinished items go back to the queue and the exit code is 1.
        let interrupt = SignalWatcher(SIGINT)
        defer { interrupt.stop() }
        let work = Task { try await runDownloads() }
        interrupt.onSignal { work.cancel() }
        let outcome: (summary: DownloadSummary?, downloaded: Int, library: LessonLibrary?)
        do {
            outcome = try await work.value
        } catch where interrupt.hasFired {
            outcome = (nil, 0, nil)  // interrupted while resolving: nothing was queued by this run
        }
        let (finished, downloaded, library) = outcome
        guard let summary = finished else {
            guard let library else {
                throw CommandFailure("interrupted before any download started", exitCode: CommandFailure.failed)
            }
            // Give the cancelled downloads a moment to put their items back in the queue.
            for _ in 0..<250 {
                guard await library.activeDownloads() > 0 else { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            let left = try library.database.mediaItems(in: [.queued, .downloading]).count
            throw CommandFailure(
                "interrupted after \(downloaded) file(s); \(left) left queued: run `lessons download` to resume",
                exitCode: CommandFailure.failed)
        }
        if global.json {
            try Terminal.json(summary)
        } else {
            printSummary(summary, resumed: selectors.isEmpty)
        }
        if !summary.failed.isEmpty {
            throw CommandFailure("\(summary.failed.count) download(s) failed", exitCode: CommandFailure.failed)
        }
        if summary.cancelled > 0 {
            throw CommandFailure("interrupted: \(summary.cancelled) download(s) will resume with `lessons download`", exitCode: CommandFailure.failed)
        }
    }

    /// Resolves the selectors and runs the downloads; a cancelled task ends with no summary.
    private func runDownloads() async throws -> (summary: DownloadSummary?, downloaded: Int, library: LessonLibrary?) {
        let parsed = try parseSelectors(selectors)
        guard !Task.isCancelled else { return (nil, 0, nil) }
        let library = try global.openLibrary(concurrency: concurrency)
        let events: AsyncStream<DownloadEvent>
        if parsed.isEmpty {
            events = try library.resumePending()
        } else {
            let lessons = try await resolve(parsed, in: library.catalog)
            guard !Task.isCancelled else { return (nil, 0, library) }
            events = try library.download(lessons, media: media)
        }
        let mode: ProgressDisplay.Mode = global.json || global.quiet ? .silent : (Terminal.stderrIsTerminal ? .bars : .lines)
        let progress = ProgressDisplay(mode: mode)
        var summary: DownloadSummary?, downloaded = 0
        for await event in events {
            progress.handle(event)
            if case .completed(_, _, false) = event { downloaded += 1 }
            if case .finished(let final) = event { summary = final }
        }
        progress.clear()
        return (summary, downloaded, library)  // a Ctrl-C after the summary changes nothing
    }

    func printSummary(_ summary: DownloadSummary, resumed: Bool) {
        if resumed && summary.downloaded + summary.alreadyComplete + summary.failed.count == 0 {
            Terminal.out("nothing pending: every requested download is complete")
            return
        }
        let rate = summary.seconds > 0 && summary.bytes > 0 ? " at \(formatBytes(Int(Double(summary.bytes) / summary.seconds)))/s" : ""
        Terminal.out("downloaded \(summary.downloaded) file(s), \(formatBytes(summary.bytes)) in \(String(format: "%.1f", summary.seconds)) s\(rate); \(summary.alreadyComplete) already present")
        for item in summary.unavailable { Terminal.out("  unavailable: \(item.lesson) \(item.medium.rawValue): \(item.reason)") }
        for item in summary.failed { Terminal.out("  FAILED: \(item.lesson) \(item.medium.rawValue): \(item.reason)") }
        if summary.cancelled > 0 { Terminal.out("  \(summary.cancelled) interrupted: run `lessons download` to resume") }
    }
}

extension MediaChoice: ExpressibleByArgument {}

/// Catches `signal` instead of the default (termination) and runs the registered action when it arrives.
final class SignalWatcher: @unchecked Sendable {
    private let source: any DispatchSourceSignal
    private let signalNumber: Int32
    private let lock = NSLock()
    private var fired = false
    private var action: (@Sendable () -> Void)?

    init(_ signalNumber: Int32) {
        self.signalNumber = signalNumber
        signal(signalNumber, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler { [weak self] in self?.fire() }
        source.resume()
    }

    var hasFired: Bool { lock.withLock { fired } }

    /// Runs `action` on the signal; at once if it has already arrived.
    func onSignal(_ action: @escaping @Sendable () -> Void) {
        let alreadyFired = lock.withLock { () -> Bool in
            self.action = action
            return fired
        }
        if alreadyFired { action() }
    }

    private func fire() {
        let action = lock.withLock { () -> (@Sendable () -> Void)? in
            fired = true
            return self.action
        }
        action?()
    }

    func stop() {
        source.cancel()
        signal(signalNumber, SIG_DFL)
    }
}
