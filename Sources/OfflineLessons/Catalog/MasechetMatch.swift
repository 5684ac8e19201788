/// The masechet a selector's name resolved to, and how it was found: a caller shows the resolved
/// name when the match was a guess (``isFuzzy``), so that a wrong guess is seen before it costs.
public struct MasechetMatch: Sendable, Hashable {
    /// How the name was matched.
    public enum Kind: Sendable, Hashable {
        /// A masechet id.
        case id
        /// The catalog's name, up to case, diacritics and spaces.
        case name
        /// A known other name: Hebrew, a common transliteration, an abbreviation.
        case alias
        /// The start of exactly one masechet's name ("rosh" for Rosh Hashanah).
        case prefix
        /// A spelling close to one masechet's name and to no other.
        case nearSpelling
    }

    public var seder: Seder
    public var masechet: Masechet
    public var kind: Kind

    public init(seder: Seder, masechet: Masechet, kind: Kind) {
        self.seder = seder
        self.masechet = masechet
        self.kind = kind
    }

    /// Neither an id, the name nor a known alias: worth telling the user what it resolved to.
    public var isFuzzy: Bool { kind == .prefix || kind == .nearSpelling }
}

extension LessonSelector {
    /// The masechet this selector names, looked up in `shas`; `nil` for a lesson given by id.
    /// Throws ``SelectorError`` (with ``SelectorError/suggestions``) when the name resolves to
    /// no masechet or to several.
    public func masechetMatch(in shas: Shas) throws -> MasechetMatch? {
        switch self {
        case .gemara(let name, _), .mishna(let name, _, _): try MasechetNames.find(name, in: shas)
        case .lesson: nil
        }
    }
}
