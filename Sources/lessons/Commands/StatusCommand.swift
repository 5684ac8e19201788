import ArgumentParser
import Foundation
import OfflineLessons

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: HelpWords.say("Show each medium's state for the selected lessons."),
        discussion: HelpWords.say(
            """
            States: queued, downloading, complete, failed (with the reason), missing (was complete, file gone), corrupt (was complete, the file had the wrong size: moved aside), not requested, unavailable (the lesson has no such medium). A quick sync of those lessons with their folders runs first (--no-sync skips it); files of other lessons are not looked at.

            Example: lessons status gemara:berakhot:2-4 mishna/12
            """)
    )

    @Argument(help: ArgumentHelp(HelpWords.say("Which lessons (see `lessons download --help` for selectors).")))
    var selectors: [String]

    @Flag(name: .customLong("no-sync"), help: ArgumentHelp(HelpWords.say("Do not sync with the media folder first.")))
    var noSync = false

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var serverOptions: ServerOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var progress: ProgressOption

    var global: GlobalOptions { GlobalOptions(libraryOption, serverOptions, output, progress) }

    func run() async throws {
        let parsed = try parseSelectors(selectors)
        let library = try await global.openLibrary(existing: true)
        let lessons = try await library.lessons(for: parsed)
        try await ResolvedNames.note(selectors, parsed, library: library, global: global)
        // Only these lessons' folders: a status costs the same in a full Shas as in one lesson.
        _ = try await quickSync(library, enabled: !noSync, json: global.json, lessons: lessons.map(\.id))
        let entries = try await library.status(of: lessons, sync: false)
        if global.json {
            try Terminal.json(["lessons": entries])
            return
        }
        let pinned = try await library.pinnedLessons()
        for entry in entries {
            let id = Style.dim("[\(entry.type.rawValue)/\(entry.id)]", on: .out)
            let notes =
                (entry.downloaded ? [] : [Terminal.say(.cliNotDownloaded)])
                + (pinned.contains(LessonID(entry.type, entry.id)) ? [Terminal.say(.cliPinned)] : [])
            Terminal.out("\(entry.name) \(id)" + notes.map { ", " + $0 }.joined())
            // In a list of several, a lesson nothing was asked of is its one line.
            let states = Set(entry.media.map(\.state))
            if entries.count > 1, states.contains("not requested"), states.isSubset(of: ["not requested", "unavailable"]) { continue }
            for medium in entry.media {
                // Nothing received yet is said by the state alone, not "queued 0 B".
                var detail = medium.bytes.flatMap { $0 > 0 || medium.state == "complete" ? " \(formatBytes($0))" : nil } ?? ""
                if medium.state == "missing", let size = medium.expectedBytes ?? medium.bytes {
                    detail = " " + Terminal.say(.statusWasSize, .text(formatBytes(size)))
                } else if medium.state != "complete", let expected = medium.expectedBytes {
                    detail = " " + Terminal.say(.cliOf, .text(medium.bytes.map(formatBytes) ?? "0 B"), .text(formatBytes(expected)))
                }
                if let error = medium.lastError, medium.state != "complete" { detail += " — " + Terminal.say(stored: error) }
                let name = medium.medium.spoken.padding(toLength: 6, withPad: " ", startingAt: 0)
                Terminal.out("  \(name) \(Style.state(medium.state, shown: spokenState(medium.state), on: .out))\(detail)")
            }
        }
        if entries.count > 1 { Terminal.out(Self.summary(entries)) }
    }

    /// "12 lessons: 10 downloaded, 1 under way, 1 with a failed or missing medium, 0 not requested":
    /// each lesson counted once, under the first that holds of a medium failed or missing, one
    /// under way, one downloaded.
    static func summary(_ entries: [LessonStatus]) -> String {
        var counts = [0, 0, 0, 0]
        for entry in entries {
            let states = Set(entry.media.map(\.state))
            let bucket =
                !states.isDisjoint(with: ["failed", "missing", "corrupt"])
                ? 2
                : !states.isDisjoint(with: ["queued", "downloading"]) ? 1 : entry.downloaded ? 0 : 3
            counts[bucket] += 1
        }
        return Terminal.say(
            .statusSummary, .number(entries.count), .number(counts[0]), .number(counts[1]), .number(counts[2]), .number(counts[3]))
    }
}
