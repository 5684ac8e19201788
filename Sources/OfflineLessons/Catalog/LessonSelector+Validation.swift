extension LessonSelector {
    /// Checks a selector against the Shas before anything is looked up by it: the masechet
    /// exists (with Gemara, for a Gemara selector), and so do its chapters and mishnayot; a lesson
    /// id is within the Shas's count of dapim or mishnayot. Without
    /// the Shas only a masechet given by id can be checked later. Throws ``SelectorError``.
    func validate(in shas: Shas?) throws {
        switch self {
        case .lesson(let id):
            if let shas, let beyond = Catalog.beyondEveryCount(id, in: shas) { throw beyond }
        case .gemara(let name, _):
            guard let masechet = try Self.masechet(name, in: shas) else { return }
            guard masechet.pages > 0 else { throw SelectorError.noGemara(masechet.name, name: name) }
        case .mishna(let name, let chapters, let mishnayot):
            guard let masechet = try Self.masechet(name, in: shas) else { return }
            try Self.check(chapters: chapters, mishnayot: mishnayot, of: masechet)
        }
    }

    /// The masechet named, or `nil` when only its id is known and there is no Shas to check it in.
    static func masechet(_ name: String, in shas: Shas?) throws -> Masechet? {
        if let shas { return try MasechetNames.find(name, in: shas).masechet }
        guard Int(name) != nil else { throw shasNeeded(for: name) }
        return nil
    }

    /// A masechet named without the Shas to look the name up in.
    static func shasNeeded(for name: String) -> SelectorError {
        SelectorError(Message(.selectorShasNeeded, .text(MasechetNames.shortened(name))), remedy: .configureServer)
    }

    /// The chapters exist; with one chapter, so do the mishnayot.
    static func check(chapters: ClosedRange<Int>?, mishnayot: ClosedRange<Int>?, of masechet: Masechet) throws {
        let known = masechet.chapterList.map(\.chapter)
        if let chapters, let missing = chapters.first(where: { !known.contains($0) }) {
            throw SelectorError(Message(.selectorNoChapter, .text(masechet.name), .number(missing), .number(known.count)))
        }
        if let chapters, chapters.count == 1, let mishnayot, let count = masechet.mishnayot(inChapter: chapters.lowerBound),
            mishnayot.upperBound > count
        {
            throw SelectorError(
                Message(
                    .selectorChapterMishnayot, .text(masechet.name), .number(chapters.lowerBound), .number(count),
                    .number(mishnayot.upperBound)))
        }
    }
}
