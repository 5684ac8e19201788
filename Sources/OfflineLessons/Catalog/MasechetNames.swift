import Foundation

/// Finds a masechet by id or by a name spelt any common way ("Berakhot", "berajot", "Brachot").
enum MasechetNames {
    /// The masechet `text` names in `shas`; throws naming the closest names when none matches.
    static func find(_ text: String, in shas: Shas) throws -> (seder: Seder, masechet: Masechet) {
        if let id = Int(text) {
            guard let found = shas.masechet(id: id) else { throw SelectorError("no masechet has id \(id)", remedy: .consultCatalog) }
            return found
        }
        let key = normalized(text)
        let all = shas.sedarim.flatMap { seder in seder.masechtot.map { (seder, $0) } }
        if let exact = all.first(where: { normalized($0.1.name) == key }) { return exact }
        let scored = all.map { ($0, distance(normalized($0.1.name), key)) }.sorted { $0.1 < $1.1 }
        if let best = scored.first, best.1 <= max(1, key.count / 4), scored.dropFirst().first.map({ $0.1 > best.1 }) ?? true {
            return best.0
        }
        let suggestions = scored.prefix(3).map { $0.0.1.name }.joined(separator: ", ")
        throw SelectorError("no masechet is called '\(text)'; closest: \(suggestions)", remedy: .consultCatalog)
    }

    /// Lower-cased letters with transliteration variants folded together.
    static func normalized(_ text: String) -> String {
        var s = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        s = String(s.unicodeScalars.filter { CharacterSet.letters.contains($0) }.map(Character.init))
        for (from, to) in [("kh", "k"), ("ch", "k"), ("j", "k"), ("tz", "z"), ("ts", "z"), ("ph", "f"), ("sh", "s"),
                           ("v", "b"), ("w", "b"), ("q", "k"), ("c", "k"), ("th", "t"), ("y", "i"), ("e", "a"), ("o", "a"), ("u", "a")]
        {
            s = s.replacingOccurrences(of: from, with: to)
        }
        var folded = ""
        for character in s where folded.last != character { folded.append(character) }
        if folded.hasSuffix("h") { folded.removeLast() }
        return folded
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
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
