import ArgumentParser
import Foundation
import OfflineLessons

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: HelpWords.say("Diagnose the library without changing it; exit 1 when there are problems."),
        discussion: HelpWords.say(
            """
            Read-only: the drift between the registry and the media folder (what `lessons sync` would do), unknown files, failed and unfinished downloads, and SQLite's integrity check. Problems alike (one kind, one cause) share a line: how many, the cause, a few of the lessons, and what to run to fix them; --json lists every problem. Exit 0 when healthy.

            With --from CONTAINER it examines a legacy app container instead: what `lessons migrate` would recover, and what the legacy app itself would have lost (a registry half dropped for one bad value, media stranded in Library/Caches by a failed upgrade, files that no list showed, ids shared by a Gemara and a Mishna lesson). Exit 1 while there is something to migrate.
            """)
    )

    @Option(
        help: ArgumentHelp(
            HelpWords.say("Examine a legacy app container (the folder holding Documents/ and Library/Caches/)."), valueName: "container"))
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
            try Terminal.json(Annotated.versioned(report))
        } else if report.healthy {
            Terminal.out(Terminal.say(.doctorHealthy, .number(report.lessons), .number(report.files)))
        } else {
            for group in report.groups { Terminal.out(Self.line(group)) }
        }
        if !report.healthy {
            throw CommandFailure(Terminal.say(.doctorProblemsFound, .number(report.problems.count)), exitCode: CommandFailure.failed)
        }
    }

    /// How many examples a group's line names.
    static let examples = 3

    /// "173 items failed: the server answered HTTP 404 — Berakhot 2 audio, …, and 170 more; fix: run `lessons download`".
    static func line(_ group: DoctorReport.Group) -> String {
        let (names, covered) = examplesNamed(group.problems)
        let named = names.joined(separator: ", ")
        let shown =
            group.problems.count > covered ? Terminal.say(.doctorMore, .text(named), .number(group.problems.count - covered)) : named
        return Terminal.say(
            .doctorLine, .text(count(group.kind, group.problems.count)), .message(Phrasebook.recognize(group.detail).asPlanned),
            .text(shown),
            .word(advice(group.fix)))
    }

    /// The first few examples by name, a lesson's media together as `list` shows them ("Berakhot
    /// 5 audio+PDF"), and how many problems they name.
    static func examplesNamed(_ problems: [DoctorReport.Problem]) -> (names: [String], covered: Int) {
        var shown: [(name: String, lesson: String?, media: [MediaKind])] = []
        var covered = 0
        for problem in problems {
            let lesson = problem.fix == .moveOut || problem.medium == nil ? nil : problem.lessonName
            if let lesson, let medium = problem.medium, let index = shown.firstIndex(where: { $0.lesson == lesson }) {
                if !shown[index].media.contains(medium) { shown[index].media.append(medium) }
            } else if shown.count < examples {
                shown.append((name(problem), lesson, problem.medium.map { [$0] } ?? []))
            } else {
                continue
            }
            covered += 1
        }
        let names = shown.map { example in
            example.lesson.map { "\($0) \(example.media.sorted().map(\.spoken).joined(separator: "+"))" } ?? example.name
        }
        return (names, covered)
    }

    /// A problem's lesson and medium as people name them, else its file (always, for a file to
    /// move out), else the library.
    static func name(_ problem: DoctorReport.Problem) -> String {
        if problem.fix == .moveOut, let path = problem.path { return path }
        if let lesson = problem.lessonName, let medium = problem.medium { return "\(lesson) \(medium.spoken)" }
        return problem.key?.description ?? problem.path ?? Terminal.say(.cliTheLibrary)
    }

    /// How many problems of a kind, in words.
    static func count(_ kind: String, _ count: Int) -> String {
        let phrase: CommandPhrase? =
            switch kind {
            case "failed": .doctorFailed
            case "pending": .doctorPending
            case "missing": .doctorMissing
            case "corrupt": .doctorCorrupt
            case "unknown": .doctorUnknown
            case "adopted": .doctorAdopt
            case "discovered": .doctorRegister
            case "removedPartial": .doctorRemovePartial
            case "requeued": .doctorDownloadAgain
            case "integrity": .doctorDamaged
            default: nil
            }
        return phrase.map { Terminal.say($0, .number(count)) } ?? Terminal.say(.doctorOther, .number(count), .text(kind))
    }

    static func advice(_ fix: DoctorReport.Fix) -> CommandPhrase {
        switch fix {
        case .sync: .fixSync
        case .repair: .fixRepair
        case .download: .fixDownload
        case .resumeAndDownload: .fixResumeAndDownload
        case .moveOut: .fixMoveOut
        case .restore: .fixRestore
        }
    }
}
