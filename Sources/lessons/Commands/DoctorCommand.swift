import ArgumentParser
import Foundation
import OfflineLessons

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Diagnose the library without changing it; exit 1 when there are problems.",
        discussion: """
            Read-only: the drift between the registry and the media folder (what `lessons sync` would do), unknown files, failed and unfinished downloads, and SQLite's integrity check. Problems alike (one kind, one cause) share a line: how many, the cause, a few of the lessons, and what to run to fix them; --json lists every problem. Exit 0 when healthy.

            With --from CONTAINER it examines a legacy app container instead: what `lessons migrate` would recover, and what the legacy app itself would have lost (a registry half dropped for one bad value, media stranded in Library/Caches by a failed upgrade, files that no list showed, ids shared by a Gemara and a Mishna lesson). Exit 1 while there is something to migrate.
            """
    )

    @Option(
        help: ArgumentHelp("Examine a legacy app container (the folder holding Documents/ and Library/Caches/).", valueName: "container"))
    var from: String?

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

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
            for group in report.groups { Terminal.out(Self.line(group)) }
        }
        if !report.healthy {
            throw CommandFailure("\(report.problems.count) problem(s) found", exitCode: CommandFailure.failed)
        }
    }

    /// How many examples a group's line names.
    static let examples = 3

    /// "173 items failed: the server answered HTTP 404 — Berakhot 2 audio, …, and 170 more; fix: run `lessons download`".
    static func line(_ group: DoctorReport.Group) -> String {
        let named = group.problems.prefix(examples).map(name).joined(separator: ", ")
        let more = group.problems.count > examples ? ", and \(group.problems.count - examples) more" : ""
        return "\(count(group.kind, group.problems.count)): \(group.detail) — \(named)\(more); fix: \(advice(group.fix))"
    }

    /// A problem's lesson and medium as people name them, else its file, else the library.
    static func name(_ problem: DoctorReport.Problem) -> String {
        if let lesson = problem.lessonName, let medium = problem.medium { return "\(lesson) \(medium.rawValue)" }
        return problem.key?.description ?? problem.path ?? "the library"
    }

    /// How many problems of a kind, in words.
    static func count(_ kind: String, _ count: Int) -> String {
        switch kind {
        case "failed": "\(count) item(s) failed"
        case "pending": "\(count) item(s) pending"
        case "missing": "\(count) item(s) missing"
        case "corrupt": "\(count) item(s) corrupt"
        case "unknown": "\(count) unknown file(s)"
        case "adopted": "\(count) file(s) to adopt"
        case "discovered": "\(count) file(s) to register"
        case "removedPartial": "\(count) partial file(s) to remove"
        case "requeued": "\(count) item(s) to download again"
        case "integrity": "the database is damaged"
        default: "\(count) × \(kind)"
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
