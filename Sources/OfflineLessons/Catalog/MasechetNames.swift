import Foundation

/// Finds a masechet by id or by a name spelt any common way ("Berakhot", "berajot", "Brachot").
enum MasechetNames {
    /// The masechet `text` names in `shas`; throws naming the closest names when none matches.
    static func find(_ text: String, in shas: Shas) throws -> (seder: Seder, masechet: Masechet) {
        if let id = Int(text) {
            guard let found = shas.masechet(id: id) else { throw SelectorError("no masechet has id \(id)", remedy: .consultCatalog) }
            return found
        }
        let all = shas.sedarim.flatMap { seder in seder.masechtot.map { (seder, $0) } }
        let spelt = plain(text)
        if let exact = all.first(where: { plain($0.1.name) == spelt }) { return exact }
        // Folding merges some names ("Shabbat" and "Shevuot" both fold to "sabat"): ties are
        // broken by the distance between the names as written.
        let key = normalized(text)
        let scored = all.map { candidate in
            (candidate, folded: distance(normalized(candidate.1.name), key), written: distance(plain(candidate.1.name), spelt))
        }.sorted { ($0.folded, $0.written) < ($1.folded, $1.written) }
        if let best = scored.first, best.folded == 0 || isCloseEnough(key, normalized(best.0.1.name), distance: best.folded),
            scored.dropFirst().first.map({ ($0.folded, $0.written) != (best.folded, best.written) }) ?? true
        {
            return best.0
        }
        let suggestions = scored.prefix(3).map { $0.0.1.name }.joined(separator: ", ")
        throw SelectorError("no masechet is called '\(shortened(text))'; closest: \(suggestions)", remedy: .consultCatalog)
    }

    /// Lower-cased letters, diacritics removed: the name as written.
    static func plain(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        return String(folded.unicodeScalars.filter { CharacterSet.letters.contains($0) }.map(Character.init))
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
