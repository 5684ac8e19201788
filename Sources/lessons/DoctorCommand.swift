import ArgumentParser
import Foundation
import OfflineLessons

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Diagnose the library without changing it; exit 1 when there are problems.",
        discussion: """
            Read-only: the drift between the registry and the media folder (what `lessons sync` would do), unknown files, failed and unfinished downloads, and SQLite's integrity check. One line per problem, with what to run to fix it. Exit 0 when healthy.

            With --from CONTAINER it examines a legacy app container instead: what `lessons migrate` would recover, and what the legacy app itself would have lost (a registry half dropped for one bad value, media stranded in Library/Caches by a failed upgrade, files that no list showed, ids shared by a Gemara and a Mishna lesson). Exit 1 while there is something to migrate.
            """
    )

    @Option(
        help: ArgumentHelp("Examine a legacy app container (the folder holding Documents/ and Library/Caches/).", valueName: "container"))
    var from: String?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        if let from {
            try await LegacyDoctor(global: global).run(container: URL(fileURLWithPath: from))
            return
        }
        let library = try await global.openLibrary(readOnly: true, existing: true)
        let report = try await library.diagnose()
        if global.json {
            try Terminal.json(report)
        } else if report.healthy {
            Terminal.out("healthy: \(report.lessons) lesson(s), \(report.files) file(s), database ok")
        } else {
            for problem in report.problems {
                let what = problem.key?.description ?? problem.path ?? "library"
                Terminal.out(
                    "\(problem.kind.padding(toLength: 14, withPad: " ", startingAt: 0)) \(what): \(problem.detail) — fix: \(Self.advice(problem.fix))"
                )
            }
        }
        if !report.healthy {
            throw CommandFailure("\(report.problems.count) problem(s) found", exitCode: CommandFailure.failed)
        }
    }

    static func advice(_ fix: DoctorReport.Fix) -> String {
        switch fix {
        case .sync: "run `lessons sync`"
        case .repair: "run `lessons sync --repair`"
        case .download: "run `lessons download`"
        case .moveOut: "move it out of the library's media folder"
        case .restore: "restore library.sqlite from a backup"
        }
    }
}
