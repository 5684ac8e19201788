/// A learning plan the library keeps ready: its calendar's lessons downloaded before their day
/// (``ahead``), and offered to `clean` once their day is ``keepDays`` past. One plan per calendar.
/// Written as JSON with its calendar's name, and an own pace's settings under `pace`.
public struct LearningPlan: Sendable, Hashable, Codable {
    public var calendar: DafCalendar
    /// Days ahead of today whose dapim are kept downloaded, today's included: with 3, on Sunday
    /// the dapim of Sunday to Wednesday (Daf HaShavua: the weeks those days fall in).
    public var ahead: Int
    /// Days a daf the plan downloaded is kept after its last day (its day, or its week's Shabbat)
    /// before `clean` offers it; 0 offers it the next day.
    public var keepDays: Int
    /// Which media the plan downloads; the PDF comes along when the lesson has one.
    public var media: MediaChoice
    /// Whether a daf never played through is kept past ``keepDays`` until it is.
    public var keepUnplayed: Bool

    /// Days ahead, and days kept, as the plan accepts them.
    public static let aheadRange = 0...30
    public static let keepRange = 0...3650

    public init(calendar: DafCalendar, ahead: Int = 3, keepDays: Int = 7, media: MediaChoice = .audio, keepUnplayed: Bool = false) {
        self.calendar = calendar
        self.ahead = ahead
        self.keepDays = keepDays
        self.media = media
        self.keepUnplayed = keepUnplayed
    }

    /// Its settings in words: "downloads the dapim of today and the next 3 days (audio), each kept 7
    /// days after its day"; for a weekly calendar "downloads the dapim of this week and of the
    /// weeks that start within the next 3 days…".
    public var settings: Message {
        let days: Message =
            switch (calendar.isWeekly, ahead) {
            case (true, 0): Message(.planAheadThisWeek)
            case (true, _): Message(.planAheadNextWeek, .number(ahead))
            case (false, 0): Message(.planAheadToday)
            case (false, 1): Message(.planAheadTomorrow)
            default: Message(.planAheadDays, .number(ahead))
            }
        let media: Phrase =
            switch self.media {
            case .audio: .planMediaAudio
            case .video: .planMediaVideo
            case .both: .planMediaBoth
            }
        let kept: Message =
            switch (keepDays, keepUnplayed) {
            case (0, false): Message(.planKeptNone)
            case (1, false): Message(.planKeptOneDay)
            case (_, false): Message(.planKeptDays, .number(keepDays))
            case (0, true): Message(.planKeptNoneUnplayed)
            case (1, true): Message(.planKeptOneDayUnplayed)
            case (_, true): Message(.planKeptDaysUnplayed, .number(keepDays))
            }
        let ready = Message(
            calendar.unit == .daf ? .planSettings : .planSettingsLessons, .message(days), .message(Message(media)), .message(kept))
        guard case .ownPace(let pace) = calendar else { return ready }
        return Message(.planOwnPaceSettings, .message(pace.settings), .message(ready))
    }

    private enum CodingKeys: String, CodingKey { case calendar, ahead, keepDays, media, keepUnplayed, pace }
    private enum PaceKeys: String, CodingKey { case from, began, every, unit, count, round }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(calendar, forKey: .calendar)
        try container.encode(ahead, forKey: .ahead)
        try container.encode(keepDays, forKey: .keepDays)
        try container.encode(media, forKey: .media)
        try container.encode(keepUnplayed, forKey: .keepUnplayed)
        if case .ownPace(let pace) = calendar {
            var settings = container.nestedContainer(keyedBy: PaceKeys.self, forKey: .pace)
            try settings.encode(pace.first.start, forKey: .from)
            try settings.encode(pace.began, forKey: .began)
            try settings.encode(pace.every, forKey: .every)
            try settings.encode(pace.unit, forKey: .unit)
            try settings.encode(pace.count, forKey: .count)
            if pace.round > 1 { try settings.encode(pace.round, forKey: .round) }
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(String.self, forKey: .calendar) == DafCalendar.ownPaceName {
            let settings = try container.nestedContainer(keyedBy: PaceKeys.self, forKey: .pace)
            calendar = .ownPace(
                try OwnPace(
                    from: try settings.decode(String.self, forKey: .from),
                    unit: try settings.decodeIfPresent(StudyUnit.self, forKey: .unit) ?? .daf,
                    count: try settings.decodeIfPresent(Int.self, forKey: .count) ?? 1,
                    began: try settings.decode(LearningDay.self, forKey: .began),
                    every: try settings.decode(OwnPace.Period.self, forKey: .every),
                    round: try settings.decodeIfPresent(Int.self, forKey: .round) ?? 1))
        } else {
            calendar = try container.decode(DafCalendar.self, forKey: .calendar)
        }
        ahead = try container.decode(Int.self, forKey: .ahead)
        keepDays = try container.decode(Int.self, forKey: .keepDays)
        media = try container.decode(MediaChoice.self, forKey: .media)
        keepUnplayed = try container.decode(Bool.self, forKey: .keepUnplayed)
    }

    /// The days whose dapim the plan wants downloaded on `today`, one per daf (Daf HaShavua: one
    /// day of each week), in order; none before the calendar began.
    public func days(from today: LearningDay) -> [LearningDay] {
        var days: [LearningDay] = []
        var last: LearningDay?
        for offset in 0...max(0, ahead) {
            let day = today.adding(days: offset)
            guard let learned = calendar.days(around: day), learned.upperBound != last else { continue }
            last = learned.upperBound
            days.append(day)
        }
        return days
    }
}

/// A plan's settings out of range: said with the range.
public enum PlanError: Error, Sendable, Hashable, CustomStringConvertible {
    case aheadOutOfRange(Int)
    case keepOutOfRange(Int)
    /// No plan follows the calendar of that name (`plan remove`).
    case noSuchPlan(String)

    public var words: Message {
        switch self {
        case .aheadOutOfRange(let days):
            Message(
                .planAheadOutOfRange, .number(days), .number(LearningPlan.aheadRange.lowerBound),
                .number(LearningPlan.aheadRange.upperBound))
        case .keepOutOfRange(let days):
            Message(
                .planKeepOutOfRange, .number(days), .number(LearningPlan.keepRange.lowerBound),
                .number(LearningPlan.keepRange.upperBound))
        case .noSuchPlan(let calendar): Message(.planNoSuchPlan, .text(calendar))
        }
    }

    public func message(_ language: UserLanguage) -> String { words.text(language) }
    public var description: String { message(.en) }
}
