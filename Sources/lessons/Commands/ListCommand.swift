import ArgumentParser
import Foundation
import OfflineLessons

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: HelpWords.say("List downloaded lessons, grouped by seder, masechet and chapter."),
        discussion: HelpWords.say(
            """
            Answered from the registry (no server needed), after a quick sync with the media folder (one walk of it, no hashing), so that a file deleted behind the library's back is reported missing and one dropped into place is adopted; the first line says what the sync changed. --no-sync skips it. A lesson is listed when its audio or video is complete, or went missing (marked so, until `lessons sync --repair` fetches it again or `lessons remove` forgets it); one whose PDF is not downloaded is marked so. In the order of the Shas, grouped; --sort size lists the largest first, --sort recent the last downloaded first (with the time it finished), to see what takes the room.

            With --json: {"lessons": [{type, id, name, missing?: [audio|video], sederId, masechetId, chapter, page|mishna, media: {audio|video|text: {bytes}}}], "totalBytes": N, "sync": {actions: [...]}}.
            """)
    )

    @Flag(name: .customLong("no-sync"), help: ArgumentHelp(HelpWords.say("Do not sync with the media folder first.")))
    var noSync = false

    @Option(
        help: ArgumentHelp(
            HelpWords.say(
                "The order: shas (grouped by seder, masechet and chapter), size (the largest first) or recent (the last downloaded first)."),
            valueName: "order"))
    var sort: DownloadOrder = .shas

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    struct Report: Encodable {
        var lessons: [DownloadedLesson]
        var count: Int
        var totalBytes: Int
        var library: String
        var sync: SyncReport?
    }

    func run() async throws {
        let library = try await global.openLibrary(existing: true)
        // The registry is read while the quick sync walks the folder (two cores, two jobs); when
        // the sync changed anything, it is read again, so the list always reflects the sync.
        async let early = Self.listed(library)
        let sync = try await quickSync(library, enabled: !noSync, json: global.json)
        var lessons = try await early
        if sync?.changes.isEmpty == false { lessons = try await Self.listed(library) }
        lessons = lessons.ordered(sort)
        let total = lessons.reduce(0) { $0 + $1.bytes }
        if global.json {
            let report = Report(lessons: lessons, count: lessons.count, totalBytes: total, library: library.root.path, sync: sync)
            var bytes = try ListJSON.render(report)
            bytes.append(UInt8(ascii: "\n"))
            Terminal.writeOut(bytes)
            return
        }
        guard !lessons.isEmpty else {
            Terminal.out(Terminal.say(.listEmpty, .text(library.root.path)))
            return
        }
        let pinned = try await library.pinnedLessons()
        if sort != .shas {
            Terminal.out(Terminal.say(sort == .size ? .listLargestFirst : .listRecentFirst))
            for lesson in lessons { Terminal.out("  " + line(lesson, pinned: pinned)) }
        } else {
            grouped(lessons, pinned: pinned)
        }
        Terminal.out(Terminal.say(.listTotal, .number(lessons.count), .text(formatBytes(total)), .text(library.root.path)))
        let missing = lessons.filter { !$0.missingMedia.isEmpty }.count
        if missing > 0 { Terminal.out(Style.warning(Terminal.say(.listMissingRemedy, .number(missing)), on: .out)) }
    }

    /// The downloads, and the lessons whose audio or video went missing (marked, until fetched
    /// again or removed): a file deleted by hand does not make its lesson vanish from the list.
    static func listed(_ library: LessonLibrary) async throws -> [DownloadedLesson] {
        try await library.downloads(sync: false, includingMissing: true).filter { lesson in
            lesson.media.keys.contains { $0 != MediaKind.text.rawValue } || !lesson.missingMedia.isEmpty
        }
    }

    /// The lessons under their seder, masechet and chapter, as the Shas orders them.
    private func grouped(_ lessons: [DownloadedLesson], pinned: Set<LessonID>) {
        var seder: Int?
        var masechet: (Int, LessonType)?
        var chapter: Int?
        for lesson in lessons {
            if seder != lesson.sederId {
                seder = lesson.sederId
                masechet = nil
                Terminal.out(Terminal.say(.cliSeder, .text(lesson.sederName ?? "#\(lesson.sederId)")))
            }
            if masechet ?? (0, .gemara) != (lesson.masechetId, lesson.type) || masechet == nil {
                masechet = (lesson.masechetId, lesson.type)
                chapter = nil
                let masechetName = Message.Argument.text(lesson.masechetName ?? "#\(lesson.masechetId)")
                Terminal.out("  " + Terminal.say(lesson.type == .gemara ? .cliMasechetGemara : .cliMasechetMishna, masechetName))
            }
            if chapter != lesson.chapter {
                chapter = lesson.chapter
                Terminal.out("    " + Terminal.say(.cliChapter, .number(lesson.chapter)))
            }
            Terminal.out("      " + line(lesson, pinned: pinned))
        }
    }

    /// One lesson: its name, media, size and id, and when it was completed when listed by that.
    private func line(_ lesson: DownloadedLesson, pinned: Set<LessonID>) -> String {
        let media = MediaKind.allCases.filter { lesson.media[$0.rawValue] != nil }.map(\.spoken).joined(separator: "+")
        let missing = lesson.missingMedia.map(\.spoken).joined(separator: "+")
        let note =
            (missing.isEmpty ? "" : Style.warning("  " + Terminal.say(.listMissing, .text(missing)), on: .out))
            + (pinned.contains(lesson.lessonID) ? "  (" + Terminal.say(.cliPinned) + ")" : "")
            + (lesson.complete ? "" : Style.warning("  " + Terminal.say(.listIncomplete), on: .out))
        let name = lesson.name.padding(toLength: 20, withPad: " ", startingAt: 0)
        let size = formatBytes(lesson.bytes).padding(toLength: 9, withPad: " ", startingAt: 0)
        let id = Style.dim("[\(lesson.lessonID)]", on: .out)
        let day = sort == .recent ? (lesson.lastCompleted.map { " " + localTime($0) } ?? "") : ""
        return "\(name) \(media.padding(toLength: 15, withPad: " ", startingAt: 0)) \(size)\(day) \(id)\(note)"
    }
}

extension DownloadOrder: ExpressibleByArgument {}
