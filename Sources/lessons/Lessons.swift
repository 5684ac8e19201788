import ArgumentParser
import Foundation
import OfflineLessons

/// `lessons`: the OfflineLessons engine on the command line.
@main
struct Lessons: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lessons",
        abstract: HelpWords.say("Keep an offline library of Talmud lessons (audio, video, PDF) in sync with a content server."),
        discussion: HelpWords.say(
            """
            The library is one folder holding a SQLite registry (the single source of truth) and the media files. Start with `lessons demo` for a tour on a temporary library, or run `lessons serve` in one terminal and point the other commands at it with --server.

            Library: --library DIR, else $LESSONS_LIBRARY, else $XDG_DATA_HOME/lessons, else ~/.local/share/lessons.
            Server:  --server URL, else $LESSONS_SERVER (the API base, e.g. http://127.0.0.1:8080/api/).
            Token:   --token T, else $LESSONS_TOKEN.

            Exit codes: 0 success; 1 the operation ran but something failed; 2 bad usage or bad input; 3 the library or server could not be used at all; 130 stopped by Ctrl-C and 143 by SIGTERM (unfinished downloads stay queued); 141 the reader of the output went away (`lessons list | head`).
            """),
        version: LibraryVersion.current,
        subcommands: [
            ServeCommand.self, DemoCommand.self, CatalogCommand.self, DownloadCommand.self, ListCommand.self,
            StatusCommand.self, RemoveCommand.self, SyncCommand.self, CleanCommand.self, PinCommand.self, UnpinCommand.self,
            DoctorCommand.self, HistoryCommand.self, ExportCommand.self, MigrateCommand.self, UICommand.self, QueueCommand.self,
            TodayCommand.self, PlanCommand.self, ReadyCommand.self,
        ]
    )

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var serverOptions: ServerOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var progress: ProgressOption

    /// Runs the command and maps every error to the contract's exit codes (0, 1, 2, 3).
    static func main() async {
        // A closed pipe is a failed write, not a death in the middle of the work: the command
        // finishes, then exits 141 without a word, as a process SIGPIPE ended would.
        signal(SIGPIPE, SIG_IGN)
        Terminal.secureStandardDescriptors()
        Style.configure(noColor: CommandLine.arguments.contains("--no-color"))
        var code: Int32
        do {
            let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
            // Groups whose own command (their list) takes no argument: a second word is a command.
            var groups: [String: [String]] = [:]
            for command in configuration.subcommands where command.configuration.defaultSubcommand != nil {
                guard let name = command.configuration.commandName else { continue }
                groups[name] = command.configuration.subcommands.compactMap { $0.configuration.commandName }
            }
            if let unknown = CommandGuess.check(Array(CommandLine.arguments.dropFirst()), commands: commands, groups: groups) {
                throw unknown
            }
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            code = 0
        } catch {
            code = report(error)
        }
        // Bad input, or a server or library that could not be used, leaves no new library behind;
        // a run stopped by a signal keeps what it queued.
        if code == CommandFailure.usage || code == CommandFailure.unusable || code == CommandFailure.failed {
            await OpenLibraries.shared.discardUnused()
        }
        await OpenLibraries.shared.closeAll()
        if Terminal.stdoutReaderLeft {
            if code == 0 { code = CommandFailure.readerLeft }
        } else if let problem = Terminal.stdoutProblem {
            Terminal.error(problem)
            if code == 0 { code = CommandFailure.failed }
        }
        Foundation.exit(code)
    }

    static func report(_ error: any Error) -> Int32 {
        // A stop that was already said (a server stopped by Ctrl-C): its code alone.
        if let code = error as? ExitCode, code != .validationFailure { return code.rawValue }
        if let failure = error as? CommandFailure ?? CommandFailure(classifying: error) {
            Terminal.error(failure.message)
            failedJSON(failure.message, failure.exitCode)
            return failure.exitCode
        }
        let exitCode = exitCode(for: error)
        if exitCode == .success {
            // --help and --version print and succeed.
            Terminal.out(HelpWords.frame(fullMessage(for: error)))
            return 0
        }
        // One line for what is wrong, one for where to look (not the whole usage screen).
        var message = message(for: error)
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        let said = Terminal.say(stored: message.split(separator: "\n").joined(separator: " "))
        Terminal.error(said)
        if exitCode == .validationFailure {
            Terminal.err("  " + Terminal.say(.cliUsageHint, .text(usedCommand() ?? "<command>")) + "\n")
        }
        let code = exitCode == .validationFailure ? CommandFailure.usage : CommandFailure.failed
        failedJSON(said, code)
        return code
    }

    /// With `--json`, a command that fails before its report still prints one document on
    /// stdout: `{"error": {"exitCode": 2, "message": "…"}}`, the message as stderr says it.
    static func failedJSON(_ message: String, _ code: Int32) {
        let arguments = CommandLine.arguments.dropFirst().prefix { $0 != "--" }
        guard arguments.contains("--json"), !Terminal.wroteOut else { return }
        struct Failure: Encodable {
            var exitCode: Int32
            var message: String
        }
        try? Terminal.json(["error": Failure(exitCode: code, message: message)])
    }

    /// The command the arguments name, with its subcommand if they name one ("plan add").
    static func usedCommand() -> String? {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard
            let index = arguments.firstIndex(where: { name in configuration.subcommands.contains { $0.configuration.commandName == name } }
            ),
            let command = configuration.subcommands.first(where: { $0.configuration.commandName == arguments[index] })
        else { return nil }
        let next = arguments.dropFirst(index + 1).first
        let sub = command.configuration.subcommands.first { $0.configuration.commandName == next }?.configuration.commandName
        return [arguments[index], sub].compactMap { $0 }.joined(separator: " ")
    }
}
