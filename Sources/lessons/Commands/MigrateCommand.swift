import ArgumentParser
import Foundation
import OfflineLessons

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Import the downloads of the legacy app from a copy of its container.",
        discussion: """
            CONTAINER is the app's folder, holding Documents/ and/or Library/Caches/ (both generations are read):
              downloadedLessons.json in both folders, in every shape the legacy app wrote, entry by entry;
              gemaraLessons.json, mishnaLessons.json and shas.json, to place files no registry lists;
              {id}_aud.mp3, {id}_vid.mp4 and {id}_text.pdf, moved into the library (copied, verified,
              registered and only then deleted when the library is on another file system).
            A bare id that is both a Gemara and a Mishna lesson goes to the one whose snapshot has the link; when both have it, the file is left in place and reported. Files it cannot place, and unrelated files, are reported and left untouched. Imported media expire 30 days after their file's modification time, not after the import.
            After a run without failures each registry is renamed <name>.migrated. Running it again changes nothing; after a crash it finishes the job.

            Examples:
              lessons migrate --from ~/backup/JabruTouch --dry-run   # the plan; changes nothing
              lessons migrate --from ~/backup/JabruTouch --json
            """
    )

    @Option(help: ArgumentHelp("The legacy app container (the folder holding Documents/ and Library/Caches/).", valueName: "container"))
    var from: String

    @Flag(help: "Print what would be done; change nothing.")
    var dryRun = false

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var serverOptions: ServerOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var progress: ProgressOption

    var global: GlobalOptions { GlobalOptions(libraryOption, serverOptions, output, progress) }

    func validate() throws {
        if from.isEmpty { throw ValidationError("--from needs a folder") }
    }

    func run() async throws {
        let container = URL(fileURLWithPath: from)
        let report: MigrationReport
        if dryRun, !FileManager.default.fileExists(atPath: global.libraryURL.appendingPathComponent("library.sqlite").path) {
            report = try await LessonLibrary.previewMigration(from: container)  // no library yet: none is created
        } else {
            let display = MaintenanceProgressDisplay(mode: ProgressDisplay.Mode(global), verb: "importing")
            report = try await global.openLibrary(readOnly: dryRun).migrate(from: container, dryRun: dryRun) { display.show($0) }
        }
        if global.json {
            try Terminal.json(report)
        } else {
            Self.print(report)
        }
        if !report.succeeded {
            throw CommandFailure(
                "\(report.failures.count) file(s) could not be moved; they are still in the container, "
                    + "and the registries keep their names: run it again once the cause is fixed",
                exitCode: CommandFailure.failed)
        }
    }

    static func print(_ report: MigrationReport) {
        let verb = report.dryRun ? "would adopt" : "adopted"
        for adoption in report.adopted {
            Terminal.out(
                "\(verb) \(adoption.lesson) \(adoption.medium.rawValue) ← \(adoption.file) (\(formatBytes(adoption.bytes)); placed by \(adoption.placedBy))"
            )
        }
        for rejection in report.rejected { Terminal.out("rejected \(rejection)") }
        for conflict in report.conflicts { Terminal.out("conflict \(conflict)") }
        for left in report.leftInPlace { Terminal.out("left (\(left.reason.rawValue)) \(left)") }
        for listed in report.listedWithoutFiles { Terminal.out("no file  \(listed)") }
        for renamed in report.registriesRenamed { Terminal.out("renamed  \(renamed)") }
        var parts = [
            "\(report.gemaraLessons) Gemara and \(report.mishnaLessons) Mishna lesson(s)",
            "\(report.adopted.count) file(s)", formatBytes(report.bytesMoved),
        ]
        if !report.rejected.isEmpty { parts.append("\(report.rejected.count) entr(ies) rejected") }
        if !report.conflicts.isEmpty { parts.append("\(report.conflicts.count) conflict(s)") }
        let left = Dictionary(grouping: report.leftInPlace, by: \.reason).map { "\($0.value.count) \($0.key.rawValue)" }.sorted()
        if !left.isEmpty { parts.append("left in place: " + left.joined(separator: ", ")) }
        if Terminal.language == .es, !report.dryRun {
            Terminal.out(
                UserPhrase.migrationSummary(gemara: report.gemaraLessons, mishna: report.mishnaLessons, files: report.adopted.count, .es))
        }
        let head = report.dryRun ? "migrate (dry run, nothing changed) would import" : "migrate imported"
        Terminal.out(
            "\(head) " + parts.joined(separator: "; ")
                + (report.dryRun || !report.changedNothing ? "" : " (nothing to do: already migrated)"))
    }
}
