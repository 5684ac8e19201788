import OfflineLessons

/// The masechet a guessed name (a prefix or a near spelling) resolved to, told once on stderr
/// ("gemara:rosh → Rosh Hashanah"), so that a wrong guess is seen before it costs anything.
enum ResolvedNames {
    /// One line per selector whose masechet name was guessed; nothing with --quiet or --json.
    /// Call after the selectors resolved: the Shas is then cached.
    static func note(_ arguments: [String], _ selectors: [LessonSelector], library: LessonLibrary, global: GlobalOptions) async throws {
        guard !global.quiet, !global.json, selectors.contains(where: namesMasechet) else { return }
        let shas = try await library.catalog().shas
        for (text, selector) in zip(selectorTexts(arguments), selectors) {
            if let match = try selector.masechetMatch(in: shas), match.isFuzzy {
                Terminal.err(line(text, match.masechet.name) + "\n")
            }
        }
    }

    static func line(_ selector: String, _ masechet: String) -> String {
        Terminal.say(.cliResolved, .text(selector), .text(masechet))
    }

    /// Whether the selector names its masechet by name rather than by id.
    private static func namesMasechet(_ selector: LessonSelector) -> Bool {
        switch selector {
        case .gemara(let name, _), .mishna(let name, _, _): Int(name) == nil
        case .lesson: false
        }
    }
}
