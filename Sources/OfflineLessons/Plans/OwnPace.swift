/// One's own pace: from a place and a day one chooses, so many dapim, mishnayot or chapters of
/// Mishna every day or every week. Dapim follow the order Daf Yomi learns the Bavli, the Mishna
/// the order of the sedarim; past the end it starts again (Berakhot 2, Berakhot 1:1).
public struct OwnPace: Sendable, Hashable {
    public enum Period: String, Sendable, Hashable, Codable, CaseIterable {
        case day, week

        var days: Int { self == .day ? 1 : 7 }
    }

    public let unit: StudyUnit
    /// How many of ``unit`` each period.
    public let count: Int
    /// The first place, its masechet named as the catalog spells it: "Bava Metzia 2".
    public let first: StudyPlace
    /// The day the first place is learned (by the week: weeks are counted from it).
    public let began: LearningDay
    public let every: Period
    /// The round of the sequence the first place is learned in, from 1: a pace continued past
    /// the end of the Bavli or the Mishna goes on counting its rounds.
    public let round: Int
    /// Where the first place stands in its sequence, from 0.
    let start: Int

    public static let countRange = 1...30

    /// The pace from `first`: a masechet as the calendars name it (any spelling of it), then a
    /// daf ("Bava Metzia 2"), a chapter and a mishna ("Berakhot 1:3"), or a chapter ("Berakhot
    /// 3", by the chapter). The unit, when not given, is the daf, or the mishna for "1:3".
    public init(
        from first: String, unit: StudyUnit? = nil, count: Int = 1, began: LearningDay, every: Period, round: Int = 1
    ) throws {
        guard Self.countRange.contains(count) else { throw OwnPaceError.countOutOfRange(count) }
        let words = first.split(separator: " ")
        let numbers = words.last?.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) } ?? []
        let unit = unit ?? (numbers.count == 2 ? .mishna : .daf)
        guard words.count > 1, let number = numbers.first ?? nil, numbers.count == 1 || unit != .daf,
            numbers.count <= 2, numbers.allSatisfy({ $0 != nil })
        else { throw OwnPaceError.notAPlace(first, unit) }
        let mishna = numbers.count == 2 ? numbers[1] : nil
        if unit == .chapter, let mishna, mishna != 1 { throw OwnPaceError.notAPlace(first, unit) }
        let named = MasechetNames.normalized(words.dropLast().joined(separator: " "))
        // A masechet by its name or any other name people give it ("Brachos", "ברכות").
        let isNamed = { (masechet: String) in
            MasechetNames.normalized(masechet) == named
                || MasechetAliases.aliases(of: masechet).contains { MasechetNames.normalized($0) == named }
        }
        let sequence = StudySequence.of(unit)
        let index = sequence.parts.firstIndex { part in isNamed(part.masechet) && (unit != .mishna || part.chapter == number) }
        guard let index else {
            let known = sequence.parts.contains { isNamed($0.masechet) }
            if !known, unit == .daf, let mishna = StudySequence.chapters.parts.first(where: { isNamed($0.masechet) }) {
                throw OwnPaceError.noGemara(mishna.masechet)
            }
            guard known else { throw OwnPaceError.unknownMasechet(first, unit) }
            let chapters = StudySequence.chapters.parts.first { isNamed($0.masechet) }
            throw OwnPaceError.outOfRange(first, .chapter, chapters?.masechet ?? first, 1, chapters?.last ?? 1)
        }
        let part = sequence.parts[index]
        let numbered = unit == .mishna ? mishna ?? 1 : number
        guard (part.first...part.last).contains(numbered) else {
            let name = unit == .mishna ? "\(part.masechet) \(number)" : part.masechet
            throw OwnPaceError.outOfRange(first, unit, name, part.first, part.last)
        }
        start = sequence.position(of: numbered, in: index)
        self.first = sequence.place(at: start)
        self.unit = unit
        self.count = count
        self.began = began
        self.every = every
        self.round = max(1, round)
    }

    /// The pace going on from where it stands on `today`, with what is given changed: its place
    /// is kept. A new period starts on `today` (or `began`) from the place of today's; the same
    /// period goes on from the start of today's day or week. Before its first day, the pace is
    /// the same one with the changes.
    public func continuing(on today: LearningDay, count: Int? = nil, every: Period? = nil, began: LearningDay? = nil) throws
        -> OwnPace
    {
        let every = every ?? self.every
        let now = portion(on: today)
        let place = now?.places.first ?? first
        let periodStart = every == self.every ? days(around: today)?.lowerBound : today
        let began = began ?? (today >= self.began ? periodStart ?? today : self.began)
        return try OwnPace(
            from: place.start, unit: unit, count: count ?? self.count, began: began, every: every, round: now?.cycle ?? round)
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

    /// What is learned on `day`: its round counts passes through the sequence from its start.
    func portion(on day: LearningDay) -> Portion? {
        guard let period = period(of: day) else { return nil }
        let sequence = StudySequence.of(unit)
        let position = start + (round - 1) * sequence.count + period * count
        return Portion(
            places: (0..<count).map { sequence.place(at: position + $0) }, cycle: 1 + position / sequence.count,
            position: position % sequence.count + 1, length: sequence.count)
    }

    /// "from Bava Metzia 2 on 29 November 2026, a daf a day"; "…, 2 chapters of Mishna a week".
    public var settings: Message {
        Message(
            every == .day ? .planOwnPaceDaily : .planOwnPaceWeekly, .text(first.start), .message(began.spokenWithYear), .message(amount))
    }

    /// "a daf", "2 dapim", "a mishna", "3 mishnayot", "a chapter of Mishna".
    public var amount: Message {
        switch (unit, count) {
        case (.daf, 1): Message(.paceOneDaf)
        case (.daf, _): Message(.paceDapim, .number(count))
        case (.mishna, 1): Message(.paceOneMishna)
        case (.mishna, _): Message(.paceMishnayot, .number(count))
        case (.chapter, 1): Message(.paceOneChapter)
        case (.chapter, _): Message(.paceChapters, .number(count))
        }
    }
}
