import OfflineLessons

/// The Today page's words, in the page's language.
extension UIText {
    static func today(_ l: UserLanguage) -> String { Message(.screenToday).text(l) }
    static func onAPhone(_ l: UserLanguage) -> String { Message(.screenOnAPhone).text(l) }
    static func onAPhoneHow(_ l: UserLanguage) -> String { Message(.screenOnAPhoneHow).text(l) }
    static func phoneCode(_ l: UserLanguage) -> String { Message(.screenPhoneCode).text(l) }
    static func tomorrow(_ l: UserLanguage) -> String { Message(.screenTomorrow).text(l) }
    static func thisWeek(_ l: UserLanguage) -> String { Message(.screenThisWeek).text(l) }
    static func nextWeek(_ l: UserLanguage) -> String { Message(.screenNextWeek).text(l) }
    static func thatDay(_ l: UserLanguage) -> String { Message(.screenThatDay).text(l) }
    static func dayAfterThat(_ l: UserLanguage) -> String { Message(.screenDayAfterThat).text(l) }
    static func thatWeek(_ l: UserLanguage) -> String { Message(.screenThatWeek).text(l) }
    static func weekAfter(_ l: UserLanguage) -> String { Message(.screenWeekAfter).text(l) }
    static func dayBefore(_ l: UserLanguage) -> String { Message(.screenDayBefore).text(l) }
    static func dayAfter(_ l: UserLanguage) -> String { Message(.screenNextDay).text(l) }
    static func planFollowed(_ plan: LearningPlan, _ l: UserLanguage) -> String {
        Message(.screenPlanFollowed, .message(plan.settings)).text(l)
    }
    static func planNotFollowed(_ l: UserLanguage) -> String { Message(.screenPlanNotFollowed).text(l) }
    static func follow(_ l: UserLanguage) -> String { Message(.screenFollow).text(l) }
    static func followNamed(_ calendar: DafCalendar, _ l: UserLanguage) -> String {
        Message(.screenFollowNamed, .message(calendar.inSentence)).text(l)
    }
    static func stopFollowing(_ l: UserLanguage) -> String { Message(.screenStopFollowing).text(l) }
    static func stopFollowingNamed(_ calendar: DafCalendar, _ l: UserLanguage) -> String {
        Message(.screenStopFollowingNamed, .message(calendar.inSentence)).text(l)
    }
    static func makeReady(_ l: UserLanguage) -> String { Message(.screenMakeReady).text(l) }
    static func makeReadyNamed(_ l: UserLanguage) -> String { Message(.screenMakeReadyNamed).text(l) }
    static func followedNow(_ calendar: DafCalendar, _ ready: String, _ l: UserLanguage) -> String {
        Message(.screenFollowedNow, .message(calendar.title), .text(ready)).text(l)
    }
    static func stopConfirm(_ calendar: DafCalendar, at place: String, _ l: UserLanguage) -> String {
        guard case .ownPace = calendar else { return Message(.screenStopConfirm, .message(calendar.inSentence)).text(l) }
        return Message(.screenStopOwnPaceConfirm, .message(calendar.inSentence), .text(place)).text(l)
    }
    static func stoppedNow(_ calendar: DafCalendar, _ l: UserLanguage) -> String {
        Message(.screenStoppedNow, .message(calendar.title)).text(l)
    }
    static func readyRequested(_ count: Int, _ l: UserLanguage) -> String { Message(.screenReadyRequested, .number(count)).text(l) }
    static func readyNothing(_ l: UserLanguage) -> String { Message(.screenReadyNothing).text(l) }
    static func readyWaiting(_ count: Int, _ l: UserLanguage) -> String { Message(.screenReadyWaiting, .number(count)).text(l) }
    static func readyLater(_ l: UserLanguage) -> String { Message(.screenReadyLater).text(l) }
    static func planSettingsOf(_ calendar: DafCalendar, _ l: UserLanguage) -> String {
        Message(.screenPlanSettingsOf, .message(calendar.inSentence)).text(l)
    }
    static func daysAhead(_ l: UserLanguage) -> String { Message(.screenDaysAhead).text(l) }
    static func daysKept(_ l: UserLanguage) -> String { Message(.screenDaysKept).text(l) }
    static func keepUntilPlayed(_ l: UserLanguage) -> String { Message(.screenKeepUntilPlayed).text(l) }
    static func goesAnyway(_ l: UserLanguage) -> String { Message(.screenGoesAnyway).text(l) }
    static func goesOncePlayed(_ l: UserLanguage) -> String { Message(.screenGoesOncePlayed).text(l) }
    static func save(_ l: UserLanguage) -> String { Message(.screenSave).text(l) }
    static func planSaved(_ calendar: DafCalendar, _ ready: String, _ l: UserLanguage) -> String {
        Message(.screenPlanSaved, .message(calendar.title), .text(ready)).text(l)
    }
    /// Why a daf has no lesson here ("not in the catalog, which has no Gemara of Shekalim: skipped").
    static func absence(_ lesson: CalendarLesson, _ l: UserLanguage) -> String {
        switch lesson.absence {
        case .noGemara: Message(.todayNoGemara, .text(lesson.portion.masechet)).text(l)
        case .noMishna: Message(.todayNoMishna, .text(lesson.portion.masechet)).text(l)
        case .noLesson, nil: Message(.todayNoLesson).text(l)
        }
    }
    /// Why some lessons of the page are not known. A listing not cached, with a server that did
    /// not answer: it comes when the server does; any other reason, as the catalog says it.
    static func lessonsUnknown(_ error: CatalogError, serverConfigured: Bool, _ l: UserLanguage) -> String {
        if case .notCached(let what) = error, serverConfigured {
            return Message(.screenNotHereYet, .message(CatalogError.subject(what))).text(l)
        }
        return Message(.todayUnknown, .message(error.words)).text(l)
    }

    static func ownPaceTitle(_ l: UserLanguage) -> String { Message(.calendarOwnPace).text(l) }
    static func ownPaceOffer(_ l: UserLanguage) -> String { Message(.screenOwnPaceOffer).text(l) }
    static func followOwnPace(_ l: UserLanguage) -> String { Message(.screenFollowOwnPace).text(l) }
    static func startAt(_ l: UserLanguage) -> String { Message(.screenStartAt).text(l) }
    static func firstDay(_ l: UserLanguage) -> String { Message(.screenFirstDay).text(l) }
    static func every(_ l: UserLanguage) -> String { Message(.screenEvery).text(l) }
    static func paceCount(_ l: UserLanguage) -> String { Message(.screenPaceCount).text(l) }
    static func paceUnit(_ l: UserLanguage) -> String { Message(.screenPaceUnit).text(l) }
    static func unit(_ unit: StudyUnit, _ l: UserLanguage) -> String {
        Message(unit == .daf ? .screenUnitDapim : unit == .mishna ? .screenUnitMishnayot : .screenUnitChapters).text(l)
    }
    static func period(_ period: OwnPace.Period, _ l: UserLanguage) -> String {
        Message(period == .day ? .screenEveryDay : .screenEveryWeek).text(l)
    }
}
