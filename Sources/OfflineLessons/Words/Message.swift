/// A sentence of the library's catalog (``Phrasebook``) or of another (``PhraseCatalog``: the
/// screen's, the command line's) with its values, said in either language when it is shown.
/// Values are plain text (a path, a number, the server's own words) or words of a catalog
/// themselves, translated along with the sentence.
public struct Message: Sendable, Hashable, CustomStringConvertible {
    /// A value put into the sentence's `%1$@`, `%2$@`… placeholders.
    public indirect enum Argument: Sendable, Hashable, ExpressibleByStringLiteral {
        /// Said as it is in every language.
        case text(String)
        /// A sentence of the catalog, in the sentence's language.
        case message(Message)
        /// A number with `places` decimals, with the language's decimal mark ("4.2", "4,2").
        case decimal(Double, places: Int)

        public init(stringLiteral value: String) { self = .text(value) }

        func text(_ language: UserLanguage, marked: Bool) -> String {
            switch self {
            case .text(let text): text
            case .message(let message): message.text(language, marked: marked)
            case .decimal(let value, let places): language.decimal(value, places: places)
            }
        }
    }

    /// ``Phrase/elsewhere`` for a sentence of another catalog.
    public private(set) var key: Phrase
    public var arguments: [Argument]
    /// The sentence of another catalog, when ``key`` is ``Phrase/elsewhere``.
    private var elsewhere: Elsewhere?

    public init(_ key: Phrase, _ arguments: Argument...) {
        self.key = key
        self.arguments = arguments
    }

    public init(_ key: Phrase, arguments: [Argument]) {
        self.key = key
        self.arguments = arguments
    }

    /// A sentence of another catalog (the screen's, the command line's), said in either language
    /// as the library's are.
    public init(_ key: some PhraseCatalog, arguments: [Argument]) {
        self.key = .elsewhere
        self.arguments = arguments
        self.elsewhere = Elsewhere(key: key)
    }

    /// Text said as it is in every language (a system's or a server's own words).
    public static func verbatim(_ text: String) -> Message { Message(.verbatim, .text(text)) }

    /// The sentence in `language`, its placeholders filled.
    public func text(_ language: UserLanguage) -> String { text(language, marked: false) }

    /// The sentence in `language`; `marked`, the catalog's own words in it (not the values, not
    /// a verbatim text) are put between `⟦` and `⟧`, so that a test can tell text said through
    /// the catalog from text that was not (a pseudo-language).
    public func text(_ language: UserLanguage, marked: Bool) -> String {
        let template = elsewhere?.key.template(language) ?? Phrasebook.template(key, language)
        return Phrasebook.fill(marked ? Phrasebook.marked(template) : template, with: arguments.map { $0.text(language, marked: marked) })
    }

    /// The sentence in English.
    public var description: String { text(.en) }
}

extension Message.Argument {
    /// A number, written as digits in every language.
    public static func number(_ value: Int) -> Self { .text(String(value)) }

    /// A word of the catalog with no values.
    public static func word(_ key: Phrase) -> Self { .message(Message(key)) }
}

/// A catalog of sentences kept beside the library's (the screen's, the command line's): its keys, each with a
/// template per language in the library's form (`%1$@` placeholders, `%1$(lesson|lessons)` for a
/// word whose form follows a count).
public protocol PhraseCatalog: RawRepresentable<String>, Hashable, Sendable {
    /// Every sentence in English.
    static var english: [Self: String] { get }
    /// Every sentence in Spanish.
    static var spanish: [Self: String] { get }
}

extension PhraseCatalog {
    /// The sentence in `language`, its placeholders unfilled; the English one when the language
    /// lacks it, the key itself when both do.
    public func template(_ language: UserLanguage) -> String {
        (language == .es ? Self.spanish[self] : nil) ?? Self.english[self] ?? rawValue
    }
}

extension Message {
    /// A key of another catalog, compared by its type and name.
    private struct Elsewhere: Sendable, Hashable {
        let key: any PhraseCatalog

        static func == (lhs: Self, rhs: Self) -> Bool {
            type(of: lhs.key) == type(of: rhs.key) && lhs.key.rawValue == rhs.key.rawValue
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(type(of: key)))
            hasher.combine(key.rawValue)
        }
    }
}

/// The catalog's tables: one per language, each holding every sentence (``Phrasebook/english``,
/// ``Phrasebook/spanish``), keyed by ``Phrase`` as a `Localizable.strings` file is keyed.
public enum Phrasebook {
    /// The table of `language`.
    public static func table(_ language: UserLanguage) -> [Phrase: String] {
        switch language {
        case .es: spanish
        case .en: english
        }
    }

    /// The sentence of `key` in `language`; the English one when the language lacks it, the key
    /// itself when both do.
    public static func template(_ key: Phrase, _ language: UserLanguage) -> String {
        table(language)[key] ?? english[key] ?? key.rawValue
    }

    /// The placeholder numbers a template uses (`%2$@` → 2), in order of appearance.
    public static func placeholders(_ template: String) -> [Int] {
        var found: [Int] = []
        scan(template) {
            found.append($0)
            return ""
        }
        return found
    }

    /// The placeholder numbers whose value chooses a word's form (`%2$(file|files)` → 2).
    public static func counts(_ template: String) -> [Int] {
        var found: [Int] = []
        _ = choosingForms(template) { number, _, other in
            found.append(number)
            return other
        }
        return found
    }

    /// `template` with its fixed words between `⟦` and `⟧`, its placeholders as they are.
    static func marked(_ template: String) -> String {
        var result = ""
        var words = ""
        var rest = Substring(template)
        func flush() {
            if !words.isEmpty { result += "⟦" + words + "⟧" }
            words = ""
        }
        while let percent = rest.firstIndex(of: "%") {
            words += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            let tail = after[digits.endIndex...]
            if !digits.isEmpty, tail.hasPrefix("$@") {
                flush()
                result += "%" + digits + "$@"
                rest = tail.dropFirst(2)
            } else {
                words += "%"
                rest = after
            }
        }
        words += rest
        flush()
        return result
    }

    /// `template` with each `%N$@` replaced by `arguments[N - 1]` (by nothing when there is none),
    /// and each `%N$(one|other)` by `one` when that value is 1, else by `other`.
    static func fill(_ template: String, with arguments: [String]) -> String {
        let value = { (number: Int) in number >= 1 && number <= arguments.count ? arguments[number - 1] : "" }
        return scan(template, value: value) { value($0) == "1" ? $1 : $2 }
    }

    /// `template` with each `%N$(one|other)` replaced by what `form` gives for it, its `%N$@`
    /// placeholders as they are.
    static func choosingForms(_ template: String, form: (Int, String, String) -> String) -> String {
        scan(template, value: { "%\($0)$@" }, form: form)
    }

    /// Copies `template`, replacing each `%N$@` by what `value` gives for N, and each
    /// `%N$(one|other)` by what `form` gives for N and the two forms (placeholders in it filled).
    @discardableResult
    private static func scan(
        _ template: String, value: (Int) -> String, form: (Int, String, String) -> String = { _, _, other in other }
    ) -> String {
        var result = ""
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            let tail = after[digits.endIndex...]
            if let number = Int(digits), tail.hasPrefix("$@") {
                result += value(number)
                rest = tail.dropFirst(2)
            } else if let number = Int(digits), tail.hasPrefix("$("), let close = tail.firstIndex(of: ")"),
                case let forms = tail[tail.index(tail.startIndex, offsetBy: 2)..<close].split(
                    separator: "|", omittingEmptySubsequences: false),
                forms.count == 2
            {
                result += scan(form(number, String(forms[0]), String(forms[1])), value: value, form: form)
                rest = tail[tail.index(after: close)...]
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }
}
