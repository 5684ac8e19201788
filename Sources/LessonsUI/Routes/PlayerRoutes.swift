import Foundation
import Hummingbird
import OfflineLessons

/// The player page, and where it saves its position (`POST`, token required like every action).
struct PlayerRoutes: Sendable {
    let services: AppServices
    let pages: PageRoutes
    var library: LessonLibrary { services.library }

    /// What `POST /api/playback` answers: the position kept and whether the lesson is played.
    struct Saved: Encodable {
        var ok: Bool
        var position: Double
        var played: Bool
    }

    func register(on router: Router<BasicRequestContext>) {
        router.get("/play/:type/:id") { request, context in
            await pages.page(request) { page in
                let lesson = LessonID(
                    try RequestInput.lessonType(context.parameters.get("type")), try RequestInput.number(context.parameters.get("id"), "id")
                )
                return try await player(lesson, wanted: try RequestInput.medium(request.uri.queryParameters.get("medium")), page)
            }
        }
        // `lesson=gemara/5&medium=audio&position=120.5&duration=600` (seconds; the duration as the player knows it).
        router.post("/api/playback") { request, _ in
            do {
                let query = request.uri.queryParameters
                let lesson = try RequestInput.lesson(query.get("lesson"))
                let medium = try RequestInput.medium(query.get("medium"))
                let position = try Self.seconds(query.get("position"), "position")
                let duration = try query.get("duration").map { try Self.seconds($0, "duration") }
                let saved = try await library.recordPlayback(
                    of: lesson, medium: medium, position: .seconds(position), duration: duration.map { .seconds($0) })
                return Response.json(Saved(ok: true, position: saved.position.seconds, played: saved.played))
            } catch {
                let failure = RouteFailure(classifying: error)
                let message = failure.message(RequestInput.language(request))
                return .json(ActionRoutes.Outcome(ok: false, message: message, reload: false), status: failure.status)
            }
        }
    }

    /// Seconds, zero or more and finite (at most a day), or a 400.
    static func seconds(_ text: String?, _ name: String) throws -> Double {
        guard let text, let value = Double(text), value.isFinite, value >= 0, value <= 86_400 else {
            throw RouteFailure(.badRequest, Message(.screenNotSeconds, .text(name), RequestInput.given(text)))
        }
        return value
    }

    func player(_ lesson: LessonID, wanted: MediaKind?, _ context: PageContext) async throws -> HTML {
        // A lesson neither registered nor cached has nothing to play here.
        let placed = (try? await library.lessons(for: [.lesson(lesson)], fetchingWithin: nil)) ?? []
        guard let status = try await library.status(of: placed, sync: false).first else {
            throw RouteFailure(.notFound, Message(.screenNoSuchLesson))
        }
        let complete = status.media.filter { $0.state == MediaState.complete.rawValue }.map(\.medium)
        let name = status.name
        guard let chosen = wanted.flatMap({ complete.contains($0) ? $0 : nil }) ?? complete.first(where: { $0 != .text }) else {
            throw RouteFailure(.notFound, Message(.screenNoMediaDownloaded, .text(name)))
        }
        let playback = try await library.playback(of: lesson)
        var page = PlayerPage(
            lesson: lesson, name: name, media: complete, chosen: chosen, start: playback?.resumePosition.seconds ?? 0)
        page.offersPDF = status.media.first { $0.medium == .text }?.state != "unavailable"
        if let here = placed.first {
            page.masechet = PlayerPage.Masechet(here, names: try await library.lessonNames(for: [here]))
            (page.previous, page.next) = try await neighbours(of: here)
        }
        return page.render(context)
    }

    /// The lessons before and after `lesson` in its masechet (its chapter, for a mishna), from
    /// the catalog; from the downloads when the catalog cannot list them.
    func neighbours(of lesson: PlacedLesson) async throws -> (PlayerPage.Neighbour?, PlayerPage.Neighbour?) {
        let masechet = String(lesson.placement.masechetId)
        let chapter = lesson.placement.chapter
        let selector: LessonSelector =
            lesson.type == .gemara
            ? .gemara(masechet: masechet, dapim: nil) : .mishna(masechet: masechet, chapters: chapter...chapter, mishnayot: nil)
        // From what is saved on this device: the page never waits for the server.
        var siblings = (try? await library.lessons(for: [selector], fetchingWithin: nil)) ?? []
        if siblings.isEmpty {
            let downloaded = try await library.downloads(sync: false).filter {
                $0.type == lesson.type && $0.masechetId == lesson.placement.masechetId
            }
            siblings = try await library.lessons(for: downloaded.map { .lesson($0.lessonID) }, fetchingWithin: nil)
        }
        siblings = siblings.filter { $0.type == lesson.type && $0.placement.masechetId == lesson.placement.masechetId }
            .sorted { ($0.placement.chapter, $0.number, $0.lesson.id) < ($1.placement.chapter, $1.number, $1.lesson.id) }
        guard let index = siblings.firstIndex(where: { $0.id == lesson.id }) else { return (nil, nil) }
        let before = index > 0 ? siblings[index - 1] : nil
        let after = index + 1 < siblings.count ? siblings[index + 1] : nil
        let around = [before, after].compactMap { $0 }
        let statuses = try await library.status(of: around, sync: false)
        func neighbour(_ placed: PlacedLesson?) -> PlayerPage.Neighbour? {
            guard let placed, let status = statuses.first(where: { $0.type == placed.type && $0.id == placed.lesson.id }) else {
                return nil
            }
            let type = placed.type.rawValue
            let playable = status.media.contains { $0.medium != .text && $0.state == MediaState.complete.rawValue }
            let href =
                playable
                ? "/play/\(type)/\(placed.lesson.id)" : "/shas/\(type)/\(placed.placement.masechetId)#lesson-\(type)-\(placed.lesson.id)"
            return PlayerPage.Neighbour(name: status.name, href: href)
        }
        return (neighbour(before), neighbour(after))
    }
}
