/// The calendars' days and places as sentences of the catalog, said in either language: the
/// same words on the command line and on the screen.
extension LearningDay {
    /// "Shabbat, 28 November 2026", "Shabat, 28 de noviembre de 2026".
    public var spoken: Message {
        let weekdays: [Phrase] = [
            .weekdaySunday, .weekdayMonday, .weekdayTuesday, .weekdayWednesday, .weekdayThursday, .weekdayFriday, .weekdayShabbat,
        ]
        return Message(.todayDate, .message(Message(weekdays[weekday - 1])), .number(day), .message(monthName), .number(year))
    }

    /// "28 November 2026", "28 de noviembre de 2026".
    public var spokenWithYear: Message { Message(.dateDayMonthYear, .number(day), .message(monthName), .number(year)) }

    /// "28 November", "28 de noviembre": a day near the one the reader is on.
    public var spokenShort: Message { Message(.dateDayMonth, .number(day), .message(monthName)) }

    private var monthName: Message {
        let months: [Phrase] = [
            .monthJanuary, .monthFebruary, .monthMarch, .monthApril, .monthMay, .monthJune, .monthJuly, .monthAugust,
            .monthSeptember, .monthOctober, .monthNovember, .monthDecember,
        ]
        return Message(months[month - 1])
    }
}

extension DafCalendar {
    /// Where `daf`, learned on `day`, stands in its cycle: "day 2520 of 2711, cycle 14"; for Daf
    /// HaShavua also its week ("week 1135 of 2711, cycle 1; 22 November to 28 November"); for an
    /// own pace the plan's day or week and the places ("day 3 of the plan; dapim 5–6 of 2711").
    public func place(of daf: Portion, on day: LearningDay) -> Message {
        switch self {
        case .dafYomi: return Message(.todayDayOfCycle, .number(daf.position), .number(daf.length), .number(daf.cycle))
        case .dafHashavua:
            let week = days(around: day)
            return Message(
                .todayWeekOfCycle, .number(daf.position), .number(daf.length), .number(daf.cycle),
                .message(week?.lowerBound.spokenShort ?? .verbatim("")),
                .message(week?.upperBound.spokenShort ?? .verbatim("")))
        case .ownPace(let pace):
            let period = (pace.period(of: day) ?? 0) + 1
            let within = Self.within(daf, pace.unit)
            guard pace.every == .week, let week = days(around: day) else { return Message(.todayOwnDay, .number(period), .message(within)) }
            return Message(
                .todayOwnWeek, .number(period), .message(week.lowerBound.spokenShort), .message(week.upperBound.spokenShort),
                .message(within))
        }
    }

    /// "daf 5 of 2711 of the Bavli", "mishnayot 3–4 of 4187 of the Mishna"; past the first
    /// round, with its number ("daf 1 of 2711 of the Bavli, round 2").
    private static func within(_ portion: Portion, _ unit: StudyUnit) -> Message {
        let place = placeWithin(portion, unit)
        return portion.cycle > 1 ? Message(.placeInRound, .message(place), .number(portion.cycle)) : place
    }

    private static func placeWithin(_ portion: Portion, _ unit: StudyUnit) -> Message {
        let (from, to, of) = (
            Message.Argument.number(portion.position), Message.Argument.number(portion.lastPosition),
            Message.Argument.number(portion.length)
        )
        guard portion.places.count > 1 else {
            return Message(unit == .daf ? .placeDaf : unit == .mishna ? .placeMishna : .placeChapter, from, of)
        }
        return Message(unit == .daf ? .placeDapim : unit == .mishna ? .placeMishnayot : .placeChapters, from, to, of)
    }
}
