import ArgumentParser
import Foundation
import OfflineLessons

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: HelpWords.say("The event log, newest first: why each lesson's media are (or are not) there."),
        discussion: HelpWords.say(
            """
            Every change the library made, with its reason: requested, completed, failed (why), missing, corrupt, moved aside, adopted, discovered, removed. Without a selector, the whole library.

            Times are local (TZ is honoured).

            Examples:
              lessons history gemara:berakhot:2-4
              lessons history -n 20
            """)
    )

    @Argument(help: ArgumentHelp(HelpWords.say("Which lessons (see `lessons download --help` for selectors); none: all.")))
    var selectors: [String] = []

    @Option(
        name: [.customShort("n"), .customLong("max-count")], parsing: .unconditional,
        help: ArgumentHelp(HelpWords.say("Show only the newest N events."), valueName: "n"))
    var maxCount: Int?

    @OptionGroup var libraryOption: LibraryOption
    /// For a masechet's list of lessons not cached yet, which a name in a selector needs.
    @OptionGroup var serverOptions: CatalogServerOptions
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, catalogServer: serverOptions, output) }

    func validate() throws {
        if let maxCount, maxCount < 1 { throw ValidationError(Terminal.say(.cliMaxCount, .number(maxCount))) }
    }

    func run() async throws {
        let parsed = try parseSelectors(selectors)
        let library = try await global.openLibrary(existing: true)
        var events: [RegistryEvent]
        if parsed.isEmpty {
            events = try await library.history()
        } else {
            events = []
            for lesson in try await library.lessons(for: parsed) { events += try await library.history(of: lesson.id) }
            events.sort { $0.seq > $1.seq }
        }
        if let maxCount { events = Array(events.prefix(maxCount)) }
        let names = try await library.lessonNames(including: events.map(\.lesson))
        if global.json {
            try Terminal.json(["events": events.map { Annotated($0, ["name": names.name($0.lesson)]) }])
            return
        }
        guard !events.isEmpty else {
            Terminal.out(Terminal.say(parsed.isEmpty ? .historyNone : .historyNoneForThese))
            return
        }
        let width = events.map { names.name($0.lesson).count + ($0.medium.map { $0.spoken.count + 1 } ?? 0) }.max() ?? 0
        for event in events {
            let item = event.medium.map { names.spoken(MediaKey(event.lesson, $0)) } ?? names.name(event.lesson)
            let kind = padded(Terminal.say(event.kind.phrase), 10)
            Terminal.out(
                "\(localTime(event.at))  \(item.padding(toLength: width, withPad: " ", startingAt: 0))  \(kind) \(Self.readable(event.detail.map(Self.said) ?? ""))"
            )
        }
    }

    /// A stored detail in the reader's language; a link a medium was requested from as "from …".
    static func said(_ detail: String) -> String {
        let link = detail.hasPrefix("http") || detail.contains(/^(gemara|mishna)\/\d+\//)
        return link ? Terminal.say(.historyFrom, .text(detail.removingPercentEncoding ?? detail)) : Terminal.say(stored: detail)
    }

    /// A detail as people read it: "53872 bytes" becomes "54 KB"; sizes that differ only below
    /// the unit ("4806 bytes, registered with 4798 bytes") stay exact, so the difference shows.
    static func readable(_ detail: String) -> String {
        var result = ""
        var counts: [Int: String] = [:]
        var rest = Substring(detail)
        while let range = rest.range(of: " bytes") {
            let before = rest[..<range.lowerBound]
            let digits = before.reversed().prefix { $0.isNumber }
            if let count = Int(String(digits.reversed())), !digits.isEmpty {
                counts[count] = formatBytes(count)
                result += before.dropLast(digits.count) + formatBytes(count)
            } else {
                result += before + " bytes"
            }
            rest = rest[range.upperBound...]
        }
        return Set(counts.values).count < counts.count ? detail : result + rest
    }
}
