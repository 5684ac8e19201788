import Foundation
import Hummingbird
import OfflineLessons

/// The pages: the Shas, a masechet, a lesson's history (the downloads: ``DownloadsRoutes``; the player: ``PlayerRoutes``).
struct PageRoutes: Sendable {
    let services: AppServices
    let token: AccessToken
    var library: LessonLibrary { services.library }

    func register(on router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in Response.redirect("/today") }
        router.get("/shas") { request, _ in await page(request) { try await shas($0) } }
        router.get("/shas/find") { request, _ in await find(request) }
        router.get("/shas/:type/:masechet") { request, context in
            await page(request) { page in
                try await masechet(
                    try RequestInput.lessonType(context.parameters.get("type")),
                    try RequestInput.number(context.parameters.get("masechet"), "masechet"), page)
            }
        }
        router.get("/history/:type/:id") { request, context in
            await page(request) { page in
                let lesson = LessonID(
                    try RequestInput.lessonType(context.parameters.get("type")), try RequestInput.number(context.parameters.get("id"), "id")
                )
                let name = try await name(of: lesson)
                return LessonPages.history(
                    lesson, name: name, events: try await library.history(of: lesson), back: try await masechetLink(of: lesson), page)
            }
        }
        router.get("/lang/:code") { request, context in
            let language = UserLanguage(rawValue: context.parameters.get("code") ?? "") ?? .en
            let back = request.uri.queryParameters.get("back") ?? "/shas"
            var response = Response.redirect(back.hasPrefix("/") && !back.hasPrefix("//") ? back : "/shas")
            response.headers[.setCookie] = "\(RequestInput.languageCookie)=\(language.rawValue); Path=/; SameSite=Strict"
            return response
        }
    }

    /// The page for an address that is none: says so, with the way back.
    func noSuchPage(_ request: Request) async -> Response {
        await page(request) { _ in throw RouteFailure(.notFound, Message(.screenNoSuchPage)) }
    }

    /// Renders a page, or a page that says what went wrong, with a 4xx or 5xx status.
    func page(_ request: Request, _ render: (PageContext) async throws -> HTML) async -> Response {
        let query = request.uri.query.map { $0.isEmpty ? "" : "?" + $0 } ?? ""
        var context = PageContext(language: RequestInput.language(request), token: token, path: request.uri.path + query)
        context.server = await services.server.forPage()
        context.queuePaused = (try? await library.isQueuePaused()) ?? false
        do {
            return .html(try await render(context))
        } catch {
            let failure = RouteFailure(classifying: error)
            let title = failure.status.code < 500 ? UIText.badRequest(context.language) : UIText.unavailableNow(context.language)
            return .html(
                LessonPages.problem(
                    failure.status == .notFound ? UIText.notFound(context.language) : title, failure.message(context.language), context,
                    instead: failure.instead.map { ($0.path, $0.name.text(context.language)) }),
                status: failure.status)
        }
    }

    /// The Shas; `asked`, a search that found nothing, is shown in the search box with what was wrong.
    func shas(_ context: PageContext, asked: (text: String, problem: String)? = nil) async throws -> HTML {
        let snapshot = try await catalog(context)
        // The counts after a quick sync, as every page that shows a state: a file deleted by hand is not counted.
        let downloads = try await library.downloads(sync: !library.isReadOnly)
        let counts = Dictionary(grouping: downloads, by: \.masechetId).mapValues { lessons in
            (dapim: lessons.count { $0.lessonID.type == .gemara }, mishnayot: lessons.count { $0.lessonID.type == .mishna })
        }
        return ShasPages.index(snapshot, downloaded: counts, asked: asked, context)
    }

    func masechet(_ type: LessonType, _ id: Int, _ context: PageContext) async throws -> HTML {
        let l = context.language
        let snapshot = try await catalog(context)
        guard let (seder, masechet) = snapshot.shas.masechet(id: id) else {
            throw RouteFailure(.notFound, Message(type == .gemara ? .screenNoGemaraMasechet : .screenNoMishnaMasechet, .number(id)))
        }
        guard type == .mishna || masechet.pages > 0 else {
            throw RouteFailure(
                .notFound, Message(.screenNoGemaraOf, .text(masechet.name)),
                instead: ("/shas/mishna/\(id)", Message(.screenMishnaOf, .text(masechet.name))))
        }
        let selector: LessonSelector =
            type == .gemara
            ? .gemara(masechet: String(id), dapim: nil) : .mishna(masechet: String(id), chapters: nil, mishnayot: nil)
        var notices: [String] = []
        let lessons: [PlacedLesson]
        if let listed = try await listing(selector, context) {
            lessons = listed
        } else {
            // Not cached, and the server did not give it: the lessons the library has are still shown.
            lessons = try await registeredLessons(type, masechet: id)
            notices = [UIText.notCachedListing(l)] + (lessons.isEmpty ? [UIText.nothingDownloadedHere(l)] : [])
        }
        let statuses = try await library.status(of: lessons, sync: !library.isReadOnly)
        return ShasPages.masechet(
            type, seder, masechet, statuses: statuses, notices: notices, playbacks: try await library.playbacks(),
            pinned: try await library.pinnedLessons(), free: DiskSpace.measure(library.root)?.free, context)
    }

    /// The way back to a lesson's row on its masechet's page, when the catalog cache places it.
    func masechetLink(of lesson: LessonID) async throws -> PlayerPage.Masechet? {
        guard let placed = try? await library.lessons(for: [.lesson(lesson)], fetchingWithin: nil).first else { return nil }
        return PlayerPage.Masechet(placed, names: try await library.lessonNames(for: [placed]))
    }

    /// "Berakhot 2": from the registry, else from the catalog cache (a lesson never requested);
    /// the id when neither knows its masechet.
    func name(of lesson: LessonID) async throws -> String {
        let registered = try await library.lessonNames()
        guard registered.masechet(of: lesson) == nil else { return registered.name(lesson) }
        let placed: [PlacedLesson]
        do {
            placed = try await library.lessons(for: [.lesson(lesson)], fetchingWithin: nil)
        } catch let error as SelectorError {
            // An id the catalog has no lesson for, and the library never had: none to show.
            guard try await !library.history(of: lesson).isEmpty else { throw RouteFailure(.notFound, error.words) }
            return registered.name(lesson)
        } catch {
            return registered.name(lesson)
        }
        return try await library.lessonNames(for: placed).name(lesson)
    }
}
