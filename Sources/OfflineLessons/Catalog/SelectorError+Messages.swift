/// Each sentence a selector error says, in one place (so that it can be translated): one line
/// that quotes the input and says what would work instead.
extension SelectorError {
    /// What a selector's number counts, and where its numbering starts.
    enum Counted: Sendable {
        case daf
        case chapter
        case mishna

        var name: String {
            switch self {
            case .daf: "daf"
            case .chapter: "chapter"
            case .mishna: "mishna"
            }
        }

        var plural: String {
            switch self {
            case .daf: "dapim"
            case .chapter: "chapters"
            case .mishna: "mishnayot"
            }
        }

        /// Dapim start at 2 (the first daf is the title page); chapters and mishnayot at 1.
        var first: Int { self == .daf ? 2 : 1 }
    }

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

    static func notASelector(_ selector: String) -> SelectorError {
        SelectorError(
            "'\(MasechetNames.shortened(selector))' is not a selector: use gemara:<masechet>[:<daf>[-<daf>]], mishna:<masechet>[:<chapter>[:<mishna>]], gemara/<id> or mishna/<id>"
        )
    }

    static func badID(_ selector: String, type: LessonType) -> SelectorError {
        SelectorError("'\(MasechetNames.shortened(selector))': the id after '\(type.rawValue)/' must be a positive integer")
    }

    static func tooManyParts(_ selector: String, type: LessonType) -> SelectorError {
        switch type {
        case .gemara: SelectorError("'\(MasechetNames.shortened(selector))': a Gemara selector is gemara:<masechet>[:<daf>[-<daf>]]")
        case .mishna:
            SelectorError("'\(MasechetNames.shortened(selector))': a Mishna selector is mishna:<masechet>[:<chapter>[:<mishna>]]")
        }
    }

    static func notANumber(_ part: String, _ counted: Counted, in selector: String) -> SelectorError {
        SelectorError(
            "'\(MasechetNames.shortened(selector))': '\(MasechetNames.shortened(part))' is not a \(counted.name) or a range of them (like 2 or 2-11)"
        )
    }

    static func reversed(_ part: String, low: Int, high: Int, in selector: String) -> SelectorError {
        SelectorError("'\(MasechetNames.shortened(selector))': '\(part)' is reversed: did you mean \(low)-\(high)?")
    }

    static func amud(_ whole: ClosedRange<Int>, in selector: String) -> SelectorError {
        SelectorError("'\(MasechetNames.shortened(selector))': dapim are whole: use \(show(whole))")
    }

    static func beforeFirst(_ number: String, _ counted: Counted, in selector: String) -> SelectorError {
        SelectorError(
            "'\(MasechetNames.shortened(selector))': there is no \(counted.name) \(MasechetNames.shortened(number)): \(counted.plural) start at \(counted.first)"
        )
    }

    /// Asked dapim beyond the masechet's: its real range, and the part of the asked range in it.
    static func dapim(_ asked: ClosedRange<Int>, outside range: ClosedRange<Int>, of masechet: String, in selector: String) -> SelectorError
    {
        let within = asked.clamped(to: range)
        let use = asked.overlaps(range) ? ": use \(show(within))" : ""
        return SelectorError("'\(MasechetNames.shortened(selector))': \(masechet) has dapim \(show(range))\(use)")
    }

    static func noLesson(daf: Int, of masechet: String, dapim range: ClosedRange<Int>) -> SelectorError {
        SelectorError("\(masechet) has no lesson for daf \(daf) (its dapim are \(show(range)))")
    }

    static func noListing(of masechet: String) -> SelectorError {
        SelectorError("the catalog lists no Gemara lesson of \(masechet)")
    }

    static func noGemara(_ masechet: String, name: String) -> SelectorError {
        SelectorError("\(masechet) has no Gemara; try mishna:\(name)")
    }

    /// `2` or `2-11`.
    static func show(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
    }
}
