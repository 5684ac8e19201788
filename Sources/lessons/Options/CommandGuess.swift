import ArgumentParser
import OfflineLessons

/// Catches a mistyped command before the parser does ("Unexpected argument"): `lessons downlod`
/// and `lessons help downlod` get "did you mean `download`?", `lessons queue nxt` "did you mean
/// `lessons queue next`?", and exit 2.
enum CommandGuess {
    /// Options of the root that take a value: what follows them is not a command.
    static let valueOptions: Set<String> = [
        "--library", "--server", "--token", "--media-base", "--cacert", "--generate-completion-script",
    ]

    /// The error for the command line's first word when it names no command, or for the second
    /// when the first is a group of commands whose own (`queue`, `plan`) takes no argument.
    /// `groups` has each group's commands.
    static func check(_ arguments: [String], commands: [String], groups: [String: [String]] = [:]) -> CommandFailure? {
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
            // Only `help` and a group take a command after them; any other command ends the search.
            if let first = words.first, first != "help", groups[first] == nil { break }
            index += 1
        }
        guard let first = words.first else { return nil }
        if let group = groups[first] {
            guard let word = words.dropFirst().first, !group.contains(word) else { return nil }
            return CommandFailure(unknown: word, commands: group, of: first)
        }
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
    /// "'downlod' is not a lessons command; did you mean `download`?"; with `group`, "'nxt' is not
    /// a `lessons queue` command; …".
    init(unknown word: String, commands: [String], of group: String? = nil) {
        let shown = word.count > 40 ? word.prefix(37) + "…" : word
        let guesses = CommandGuess.closest(to: word, in: commands)
        let prefix = group.map { "lessons \($0)" } ?? "lessons"
        let hint =
            guesses.isEmpty
            ? Terminal.say(.cliCommandsAre, .text(commands.joined(separator: ", ")))
            : Terminal.say(.cliDidYouMean, .text(Self.either(guesses.prefix(3).map { "`\(prefix) \($0)`" })))
        let sentence =
            group == nil
            ? Terminal.say(.cliNotACommand, .text(String(shown)), .text(hint))
            : Terminal.say(.cliNotAGroupCommand, .text(String(shown)), .text(prefix), .text(hint))
        self.init(sentence, exitCode: CommandFailure.usage)
    }

    /// "a", "a or b", "a, b or c".
    static func either(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return Terminal.say(.cliOr, .text(items.dropLast().joined(separator: ", ")), .text(last))
    }
}
