/// One's own pace through the Bavli, in the order Daf Yomi learns it: from a daf, on a day, a
/// daf every day or every week; past Niddah it goes on with Berakhot 2.
public struct OwnPace: Sendable, Hashable {
    public enum Period: String, Sendable, Hashable, Codable, CaseIterable {
        case day, week

        var days: Int { self == .day ? 1 : 7 }
    }

    /// The first daf, its masechet named as the catalog spells it: "Bava Metzia 2".
    public let first: ScheduledDaf
    /// The day the first daf is learned (a daf a week: weeks are counted from it).
    public let began: LearningDay
    public let every: Period
    /// Where the first daf stands in the sequence, from 0.
    let start: Int

    /// The pace from `first` ("Bava Metzia 2", "bava metsia 2": a masechet as the calendars
    /// name it, any spelling of it, then a daf it has), learned from `began`, a daf every `every`.
    public init(from first: String, began: LearningDay, every: Period) throws {
        let words = first.split(separator: " ")
        guard let last = words.last, let daf = Int(last), words.count > 1 else { throw OwnPaceError.notADaf(first) }
        let named = MasechetNames.normalized(words.dropLast().joined(separator: " "))
        let sequence = DafSequence.current
        guard let index = sequence.parts.firstIndex(where: { MasechetNames.normalized($0.masechet) == named }) else {
            throw OwnPaceError.unknownMasechet(first)
        }
        let part = sequence.parts[index]
        guard (part.first...part.last).contains(daf) else { throw OwnPaceError.dafOutOfRange(first, part.masechet, part.first, part.last) }
        start = sequence.parts[..<index].reduce(0) { $0 + $1.count } + daf - part.first
        self.first = ScheduledDaf(masechet: part.masechet, daf: daf, cycle: 1, position: start + 1, length: sequence.count)
        self.began = began
        self.every = every
    }

    /// The period `day` falls in, from 0 (the first day's or week's); `nil` before the first.
    public func period(of day: LearningDay) -> Int? {
        day >= began ? (day - began) / every.days : nil
    }

    /// The days of the period `day` falls in.
    func days(around day: LearningDay) -> ClosedRange<LearningDay>? {
        guard let period = period(of: day) else { return nil }
        let from = began.adding(days: period * every.days)
        return from...from.adding(days: every.days - 1)
    }

    /// The daf learned on `day`: its cycle counts rounds of the Bavli from the first daf's.
    func daf(on day: LearningDay) -> ScheduledDaf? {
        guard let period = period(of: day) else { return nil }
        let sequence = DafSequence.current
        let position = start + period
        let (masechet, daf) = sequence.daf(at: position % sequence.count)
        return ScheduledDaf(
            masechet: masechet, daf: daf, cycle: 1 + position / sequence.count, position: position % sequence.count + 1,
            length: sequence.count)
    }

    /// "from Bava Metzia 2 on 2026-11-29, a daf a day".
    public var settings: Message {
        Message(every == .day ? .planOwnPaceDaily : .planOwnPaceWeekly, .text(first.name), .text(began.iso))
    }
}

/// An own pace that cannot be followed, said with what to give instead.
public enum OwnPaceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a masechet's name and a daf: "Bava Metzia 2".
    case notADaf(String)
    /// No masechet of the Bavli is called so.
    case unknownMasechet(String)
    /// The masechet has no such daf: its first and last.
    case dafOutOfRange(String, String, Int, Int)

    public var words: Message {
        switch self {
        case .notADaf(let text): Message(.planOwnPaceNotADaf, .text(text))
        case .unknownMasechet(let text): Message(.planOwnPaceUnknownMasechet, .text(text))
        case .dafOutOfRange(let text, let masechet, let first, let last):
            Message(.planOwnPaceDafOutOfRange, .text(text), .text(masechet), .number(first), .number(last))
        }
    }

    public func message(_ language: UserLanguage) -> String { words.text(language) }
    public var description: String { message(.en) }
}
