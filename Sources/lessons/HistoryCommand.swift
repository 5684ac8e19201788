import ArgumentParser
import Foundation
import OfflineLessons

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "The event log, newest first: why each lesson's media are (or are not) there.",
        discussion: """
            Every change the library made, with its reason: requested, completed, failed (why), missing, corrupt, moved aside, adopted, discovered, removed. Without a selector, the whole library.

            Example: lessons history gemara:berakhot:2-4
            """
    )

    @Argument(help: "Which lessons (see `lessons download --help` for selectors); none: all.")
    var selectors: [String] = []

    @OptionGroup var global: GlobalOptions

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
        if global.json {
            try Terminal.json(["events": events])
            return
        }
        guard !events.isEmpty else {
            Terminal.out("no events recorded\(parsed.isEmpty ? "" : " for these lessons")")
            return
        }
        let formatter = ISO8601DateFormatter()
        for event in events {
            let item = event.lesson.description + (event.medium.map { " \($0.rawValue)" } ?? "")
            Terminal.out(
                "\(formatter.string(from: event.at))  \(item.padding(toLength: 18, withPad: " ", startingAt: 0)) \(event.kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(event.detail ?? "")"
            )
        }
    }
}
