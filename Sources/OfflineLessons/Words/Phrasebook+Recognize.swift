/// Text the library stored in English (a failure's reason in the registry, an event's detail,
/// also from older versions) recognised as a sentence of the catalog, so that it can be said in
/// the reader's language.
extension Phrasebook {
    /// The sentence of the catalog `english` is, with its values (themselves recognised); said
    /// as it is when no sentence matches. Among matches, the one with the most fixed words wins.
    public static func recognize(_ english: String) -> Message {
        recognize(english, depth: 0)
    }

    private static func recognize(_ english: String, depth: Int) -> Message {
        guard depth < 4, !english.isEmpty else { return .verbatim(english) }
        // A size or a time as English writes it ("1.5 MB", "0.7 s") takes the reader's decimal mark.
        if depth > 0, let size = english.wholeMatch(of: /(\d+\.\d) ([KMGT]B|s|min|h)/), let value = Double(size.1) {
            return Message(.countWord, .decimal(value, places: 1), .text(String(size.2)))
        }
        for pattern in patterns {
            guard let values = pattern.match(english) else { continue }
            let recognized = values.map { recognize($0, depth: depth + 1) }
            // A sentence of few fixed words ("%1$@ of %2$@") splits ordinary text anywhere: it is
            // taken only when each of its values is itself known, a number, or quoted input.
            if pattern.fixedCount < 8, !zip(values, recognized).allSatisfy({ $1.key != .verbatim || isValue($0) }) { continue }
            return Message(pattern.key, arguments: recognized.map { .message($0) })
        }
        return .verbatim(english)
    }

    /// The argument parser's own sentences, said as the catalog's (in English too: "unknown option").
    private static let parserForms: [(Phrase, String)] = [
        (.cliMissingArgument, "Missing expected argument '%1$@'"),
        (.cliUnknownOption, "Unknown option '%1$@'"),
        (.cliUnknownOptionMeant, "Unknown option '%1$@'. Did you mean '%2$@'?"),
        (.cliUnexpectedArgument, "Unexpected argument '%1$@'"),
        (.cliMissingValue, "Missing value for '%1$@'"),
        (.cliInvalidValue, "The value '%1$@' is invalid for '%2$@'"),
        (.cliInvalidValuePlease, "The value '%1$@' is invalid for '%2$@'. Please provide one of %3$@."),
        // Two values it joins with "and": one of them is meant.
        (.cliOr, "%1$@ and %2$@"),
    ]

    /// Digits with separators and signs (a count, a size), or text in quotes ('audio', 'video').
    private static func isValue(_ text: String) -> Bool {
        let number = text.contains { $0.isNumber } && text.allSatisfy { $0.isNumber || ",.-+".contains($0) }
        return number || (text.count >= 2 && text.hasPrefix("'") && text.hasSuffix("'"))
    }

    /// Every English sentence but the verbatim ones, split at its placeholders, most fixed text
    /// first.
    private static let patterns: [Pattern] = (english.map { ($0.key, $0.value) } + parserForms).flatMap { key, template in
        key == .verbatim || key == .elsewhere ? [] : writtenForms(template).compactMap { Pattern(key: key, template: $0) }
    }.sorted { ($0.fixedCount, $0.key.rawValue) > ($1.fixedCount, $1.key.rawValue) }

    /// The forms a template takes in text: each count's words singular or plural, and the form
    /// older versions stored ("%1$@ item(s)").
    static func writtenForms(_ template: String) -> [String] {
        var counts: [Int] = []
        _ = choosingForms(template) { number, _, _ in
            if !counts.contains(number) { counts.append(number) }
            return ""
        }
        guard !counts.isEmpty else { return [template] }
        let chosen = (0..<(1 << counts.count)).map { mask in
            choosingForms(template) { number, one, other in
                mask & (1 << (counts.firstIndex(of: number) ?? 0)) != 0 ? one : other
            }
        }
        // "item(s) that wait" for "item that waits|items that wait": the plural, its nouns marked.
        let older = choosingForms(template) { _, one, other in
            let (ones, others) = (one.split(separator: " "), other.split(separator: " "))
            guard ones.count == others.count else { return other }
            return zip(ones, others).map { one, other in
                other.count > one.count && other.hasPrefix(one) ? one + "(" + other.dropFirst(one.count) + ")" : other
            }.joined(separator: " ")
        }
        return chosen + [older]
    }

    /// A template as fixed pieces between placeholders: "retry %1$@ of %2$@" → ["retry ", " of ", ""].
    private struct Pattern: Sendable {
        var key: Phrase
        var pieces: [String]
        var order: [Int]
        var fixedCount: Int

        init?(key: Phrase, template: String) {
            var pieces: [String] = []
            var order: [Int] = []
            var rest = Substring(template)
            var piece = ""
            while let percent = rest.firstIndex(of: "%") {
                piece += rest[..<percent]
                let after = rest[rest.index(after: percent)...]
                let digits = after.prefix { $0.isASCII && $0.isNumber }
                let tail = after[digits.endIndex...]
                if let number = Int(digits), tail.hasPrefix("$@") {
                    pieces.append(piece)
                    piece = ""
                    order.append(number)
                    rest = tail.dropFirst(2)
                } else {
                    piece += "%"
                    rest = after
                }
            }
            pieces.append(piece + rest)
            // Two values side by side cannot be told apart.
            if pieces.dropFirst().dropLast().contains("") { return nil }
            self.key = key
            self.pieces = pieces
            self.order = order
            self.fixedCount = pieces.reduce(0) { $0 + $1.count }
        }

        /// The values in placeholder order (`%1$@` first) when `text` has this sentence's form.
        func match(_ text: String) -> [String]? {
            if order.isEmpty { return text == pieces[0] ? [] : nil }
            guard text.hasPrefix(pieces[0]), text.hasSuffix(pieces[pieces.count - 1]),
                text.count >= pieces[0].count + pieces[pieces.count - 1].count
            else { return nil }
            var rest = text.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
            var found: [String] = []
            // Each value runs to the first occurrence of the next fixed piece.
            for piece in pieces.dropFirst().dropLast() {
                guard let range = rest.range(of: piece), range.lowerBound > rest.startIndex else { return nil }
                found.append(String(rest[..<range.lowerBound]))
                rest = rest[range.upperBound...]
            }
            guard !rest.isEmpty else { return nil }
            found.append(String(rest))
            var values = [String](repeating: "", count: order.max() ?? 0)
            for (index, number) in order.enumerated() where number >= 1 { values[number - 1] = found[index] }
            return values
        }
    }
}
