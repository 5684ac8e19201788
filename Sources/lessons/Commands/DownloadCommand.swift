import ArgumentParser
import Foundation
import OfflineLessons

struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: HelpWords.say("Download lessons: audio, video or both, with the PDF."),
        discussion: HelpWords.say(
            """
            Each lesson is recorded in the registry (with its place in the Shas) before its first byte is fetched; files are verified, then renamed into place, then registered. An interrupted run (Ctrl-C, a crash, a lost connection) resumes where it stopped: run `lessons download` with no selector to finish pending work. A server that stops answering stops the run with its items still queued (exit 3): run `lessons download` when it is back.

            Selectors:
              a lesson's name, as lists print it        Megillah 2-5  Berakhot 1:3
              gemara:<masechet>[:<daf>[-<daf>]]         gemara:berakhot:2-11
              mishna:<masechet>[:<chapter>[:<mishna>]]  mishna:peah:1  mishna:berakhot:2:3
              gemara/<id>, mishna/<id>                  gemara/247
            A masechet is given by id or named any common way (berakhot, brochos, Berajot, ברכות, BK), or by the start of one name (rosh). Dapim are whole: 2, not 2a.

            Examples:
              export LESSONS_SERVER=http://127.0.0.1:8080/api/
              lessons download gemara:berakhot:2-11 --media audio
              lessons download Bava Kamma 2-5 Berakhot 1:3
              lessons download            # resume whatever is pending
            """)
    )

    @Argument(help: ArgumentHelp(HelpWords.say("What to download (none: resume pending downloads).")))
    var selectors: [String] = []

    @Option(help: ArgumentHelp(HelpWords.say("Which media: audio, video or both. The PDF comes along when the lesson has one.")))
    var media: MediaChoice = .audio

    // Unconditional: "-1" reaches validate() (and its message), rather than being taken for an option.
    @Option(parsing: .unconditional, help: ArgumentHelp(HelpWords.say("Downloads at once (1-16).")))
    var concurrency: Int = 3

    // Unconditional: "-5K" reaches validate() and its message, rather than being taken for an option.
    @Option(
        name: .customLong("limit-rate"), parsing: .unconditional,
        help: ArgumentHelp(
            HelpWords.say("The most bytes per second for the whole run, as curl takes it: 500K, 2M, 1.5MB."), valueName: "rate"))
    var limitRate: String?

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var serverOptions: ServerOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var progress: ProgressOption

    var global: GlobalOptions { GlobalOptions(libraryOption, serverOptions, output, progress) }

    func validate() throws {
        guard (1...16).contains(concurrency) else { throw ValidationError(Terminal.say(.downloadConcurrency, .number(concurrency))) }
        _ = try bytesPerSecond()
    }

    /// `--limit-rate` in bytes per second (K, M and G are powers of 1024, as curl counts them).
    func bytesPerSecond() throws -> Int? {
        guard let limitRate else { return nil }
        guard let bytes = Units.rate(limitRate), bytes > 0 else {
            throw ValidationError(Terminal.say(.downloadLimitRate, .text(limitRate)))
        }
        return bytes
    }

    func run() async throws {
        // Ctrl-C and SIGTERM are caught from the first moment (before the selectors are resolved),
        // so an early one still ends the run cleanly: unfinished items go back to the queue.
        let (result, stoppedBy) = await runInterruptibly { () -> Result<Outcome, any Error> in
            do {
                return .success(try await runDownloads())
            } catch {
                return .failure(error)
            }
        }
        let outcome: Outcome
        do {
            outcome = try result.get()
        } catch  where stoppedBy != nil {
            throw Self.stoppedEarly(stoppedBy)
        }
        guard let summary = outcome.summary else { throw Self.stoppedEarly(stoppedBy) }
        if let stoppedBy, summary.leftQueued > 0 {
            // The run's summary arrives once every cancelled item is back in the queue.
            let left = try await outcome.library.pendingDownloads()
            throw CommandFailure(
                Terminal.say(.downloadStoppedAfter, .text(stoppedBy.word), .number(summary.downloaded), .number(left)),
                exitCode: stoppedBy.exitCode)
        }
        let stopped = summary.stoppedBecause != nil || summary.serverUnreachable != nil
        let left = stopped ? try await outcome.library.pendingDownloads() : 0
        // Nothing more is asked of the registry: it is closed while the summary is written.
        async let closed: Void = OpenLibraries.shared.closeAll()
        if global.json {
            try Terminal.json(summary.named(by: outcome.names))
        } else {
            printSummary(summary, names: outcome.names, resumed: selectors.isEmpty)
        }
        await closed
        if let reason = summary.stoppedBecause {
            throw CommandFailure(
                Terminal.say(.downloadStoppedDisk, .message(Phrasebook.recognize(reason)), .number(left)),
                exitCode: CommandFailure.failed)
        }
        if let reason = summary.serverUnreachable {
            throw CommandFailure(DownloadText.serverUnreachable(queued: left, reason: reason), exitCode: CommandFailure.unusable)
        }
        if !summary.failed.isEmpty {
            throw CommandFailure(Terminal.say(.downloadFailedCount, .number(summary.failed.count)), exitCode: CommandFailure.failed)
        }
        if summary.leftQueued > 0 {
            throw CommandFailure(
                Terminal.say(.downloadWillResume, .number(summary.leftQueued)), exitCode: CommandFailure.failed)
        }
    }

    static func stoppedEarly(_ signal: StopSignal?) -> CommandFailure {
        let signal = signal ?? .interrupt
        return CommandFailure(Terminal.say(.downloadStoppedBefore, .text(signal.word)), exitCode: signal.exitCode)
    }

    /// What a download command did: the run's summary (`nil` when it was cancelled before a run
    /// started) and the library it ran on.
    struct Outcome: Sendable {
        var summary: DownloadSummary?
        var library: LessonLibrary
        var names = LessonNames(shas: nil)
    }

    /// Resolves the selectors and runs the downloads. Cancelled, it stops the run and returns the
    /// summary once the run has put its unfinished items back in the queue.
    private func runDownloads() async throws -> Outcome {
        let parsed = try parseSelectors(selectors)
        let library = try await global.openLibrary(concurrency: concurrency, bytesPerSecond: try bytesPerSecond())
        let run: DownloadRun
        let mode = ProgressDisplay.Mode(global)
        let names: LessonNames
        if parsed.isEmpty {
            run = try await library.resumePending()
            names = try await library.lessonNames()
        } else {
            let lessons = try await library.lessons(for: parsed)
            try await ResolvedNames.note(selectors, parsed, library: library, global: global)
            guard !Task.isCancelled else { return Outcome(summary: nil, library: library) }
            run = try await library.download(lessons, media: media)
            names = try await library.lessonNames(for: lessons)
        }
        let summary = await ProgressDisplay.show(run, mode: mode, names: names)
        return Outcome(summary: summary, library: library, names: names)  // a Ctrl-C after the summary changes nothing
    }

    func printSummary(_ summary: DownloadSummary, names: LessonNames, resumed: Bool) {
        if summary.queuePaused > 0 {
            Terminal.out(Terminal.say(.downloadQueuePaused, .number(summary.queuePaused)))
            // A run paused part-way still says what it downloaded and what failed.
            if summary.downloaded + summary.alreadyComplete + summary.failed.count == 0 { return }
        }
        if resumed && summary.downloaded + summary.alreadyComplete + summary.failed.count == 0 {
            Terminal.out(Terminal.say(.downloadNothingPending))
            return
        }
        let seconds = Message.Argument.decimal(summary.seconds, places: 1)
        if summary.seconds > 0 && summary.bytes > 0 {
            let rate = formatBytes(Int(Double(summary.bytes) / summary.seconds))
            Terminal.out(
                Terminal.say(
                    .downloadSummaryRate, .number(summary.downloaded), .text(formatBytes(summary.bytes)), seconds, .text(rate),
                    .number(summary.alreadyComplete)))
        } else {
            Terminal.out(
                Terminal.say(
                    .downloadSummary, .number(summary.downloaded), .text(formatBytes(summary.bytes)), seconds,
                    .number(summary.alreadyComplete)))
        }
        for item in summary.unavailable {
            let name = names.spoken(MediaKey(item.lesson, item.medium))
            Terminal.out("  " + Terminal.say(.downloadUnavailable, .text(name), .message(Phrasebook.recognize(item.reason))))
        }
        for item in summary.failed {
            let label = Style.failure(Terminal.say(.downloadFailedLabel), on: .out)
            Terminal.out("  \(label): \(names.spoken(MediaKey(item.lesson, item.medium))): \(Terminal.say(stored: item.reason))")
        }
        if summary.leftQueued > 0, summary.stoppedBecause == nil, summary.serverUnreachable == nil {
            Terminal.out("  " + Terminal.say(.downloadInterruptedCount, .number(summary.leftQueued)))
        }
    }
}

extension MediaChoice: ExpressibleByArgument {}
