import ArgumentParser
import Foundation
import OfflineLessons

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the current downloads as the legacy app's downloadedLessons.json.",
        discussion: """
            For an app version that still reads the legacy registry: {"gemara": {"<sederId>": {"<masechetId>": [lesson…]}}, "mishna": {"<sederId>": {"<masechetId>": {"<chapter>": [lesson…]}}}}, each lesson as it was snapshotted when it was downloaded. The file is written atomically.

            Example: lessons export --legacy-json Documents/downloadedLessons.json
            """
    )

    @Option(name: .customLong("legacy-json"), help: ArgumentHelp("Where to write downloadedLessons.json.", valueName: "file"))
    var legacyJSON: String

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if legacyJSON.isEmpty { throw ValidationError("--legacy-json needs a file path") }
    }

    func run() async throws {
        let library = try await global.openLibrary(readOnly: true)
        let report: LegacyExportReport
        do {
            report = try await library.exportLegacyRegistry(to: URL(fileURLWithPath: legacyJSON))
        } catch let error as CocoaError {
            throw CommandFailure("cannot write \(legacyJSON): \(error.localizedDescription)", exitCode: CommandFailure.unusable)
        }
        if global.json {
            try Terminal.json(report)
        } else {
            Terminal.out(
                "wrote \(report.path): \(report.gemaraLessons) Gemara and \(report.mishnaLessons) Mishna lesson(s), \(formatBytes(report.bytes))"
            )
        }
    }
}
