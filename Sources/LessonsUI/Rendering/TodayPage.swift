import Foundation
import OfflineLessons

/// The home page: each calendar's daf (or own pace's portion) for the day and the next one, with their state, a play
/// button when downloaded, where the daf stands in its cycle, and the calendar's plan (followed
/// or not, with its button). The plans' calendars come first.
enum TodayPage {
    /// One calendar on the page.
    struct Section: Sendable {
        var calendar: DafCalendar
        var plan: LearningPlan?
        var now: CalendarLesson?
        var next: CalendarLesson?
        /// What is learned on the day and next, named even when the catalog cannot say more.
        var nowPortion: Portion
        var nextPortion: Portion?
        var day: LearningDay
        /// Where the calendar stands today (the page may show another day).
        var standsAt: String
    }

    /// The page of `day`; one of another day than `today` is titled with its date, says "that day"
    /// and "the day after", and has no Make ready (which acts on today). With `phone`, the app's
    /// address on the network, the page ends with it and its QR code.
    static func render(
        _ day: LearningDay, today: LearningDay, _ sections: [Section], playbacks: [LessonID: Playback], unknown: String?,
        phone: URL? = nil, _ context: PageContext
    ) -> HTML {
        let l = context.language
        let followed = sections.contains { $0.plan != nil }
        let isToday = day == today
        let ready: HTML =
            followed && isToday
            ? "<div class=\"scope\">\(Controls.action(UIText.makeReady(l), "/api/plan/ready", name: UIText.makeReadyNamed(l), icon: .download, id: "make-ready"))</div>"
            : .empty
        let days = """
            <p class="days"><a href="/today?date=\(day.adding(days: -1).iso)" id="day-before">‹ \(UIText.dayBefore(l))</a> \
            \(isToday ? HTML.empty : "<a href=\"/today\" id=\"back-to-today\">\(UIText.today(l))</a> ")\
            <a href="/today?date=\(day.adding(days: 1).iso)" id="day-after">\(UIText.dayAfter(l)) ›</a></p>
            """
        // Another day's title is its date already.
        let date: HTML = isToday ? "<p class=\"day\" id=\"day\">\(day.spoken.text(l))</p>" : .empty
        let body: HTML = """
            \(date)
            \(HTML(stringLiteral: days))
            \(ready)
            \(sections.html { section($0, playbacks: playbacks, waits: context.queuedWait, isToday: isToday, l) })\
            \(sections.contains { $0.calendar.rawValue == DafCalendar.ownPaceName } ? .empty : ownPaceOffer(day, l))\
            \(phone.map { onAPhone($0, l) } ?? .empty)
            """
        let title = isToday ? UIText.today(l) : day.spoken.text(l)
        return Layout.page(title, context, notices: unknown.map { [$0] } ?? [], body: body)
    }

    static func section(_ section: Section, playbacks: [LessonID: Playback], waits: QueuedWait, isToday: Bool, _ l: UserLanguage) -> HTML {
        let id = "plan-\(section.calendar.rawValue)"
        let weekly = section.calendar.isWeekly
        let (nowLabel, nextLabel) =
            switch (weekly, isToday) {
            case (true, true): (UIText.thisWeek(l), UIText.nextWeek(l))
            case (false, true): (UIText.today(l), UIText.tomorrow(l))
            case (true, false): (UIText.thatWeek(l), UIText.weekAfter(l))
            case (false, false): (UIText.thatDay(l), UIText.dayAfterThat(l))
            }
        let stop: HTML =
            section.plan == nil
            ? .empty
            : "<div class=\"scope\">\(Controls.action(UIText.stopFollowing(l), "/api/plan/stop?calendar=\(section.calendar.rawValue)", name: UIText.stopFollowingNamed(section.calendar, l), icon: .cancel, confirm: UIText.stopConfirm(section.calendar, at: section.standsAt, l), id: "\(id)-stop"))</div>"
        // The lessons first; the plan's settings after them, folded away once the plan is followed.
        let plan: HTML = """
            <p class="plan-settings">\(section.plan.map { UIText.planFollowed($0, l) } ?? UIText.planNotFollowed(l))</p>
            <details class="plan-details"\(section.plan == nil ? HTML(stringLiteral: " open") : .empty)><summary><span>\(UIText.planSettingsOf(section.calendar, l))</span></summary>
            \(settings(section.calendar, section.plan, id: id, l))</details>
            \(stop)
            """
        return """
            <section class="plan" id="\(id)" aria-labelledby="\(id)-title">
            <h2 id="\(id)-title">\(section.calendar.title.text(l)): \(section.nowPortion.name)</h2>
            <p class="cycle">\(section.calendar.place(of: section.nowPortion, on: section.day).text(l))</p>
            \(portion(nowLabel, named: false, section.nowPortion, section.now, id: "\(id)-now", playbacks, waits, l))\
            \(section.nextPortion.map { portion(nextLabel, named: true, $0, section.next, id: "\(id)-next", playbacks, waits, l) } ?? .empty)
            \(plan)
            </section>

            """
    }

    /// A plan's settings as a form: Follow with them, or Save them (a followed plan).
    static func settings(_ calendar: DafCalendar, _ plan: LearningPlan?, id: String, _ l: UserLanguage) -> HTML {
        let submit = plan == nil ? UIText.follow(l) : UIText.save(l)
        let name = plan == nil ? UIText.followNamed(calendar, l) : UIText.planSettingsOf(calendar, l)
        return """
            <form class="plan-form" id="\(id)-settings" data-action="/api/plan/follow?calendar=\(calendar.rawValue)">
            <fieldset><legend class="visually-hidden">\(UIText.planSettingsOf(calendar, l))</legend>
            \(paceFields(calendar, l))\(keepFields(plan ?? LearningPlan(calendar: calendar), l))
            <p class="form-problem" id="\(id)-problem" role="alert"></p>
            <button type="submit" id="\(id)-follow" aria-label="\(name)" title="\(name)">\(Icon.download.svg)<span>\(submit)</span></button>
            </fieldset></form>

            """
    }

    /// What any plan sets: days ahead, days kept, media, and whether an unplayed daf stays.
    static func keepFields(_ shown: LearningPlan, _ l: UserLanguage) -> HTML {
        let ahead = LearningPlan.aheadRange
        let keep = LearningPlan.keepRange
        return """
            <label>\(UIText.daysAhead(l)) <input type="number" name="ahead" min="\(ahead.lowerBound)" max="\(ahead.upperBound)" value="\(shown.ahead)" required></label>
            <label>\(UIText.daysKept(l)) <input type="number" name="keep" min="\(keep.lowerBound)" max="\(keep.upperBound)" value="\(shown.keepDays)" required></label>
            <label>\(UIText.mediumColumn(l)) <select name="media">\(MediaChoice.allCases.html { choice in
                "<option value=\"\(choice.rawValue)\"\(choice == shown.media ? HTML(stringLiteral: " selected") : .empty)>\(UIText.choiceLong(choice, l))</option>"
            })</select></label>
            <label>\(UIText.keepUntilPlayed(l)) <select name="unplayed">\([(false, UIText.goesAnyway(l)), (true, UIText.goesOncePlayed(l))].html { kept, text in
                "<option value=\"\(kept ? 1 : 0)\"\(kept == shown.keepUnplayed ? HTML(stringLiteral: " selected") : .empty)>\(text)</option>"
            })</select></label>
            """
    }

    /// The app's address on the network and its QR code, folded: for a phone on the same Wi-Fi.
    static func onAPhone(_ url: URL, _ l: UserLanguage) -> HTML {
        guard let code = QRCode(url.absoluteString) else { return .empty }
        return """
            <details class="plan-details on-a-phone" id="on-a-phone"><summary><span>\(UIText.onAPhone(l))</span></summary>
            <p>\(UIText.onAPhoneHow(l))</p>
            \(code.svg(label: UIText.phoneCode(l)))
            <p class="address"><a href="\(url.absoluteString)" id="phone-address" dir="ltr">\(url.absoluteString)</a></p>
            </details>

            """
    }

    /// One's own pace, not yet followed: what it is, and a form to choose where it starts, how
    /// many dapim, mishnayot or chapters, from which day and how often, with the other settings.
    static func ownPaceOffer(_ day: LearningDay, _ l: UserLanguage) -> HTML {
        let id = "plan-own-pace"
        let name = UIText.followOwnPace(l)
        let defaults = LearningPlan(calendar: .dafYomi)
        return """
            <section class="plan" id="\(id)" aria-labelledby="\(id)-title">
            <h2 id="\(id)-title">\(UIText.ownPaceTitle(l))</h2>
            <p class="plan-settings">\(UIText.ownPaceOffer(l))</p>
            <details class="plan-details"><summary><span>\(name)</span></summary>
            <form class="plan-form" id="\(id)-settings" data-action="/api/plan/follow?calendar=\(DafCalendar.ownPaceName)">
            <fieldset><legend class="visually-hidden">\(name)</legend>
            <label>\(UIText.startAt(l)) <input type="text" name="from" required placeholder="Bava Metzia 2" autocomplete="off" aria-describedby="\(id)-problem"></label>
            <label>\(UIText.paceCount(l)) <input type="number" name="count" min="\(OwnPace.countRange.lowerBound)" max="\(OwnPace.countRange.upperBound)" value="1" required></label>
            <label>\(UIText.paceUnit(l)) <select name="unit">\(StudyUnit.allCases.html { unit in
                "<option value=\"\(unit.rawValue)\">\(UIText.unit(unit, l))</option>"
            })</select></label>
            <label>\(UIText.firstDay(l)) <input type="date" name="began" value="\(day.iso)" required></label>
            <label>\(UIText.every(l)) <select name="every">\(OwnPace.Period.allCases.html { period in
                "<option value=\"\(period.rawValue)\">\(UIText.period(period, l))</option>"
            })</select></label>
            \(keepFields(defaults, l))
            <p class="form-problem" id="\(id)-problem" role="alert"></p>
            <button type="submit" id="\(id)-follow" aria-label="\(name)" title="\(name)">\(Icon.download.svg)<span>\(UIText.follow(l))</span></button>
            </fieldset></form></details>
            </section>

            """
    }

    /// An own pace's settings: how many and how often can change (it goes on from where it
    /// stands); where it started is kept as it is.
    static func paceFields(_ calendar: DafCalendar, _ l: UserLanguage) -> HTML {
        guard case .ownPace(let pace) = calendar else { return .empty }
        return """
            <input type="hidden" name="from" value="\(pace.first.start)"><input type="hidden" name="began" value="\(pace.began.iso)">\
            <input type="hidden" name="unit" value="\(pace.unit.rawValue)"><input type="hidden" name="round" value="\(pace.round)">\
            <input type="hidden" name="goes-on" value="1">
            <label>\(UIText.paceCount(l)) <input type="number" name="count" min="\(OwnPace.countRange.lowerBound)" max="\(OwnPace.countRange.upperBound)" value="\(pace.count)" required></label>
            <label>\(UIText.every(l)) <select name="every">\(OwnPace.Period.allCases.html { period in
                "<option value=\"\(period.rawValue)\"\(period == pace.every ? HTML(stringLiteral: " selected") : .empty)>\(UIText.period(period, l))</option>"
            })</select></label>
            """
    }

    /// Whether the portion's one lesson, in the row below its heading, bears its name already.
    static func namedByItsRow(_ portion: Portion, _ lesson: CalendarLesson?) -> Bool {
        guard let lesson, lesson.absence == nil, lesson.lessons.count == 1 else { return false }
        return lesson.lessons[0].name == portion.name
    }

    /// One day's portion: a heading, then its lessons with their state and buttons, or why it
    /// has none here. The day's own is named by the section's heading already: its heading says
    /// only when (`named` false).
    static func portion(
        _ when: String, named: Bool, _ portion: Portion, _ lesson: CalendarLesson?, id: String, _ playbacks: [LessonID: Playback],
        _ waits: QueuedWait, _ l: UserLanguage
    ) -> HTML {
        let content: HTML
        if let lesson, lesson.absence != nil {
            let mishna: HTML =
                lesson.mishnaMasechetId.map { id in
                    ". <a href=\"/shas/mishna/\(id)\">\(Message(.screenMishnaOf, .text(portion.masechet)).text(l))</a>"
                } ?? .empty
            content = "<p class=\"absence\">\(UIText.absence(lesson, l))\(mishna)</p>\n"
        } else if let lesson {
            content = """
                <table class="lessons">
                <thead><tr><th scope="col">\(UIText.lessonColumn(l))</th>\(MediaKind.allCases.html { "<th scope=\"col\">\($0.name(l))</th>" })<th scope="col">\(UIText.actionsColumn(l))</th></tr></thead>
                <tbody>
                \(lesson.lessons.html { ShasPages.row($0, scope: "type=\($0.type.rawValue)&masechet=\($0.masechetId)", playback: playbacks[LessonID($0.type, $0.id)], waits: waits, l) })</tbody>
                </table>

                """
        } else {
            content = .empty
        }
        return """
            <div class="daf" id="\(id)">
            <h3>\(when)\(named && !Self.namedByItsRow(portion, lesson) ? ": " + portion.name : "")</h3>
            \(content)</div>

            """
    }
}
