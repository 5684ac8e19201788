import Foundation
import Hummingbird
import OfflineLessons

/// `GET /shas/find?q=`: a masechet or a lesson as people write it ("Bava Metzia", "BM 21",
/// "ברכות", "Berakhot 1:3"), opened on its masechet's page at its row or chapter; what names
/// nothing is said under the search box, still holding the words, on the Shas page.
extension PageRoutes {
    func find(_ request: Request) async -> Response {
        let text = (request.uri.queryParameters.get("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .redirect("/shas") }
        var found: String?
        var failure: RouteFailure?
        var response = await page(request) { context in
            _ = try await catalog(context)  // with no catalog at all, the page that says why
            do {
                found = try await place(of: text, context)
                return .empty
            } catch {
                let failed = RouteFailure(classifying: error)
                failure = failed
                return try await shas(context, asked: (text, failed.message(context.language)))
            }
        }
        if let found { return .redirect(found) }
        if let failure { response.status = failure.status }
        return response
    }

    /// The page (and place on it) of what `text` names.
    private func place(of text: String, _ context: PageContext) async throws -> String {
        let shas = try await catalog(context).shas
        var lesson: LessonSelector
        var named = true
        do {
            lesson = try LessonSelector(parsing: text)
        } catch let asLesson as SelectorError {
            // Letters alone name a masechet; with a number, what is wrong with the lesson is said
            // ("Berakhot 1": no daf 1), not passed over for the masechet's page.
            guard !text.contains(where: \.isNumber), let masechet = try? LessonSelector(parsing: "mishna:\(text)") else { throw asLesson }
            lesson = masechet
            named = false
        }
        if case .lesson(let id) = lesson {
            guard let placed = try await listing(lesson, context)?.first else {
                throw RouteFailure(.notFound, Message(.screenNoSuchLesson))
            }
            return "/shas/\(id.type.rawValue)/\(placed.placement.masechetId)#lesson-\(id.type.rawValue)-\(id.id)"
        }
        guard let match = try lesson.masechetMatch(in: shas) else { return "/shas" }
        let id = match.masechet.id
        guard named else { return "/shas/\(match.masechet.pages > 0 ? "gemara" : "mishna")/\(id)" }
        switch lesson {
        case .mishna(_, let chapters?, nil):
            return "/shas/mishna/\(id)#chapter-\(chapters.lowerBound)"
        default:
            let type: LessonType = if case .gemara = lesson { .gemara } else { .mishna }
            // Not listed (not cached with the server away, or no such daf): the masechet's page,
            // which says which.
            guard let listed = try await listing(lesson, context) else { return "/shas/\(type.rawValue)/\(id)" }
            guard let first = listed.first else { throw RouteFailure(.notFound, Message(.screenNoSuchLesson)) }
            return "/shas/\(type.rawValue)/\(id)#lesson-\(type.rawValue)-\(first.lesson.id)"
        }
    }
}
