import ArgumentParser
import Foundation
import OfflineLessons

struct PinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin", abstract: HelpWords.say("Exempt downloaded lessons from `lessons clean`."),
        discussion: HelpWords.say("Example: lessons pin gemara:berakhot"))

    @Argument(help: ArgumentHelp(HelpWords.say("Which lessons (see `lessons download --help` for selectors).")))
    var selectors: [String]

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func run() async throws {
        try await setPinned(true, selectors, global)
    }
}

struct UnpinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpin", abstract: HelpWords.say("Let `lessons clean` remove lessons again."),
        discussion: HelpWords.say("Example: lessons unpin gemara:berakhot:2-4"))

    @Argument(help: ArgumentHelp(HelpWords.say("Which lessons (see `lessons download --help` for selectors).")))
    var selectors: [String]

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func run() async throws {
        try await setPinned(false, selectors, global)
    }
}

/// `pin` and `unpin`: one way of doing both. Run again (after an interruption, say), it changes
/// nothing and says so, without failing; a selector that matches no downloaded lesson fails `pin`
/// (nothing can be kept) and is only said by `unpin`.
private func setPinned(_ pinned: Bool, _ selectors: [String], _ global: GlobalOptions) async throws {
    let library = try await global.openLibrary(existing: true)
    let parsed = try parseSelectors(selectors)
    let changed = pinned ? try await library.pin(parsed) : try await library.unpin(parsed)
    let unchanged = changed.isEmpty ? try await library.registeredLessons(matching: parsed).count : 0
    let word = pinned ? "pinned" : "unpinned"
    // Pinning what no download matches is a failure, said once (no "0 pinned", no --json document beside it).
    let nothing = changed.isEmpty && unchanged == 0
    let typed = selectorTexts(selectors).joined(separator: ", ")
    if nothing, pinned {
        throw CommandFailure(Terminal.say(.pinNothing, .text(typed)), exitCode: CommandFailure.failed)
    }
    if global.json {
        let names = try await library.lessonNames()
        try Terminal.json([word: changed.map(\.description), "names": changed.map { names.name($0) }])
    } else if nothing {
        Terminal.out(Terminal.say(.unpinNothing, .text(typed)))
    } else if unchanged > 0 {
        Terminal.out(Terminal.say(pinned ? .pinAlready : .unpinAlready, .number(unchanged)))
    } else {
        // The lessons named; a long run by its first three and its last.
        let names = try await library.lessonNames()
        let named =
            changed.count > 4
            ? changed.prefix(3).map { names.name($0) } + ["…", names.name(changed[changed.count - 1])] : changed.map { names.name($0) }
        Terminal.out(Terminal.say(pinned ? .pinCount : .unpinCount, .number(changed.count), .text(named.joined(separator: ", "))))
    }
}
