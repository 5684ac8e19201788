import ArgumentParser
import Foundation
import OfflineLessons

struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: HelpWords.say("Remove downloaded media (files and registry entries together)."),
        discussion: HelpWords.say(
            """
            Without --media, all of a lesson goes. A lesson left with no audio or video loses its PDF too. A pinned lesson goes as well (a pin keeps it from `lessons clean` only). Entries whose files are already gone are removed all the same. Works offline: lessons are found in the registry.

            Examples:
              lessons remove gemara:berakhot:2-4 --media video
              lessons remove gemara:berakhot --dry-run   # what would go, and how much
            """)
    )

    @Argument(help: ArgumentHelp(HelpWords.say("Which lessons (see `lessons download --help` for selectors).")))
    var selectors: [String]

    @Option(help: ArgumentHelp(HelpWords.say("Remove only this medium: audio, video or pdf (also: text).")))
    var media: MediaKind?

    @Flag(help: ArgumentHelp(HelpWords.say("Say what would be removed, and its size; remove nothing.")))
    var dryRun = false

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func run() async throws {
        let parsed = try parseSelectors(selectors)
        let library = try await global.openLibrary(readOnly: dryRun, existing: true)
        // Named before the removal takes them out of the registry.
        let names = try await library.lessonNames()
        let pinned = try await library.pinnedLessons()
        let report = try await library.remove(matching: parsed, media: media.map { [$0] }, dryRun: dryRun)
        if global.json {
            try Terminal.json(report.named(by: names))
            return
        }
        // A pinned lesson goes all the same (a pin keeps it from `clean` alone), said beside it.
        for entry in report.removed {
            let mark = pinned.contains(entry.lesson) ? " (" + Terminal.say(.cliPinned) + ")" : ""
            // No file: gone behind the library's back, or never downloaded (queued, failed).
            let neverDownloaded = [.queued, .downloading, .failed].contains(entry.state)
            let phrase: CommandPhrase =
                switch (dryRun, entry.fileDeleted, neverDownloaded) {
                case (false, true, _): .removeRemoved
                case (false, false, false): .removeRemovedGone
                case (false, false, true): .removeRemovedUndone
                case (true, true, _): .removeWould
                case (true, false, false): .removeWouldGone
                case (true, false, true): .removeWouldUndone
                }
            Terminal.out(Terminal.say(phrase, .text(names.spoken(MediaKey(entry.lesson, entry.medium)))) + mark)
        }
        guard report.removed.isEmpty else {
            let size = formatBytes(report.bytes)
            return Terminal.out(Terminal.say(dryRun ? .removeWouldCount : .removeCount, .number(report.removed.count), .text(size)))
        }
        // Downloaded lessons matched, without the medium asked for: said so, not as no match.
        if let media, try await !library.registeredLessons(matching: parsed).isEmpty {
            return Terminal.out(Terminal.say(.removeNoMedium, .text(media.spoken)))
        }
        Terminal.out(Terminal.say(.removeNothing))
    }
}

extension MediaKind: ExpressibleByArgument {
    /// `pdf` names the text medium, as every list shows it; `text` is still taken.
    public init?(argument: String) {
        let value = argument.lowercased()
        self.init(rawValue: value == "pdf" ? "text" : value)
    }

    public static var allValueStrings: [String] { ["audio", "video", "pdf"] }
}
