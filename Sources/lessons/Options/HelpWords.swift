import Foundation
import OfflineLessons

/// The help in the terminal's language. Each English text, as it stands in a command's
/// definition, is its own key (``spanish``), as gettext keys a translation by its msgid; in the
/// pseudo-language `en_XA` a text with a translation is marked `⟦…⟧`, so a test finds one without.
enum HelpWords {
    static func say(_ english: String) -> String {
        guard !generatingManual else { return english }
        if Terminal.pseudoLanguage { return spanish[english] == nil ? english : "⟦" + english + "⟧" }
        return Terminal.language == .es ? spanish[english] ?? english : english
    }

    /// Every translation, by its English text.
    static let spanish = spanishCommands.merging(spanishPlans) { first, _ in first }

    /// The man page is generated from the English help, whatever the builder's locale.
    static let generatingManual = CommandLine.arguments.contains("--experimental-dump-help")

    /// The words the argument parser puts around the help, in the terminal's language.
    static func frame(_ help: String) -> String {
        guard Terminal.language == .es || Terminal.pseudoLanguage else { return help }
        let frame: [(String, CommandPhrase)] = [
            ("OVERVIEW:", .helpOverview), ("USAGE:", .helpUsage), ("ARGUMENTS:", .helpArguments), ("OPTIONS:", .helpOptions),
            ("SUBCOMMANDS:", .helpSubcommands), ("Show help information.", .helpShowHelp), ("Show the version.", .helpShowVersion),
            ("(default: ", .helpDefault), ("(values: ", .helpValues), ("; default: ", .helpAndDefault), ("(default)", .helpIsDefault),
        ]
        // The parser wraps lines: a space in these words may be a line break and an indent.
        var result = help
        // "(default)" beside a subcommand: the spaces after it give up what the words gain, so the
        // column of descriptions stays aligned.
        let grown = Terminal.say(.helpIsDefault).count - "(default)".count
        if grown > 0, !Terminal.pseudoLanguage {
            result = result.replacingOccurrences(
                of: "\\(default\\) {\(grown)}(?= )", with: NSRegularExpression.escapedTemplate(for: Terminal.say(.helpIsDefault)),
                options: .regularExpression)
        }
        for (english, phrase) in frame {
            let pattern = NSRegularExpression.escapedPattern(for: english).replacingOccurrences(of: " ", with: "\\s+")
            result = result.replacingOccurrences(of: pattern, with: Terminal.say(phrase), options: .regularExpression)
        }
        return result.replacingOccurrences(
            of: #"See 'lessons help ([a-z ]*)<subcommand>' for detailed help\."#,
            with: NSRegularExpression.escapedTemplate(for: Terminal.say(.helpSeeSubcommand, "$1")).replacingOccurrences(
                of: "\\$1", with: "$1"),
            options: .regularExpression)
    }
}
