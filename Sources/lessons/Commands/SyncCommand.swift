import ArgumentParser
import Foundation
import OfflineLessons

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: HelpWords.say("Bring the registry and the media folder into agreement, in both directions."),
        discussion: HelpWords.say(
            """
            One walk of the media folder and one read of the registry:
              registered complete, file gone     → missing (leaves the list)
              registered complete, wrong size    → corrupt: moved to <library>/aside/
              not complete, whole file here      → adopted (a crash after its rename)
              not registered, a known lesson's   → discovered and registered
              a partial file no download needs   → removed
              a file the library cannot place    → reported, left as it is
            Every change is written to the event log with its reason (`lessons history`). A second sync finds nothing to do.

            Examples:
              lessons sync --dry-run      # what it would do; changes nothing
              lessons sync --repair       # and download what is missing or corrupt again
              lessons sync --verify       # also check files against MD5 ETags (S3)
            """)
    )

    @Flag(help: ArgumentHelp(HelpWords.say("Print what would be done; change nothing.")))
    var dryRun = false

    @Flag(help: ArgumentHelp(HelpWords.say("Queue missing and corrupt media again and download them.")))
    var repair = false

    @Flag(
        help: ArgumentHelp(
            HelpWords.say("Hash every complete file whose ETag is a plain MD5 and compare; a mismatch is corrupt (reads every such file)."))
    )
    var verify = false

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var serverOptions: ServerOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var progress: ProgressOption

    var global: GlobalOptions { GlobalOptions(libraryOption, serverOptions, output, progress) }

    func validate() throws {
        if dryRun && repair { throw ValidationError(Terminal.say(.syncRepairWithDryRun)) }
    }

    func run() async throws {
        // A dry run opens the library read-only: it cannot change anything.
        let library = try await global.openLibrary(readOnly: dryRun, existing: true)
        let display = MaintenanceProgressDisplay(mode: ProgressDisplay.Mode(global), verb: .progressVerifying)
        let report = try await library.sync(SyncOptions(dryRun: dryRun, repair: repair, verify: verify)) { display.show($0) }
        // After the sync, with the lessons of files no download brought (named from the catalog cache).
        let names = try await library.lessonNames(including: report.actions.compactMap { $0.key?.lesson })
        if global.json {
            try Terminal.json(report.named(by: names))
        } else {
            for action in report.actions {
                let what = action.key.map { names.spoken($0) } ?? action.path ?? "?"
                let kind = padded(Terminal.say(action.action.phrase), 14)
                let reason = Phrasebook.recognize(action.reason)
                // A missing file's reason says it is gone: "no file" found would say it twice.
                let found = action.action == .missing ? "" : Terminal.say(stored: action.found) + "; "
                Terminal.out("\(kind) \(what): \(found)\(Terminal.say(dryRun ? reason.asPlanned : reason))")
            }
            Terminal.out(
                Terminal.say(
                    dryRun ? .syncWouldMake : .syncMade, .number(report.changes.count), .message(report.summaryWords),
                    .number(report.filesSeen), .number(report.itemsSeen)))
            if verify {
                Terminal.out(Terminal.say(.syncVerified, .number(report.verified), .number(report.unverifiable)))
            }
        }
        // What this sync queued, and what an interrupted repair left queued, is downloaded now;
        // the rest of the queue is left to `lessons download`.
        guard repair else { return }
        let repairs = try await library.pendingRepairs()
        let others = try await library.pendingDownloads() - repairs.count
        if others > 0, !global.json { Terminal.out(Terminal.say(.syncRepairLeavesQueue, .number(others))) }
        guard !repairs.isEmpty else { return }
        let mode = ProgressDisplay.Mode(global)
        // Ctrl-C and SIGTERM stop the downloads cleanly, as `lessons download` does: what is
        // unfinished stays queued. They are caught before the run starts.
        let (result, stoppedBy) = await runInterruptibly { () -> Result<DownloadSummary, any Error> in
            do {
                let run = try await library.resumePending(includingFailed: false, only: repairs)
                return .success(await ProgressDisplay.show(run, mode: mode, names: names))
            } catch {
                return .failure(error)
            }
        }
        let summary = try result.get()
        if let stoppedBy {
            let left = try await library.pendingRepairs().count
            throw CommandFailure(
                Terminal.say(.downloadStoppedAfter, .text(stoppedBy.word), .number(summary.downloaded), .number(left)),
                exitCode: stoppedBy.exitCode)
        }
        if !global.json {
            // A paused queue holds the repair back: said, with how to let it go on.
            if summary.queuePaused > 0 { Terminal.out(Terminal.say(.downloadQueuePaused, .number(summary.queuePaused))) }
            if summary.queuePaused == 0 || summary.downloaded > 0 {
                Terminal.out(Terminal.say(.syncRepairDownloaded, .number(summary.downloaded), .text(formatBytes(summary.bytes))))
            }
        }
        if let reason = summary.serverUnreachable {
            let left = try await library.pendingRepairs().count
            throw CommandFailure(DownloadText.serverUnreachable(queued: left, reason: reason), exitCode: CommandFailure.unusable)
        }
        if !summary.failed.isEmpty {
            throw CommandFailure(Terminal.say(.syncRepairFailed, .number(summary.failed.count)), exitCode: CommandFailure.failed)
        }
    }
}
