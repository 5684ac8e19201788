import Foundation

/// Finds a masechet by id, by its name or another name people give it ("Berakhot", "brochos",
/// "Berajot", "ברכות", "BK"), by the start of one name ("rosh"), or by a near spelling
/// ("Brakhos"); case, diacritics, niqqud and geresh never matter.
enum MasechetNames {
    /// The fewest letters that name a masechet by the start of its name.
    static let shortestPrefix = 3
    /// Input letters compared by the near-spelling search: longer input names no masechet anyway.
    static let longestCompared = 64

    /// A masechet with every name it goes by, letters only (``plain(_:)``).
    struct Candidate {
        var seder: Seder
        var masechet: Masechet
        var name: String
        var aliases: [String]

        /// The names a spelling may be near: abbreviations ("bb") are matched exactly only.
        var names: [String] { [name] + aliases.filter { $0.count >= shortestPrefix } }

        func match(_ kind: MasechetMatch.Kind) -> MasechetMatch {
            MasechetMatch(seder: seder, masechet: masechet, kind: kind)
        }
    }

    /// The masechet `text` names in `shas`: an id, the name, an alias, a unique prefix, then a
    /// near spelling. Throws naming the candidates when a prefix fits several masechtot, and the
    /// closest names when nothing fits.
    static func find(_ text: String, in shas: Shas) throws -> MasechetMatch {
        if let id = Int(text) {
            guard let found = shas.masechet(id: id) else { throw SelectorError.noMasechet(id: id) }
            return MasechetMatch(seder: found.seder, masechet: found.masechet, kind: .id)
        }
        let spelt = plain(text)
        // The catalog name first, with no aliases read: most selectors name a masechet so.
        for seder in shas.sedarim {
            if let exact = seder.masechtot.first(where: { plain($0.name) == spelt }) {
                return MasechetMatch(seder: seder, masechet: exact, kind: .name)
            }
        }
        let all = shas.sedarim.flatMap { seder in
            seder.masechtot.map {
                Candidate(seder: seder, masechet: $0, name: plain($0.name), aliases: MasechetAliases.aliases(of: $0.name).map(plain))
            }
        }
        if let alias = all.first(where: { $0.aliases.contains(spelt) }) { return alias.match(.alias) }
        let started = startingWith(spelt, in: all)
        if started.count == 1, let only = started.first { return only.match(.prefix) }
        if started.count > 1 { throw SelectorError.ambiguousName(text, candidates: started.map(\.masechet.name)) }
        return try nearest(text, in: all)
    }

    /// The masechtot one of whose names starts with `spelt`: those whose catalog name does first,
    /// then those with such an alias, each in Shas order.
    static func startingWith(_ spelt: String, in all: [Candidate]) -> [Candidate] {
        guard spelt.count >= shortestPrefix else { return [] }
        let byName = all.filter { $0.name.hasPrefix(spelt) }
        let byAlias = all.filter { candidate in
            !candidate.name.hasPrefix(spelt) && candidate.aliases.contains { $0.hasPrefix(spelt) }
        }
        return byName + byAlias
    }

    /// The one masechet with a name close enough to `text`; otherwise an error listing the closest.
    static func nearest(_ text: String, in all: [Candidate]) throws -> MasechetMatch {
        let spelt = String(plain(text).prefix(longestCompared))
        let key = normalized(spelt)
        // Folding merges some names ("Shabbat" and "Shevuot" both fold to "sabat"): ties are
        // broken by the distance between the names as written.
        let scored = all.map { candidate in
            let distances = candidate.names.map { name in
                (folded: distance(normalized(name), key), written: distance(name, spelt), name: name)
            }
            let best = distances.min { ($0.folded, $0.written) < ($1.folded, $1.written) }
            return (candidate, folded: best?.folded ?? Int.max, written: best?.written ?? Int.max, name: best?.name ?? candidate.name)
        }.sorted { ($0.folded, $0.written) < ($1.folded, $1.written) }
        if let best = scored.first, best.folded == 0 || isCloseEnough(key, normalized(best.name), distance: best.folded),
            scored.dropFirst().first.map({ ($0.folded, $0.written) != (best.folded, best.written) }) ?? true
        {
            return best.0.match(.nearSpelling)
        }
        throw SelectorError.unknownName(text, closest: closest(to: spelt, in: all).map(\.masechet.name))
    }

    /// The three masechtot most like `spelt`, the whole name or its start: "bavx" suggests the
    /// three Bava masechtot before "Yoma", which is as few edits away. None that shares nothing
    /// with it (as many edits as letters typed): "xyz" is like no masechet.
    static func closest(to spelt: String, in all: [Candidate]) -> [Candidate] {
        let key = normalized(spelt)
        func score(_ candidate: Candidate) -> (Int, Int) {
            candidate.names.map { name in
                (startOrWhole(key, normalized(name)), startOrWhole(spelt, name))
            }.min { $0 < $1 } ?? (Int.max, Int.max)
        }
        let ranked = all.enumerated().map { (index: $0.offset, candidate: $0.element, score: score($0.element)) }
            .filter { $0.score.0 < key.count }
        return ranked.sorted { ($0.score.0, $0.score.1, $0.index) < ($1.score.0, $1.score.1, $1.index) }.prefix(3).map(\.candidate)
    }

    /// The edits from `key` to `name`, or to its start plus one: a name begun is nearly a name.
    static func startOrWhole(_ key: String, _ name: String) -> Int {
        min(distance(key, name), distance(key, String(name.prefix(key.count))) + 1)
    }

    /// Lower-cased letters, with diacritics, niqqud, geresh, spaces and punctuation removed: the
    /// name as written.
    static func plain(_ text: String) -> String {
        // ASCII and Hebrew have nothing to fold beyond case: their marks are not letters.
        let needsFolding = text.unicodeScalars.contains { !$0.isASCII && !(0x0590...0x05FF).contains($0.value) }
        let folded =
            needsFolding
            ? text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            : text.lowercased()
        let letters = folded.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .otherLetter: true
            default: false
            }
        }
        return String(String.UnicodeScalarView(letters))
    }

    /// A spelling variant, not a different word: at least three letters once folded, starting
    /// with the same letter, and at most one edit per four letters. A run of vowels ("aaaa"
    /// folds to "a") names nothing.
    static func isCloseEnough(_ key: String, _ name: String, distance: Int) -> Bool {
        key.count >= 3 && key.first == name.first && distance <= max(1, key.count / 4)
    }

    /// A name as quoted in a message: long input is cut, so that the message stays one line.
    static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(37) + "…"
    }

    /// Whether `text` is a name people give `masechet` (as the catalog spells it), or the start
    /// of one: "brochos", "Berajot", "ברכות", "bera" for Berakhot.
    static func isName(_ text: String, of masechet: String) -> Bool {
        // Letters as written, not folded: "shevuot" is no name of Shabbat, nor "peah" of Pesachim.
        let wanted = plain(text)
        guard wanted.count >= 3 else { return false }
        return ([masechet] + MasechetAliases.aliases(of: masechet)).contains { plain($0).hasPrefix(wanted) }
    }

    /// Lower-cased letters with transliteration variants folded together.
    static func normalized(_ text: String) -> String {
        var s = plain(text)
        for (from, to) in [
            ("kh", "k"), ("ch", "k"), ("j", "k"), ("tz", "z"), ("ts", "z"), ("ph", "f"), ("sh", "s"),
            ("v", "b"), ("w", "b"), ("q", "k"), ("c", "k"), ("th", "t"), ("y", "i"), ("e", "a"), ("o", "a"), ("u", "a"),
        ] {
            s = s.replacingOccurrences(of: from, with: to)
        }
        var folded = ""
        for character in s where folded.last != character { folded.append(character) }
        if folded.hasSuffix("h") { folded.removeLast() }
        return folded
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension Masechet {
    /// Whether `text` is a name people give the masechet called `name`, or the start of one, however
    /// spelled: "brochos", "Berajot", "ברכות", "bera" for Berakhot.
    public static func isName(_ text: String, of name: String) -> Bool { MasechetNames.isName(text, of: name) }
}
