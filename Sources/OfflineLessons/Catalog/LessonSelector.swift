import Foundation

/// A selector from the CLI contract:
/// `gemara:<masechet>[:<daf>[-<daf>]]`, `mishna:<masechet>[:<chapter>[:<mishna>]]`,
/// `gemara/<id>`, `mishna/<id>`. A masechet is named (tolerantly) or given by id.
public enum LessonSelector: Sendable, Hashable, CustomStringConvertible {
    case gemara(masechet: String, dapim: ClosedRange<Int>?)
    case mishna(masechet: String, chapters: ClosedRange<Int>?, mishnayot: ClosedRange<Int>?)
    case lesson(LessonID)

    /// Parses a selector; throws ``SelectorError`` naming what is wrong.
    public init(parsing input: String) throws {
        // Quoted in messages: a long one is cut, so that a message stays one line.
        let text = MasechetNames.shortened(input)
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        for type in LessonType.allCases where trimmed.lowercased().hasPrefix("\(type.rawValue)/") {
            guard let id = Int(trimmed.dropFirst(type.rawValue.count + 1)), id > 0 else {
                throw SelectorError("'\(text)': the id after '\(type.rawValue)/' must be a positive integer")
            }
            self = .lesson(LessonID(type, id))
            return
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let type = LessonType(rawValue: parts[0].lowercased()), !parts[1].isEmpty else {
            throw SelectorError(
                "'\(text)' is not a selector: use gemara:<masechet>[:<daf>[-<daf>]], mishna:<masechet>[:<chapter>[:<mishna>]], gemara/<id> or mishna/<id>"
            )
        }
        switch type {
        case .gemara:
            guard parts.count <= 3 else { throw SelectorError("'\(text)': a Gemara selector is gemara:<masechet>[:<daf>[-<daf>]]") }
            self = .gemara(masechet: parts[1], dapim: try parts.count == 3 ? Self.range(parts[2], what: "daf", in: text) : nil)
        case .mishna:
            guard parts.count <= 4 else { throw SelectorError("'\(text)': a Mishna selector is mishna:<masechet>[:<chapter>[:<mishna>]]") }
            self = .mishna(
                masechet: parts[1],
                chapters: try parts.count >= 3 ? Self.range(parts[2], what: "chapter", in: text) : nil,
                mishnayot: try parts.count == 4 ? Self.range(parts[3], what: "mishna", in: text) : nil)
        }
    }

    static func range(_ text: String, what: String, in selector: String) throws -> ClosedRange<Int> {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        switch bounds.count {
        case 1:
            if let value = bounds[0], value > 0 { return value...value }
        case 2:
            if let low = bounds[0], let high = bounds[1], low > 0, low <= high { return low...high }
        default:
            break
        }
        throw SelectorError(
            "'\(MasechetNames.shortened(selector))': '\(MasechetNames.shortened(text))' is not a \(what) or a range of them (like 2 or 2-11)"
        )
    }

    public var type: LessonType {
        switch self {
        case .gemara: .gemara
        case .mishna: .mishna
        case .lesson(let id): id.type
        }
    }

    public var description: String {
        func show(_ range: ClosedRange<Int>) -> String {
            range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
        }
        switch self {
        case .gemara(let masechet, let dapim): return "gemara:\(masechet)" + (dapim.map { ":" + show($0) } ?? "")
        case .mishna(let masechet, let chapters, let mishnayot):
            return "mishna:\(masechet)" + (chapters.map { ":" + show($0) } ?? "") + (mishnayot.map { ":" + show($0) } ?? "")
        case .lesson(let id): return id.description
        }
    }
}
