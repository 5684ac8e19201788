import Foundation

/// A selector from the CLI contract:
/// `gemara:<masechet>[:<daf>[-<daf>]]`, `mishna:<masechet>[:<chapter>[:<mishna>]]`,
/// `gemara/<id>`, `mishna/<id>`; also a lesson as named ("Megillah 2", "Berakhot 1:3"). A masechet
/// is named (tolerantly) or given by id.
public enum LessonSelector: Sendable, Hashable, CustomStringConvertible {
    case gemara(masechet: String, dapim: ClosedRange<Int>?)
    case mishna(masechet: String, chapters: ClosedRange<Int>?, mishnayot: ClosedRange<Int>?)
    case lesson(LessonID)

    /// Parses a selector; throws ``SelectorError`` naming what is wrong.
    public init(parsing input: String) throws {
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        for type in LessonType.allCases where trimmed.lowercased().hasPrefix("\(type.rawValue)/") {
            guard let id = Int(trimmed.dropFirst(type.rawValue.count + 1)), id > 0 else {
                throw SelectorError.badID(input, type: type)
            }
            self = .lesson(LessonID(type, id))
            return
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let type = LessonType(rawValue: parts[0].lowercased()), !parts[1].isEmpty else {
            guard let named = try Self.named(trimmed, in: input) else { throw SelectorError.notASelector(input) }
            self = named
            return
        }
        switch type {
        case .gemara:
            guard parts.count <= 3 else { throw SelectorError.tooManyParts(input, type: .gemara) }
            self = .gemara(masechet: parts[1], dapim: try parts.count == 3 ? Self.range(parts[2], of: .daf, in: input) : nil)
        case .mishna:
            guard parts.count <= 4 else { throw SelectorError.tooManyParts(input, type: .mishna) }
            self = .mishna(
                masechet: parts[1],
                chapters: try parts.count >= 3 ? Self.range(parts[2], of: .chapter, in: input) : nil,
                mishnayot: try parts.count == 4 ? Self.range(parts[3], of: .mishna, in: input) : nil)
        }
    }

    /// A lesson as people name it, as every list prints it: "Megillah 2" and "Megillah 2-4" (dapim),
    /// "Berakhot 1:3" and "Berakhot 1:3-5" (mishnayot of a chapter); `nil` for another form.
    static func named(_ text: String, in input: String) throws -> LessonSelector? {
        // The masechet starts with a letter and has no digit or colon: "Megillah 2 5" is no name.
        var named: LessonSelector?
        if let match = text.wholeMatch(of: /([^\d:]*[^\s\d:])\s+(\d+):(\d+(?:\s*-\s*\d+)?)/), startsWithLetter(match.1) {
            let chapter = try range(String(match.2), of: .chapter, in: input)
            named = .mishna(masechet: String(match.1), chapters: chapter, mishnayot: try range(String(match.3), of: .mishna, in: input))
        } else if let match = text.wholeMatch(of: /([^\d:]*[^\s\d:])\s+(\d+[abAB]?(?:\s*-\s*\d+[abAB]?)?)/), startsWithLetter(match.1) {
            let dapim = String(match.2)
            // "Berakhot 1" is the Mishna's first chapter more often than a daf no one learns.
            if let first = dapim.split(whereSeparator: { !$0.isNumber }).compactMap({ Int($0) }).min(), first < 2 {
                throw SelectorError.noSuchDaf(first, masechet: String(match.1), in: input)
            }
            named = .gemara(masechet: String(match.1), dapim: try range(dapim, of: .daf, in: input))
        }
        // Taken only when it reads back as itself: a mark or a joining character at its edge would
        // merge with the colon a selector writes beside it.
        guard let named, (try? LessonSelector(parsing: named.description)) == named else { return nil }
        return named
    }

    /// Whether `text` starts with a letter of its own (not a mark that joins what comes before).
    private static func startsWithLetter(_ text: Substring) -> Bool {
        switch text.unicodeScalars.first?.properties.generalCategory {
        case .uppercaseLetter?, .lowercaseLetter?, .titlecaseLetter?, .modifierLetter?, .otherLetter?: true
        default: false
        }
    }

    /// `2` or `2-11`, counted from where `counted` starts. Says what is wrong with anything
    /// else: a reversed range, an amud (dapim are whole), a number before the first.
    static func range(_ text: String, of counted: SelectorError.Counted, in selector: String) throws -> ClosedRange<Int> {
        let part = text.trimmingCharacters(in: .whitespaces)
        if part.hasPrefix("-"), part.dropFirst().first?.isNumber == true {
            throw SelectorError.beforeFirst("-" + part.dropFirst().prefix { $0.isNumber }, counted, in: selector)
        }
        let pieces = part.split(separator: "-", omittingEmptySubsequences: false)
        var bounds: [Int] = []
        var amud = false
        for piece in pieces {
            var digits = piece.trimmingCharacters(in: .whitespaces)[...]
            if counted == .daf, let last = digits.last, "abAB".contains(last) {
                digits = digits.dropLast()
                amud = true
            }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else {
                throw SelectorError.notANumber(text, counted, in: selector)
            }
            bounds.append(value)
        }
        guard let low = bounds.first, let high = bounds.last, bounds.count <= 2 else {
            throw SelectorError.notANumber(text, counted, in: selector)
        }
        if min(low, high) < counted.first { throw SelectorError.beforeFirst("\(min(low, high))", counted, in: selector) }
        if amud { throw SelectorError.amud(min(low, high)...max(low, high), in: selector) }
        if low > high { throw SelectorError.reversed(part, low: high, high: low, in: selector) }
        return low...high
    }

    public var type: LessonType {
        switch self {
        case .gemara: .gemara
        case .mishna: .mishna
        case .lesson(let id): id.type
        }
    }

    public var description: String {
        let show = SelectorError.show
        switch self {
        case .gemara(let masechet, let dapim): return "gemara:\(masechet)" + (dapim.map { ":" + show($0) } ?? "")
        case .mishna(let masechet, let chapters, let mishnayot):
            return "mishna:\(masechet)" + (chapters.map { ":" + show($0) } ?? "") + (mishnayot.map { ":" + show($0) } ?? "")
        case .lesson(let id): return id.description
        }
    }
}
