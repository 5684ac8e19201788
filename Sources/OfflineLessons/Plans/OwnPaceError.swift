/// An own pace that cannot be followed, said with what to give instead.
public enum OwnPaceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a masechet and a place of the unit: "Bava Metzia 2", "Berakhot 1:3", "Berakhot 3".
    case notAPlace(String, StudyUnit)
    /// No masechet of the Bavli (or, for Mishna, of the Mishna) is called so.
    case unknownMasechet(String, StudyUnit)
    /// A masechet of the Mishna with no Gemara of the Bavli, asked for by the daf: its name.
    case noGemara(String)
    /// The masechet (or chapter) has no such daf, chapter or mishna: its first and last.
    case outOfRange(String, StudyUnit, String, Int, Int)
    /// Not a count a pace takes: its range.
    case countOutOfRange(Int)

    public var words: Message {
        switch self {
        case .notAPlace(let text, .daf): Message(.planOwnPaceNotADaf, .text(text))
        case .notAPlace(let text, .mishna): Message(.planOwnPaceNotAMishna, .text(text))
        case .notAPlace(let text, .chapter): Message(.planOwnPaceNotAChapter, .text(text))
        case .unknownMasechet(let text, .daf): Message(.planOwnPaceUnknownMasechet, .text(text))
        case .unknownMasechet(let text, _): Message(.planOwnPaceUnknownMishna, .text(text))
        case .noGemara(let masechet): Message(.planOwnPaceNoGemara, .text(masechet))
        case .outOfRange(let text, let unit, let name, let first, let last):
            Message(
                unit == .daf ? .planOwnPaceDafOutOfRange : unit == .mishna ? .planOwnPaceMishnaOutOfRange : .planOwnPaceChapterOutOfRange,
                .text(text), .text(name), .number(first), .number(last))
        case .countOutOfRange(let count):
            Message(
                .planOwnPaceCountOutOfRange, .number(count), .number(OwnPace.countRange.lowerBound),
                .number(OwnPace.countRange.upperBound))
        }
    }

    public func message(_ language: UserLanguage) -> String { words.text(language) }
    public var description: String { message(.en) }
}
