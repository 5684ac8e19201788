import Foundation
import Hummingbird
import OfflineLessons

/// What the pages' buttons do (`POST`, token required): download, remove, pin, clean, sync,
/// cancel, retry. Each answers JSON: `ok`, a `message`, and whether the page should reload.
struct ActionRoutes: Sendable {
    struct Outcome: Encodable {
        var ok: Bool
        var message: String
        var reload: Bool
        var actions: [ReportLine]?
    }

    /// One step of a sync report as the page shows it: what (named), what was done, why.
    struct ReportLine: Encodable {
        var what: String
        var action: String
        var reason: String
    }

    let services: AppServices
    var library: LessonLibrary { services.library }

    func register(on router: Router<BasicRequestContext>) {
        router.post("/api/download") { request, _ in await act(request) { try await download(request) } }
        router.post("/api/remove") { request, _ in
            await act(request) {
                let query = request.uri.queryParameters
                let lesson = try RequestInput.lesson(query.get("lesson"))
                let medium = try RequestInput.medium(query.get("medium"))
                let name = try await library.lessonNames().name(lesson)
                let report = try await library.remove([lesson], media: medium.map { [$0] })
                let l = RequestInput.language(request)
                // What went, by name: "Removed from Bava Metzia 3: audio, PDF".
                let media = MediaKind.allCases.filter { medium in report.removed.contains { $0.medium == medium } }
                let message =
                    media.isEmpty
                    ? UIText.removed(0, of: name, l)
                    : Message(.screenRemovedFrom, .text(name), .text(media.map { $0.name(l) }.joined(separator: ", "))).text(l)
                return Outcome(ok: true, message: message, reload: true)
            }
        }
        router.post("/api/pin") { request, _ in await act(request) { try await pin(request, true) } }
        router.post("/api/unpin") { request, _ in await act(request) { try await pin(request, false) } }
        router.post("/api/clean") { request, _ in
            await act(request) {
                let query = request.uri.queryParameters
                let days = try query.get("days").map { try RequestInput.number($0, "days") } ?? 30
                let quota = try RequestInput.quota(query.get("maxMB"))
                let report = try await library.clean(
                    RetentionPolicy(olderThan: .seconds(days * 24 * 3600), maxBytes: quota.map { $0 * 1_000_000 }))
                return Outcome(
                    ok: true,
                    message: UIText.cleaned(
                        report.actions.count, bytes: RequestInput.language(request).size(report.bytesFreed), RequestInput.language(request)),
                    reload: true)
            }
        }
        router.post("/api/sync") { request, _ in
            await act(request) {
                let report = try await library.sync()
                let names = try await library.lessonNames()
                let l = RequestInput.language(request)
                let lines = report.changes.map { action in
                    ReportLine(
                        what: action.key.map { names.name($0, l) } ?? action.path ?? "", action: Message(action.action.phrase).text(l),
                        reason: UIText.reason(action.reason, l))
                }
                return Outcome(ok: true, message: report.summaryWords.text(l), reload: false, actions: lines)
            }
        }
        router.post("/api/cancel") { request, _ in
            await act(request) {
                // One item, or a lesson's items in the queue: their transfers stop, they leave the
                // queue; the run's other items go on.
                let l = RequestInput.language(request)
                let (what, keys) = try await RequestInput.items(request, in: library)
                let removed = try await !library.cancelDownloads(keys).removed.isEmpty
                let message = removed ? UIText.cancelledItem(what, l) : UIText.nothingToCancel(l)
                // Reloaded, the page shows the item gone from the queue and its lesson's new state.
                return Outcome(ok: removed, message: message, reload: removed)
            }
        }
        router.post("/api/retry") { request, _ in
            await act(request) {
                let run: DownloadRun
                var keys = Set<MediaKey>()  // the rest are learnt from the run's events
                let offline = await services.statusForAction().isOffline
                if let key = try request.uri.queryParameters.get("key").map({ try RequestInput.item($0) }), key.medium != .text {
                    let lessons = try await library.lessons(for: [.lesson(key.lesson)], fetchingWithin: nil)
                    run = try await library.download(lessons, media: key.medium == .video ? .video : .audio)
                    keys = [key, MediaKey(key.lesson, .text)]
                } else {
                    run = try await library.resumePending(includingFailed: true)
                }
                let l = RequestInput.language(request)
                if offline {
                    await services.holdForServer(run)
                    return Outcome(ok: true, message: UIText.waitsForServer(l), reload: false)
                }
                await services.runs.keep(run, keys: keys)
                return Outcome(ok: true, message: UIText.retrying(l), reload: false)
            }
        }
    }

    /// Runs an action; a failure is a 4xx/5xx JSON answer with its message, in the request's language.
    func act(_ request: Request, _ body: () async throws -> Outcome) async -> Response {
        do {
            return .json(try await body())
        } catch {
            let failure = RouteFailure(classifying: error)
            return .json(
                Outcome(ok: false, message: failure.message(RequestInput.language(request)), reload: false), status: failure.status)
        }
    }

    /// `type`, `masechet`, optional `chapter` and `lesson` (its id), `media`: the lessons to fetch.
    func download(_ request: Request) async throws -> Outcome {
        let query = request.uri.queryParameters
        let type = try RequestInput.lessonType(query.get("type"))
        let masechet = try RequestInput.number(query.get("masechet"), "masechet")
        guard let choice = MediaChoice(rawValue: query.get("media") ?? "") else {
            throw RouteFailure(.badRequest, Message(.screenMediaChoice))
        }
        let chapter = try query.get("chapter").map { try RequestInput.number($0, "chapter") }
        let lessonID = try query.get("lesson").map { try RequestInput.number($0, "lesson") }
        let selector: LessonSelector =
            switch (type, lessonID) {
            case (_, let id?): .lesson(LessonID(type, id))
            case (.gemara, nil): .gemara(masechet: String(masechet), dapim: nil)
            case (.mishna, nil): .mishna(masechet: String(masechet), chapters: chapter.map { $0...$0 }, mishnayot: nil)
            }
        // Offline, only the cache and the registry answer; otherwise a listing not cached is fetched, briefly.
        let offline = await services.statusForAction().isOffline
        let timeout = services.server.timing.timeout
        var lessons: [PlacedLesson]
        do {
            lessons = try await library.lessons(for: [selector], fetchingWithin: offline ? nil : timeout)
        } catch let error as CatalogError {
            switch error {
            case .unreachable: await services.server.unreachable()
            case .notCached: break
            default: throw error
            }
            throw RouteFailure(.serviceUnavailable, Message(.screenListingNeedsServer))
        }
        lessons = lessons.filter { lesson in
            lesson.placement.masechetId == masechet && (chapter.map { $0 == lesson.placement.chapter } ?? true)
        }
        guard !lessons.isEmpty else { throw RouteFailure(.notFound, Message(.screenNothingToDownload)) }
        let l = RequestInput.language(request)
        var names = try await library.lessonNames()
        names.add(lessons)
        // Only the lessons that have a chosen medium are asked for, and named; none: said so.
        let offered = lessons.filter { lesson in choice.media.contains { lesson.lesson.link(for: $0) != nil } }
        guard !offered.isEmpty else {
            let what = RequestedLessons(names: lessons.map { names.name($0.id) }, choice: choice).named(l)
            throw RouteFailure(
                .unprocessableContent,
                choice == .both
                    ? Message(.screenHasOnlyPDF, .text(what)) : Message(.screenHasNoMedia, .text(what), .text(UIText.choiceLong(choice, l)))
            )
        }
        lessons = offered
        // "Both" where every lesson has only one of them is named by that one.
        let named: MediaChoice =
            choice != .both
            ? choice
            : !lessons.contains(where: { $0.lesson.link(for: .video) != nil })
                ? .audio
                : !lessons.contains(where: { $0.lesson.link(for: .audio) != nil }) ? .video : .both
        let keys = Set(lessons.flatMap { lesson in (choice.media + [.text]).map { MediaKey(lesson.id, $0) } })
        if let done = try await alreadyDownloaded(lessons, choice, names: names, l) {
            return Outcome(ok: true, message: done, reload: false)
        }
        _ = try await services.start(keys, names: names, offline: offline) { try await library.download(lessons, media: choice) }
        let requested = RequestedLessons(
            names: lessons.sorted { ($0.placement.chapter, $0.number) < ($1.placement.chapter, $1.number) }.map { names.name($0.id) },
            choice: named)
        if offline {
            return Outcome(ok: true, message: UIText.requested(.screenQueuedForServer, requested, l), reload: false)
        }
        if try await library.isQueuePaused() {
            return Outcome(ok: true, message: UIText.requested(.screenRequestedWhilePaused, requested, l), reload: false)
        }
        return Outcome(ok: true, message: UIText.requested(.screenRequested, requested, l), reload: false)
    }

    /// What to say when every lesson asked for has its requested media (those it offers) and its
    /// PDF complete and in place; `nil` when something is left to fetch.
    private func alreadyDownloaded(_ lessons: [PlacedLesson], _ choice: MediaChoice, names: LessonNames, _ l: UserLanguage)
        async throws -> String?
    {
        var done: [String] = []
        for status in try await library.status(of: lessons) {
            let wanted = status.media.filter { choice.media.contains($0.medium) && $0.state != "unavailable" }
            guard !wanted.isEmpty else { continue }
            guard wanted.allSatisfy({ $0.state == MediaState.complete.rawValue }) else { return nil }
            // The PDF comes with them: one missing or failed is fetched again by this request.
            let pdf = status.media.first { $0.medium == .text }?.state ?? "unavailable"
            guard pdf == MediaState.complete.rawValue || pdf == "unavailable" else { return nil }
            let lesson = LessonID(status.type, status.id)
            done.append(wanted.count == 1 ? names.name(MediaKey(lesson, wanted[0].medium), l) : names.name(lesson))
        }
        return done.isEmpty ? nil : UIText.alreadyDownloaded(done, l)
    }

    func pin(_ request: Request, _ pinned: Bool) async throws -> Outcome {
        let lesson = try RequestInput.lesson(request.uri.queryParameters.get("lesson"))
        let changed = pinned ? try await library.pin([.lesson(lesson)]) : try await library.unpin([.lesson(lesson)])
        let name = try await library.lessonNames().name(lesson)
        let l = RequestInput.language(request)
        // A lesson no longer in the library (removed from another page) is pinned by nothing.
        let isPinned = try await library.pinnedLessons().contains(lesson)
        guard !changed.isEmpty || pinned == isPinned else {
            return Outcome(ok: false, message: Message(.screenNotDownloaded, .text(name)).text(l), reload: true)
        }
        return Outcome(ok: true, message: UIText.pinChanged(pinned, name, l), reload: true)
    }
}
