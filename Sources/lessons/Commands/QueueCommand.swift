import ArgumentParser
import Foundation
import OfflineLessons

struct QueueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: HelpWords.say("Show the queue, pause or resume it, cancel items in it."),
        discussion: HelpWords.say(
            """
            The queue is every item requested and not downloaded yet: queued, downloading (here or in another process) or failed, with the reason. A paused queue stays paused, for every process on the library, until it is resumed: downloads under way stop within a second, and a download started meanwhile registers what it is asked and waits.

            Examples:
              lessons queue
              lessons queue pause
              lessons queue cancel gemara:berakhot:5-9
              lessons queue resume && lessons download
            """),
        subcommands: [QueueListCommand.self, QueuePauseCommand.self, QueueResumeCommand.self, QueueCancelCommand.self],
        defaultSubcommand: QueueListCommand.self
    )
}

struct QueueListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: HelpWords.say("List the queued, downloading and failed items, in the order they are taken."))

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func run() async throws {
        let library = try await global.openLibrary(readOnly: true, existing: true)
        let items = try await library.queue()
        let paused = try await library.isQueuePaused()
        if global.json {
            struct Report: Encodable {
                var paused: Bool
                var items: [Annotated<TransferSnapshot>]
            }
            let names = try await library.lessonNames()
            try Terminal.json(Report(paused: paused, items: items.map { Annotated($0, ["name": names.name($0.key.lesson)]) }))
            return
        }
        if paused { Terminal.out(Style.warning(Terminal.say(.queueIsPaused), on: .out)) }
        guard !items.isEmpty else {
            Terminal.out(Terminal.say(.queueEmpty))
            return
        }
        let names = try await library.lessonNames()
        let lines = Self.lines(items, names: names)
        let width = lines.map(\.what.count).max() ?? 0
        for line in lines { Terminal.out("\(padded(line.what, width))  \(line.state)") }
        let downloading = items.filter(\.isTransferring).count
        let failed = items.filter { $0.state == .failed }.count
        Terminal.out(
            Terminal.say(
                .queueCount, .number(items.count), .number(items.count - downloading - failed), .number(downloading), .number(failed)))
    }

    /// The queue's lines: a lesson's items said alike share one ("Berakhot 5 audio, PDF  queued"),
    /// in the order of the first; an item with bytes received, or downloading, has its own.
    static func lines(_ items: [TransferSnapshot], names: LessonNames) -> [(what: String, state: String)] {
        var lines: [(lesson: LessonID, media: [MediaKind], state: String, shared: Bool)] = []
        for item in items {
            let state = Self.state(item)
            let shared = item.receivedBytes == 0 && !item.isTransferring
            if shared, let index = lines.firstIndex(where: { $0.shared && $0.lesson == item.key.lesson && $0.state == state }) {
                lines[index].media.append(item.key.medium)
            } else {
                lines.append((item.key.lesson, [item.key.medium], state, shared))
            }
        }
        return lines.map { (names.spoken($0.lesson, media: $0.media), $0.state) }
    }

    /// An item's state in words, what has come of it, and the reason it failed or waits (a line
    /// downloading again shows no reason: its last attempt's failure is behind it).
    static func state(_ item: TransferSnapshot) -> String {
        let state = item.state?.rawValue ?? "queued"
        let shown = item.isTransferring ? "downloading" : state == "downloading" ? "queued" : state
        var line = Style.state(shown, shown: spokenState(shown), on: .out)
        if let expected = item.expectedBytes, item.receivedBytes > 0 {
            line += " " + Terminal.say(.cliOf, .text(formatBytes(item.receivedBytes)), .text(formatBytes(expected)))
        }
        if let reason = item.lastError, shown != "downloading" { line += " — " + Terminal.say(stored: reason) }
        return line
    }
}

struct QueuePauseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: HelpWords.say("Pause the queue: no download starts until it is resumed."))

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    /// A library not made yet is made, paused: the first download then waits for `resume`.
    func run() async throws {
        let library = try await global.openLibrary()
        try await library.pauseQueue()
        if global.json { return try Terminal.json(QueueState(paused: true, waiting: try await library.pendingDownloads())) }
        Terminal.out(Terminal.say(.queuePausedNow))
    }
}

struct QueueResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: HelpWords.say("Let the queue go on; `lessons download` then fetches what waits."))

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func run() async throws {
        let library = try await global.openLibrary(existing: true)
        try await library.resumeQueue()
        let waiting = try await library.pendingDownloads()
        if global.json { return try Terminal.json(QueueState(paused: false, waiting: waiting)) }
        Terminal.out(waiting > 0 ? Terminal.say(.queueResumedNow, .number(waiting)) : Terminal.say(.queueResumedNothingWaits))
    }
}

/// What `queue pause` and `queue resume --json` print: the queue's state after them.
struct QueueState: Encodable {
    var paused: Bool
    /// Items that wait to be downloaded.
    var waiting: Int
}

struct QueueCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: HelpWords.say("Take items out of the queue: their downloads stop, and their partial files go."),
        discussion: HelpWords.say("Example: lessons queue cancel gemara:berakhot:5-9 --media video"))

    @Argument(help: ArgumentHelp(HelpWords.say("Which lessons (see `lessons download --help` for selectors).")))
    var selectors: [String]

    @Option(help: ArgumentHelp(HelpWords.say("Cancel only this medium: audio or video (the PDF goes with them).")))
    var media: MediaKind?

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    /// A PDF is fetched for its lesson's audio or video, and cancelled with them.
    func validate() throws {
        if media == .text { throw ValidationError(Terminal.say(.queueCancelPDF)) }
    }

    func run() async throws {
        let parsed = try parseSelectors(selectors)
        let library = try await global.openLibrary(existing: true)
        let names = try await library.lessonNames()
        let report = try await library.cancelDownloads(matching: parsed, media: media.map { [$0] })
        if global.json {
            try Terminal.json(report.named(by: names))
            return
        }
        for lesson in LessonNames.byLesson(report.removed.map(\.key)) {
            Terminal.out(Terminal.say(.queueCancelled, .text(names.spoken(lesson.lesson, media: lesson.media))))
        }
        if report.removed.isEmpty { Terminal.out(Terminal.say(.queueNothingToCancel)) }
    }
}
