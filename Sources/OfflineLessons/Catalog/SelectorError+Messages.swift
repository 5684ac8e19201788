/// The selector errors: each one line of the catalog (``Phrasebook``) that quotes the input and
/// says what would work instead.
extension SelectorError {
    /// What a selector's number counts, and where its numbering starts.
    enum Counted: Sendable {
        case daf
        case chapter
        case mishna

        /// Dapim start at 2 (the first daf is the title page); chapters and mishnayot at 1.
        var first: Int { self == .daf ? 2 : 1 }
    }

    static func noMasechet(id: Int) -> SelectorError {
        SelectorError(Message(.selectorNoMasechetID, .number(id)), remedy: .consultCatalog)
    }

    static func unknownName(_ text: String, closest: [String]) -> SelectorError {
        guard !closest.isEmpty else {
            return SelectorError(Message(.selectorUnknownNameAlone, .text(MasechetNames.shortened(text))), remedy: .consultCatalog)
        }
        return SelectorError(
            Message(.selectorUnknownName, .text(MasechetNames.shortened(text)), .text(closest.joined(separator: ", "))),
            remedy: .consultCatalog, suggestions: closest)
    }

    static func ambiguousName(_ text: String, candidates: [String]) -> SelectorError {
        SelectorError(
            Message(.selectorAmbiguousName, .text(MasechetNames.shortened(text)), .text(candidates.joined(separator: ", "))),
            suggestions: candidates)
    }

    /// A masechet's name alone ("Berakhot", "Bava Kamma") is told how to name its lessons; a
    /// medium's name ("video", where `--media video` was meant) how to choose the media.
    static func notASelector(_ selector: String) -> SelectorError {
        let words = selector.trimmingCharacters(in: .whitespaces)
        if ["audio", "video", "both", "pdf", "text"].contains(words.lowercased()) {
            return SelectorError(Message(.selectorMediumWord, .text(words)))
        }
        if words.first?.isLetter == true, LessonType(rawValue: words.lowercased()) == nil,
            words.allSatisfy({ $0.isLetter || $0 == " " || $0 == "'" || $0 == "-" })
        {
            let written = words.lowercased().split(separator: " ").joined(separator: "-")
            return SelectorError(
                Message(.selectorMasechetAlone, .text(MasechetNames.shortened(words)), .text(MasechetNames.shortened(written))))
        }
        return SelectorError(Message(.selectorNotASelector, .text(MasechetNames.shortened(selector))))
    }

    static func badID(_ selector: String, type: LessonType) -> SelectorError {
        SelectorError(Message(.selectorBadID, .text(MasechetNames.shortened(selector)), .text(type.rawValue)))
    }

    static func tooManyParts(_ selector: String, type: LessonType) -> SelectorError {
        SelectorError(Message(type == .gemara ? .selectorGemaraParts : .selectorMishnaParts, .text(MasechetNames.shortened(selector))))
    }

    static func notANumber(_ part: String, _ counted: Counted, in selector: String) -> SelectorError {
        let key: Phrase =
            switch counted {
            case .daf: .selectorNotADaf
            case .chapter: .selectorNotAChapter
            case .mishna: .selectorNotAMishna
            }
        return SelectorError(Message(key, .text(MasechetNames.shortened(selector)), .text(MasechetNames.shortened(part))))
    }

    static func reversed(_ part: String, low: Int, high: Int, in selector: String) -> SelectorError {
        SelectorError(Message(.selectorReversed, .text(MasechetNames.shortened(selector)), .text(part), .number(low), .number(high)))
    }

    static func amud(_ whole: ClosedRange<Int>, in selector: String) -> SelectorError {
        SelectorError(Message(.selectorAmud, .text(MasechetNames.shortened(selector)), .text(show(whole))))
    }

    static func beforeFirst(_ number: String, _ counted: Counted, in selector: String) -> SelectorError {
        let key: Phrase =
            switch counted {
            case .daf: .selectorNoSuchDaf
            case .chapter: .selectorNoSuchChapter
            case .mishna: .selectorNoSuchMishna
            }
        return SelectorError(Message(key, .text(MasechetNames.shortened(selector)), .text(MasechetNames.shortened(number))))
    }

    /// A daf before the first, asked by name ("Peah 1"): also says how to name the Mishna's
    /// mishna and its whole chapter (`mishna:peah:1`).
    static func noSuchDaf(_ daf: Int, masechet: String, in selector: String) -> SelectorError {
        let written = masechet.lowercased().split(separator: " ").joined(separator: "-")
        return SelectorError(
            Message(
                .selectorNoSuchDafNamed, .text(MasechetNames.shortened(selector)), .number(daf), .text(MasechetNames.shortened(masechet)),
                .text(MasechetNames.shortened("mishna:\(written):1"))))
    }

    /// Asked dapim beyond the masechet's: its real range, and the part of the asked range in it.
    /// What was asked is named as people name it ("Berakhot 99"), however it was written.
    static func dapim(_ asked: ClosedRange<Int>, outside range: ClosedRange<Int>, of masechet: String) -> SelectorError {
        let quoted = "\(masechet) \(show(asked))"
        guard asked.overlaps(range) else {
            return SelectorError(Message(.selectorDapimOutside, .text(quoted), .text(masechet), .text(show(range))))
        }
        return SelectorError(
            Message(.selectorDapimOutsideUse, .text(quoted), .text(masechet), .text(show(range)), .text(show(asked.clamped(to: range)))))
    }

    static func noLesson(daf: Int, of masechet: String, dapim range: ClosedRange<Int>) -> SelectorError {
        SelectorError(Message(.selectorNoLessonForDaf, .text(masechet), .number(daf), .text(show(range))))
    }

    static func noListing(of masechet: String) -> SelectorError {
        SelectorError(Message(.selectorNoListing, .text(masechet)))
    }

    static func noGemara(_ masechet: String, name: String) -> SelectorError {
        SelectorError(Message(.selectorNoGemara, .text(masechet), .text(name)))
    }

    /// `2` or `2-11`.
    static func show(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
    }
}
