/// A learning calendar: Daf Yomi (a daf a day), Daf HaShavua (a daf a week, Sunday to Shabbat)
/// or one's own pace (dapim, mishnayot or chapters of Mishna, a day or a week). Computed offline from their published rules,
/// as KosherJava's calculators do: the first Daf Yomi cycle began on 11 September 1923; from the
/// 8th (24 June 1975) a cycle has 2,711 days, Shekalim being learned from the Yerushalmi (22 dapim,
/// 13 before); Kinnim, Tamid and Middot are learned within Meilah's pagination (dapim 23–37). Daf
/// HaShavua began on Wednesday 2 March 2005, that week's daf lasting to Shabbat.
///
/// A calendar is known by its ``rawValue``: a library follows one plan of each, and an own pace's
/// settings (its first daf, day and period) belong to that one plan.
public enum DafCalendar: Sendable, Hashable, CaseIterable, RawRepresentable, Codable {
    case dafYomi
    case dafHashavua
    case ownPace(OwnPace)

    /// The published calendars (an own pace is one's own, not listed).
    public static let allCases: [DafCalendar] = [.dafYomi, .dafHashavua]

    /// "daf-yomi", "daf-hashavua", "own-pace".
    public var rawValue: String {
        switch self {
        case .dafYomi: "daf-yomi"
        case .dafHashavua: "daf-hashavua"
        case .ownPace: Self.ownPaceName
        }
    }

    public static let ownPaceName = "own-pace"

    /// A published calendar by its name; an own pace needs its settings (``ownPace(_:)``).
    public init?(rawValue: String) {
        guard let calendar = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = calendar
    }

    public static func == (lhs: DafCalendar, rhs: DafCalendar) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Written as its name; a plan writes an own pace's settings beside it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let calendar = DafCalendar(rawValue: name) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "'\(name)' is not a published calendar"))
        }
        self = calendar
    }

    /// Where the calendar comes in lists: the published ones first.
    var order: Int { Self.allCases.firstIndex(of: self) ?? Self.allCases.count }

    /// What the calendar counts: dapim, or an own pace's unit.
    public var unit: StudyUnit {
        if case .ownPace(let pace) = self { return pace.unit }
        return .daf
    }

    /// Whether a daf lasts a week (tomorrow's daf is next week's).
    public var isWeekly: Bool {
        switch self {
        case .dafYomi: false
        case .dafHashavua: true
        case .ownPace(let pace): pace.every == .week
        }
    }

    static let dafYomiBegan = LearningDay(dayNumber: LearningDay.dayNumber(year: 1923, month: 9, day: 11))
    static let shekalimChanged = LearningDay(dayNumber: LearningDay.dayNumber(year: 1975, month: 6, day: 24))
    static let dafHashavuaBegan = LearningDay(dayNumber: LearningDay.dayNumber(year: 2005, month: 3, day: 2))

    /// "Daf Yomi", "Daf HaShavua" (the same in both languages), "Own pace" ("A tu ritmo").
    public var title: Message {
        switch self {
        case .dafYomi: Message(.calendarDafYomi)
        case .dafHashavua: Message(.calendarDafHashavua)
        case .ownPace: Message(.calendarOwnPace)
        }
    }

    /// The calendar named within a sentence: "Stop following your own pace", "… Daf Yomi".
    public var inSentence: Message {
        if case .ownPace = self { return Message(.calendarOwnPaceInSentence) }
        return title
    }

    /// The first day of the calendar: no daf is assigned before it.
    public var began: LearningDay {
        switch self {
        case .dafYomi: Self.dafYomiBegan
        case .dafHashavua: Self.dafHashavuaBegan
        case .ownPace(let pace): pace.began
        }
    }

    /// What is learned on `day`: a published calendar's daf, or an own pace's share; `nil`
    /// before the calendar began.
    public func portion(on day: LearningDay) -> Portion? {
        if case .ownPace(let pace) = self { return pace.portion(on: day) }
        guard let (cycle, position, sequence) = place(of: day) else { return nil }
        return Portion(places: [sequence.place(at: position)], cycle: cycle, position: position + 1, length: sequence.count)
    }

    /// The days on which `day`'s daf is learned: the day itself for Daf Yomi, its week for Daf
    /// HaShavua (from the calendar's first day, in its first week).
    public func days(around day: LearningDay) -> ClosedRange<LearningDay>? {
        guard day >= began else { return nil }
        switch self {
        case .dafYomi:
            return day...day
        case .dafHashavua:
            let sunday = day.adding(days: 1 - day.weekday)
            return max(sunday, began)...sunday.adding(days: 6)
        case .ownPace(let pace):
            return pace.days(around: day)
        }
    }

    /// The cycle (from 1), the 0-based position in it, and the cycle's sequence of dapim.
    private func place(of day: LearningDay) -> (cycle: Int, position: Int, sequence: StudySequence)? {
        guard day >= began else { return nil }
        switch self {
        case .dafYomi where day < Self.shekalimChanged:
            let sequence = StudySequence.dapimBeforeShekalimChange
            let elapsed = day - Self.dafYomiBegan
            return (1 + elapsed / sequence.count, elapsed % sequence.count, sequence)
        case .dafYomi:
            let sequence = StudySequence.dapim
            let elapsed = day - Self.shekalimChanged
            return (8 + elapsed / sequence.count, elapsed % sequence.count, sequence)
        case .dafHashavua:
            let sequence = StudySequence.dapim
            let firstSunday = began.adding(days: 1 - began.weekday)
            let weeks = (day - firstSunday) / 7
            return (1 + weeks / sequence.count, weeks % sequence.count, sequence)
        case .ownPace:
            return nil
        }
    }
}
