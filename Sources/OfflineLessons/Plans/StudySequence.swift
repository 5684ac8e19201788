/// What a pace counts: dapim of the Bavli, mishnayot, or whole chapters of Mishna.
public enum StudyUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case daf, mishna, chapter
}

/// What is learned, in order, as runs of numbers: the Bavli's dapim in the order Daf Yomi learns
/// them (a run per masechet), the Mishna's mishnayot (a run per chapter), or its chapters (a run
/// per masechet).
struct StudySequence: Sendable {
    struct Part: Sendable {
        var masechet: String
        /// The chapter whose mishnayot the run counts.
        var chapter: Int?
        var first: Int
        var last: Int
        var count: Int { last - first + 1 }
    }

    let unit: StudyUnit
    let parts: [Part]
    /// Units in one round.
    let count: Int

    init(_ unit: StudyUnit, _ parts: [Part]) {
        self.unit = unit
        self.parts = parts
        count = parts.reduce(0) { $0 + $1.count }
    }

    static func bavli(shekalimLast: Int) -> StudySequence {
        let lastDaf: [(String, Int)] = [
            ("Berakhot", 64), ("Shabbat", 157), ("Eruvin", 105), ("Pesachim", 121), ("Shekalim", shekalimLast),
            ("Yoma", 88), ("Sukkah", 56), ("Beitzah", 40), ("Rosh Hashanah", 35), ("Taanit", 31), ("Megillah", 32),
            ("Moed Katan", 29), ("Chagigah", 27), ("Yevamot", 122), ("Ketubot", 112), ("Nedarim", 91), ("Nazir", 66),
            ("Sotah", 49), ("Gittin", 90), ("Kiddushin", 82), ("Bava Kamma", 119), ("Bava Metzia", 119),
            ("Bava Batra", 176), ("Sanhedrin", 113), ("Makkot", 24), ("Shevuot", 49), ("Avodah Zarah", 76),
            ("Horayot", 14), ("Zevachim", 120), ("Menachot", 110), ("Chullin", 142), ("Bekhorot", 61), ("Arakhin", 34),
            ("Temurah", 34), ("Keritot", 28), ("Meilah", 22), ("Kinnim", 25), ("Tamid", 33), ("Middot", 37),
            ("Niddah", 73),
        ]
        // Kinnim, Tamid and Middot continue Meilah's pagination.
        let firstDaf = ["Kinnim": 23, "Tamid": 26, "Middot": 34]
        return StudySequence(.daf, lastDaf.map { Part(masechet: $0.0, first: firstDaf[$0.0] ?? 2, last: $0.1) })
    }

    /// The Bavli as Daf Yomi learns it since 1975 (Shekalim of the Yerushalmi, 22 dapim).
    static let dapim = bavli(shekalimLast: 22)
    static let dapimBeforeShekalimChange = bavli(shekalimLast: 13)
    static let mishnayot = StudySequence(
        .mishna,
        mishnaChapters.flatMap { masechet, chapters in
            chapters.enumerated().map { Part(masechet: masechet, chapter: $0.offset + 1, first: 1, last: $0.element) }
        })
    static let chapters = StudySequence(.chapter, mishnaChapters.map { Part(masechet: $0.masechet, first: 1, last: $0.mishnayot.count) })

    static func of(_ unit: StudyUnit) -> StudySequence {
        switch unit {
        case .daf: dapim
        case .mishna: mishnayot
        case .chapter: chapters
        }
    }

    /// The mishnayot of a chapter of Mishna, when the masechet (as named here) has it.
    static func mishnayot(of masechet: String, chapter: Int) -> Int? {
        guard let chapters = mishnaChapters.first(where: { $0.masechet == masechet })?.mishnayot else { return nil }
        return chapters.indices.contains(chapter - 1) ? chapters[chapter - 1] : nil
    }

    /// The place at `position` (0-based; taken within one round).
    func place(at position: Int) -> StudyPlace {
        var left = ((position % count) + count) % count
        for part in parts {
            if left < part.count { return place(in: part, part.first + left) }
            left -= part.count
        }
        return place(in: parts[parts.count - 1], parts[parts.count - 1].last)
    }

    /// Where the place numbered `number` in `part` stands, from 0.
    func position(of number: Int, in index: Int) -> Int {
        parts[..<index].reduce(0) { $0 + $1.count } + number - parts[index].first
    }

    private func place(in part: Part, _ number: Int) -> StudyPlace {
        switch unit {
        case .daf: StudyPlace(masechet: part.masechet, daf: number)
        case .mishna: StudyPlace(masechet: part.masechet, chapter: part.chapter, mishna: number)
        case .chapter: StudyPlace(masechet: part.masechet, chapter: number)
        }
    }
}
