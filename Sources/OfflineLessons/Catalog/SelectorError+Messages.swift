/// Each sentence a selector error says, in one place (so that it can be translated): one line
/// that quotes the input and says what would work instead.
extension SelectorError {
    static func noMasechet(id: Int) -> SelectorError {
        SelectorError("no masechet has id \(id)", remedy: .consultCatalog)
    }

    static func unknownName(_ text: String, closest: [String]) -> SelectorError {
        SelectorError(
            "no masechet is called '\(MasechetNames.shortened(text))'; closest: \(closest.joined(separator: ", "))",
            remedy: .consultCatalog, suggestions: closest)
    }

    static func ambiguousName(_ text: String, candidates: [String]) -> SelectorError {
        SelectorError(
            "'\(MasechetNames.shortened(text))' names several masechtot: \(candidates.joined(separator: ", ")); give more of the name",
            suggestions: candidates)
    }

    static func noGemara(_ masechet: String, name: String) -> SelectorError {
        SelectorError("\(masechet) has no Gemara; try mishna:\(name)")
    }
}
