import ArgumentParser
import Foundation
import OfflineLessons

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List downloaded lessons, grouped by seder, masechet and chapter.",
        discussion: """
            Answered from the registry alone (no file-system scan, no server). A lesson is listed when its audio or video is complete; one whose PDF is not downloaded is marked incomplete. Sorted numerically in catalog order.

            With --json: {"lessons": [{type, id, sederId, masechetId, chapter, page|mishna, media: {audio|video|text: {bytes}}}], "totalBytes": N}.
            """
    )

    @OptionGroup var global: GlobalOptions

    struct Report: Encodable {
        var lessons: [DownloadedLesson]
        var count: Int
        var totalBytes: Int
        var library: String
    }

    func run() async throws {
        let library = try global.openLibrary()
        let lessons = try library.downloads()
        let total = lessons.reduce(0) { $0 + $1.bytes }
        if global.json {
            try Terminal.json(Report(lessons: lessons, count: lessons.count, totalBytes: total, library: library.layout.root.path))
            return
        }
        guard !lessons.isEmpty else {
            Terminal.out("no downloads yet in \(library.layout.root.path) (try `lessons download gemara:berakhot:2`)")
            return
        }
        var seder: Int?, masechet: (Int, LessonType)?, chapter: Int?
        for lesson in lessons {
            if seder != lesson.sederId {
                seder = lesson.sederId
                masechet = nil
                Terminal.out("Seder \(lesson.sederName ?? "#\(lesson.sederId)")")
            }
            if masechet ?? (0, .gemara) != (lesson.masechetId, lesson.type) || masechet == nil {
                masechet = (lesson.masechetId, lesson.type)
                chapter = nil
                Terminal.out("  \(lesson.masechetName ?? "masechet #\(lesson.masechetId)") (\(lesson.type == .gemara ? "Gemara" : "Mishna"))")
            }
            if chapter != lesson.chapter {
                chapter = lesson.chapter
                Terminal.out("    Chapter \(lesson.chapter)")
            }
            let place = lesson.page.map { "daf \($0)" } ?? "mishna \(lesson.mishna ?? 0)"
            let media = MediaKind.allCases.filter { lesson.media[$0.rawValue] != nil }.map(\.rawValue).joined(separator: "+")
            let note = lesson.complete ? "" : "  (incomplete: PDF missing)"
            Terminal.out("      \(place.padding(toLength: 10, withPad: " ", startingAt: 0)) \(lesson.lessonID.description.padding(toLength: 12, withPad: " ", startingAt: 0)) \(media.padding(toLength: 16, withPad: " ", startingAt: 0)) \(formatBytes(lesson.bytes))\(note)")
        }
        Terminal.out("\(lessons.count) lesson(s), \(formatBytes(total)) in \(library.layout.root.path)")
    }
}

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show each medium's state for the selected lessons.",
        discussion: """
            States: queued, downloading, complete, failed (with the reason), missing (was complete, file gone), not requested, unavailable (the lesson has no such medium).

            Example: lessons status gemara:berakhot:2-4 mishna/12
            """
    )

    @Argument(help: "Which lessons (see `lessons download --help` for selectors).")
    var selectors: [String]

    @OptionGroup var global: GlobalOptions

    struct Entry: Encodable {
        var type: LessonType
        var id: Int
        var masechetId: Int
        var chapter: Int
        var number: Int
        var downloaded: Bool
        var media: [MediumStatus]
    }

    func run() async throws {
        let parsed = try parseSelectors(selectors)
        let library = try global.openLibrary()
        let lessons = try await resolve(parsed, in: library.catalog)
        let entries = try lessons.map { placed in
            Entry(type: placed.type, id: placed.lesson.id, masechetId: placed.placement.masechetId, chapter: placed.placement.chapter,
                  number: placed.number, downloaded: try library.isDownloaded(placed.id), media: try library.status(of: placed))
        }
        if global.json {
            try Terminal.json(["lessons": entries])
            return
        }
        for entry in entries {
            let place = entry.type == .gemara ? "daf \(entry.number)" : "chapter \(entry.chapter) mishna \(entry.number)"
            Terminal.out("\(entry.type.rawValue)/\(entry.id) (\(place))\(entry.downloaded ? "" : ", not downloaded")")
            for medium in entry.media {
                var detail = medium.bytes.map { " \(formatBytes($0))" } ?? ""
                if medium.state != "complete", let expected = medium.expectedBytes { detail += " of \(formatBytes(expected))" }
                if let error = medium.lastError, medium.state != "complete" { detail += " — \(error)" }
                Terminal.out("  \(medium.medium.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \(medium.state)\(detail)")
            }
        }
    }
}

struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove downloaded media (files and registry entries together).",
        discussion: """
            Without --media, all of a lesson goes. A lesson left with no audio or video loses its PDF too. Entries whose files are already gone are removed all the same. Works offline:
            lessons are found in the registry.

            Example: lessons remove gemara:berakhot:2-4 --media video
            """
    )

    @Argument(help: "Which lessons (see `lessons download --help` for selectors).")
    var selectors: [String]

    @Option(help: "Remove only this medium: audio, video or text.")
    var media: MediaKind?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let parsed = try parseSelectors(selectors)
        let library = try global.openLibrary()
        // Masechet names need the Shas: cached, else fetched when a server is configured.
        var shas = try library.database.cachedShas()?.shas
        if shas == nil, library.catalog.client != nil { shas = try await library.catalog.shas().shas }
        let registered = try library.database.registeredLessons().map(\.lesson)
        let chosen = try registered.filter { lesson in
            try parsed.contains { selector in
                do {
                    return try selector.matches(lesson, shas: shas)
                } catch let error as SelectorError {
                    throw CommandFailure(error.description, exitCode: CommandFailure.usage)
                }
            }
        }
        let report = try library.remove(chosen.map(\.id), media: media.map { [$0] })
        if global.json {
            try Terminal.json(report)
            return
        }
        for entry in report.removed {
            Terminal.out("removed \(entry.lesson) \(entry.medium.rawValue)\(entry.fileDeleted ? "" : " (file was already gone)")")
        }
        Terminal.out(report.removed.isEmpty ? "nothing to remove: no downloaded lesson matches" : "\(report.removed.count) item(s) removed")
    }
}

extension MediaKind: ExpressibleByArgument {}
