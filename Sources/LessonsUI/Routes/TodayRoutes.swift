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
                let plan = try RequestInput.plan(request)
                let followed = try await library.plans().contains { $0.calendar == plan.calendar }
                try await library.setPlan(plan)
                let l = RequestInput.language(request)
                return ActionRoutes.Outcome(
                    ok: true, message: followed ? UIText.planSaved(plan.calendar, l) : UIText.followedNow(plan.calendar, l), reload: true)
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
    /// offline, the cache answers, and a daf it cannot place is still named.
    func today(_ request: Request, _ context: PageContext) async throws -> HTML {
        let day = try RequestInput.day(request.uri.queryParameters.get("date")) ?? library.today()
        let plans = try await library.plans()
        let timeout = context.server.isOffline ? nil : services.server.timing.timeout
        let calendars = plans.map(\.calendar) + DafCalendar.allCases.filter { calendar in !plans.contains { $0.calendar == calendar } }
        var sections: [TodayPage.Section] = []
        var unknown: String?
        for calendar in calendars {
            guard let days = calendar.days(around: day), let portion = calendar.portion(on: day) else { continue }
            let following = days.upperBound.adding(days: 1)
            var section = TodayPage.Section(
                calendar: calendar, plan: plans.first { $0.calendar == calendar }, nowPortion: portion,
                nextPortion: calendar.portion(on: following), day: day)
            if unknown == nil {
                do {
                    section.now = try await library.lesson(of: calendar, on: day, fetchingWithin: timeout)
                    section.next = try await library.lesson(of: calendar, on: following, fetchingWithin: timeout)
                } catch let error as CatalogError {
                    if case .unreachable = error { await services.server.unreachable() }
                    unknown = error.words.description
                }
            }
            sections.append(section)
        }
        return TodayPage.render(day, sections, playbacks: try await library.playbacks(), unknown: unknown, context)
    }

    /// What `lessons ready` does: the plans' past dapim removed, their coming ones requested.
    func makeReady(_ request: Request) async throws -> ActionRoutes.Outcome {
        let l = RequestInput.language(request)
        let offline = await services.statusForAction().isOffline
        _ = try await library.clean(.plansOnly())
        var requested = 0
        for plan in try await library.plans() {
            let work = try await library.work(of: plan, on: library.today(), fetchingWithin: offline ? nil : services.server.timing.timeout)
            guard !work.missing.isEmpty else { continue }
            let keys = Set(work.missing.flatMap { lesson in (plan.media.media + [.text]).map { MediaKey(lesson.id, $0) } })
            var names = try await library.lessonNames()
            names.add(work.missing)
            guard try await services.start(keys, names: names, offline: offline, { try await library.fetch(work) }) != nil else { continue }
            requested += work.missing.count
        }
        return ActionRoutes.Outcome(
            ok: true, message: requested > 0 ? UIText.readyRequested(requested, l) : UIText.readyNothing(l), reload: false)
    }
}

extension RequestInput {
    /// `daf-yomi`, `daf-hashavua`, or `own-pace` with its settings: `from` (where it starts),
    /// `unit` (daf, mishna or chapter; from `from` when absent), `count`, `began` (YYYY-MM-DD) and
    /// `every` (day or week).
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
            do {
                return .ownPace(try OwnPace(from: query.get("from") ?? "", unit: unit, count: count, began: began, every: every))
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
