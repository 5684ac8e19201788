import Foundation

/// What a plan wants on a day: each portion of its days with the catalog's lessons and their
/// state, and the lessons still to fetch.
public struct PlanWork: Sendable {
    public var plan: LearningPlan
    /// Each portion of the plan's days (a daf, or an own pace's share), today's first.
    public var portions: [CalendarLesson]
    /// The lessons whose media the plan asks for are not all complete.
    public var missing: [PlacedLesson]
}

extension LessonLibrary {
    /// The plans the library follows, Daf Yomi first.
    public func plans() async throws -> [LearningPlan] {
        try await database.plans()
    }

    /// Follows `plan`, or changes the settings of the plan of its calendar. Fetches nothing by
    /// itself: see ``work(of:on:fetchingWithin:)`` and ``fetch(_:)``.
    public func setPlan(_ plan: LearningPlan) async throws {
        try checkWritable()
        guard LearningPlan.aheadRange.contains(plan.ahead) else { throw PlanError.aheadOutOfRange(plan.ahead) }
        guard LearningPlan.keepRange.contains(plan.keepDays) else { throw PlanError.keepOutOfRange(plan.keepDays) }
        try await database.savePlan(plan, at: now())
    }

    /// Stops following `calendar`'s plan. Its lessons stay, as any other download (the age and
    /// quota rules of `clean` apply to them from now on).
    public func removePlan(_ calendar: DafCalendar) async throws {
        try checkWritable()
        guard try await database.deletePlan(calendar) else { throw PlanError.noSuchPlan(calendar.rawValue) }
    }

    /// What `plan` wants on `today`: its dapim, looked up in the catalog (a listing not cached is
    /// fetched within `timeout`; none when nil), and the lessons among them still to fetch. A
    /// daf the catalog lacks is listed with its ``CalendarLesson/absence`` and fetched never.
    public func work(of plan: LearningPlan, on today: LearningDay, fetchingWithin timeout: Duration?) async throws -> PlanWork {
        let catalog = catalog(within: timeout)
        var portions: [CalendarLesson] = []
        var placed: [PlacedLesson] = []
        for day in plan.days(from: today) {
            guard let portion = plan.calendar.portion(on: day), let days = plan.calendar.days(around: day) else { continue }
            let (lessons, absence) = try await catalog.lessons(on: portion)
            placed += lessons
            portions.append(
                CalendarLesson(
                    calendar: plan.calendar, day: day, from: days.lowerBound, to: days.upperBound, portion: portion,
                    lessons: try await status(of: lessons, sync: false), absence: absence,
                    mishnaMasechetId: try await catalog.mishnaMasechetId(of: portion, absence)))
        }
        let items = try await database.mediaItems(of: placed.map(\.id))
        let missing = placed.filter { lesson in
            let complete = Set((items[lesson.id] ?? []).filter { $0.state == .complete }.map(\.key.medium))
            return plan.media.media.contains { lesson.lesson.link(for: $0) != nil && !complete.contains($0) }
        }
        return PlanWork(plan: plan, portions: portions, missing: missing)
    }

    /// Requests the lessons `work` is missing (see ``download(_:media:)``); those the library did
    /// not hold yet become the plan's, for `clean` to offer once their day is past. A lesson of
    /// its days another plan brought in becomes this plan's too: `clean` keeps it while either
    /// plan keeps it. `nil` when nothing is missing.
    public func fetch(_ work: PlanWork) async throws -> DownloadRun? {
        let calendar = work.plan.calendar.rawValue
        let wanted = Set(work.missing.map(\.id))
        let claimed = Dictionary(grouping: try await database.planLessons(), by: \.lesson)
        let claims = work.portions.flatMap { due in due.lessons.map { (LessonID($0.type, $0.id), due.to) } }.filter { lesson, day in
            if wanted.contains(lesson) { return true }
            guard let rows = claimed[lesson], rows.contains(where: { $0.calendar != calendar }) else { return false }
            return !rows.contains { $0.calendar == calendar && $0.day == day }
        }
        if !claims.isEmpty {
            try checkWritable()
            try await database.claimPlanLessons(work.plan.calendar, claims)
        }
        guard !work.missing.isEmpty else { return nil }
        return try await download(work.missing, media: work.plan.media)
    }

    /// Each lesson a plan brought in and `clean` weighs: kept while its daf is within the plan's
    /// keep period (or unplayed, when the plan keeps those), else offered, with the reason.
    func planHolds(on today: LearningDay) async throws -> [LessonID: PlanHold] {
        let plans = Dictionary(try await database.plans().map { ($0.calendar.rawValue, $0) }, uniquingKeysWith: { a, _ in a })
        guard !plans.isEmpty else { return [:] }
        let played = Set(try await database.playbacks().filter(\.played).map(\.lesson))
        var holds: [LessonID: PlanHold] = [:]
        for (calendar, lesson, day) in try await database.planLessons() {
            guard let plan = plans[calendar] else { continue }
            let past = today - day > plan.keepDays && (!plan.keepUnplayed || played.contains(lesson))
            let hold: PlanHold =
                past
                ? .offered(Message(.planPastReason, .message(plan.calendar.title), .text(day.iso), .number(plan.keepDays)))
                : .kept(day)
            // A lesson two plans brought is kept while either keeps it, at the day that matters more.
            switch (holds[lesson], hold) {
            case (.kept(let other), .kept(let this)) where PlanHold.sweepOrder(other, today) > PlanHold.sweepOrder(this, today): break
            case (.kept, .offered): break
            default: holds[lesson] = hold
            }
        }
        return holds
    }
}

/// How a plan weighs a lesson it brought in, for `clean`.
enum PlanHold: Sendable, Hashable {
    /// Its day (of this plan) is near or within the keep period: no age rule removes it, a quota
    /// sweep takes it last.
    case kept(LearningDay)
    /// Its day is past the keep period: offered first, with why.
    case offered(Message)

    var isKept: Bool { if case .kept = self { true } else { false } }

    /// Where a kept lesson stands in a quota sweep, which takes the smallest first: past days,
    /// oldest first; then the days ahead, furthest first; the day's own lesson last.
    static func sweepOrder(_ day: LearningDay, _ today: LearningDay) -> (Int, Int) {
        day < today ? (0, day.dayNumber) : (1, -day.dayNumber)
    }
}
