import ArgumentParser
import Foundation
import OfflineLessons

struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: HelpWords.say("Remove downloaded media (files and registry entries together)."),
        discussion: HelpWords.say(
            """
            Without --media, all of a lesson goes. A lesson left with no audio or video loses its PDF too. Entries whose files are already gone are removed all the same. Works offline:
            lessons are found in the registry.

            Example: lessons remove gemara:berakhot:2-4 --media video
            """)
    )

    @Argument(help: ArgumentHelp(HelpWords.say("Which lessons (see `lessons download --help` for selectors).")))
    var selectors: [String]

    @Option(help: ArgumentHelp(HelpWords.say("Remove only this medium: audio, video or text.")))
    var media: MediaKind?

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func run() async throws {
        let parsed = try parseSelectors(selectors)
        let library = try await global.openLibrary(existing: true)
        // Named before the removal takes them out of the registry.
        let names = try await library.lessonNames()
        let report = try await library.remove(matching: parsed, media: media.map { [$0] })
        if global.json {
            try Terminal.json(report.named(by: names))
            return
        }
        for entry in report.removed {
            Terminal.out(
                Terminal.say(
                    entry.fileDeleted ? .removeRemoved : .removeRemovedGone, .text(names.spoken(MediaKey(entry.lesson, entry.medium)))))
        }
        Terminal.out(report.removed.isEmpty ? Terminal.say(.removeNothing) : Terminal.say(.removeCount, .number(report.removed.count)))
    }
}

extension MediaKind: ExpressibleByArgument {}
