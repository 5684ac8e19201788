import Foundation
import Hummingbird
import OfflineLessons

/// The Today page (the home page) and the plans' actions: follow a calendar (today's daf and the
/// next 3 kept ready, in audio, each kept 7 days), stop following it, make the plans ready now
/// (what `lessons ready` does).
struct TodayRoutes: Sendable {
    let services: AppServices
    let pages: PageRoutes
    var library: LessonLibrary { services.library }
    var actions: ActionRoutes { ActionRoutes(services: services) }

    func register(on router: Router<BasicRequestContext>) {
        router.get("/today") { request, _ in await pages.page(request) { try await today(request, $0) } }
        router.post("/api/plan/follow") { request, _ in
            await actions.act(request) {
                var plan = try RequestInput.plan(request)
                let plans = try await library.plans()
                if case .ownPace(let asked) = plan.calendar {
                    plan.calendar = .ownPace(try goingOn(asked, over: plans, fromForm: request.uri.queryParameters.get("goes-on") == "1"))
                }
                let followed = plans.contains { $0.calendar.rawValue == plan.calendar.rawValue }
                try await library.setPlan(plan)
                let l = RequestInput.language(request)
                // Followed, its days are made ready at once: today's daf is what the user wants. The
                // plan is saved whatever the server says: what it could not list waits for it.
                let ready: String
                if let requested = try? await requestLessons(of: [plan]) {
                    ready = try await readyWords(requested, l)
                } else {
                    ready = UIText.readyLater(l)
                }
                return ActionRoutes.Outcome(
                    ok: true, message: followed ? UIText.planSaved(plan.calendar, ready, l) : UIText.followedNow(plan.calendar, ready, l),
                    reload: true)
            }
        }
        router.post("/api/plan/stop") { request, _ in
            await actions.act(request) {
                let name = request.uri.queryParameters.get("calendar")
                // An own pace is known by its name alone; its settings are the followed plan's.
                let followed = try await library.plans().first { $0.calendar.rawValue == name }?.calendar
                let calendar = try followed ?? RequestInput.calendar(name, pace: Parameters?.none)
                try await library.removePlan(calendar)
                return ActionRoutes.Outcome(ok: true, message: UIText.stoppedNow(calendar, RequestInput.language(request)), reload: true)
            }
        }
        router.post("/api/plan/ready") { request, _ in await actions.act(request) { try await makeReady(request) } }
    }

    /// The page for today, or for `?date=YYYY-MM-DD`. A listing not cached is fetched briefly;
    /// offline, the cache answers, and a daf it cannot place is still named. A listing missing
    /// costs its own day only: the other days and calendars are shown as far as they are known.
    func today(_ request: Request, _ context: PageContext) async throws -> HTML {
        let day = try RequestInput.day(request.uri.queryParameters.get("date")) ?? library.today()
        let plans = try await library.plans()
        var timeout = context.server.isOffline ? nil : services.server.timing.timeout
        let calendars = plans.map(\.calendar) + DafCalendar.allCases.filter { calendar in !plans.contains { $0.calendar == calendar } }
        var sections: [TodayPage.Section] = []
        var unknown: CatalogError?
        func lesson(_ calendar: DafCalendar, on day: LearningDay) async -> CalendarLesson? {
            do {
                return try await library.lesson(of: calendar, on: day, fetchingWithin: timeout)
            } catch let error as CatalogError {
                if case .unreachable = error {
                    await services.server.unreachable()
                    timeout = nil  // not waited for again on this page: the cache answers the rest
                }
                unknown = unknown ?? error
            } catch {}
            return nil
        }
        for calendar in calendars {
            guard let days = calendar.days(around: day), let portion = calendar.portion(on: day) else { continue }
            let following = days.upperBound.adding(days: 1)
            var section = TodayPage.Section(
                calendar: calendar, plan: plans.first { $0.calendar == calendar }, nowPortion: portion,
                nextPortion: calendar.portion(on: following), day: day,
                standsAt: calendar.portion(on: library.today())?.name ?? portion.name)
            section.now = await lesson(calendar, on: day)
            section.next = await lesson(calendar, on: following)
            sections.append(section)
        }
        let notice = unknown.map { UIText.lessonsUnknown($0, serverConfigured: library.hasServer, context.language) }
        return TodayPage.render(
            day, today: library.today(), sections, playbacks: try await library.playbacks(), unknown: notice,
            phone: await services.phone.url, context)
    }

    /// The own pace to save for `asked`: the followed one's form (`fromForm`; from another tab,
    /// its hidden start may be older than the plan) or the same start goes on from where the
    /// followed pace stands, with a new count or period; any other start starts again there.
    func goingOn(_ asked: OwnPace, over plans: [LearningPlan], fromForm: Bool) throws -> OwnPace {
        let followed = plans.lazy.compactMap { plan -> OwnPace? in if case .ownPace(let pace) = plan.calendar { pace } else { nil } }
        guard let current = followed.first else { return asked }
        let sameStart =
            asked.first.start == current.first.start && asked.began == current.began && asked.unit == current.unit
            && asked.round == current.round
        guard fromForm || sameStart else { return asked }
        guard asked.count != current.count || asked.every != current.every else { return current }
        return try current.continuing(on: library.today(), count: asked.count, every: asked.every)
    }

    /// What `lessons ready` does: the plans' past dapim removed, their coming ones requested.
    func makeReady(_ request: Request) async throws -> ActionRoutes.Outcome {
        let l = RequestInput.language(request)
        _ = try await library.clean(.plansOnly())
        let requested = try await requestLessons(of: try await library.plans())
        return ActionRoutes.Outcome(ok: true, message: try await readyWords(requested, l), reload: false)
    }

    /// What a request for the plans did: lessons requested, lessons that wait for the server
    /// (it does not answer), days the catalog has no lesson for, or nothing left to fetch.
    func readyWords(_ requested: PlanRequest, _ l: UserLanguage) async throws -> String {
        guard requested.lessons > 0 else {
            return requested.daysWithoutLessons > 0
                ? Message(.screenReadyNoLessons).text(l) : UIText.readyNothing(l)
        }
        let count = requested.lessons
        return await services.server.snapshot.isOffline ? UIText.readyWaiting(count, l) : UIText.readyRequested(count, l)
    }

    /// How many lessons a request for the plans asked for, and how many of their coming days (or
    /// weeks) the catalog has no lesson for (a daf of a masechet it has no Gemara of).
    struct PlanRequest {
        var lessons = 0
        var daysWithoutLessons = 0
    }

    /// Requests the lessons of `plans`' coming days not yet complete, as live downloads.
    func requestLessons(of plans: [LearningPlan]) async throws -> PlanRequest {
        let offline = await services.statusForAction().isOffline
        var requested = PlanRequest()
        for plan in plans {
            let work = try await library.work(of: plan, on: library.today(), fetchingWithin: offline ? nil : services.server.timing.timeout)
            requested.daysWithoutLessons += work.portions.filter { $0.lessons.isEmpty && $0.absence != nil }.count
            guard !work.missing.isEmpty else {
                _ = try await library.fetch(work)  // a lesson another plan brought in becomes this one's too
                continue
            }
            let keys = Set(work.missing.flatMap { lesson in (plan.media.media + [.text]).map { MediaKey(lesson.id, $0) } })
            var names = try await library.lessonNames()
            names.add(work.missing)
            guard try await services.start(keys, names: names, offline: offline, { try await library.fetch(work) }) != nil else { continue }
            requested.lessons += work.missing.count
        }
        return requested
    }
}

extension RequestInput {
    /// `daf-yomi`, `daf-hashavua`, or `own-pace` with its settings: `from` (where it starts),
    /// `unit` (daf, mishna or chapter; from `from` when absent), `count`, `began` (YYYY-MM-DD) and
    /// `every` (day or week), and `round` (from 1: the round of the sequence it starts in).
    static func calendar(_ text: String?, pace query: Parameters?) throws -> DafCalendar {
        if text == DafCalendar.ownPaceName, let query {
            guard let every = OwnPace.Period(rawValue: query.get("every") ?? "day") else {
                throw RouteFailure(.badRequest, Message(.screenNoPeriod, given(query.get("every"))))
            }
            let began = try day(query.get("began")) ?? LearningDay(Date(), in: .current)
            let unit = try query.get("unit").flatMap { $0.isEmpty ? nil : $0 }.map { text in
                guard let unit = StudyUnit(rawValue: text) else { throw RouteFailure(.badRequest, Message(.screenNoUnit, given(text))) }
                return unit
            }
            let count = try query.get("count").map { try number($0, .word(.screenPaceCount)) } ?? 1
            let round = try query.get("round").map { try number($0, "round") } ?? 1
            do {
                return .ownPace(
                    try OwnPace(from: query.get("from") ?? "", unit: unit, count: count, began: began, every: every, round: round))
            } catch let error as OwnPaceError {
                throw RouteFailure(.badRequest, error.words)
            }
        }
        guard let text, let calendar = DafCalendar(rawValue: text) else {
            throw RouteFailure(.badRequest, Message(.screenNoCalendar, given(text)))
        }
        return calendar
    }

    /// A plan from `calendar` and, each optional, `ahead` and `keep` (days), `media`, `unplayed` (1).
    static func plan(_ request: Request) throws -> LearningPlan {
        let query = request.uri.queryParameters
        var plan = LearningPlan(calendar: try calendar(query.get("calendar"), pace: query))
        if let ahead = query.get("ahead") { plan.ahead = try number(ahead, .word(.screenDaysAhead)) }
        if let keep = query.get("keep") { plan.keepDays = try number(keep, .word(.screenDaysKept)) }
        if let media = query.get("media") {
            guard let choice = MediaChoice(rawValue: media) else { throw RouteFailure(.badRequest, Message(.screenMediaChoice)) }
            plan.media = choice
        }
        plan.keepUnplayed = query.get("unplayed") == "1"
        return plan
    }

    /// A day as YYYY-MM-DD; none when absent or empty.
    static func day(_ text: String?) throws -> LearningDay? {
        guard let text, !text.isEmpty else { return nil }
        guard let day = LearningDay(iso: text) else { throw RouteFailure(.badRequest, Message(.todayNotADay, .text(text))) }
        return day
    }
}
