import ArgumentParser
import Foundation
import OfflineLessons

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: HelpWords.say("Import the downloads of the legacy app from a copy of its container."),
        discussion: HelpWords.say(
            """
            CONTAINER is the app's folder, holding Documents/ and/or Library/Caches/ (both generations are read):
              downloadedLessons.json in both folders, every shape the old app wrote;
              gemaraLessons.json, mishnaLessons.json and shas.json, to place files;
              {id}_aud.mp3, {id}_vid.mp4 and {id}_text.pdf, moved into the library
              (copied, verified, registered, then deleted across file systems).
            A bare id that is both a Gemara and a Mishna lesson goes to the one whose snapshot has the link; when both have it, the file is left in place and reported. Files it cannot place, and unrelated files, are reported and left untouched. Imported media expire 30 days after their file's modification time, not after the import.
            After a run without failures each registry is renamed <name>.migrated. Running it again changes nothing; after a crash it finishes the job.

            Examples:
              lessons migrate --from ~/backup/JabruTouch --dry-run  # the plan only
              lessons migrate --from ~/backup/JabruTouch --json
            """)
    )

    @Option(
        help: ArgumentHelp(
            HelpWords.say("The legacy app container (the folder holding Documents/ and Library/Caches/)."), valueName: "container"))
    var from: String

    @Flag(help: ArgumentHelp(HelpWords.say("Print what would be done; change nothing.")))
    var dryRun = false

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var serverOptions: ServerOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var progress: ProgressOption

    var global: GlobalOptions { GlobalOptions(libraryOption, serverOptions, output, progress) }

    func validate() throws {
        if from.isEmpty { throw ValidationError(Terminal.say(.migrateNeedsFolder)) }
    }

    func run() async throws {
        let container = URL(fileURLWithPath: from)
        let report: MigrationReport
        var names = LessonNames(shas: nil)
        if dryRun, !FileManager.default.fileExists(atPath: global.libraryURL.appendingPathComponent("library.sqlite").path) {
            report = try await LessonLibrary.previewMigration(from: container)  // no library yet: none is created
        } else {
            let display = MaintenanceProgressDisplay(mode: ProgressDisplay.Mode(global), verb: .progressImporting)
            let library = try await global.openLibrary(readOnly: dryRun)
            report = try await library.migrate(from: container, dryRun: dryRun) { display.show($0) }
            if !dryRun, !global.json {
                await Self.cacheShas(of: library)
                names = try await library.lessonNames()
            }
        }
        if global.json {
            try Terminal.json(report)
        } else {
            Self.print(report, names: names)
        }
        if !report.succeeded {
            throw CommandFailure(
                Terminal.say(.migrateFailures, .number(report.failures.count)),
                exitCode: CommandFailure.failed)
        }
    }

    /// The Shas fetched once when none is cached and a server is configured, so that the lessons
    /// brought over are named ("Berakhot 2"), here and in `list`; a server out of reach changes nothing.
    static func cacheShas(of library: LessonLibrary) async {
        guard library.hasServer, (try? await library.cachedCatalog()) == .some(nil) else { return }
        _ = try? await library.refreshCatalog(within: .seconds(15))
    }

    static func print(_ report: MigrationReport, names: LessonNames) {
        for adoption in report.adopted {
            let lesson = Terminal.say(.countWord, .text(adoption.name ?? names.name(adoption.lesson)), .text(adoption.medium.spoken))
            Terminal.out(
                Terminal.say(
                    report.dryRun ? .migrateWouldAdopt : .migrateAdopted, .text(lesson), .text(adoption.file),
                    .text(formatBytes(adoption.bytes)), .text(adoption.placedBy)))
        }
        for rejection in report.rejected { Terminal.out(Terminal.say(.migrateRejected, .message(rejection.words))) }
        for conflict in report.conflicts { Terminal.out(Terminal.say(.migrateConflict, .message(Phrasebook.recognize("\(conflict)")))) }
        for left in report.leftInPlace {
            Terminal.out(
                Terminal.say(.migrateLeft, .word(left.reason.phrase), .text(left.file), .message(Phrasebook.recognize(left.detail))))
        }
        for listed in report.listedWithoutFiles { Terminal.out(Terminal.say(.migrateNoFile, .message(Phrasebook.recognize("\(listed)")))) }
        for renamed in report.registriesRenamed { Terminal.out(Terminal.say(.migrateRenamed, .text(renamed))) }
        for left in report.playback.ambiguous + report.playback.unplaced {
            Terminal.out(Terminal.say(.migratePositionLeft, .message(Phrasebook.recognize(left))))
        }
        var parts: [Message] = [
            Message(.migrateLessons, .number(report.gemaraLessons), .number(report.mishnaLessons)),
            Message(.migrateFiles, .number(report.adopted.count)), .verbatim(formatBytes(report.bytesMoved)),
        ]
        if report.playback.positionsRead + report.playback.recentRead > 0 {
            parts.append(Message(.migratePlayback, .number(report.playback.positionsWritten), .number(report.playback.recentWritten)))
        }
        if !report.rejected.isEmpty { parts.append(Message(.migrateRejections, .number(report.rejected.count))) }
        if !report.conflicts.isEmpty { parts.append(Message(.migrateConflicts, .number(report.conflicts.count))) }
        let left = Dictionary(grouping: report.leftInPlace, by: \.reason).sorted { $0.key.rawValue < $1.key.rawValue }
            .map { Terminal.say($0.key.counted, .number($0.value.count)) }
        if !left.isEmpty { parts.append(Message(.migrateLeftInPlace, .text(left.joined(separator: ", ")))) }
        let summary = parts.map(Terminal.say).joined(separator: "; ")
        // "Already migrated" only when nothing is left that migrate could not place.
        let settled: Set<MigrationReport.LeftReason> = [.alreadyInLibrary, .duplicate, .unrelated]
        let done =
            report.dryRun || !report.changedNothing || !report.rejected.isEmpty
                || report.leftInPlace.contains { !settled.contains($0.reason) }
            ? "" : " " + Terminal.say(.migrateAlreadyDone)
        Terminal.out(Terminal.say(report.dryRun ? .migrateWouldImport : .migrateImported, .text(summary)) + done)
    }
}
