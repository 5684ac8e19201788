import ArgumentParser
import Foundation
import OfflineLessons

struct ReadyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ready",
        abstract: HelpWords.say("Do what the plans want now: download the coming dapim, remove the past ones."),
        discussion: HelpWords.say(
            """
            For each plan (`lessons plan`): removes the dapim it downloaded whose day is more than its keep period past (pinned lessons stay), then downloads the dapim of today and of its days ahead that are not complete. Run twice, the second run changes nothing; with nothing to do it prints nothing. A paused queue (`lessons queue pause`) is honoured: nothing is fetched. A server that does not answer ends the run with exit 3, its items still queued, for the next run.

            Run it daily, from crontab (crontab -e):
              15 4 * * *  lessons ready --quiet
            or from a systemd user timer (~/.config/systemd/user/lessons-ready.timer, with a .service of Type=oneshot whose ExecStart is `lessons ready --quiet`):
              [Timer]
              OnCalendar=daily
              Persistent=true
            """)
    )

    // Unconditional: "-1" reaches validate() (and its message), rather than being taken for an option.
    @Option(parsing: .unconditional, help: ArgumentHelp(HelpWords.say("Downloads at once (1-16).")))
    var concurrency: Int = 3

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var serverOptions: ServerOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var progress: ProgressOption

    var global: GlobalOptions { GlobalOptions(libraryOption, serverOptions, output, progress) }

    func validate() throws {
        guard (1...16).contains(concurrency) else { throw ValidationError(Terminal.say(.downloadConcurrency, .number(concurrency))) }
    }

    /// What `--json` prints: the day, what was removed, and per plan its portions (a daf, or an
    /// own pace's share, a day) and what was fetched.
    struct Report: Encodable {
        struct PlanReport: Encodable {
            var plan: LearningPlan
            var portions: [CalendarLesson]
            var fetched: DownloadSummary?
        }
        var day: LearningDay
        var queuePaused: Bool
        var removed: CleanReport
        var plans: [PlanReport]
    }

    func run() async throws {
        // A timer pointed at a folder with no library fails, --quiet or not: it would do nothing
        // every day. With --quiet, a library with no plan is not said each day.
        guard global.libraryExists else {
            let failure = CommandFailure.noLibrary(at: global.libraryURL)
            guard failure.exitCode == CommandFailure.unusable else { throw failure }
            throw CommandFailure(
                Terminal.say(.readyNoLibrary, .text(CommandFailure.shortened(global.libraryURL.path))), exitCode: CommandFailure.unusable)
        }
        let library = try await global.openLibrary(concurrency: concurrency)
        let plans = try await library.plans()
        guard !plans.isEmpty else {
            if !global.quiet { Terminal.warning(Terminal.say(.planNone)) }
            return
        }
        let day = library.today()
        // Named before the clean takes them out of the registry.
        let names = try await library.lessonNames()
        let removed = try await library.clean(.plansOnly())
        if !global.json {
            for action in removed.actions {
                Terminal.out(
                    Terminal.say(
                        .cleanRemoved, .text(names.spoken(action.key)), .text(formatBytes(action.bytes)),
                        .message(Phrasebook.recognize(action.reason))))
            }
        }
        var report = Report(day: day, queuePaused: try await library.isQueuePaused(), removed: removed.named(by: names), plans: [])
        if report.queuePaused {
            if global.json {
                // What the plans want as far as the cache knows, nothing fetched.
                for plan in plans {
                    guard let work = try? await library.work(of: plan, on: day, fetchingWithin: nil) else { continue }
                    report.plans.append(.init(plan: plan, portions: work.portions, fetched: nil))
                }
                try Terminal.json(report)
            } else {
                Terminal.warning(Terminal.say(.readyQueuePaused))
            }
            return
        }
        // A plan that could not be made ready ends the run (a full disk, a server gone stop the
        // others too); the JSON report is printed first.
        var failure: CommandFailure?
        for plan in plans where failure == nil {
            let work = try await library.work(of: plan, on: day, fetchingWithin: .seconds(10))
            let summary = try await fetch(work, library: library)
            let names = try await library.lessonNames(for: work.missing)
            // The portions as they stand after the fetch, their states read again.
            let after = summary == nil ? work : try await library.work(of: plan, on: day, fetchingWithin: nil)
            report.plans.append(.init(plan: plan, portions: after.portions, fetched: summary?.named(by: names)))
            if let summary { failure = try await say(summary, of: work, names: names, library: library) }
        }
        if global.json { try Terminal.json(report) }
        if let failure { throw failure }
    }

    /// Downloads what `work` is missing, with the progress `lessons download` shows; `nil` when
    /// nothing is missing.
    private func fetch(_ work: PlanWork, library: LessonLibrary) async throws -> DownloadSummary? {
        guard let run = try await library.fetch(work) else { return nil }
        return await ProgressDisplay.show(run, mode: ProgressDisplay.Mode(global), names: try await library.lessonNames(for: work.missing))
    }

    /// One line per plan: the dapim now ready; or why some are not, with the exit code that says so.
    private func say(_ summary: DownloadSummary, of work: PlanWork, names: LessonNames, library: LessonLibrary) async throws
        -> CommandFailure?
    {
        let failed = Set(summary.failed.map(\.lesson))
        let ready = work.missing.filter { !failed.contains($0.id) }.map { names.name($0.id) }
        let plan = Terminal.say(work.plan.calendar.title)
        if summary.stoppedBecause == nil, summary.serverUnreachable == nil, !global.json, !ready.isEmpty {
            Terminal.out(Terminal.say(.readyFetched, .text(plan), .text(ready.joined(separator: ", "))))
        }
        let left = summary.stoppedBecause == nil && summary.serverUnreachable == nil ? 0 : try await library.pendingDownloads()
        if let reason = summary.stoppedBecause {
            return CommandFailure(
                Terminal.say(.downloadStoppedDisk, .message(Phrasebook.recognize(reason)), .number(left)), exitCode: CommandFailure.failed)
        }
        if let reason = summary.serverUnreachable {
            return CommandFailure(
                DownloadText.serverUnreachable(queued: left, reason: reason, retry: .readyServerUnreachable),
                exitCode: CommandFailure.unusable)
        }
        guard !summary.failed.isEmpty else { return nil }
        let list = summary.failed.map { "\(names.spoken(MediaKey($0.lesson, $0.medium))): \(Terminal.say(stored: $0.reason))" }
        return CommandFailure(
            Terminal.say(.readyNotReady, .text(plan), .text(list.joined(separator: "; "))), exitCode: CommandFailure.failed)
    }
}
