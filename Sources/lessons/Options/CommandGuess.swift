import ArgumentParser
import OfflineLessons

/// Catches a mistyped command before the parser does ("Unexpected argument"): `lessons downlod`
/// and `lessons help downlod` get "did you mean `download`?" and exit 2.
enum CommandGuess {
    /// Options of the root that take a value: what follows them is not a command.
    static let valueOptions: Set<String> = [
        "--library", "--server", "--token", "--media-base", "--cacert", "--generate-completion-script",
    ]

    /// The error for the command line's first word when it names no command, if it does not.
    static func check(_ arguments: [String], commands: [String]) -> CommandFailure? {
        var words: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex, words.count < 2 {
            let argument = arguments[index]
            if argument == "--" { break }
            if valueOptions.contains(argument) {
                index += 2
                continue
            }
            if !argument.hasPrefix("-") { words.append(argument) }
            // Only `help` takes a command after it; any other command ends the search.
            if let first = words.first, first != "help" { break }
            index += 1
        }
        guard let first = words.first else { return nil }
        let word = first == "help" ? words.dropFirst().first : first
        guard let word, !commands.contains(word), word != "help" else { return nil }
        return CommandFailure(unknown: word, commands: commands)
    }

    /// The commands closest to `word`: a prefix, or at most two edits away.
    static func closest(to word: String, in commands: [String]) -> [String] {
        let lowered = word.lowercased()
        let prefixed = commands.filter { $0.hasPrefix(lowered) }
        if !prefixed.isEmpty { return prefixed }
        let scored = commands.map { ($0, distance(lowered, $0)) }.filter { $0.1 <= 2 }
        return scored.sorted { $0.1 < $1.1 }.map(\.0)
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in a.indices {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension CommandFailure {
    /// "'downlod' is not a lessons command; did you mean `download`?"
    init(unknown word: String, commands: [String]) {
        let shown = word.count > 40 ? word.prefix(37) + "…" : word
        let guesses = CommandGuess.closest(to: word, in: commands)
        let hint =
            guesses.isEmpty
            ? Terminal.say(.cliCommandsAre, .text(commands.joined(separator: ", ")))
            : Terminal.say(.cliDidYouMean, .text(Self.either(guesses.prefix(3).map { "`lessons \($0)`" })))
        self.init(Terminal.say(.cliNotACommand, .text(String(shown)), .text(hint)), exitCode: CommandFailure.usage)
    }

    /// "a", "a or b", "a, b or c".
    static func either(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return Terminal.say(.cliOr, .text(items.dropLast().joined(separator: ", ")), .text(last))
    }
}
