import Hummingbird

/// A `GET` of an address the app has no page for gets a page that says so, in the reader's
/// language, with the way back (the router alone answers with an empty 404).
struct NoSuchPage: RouterMiddleware {
    let pages: PageRoutes

    func handle(
        _ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && request.method == .get && Self.unmatched(context) {
            return await pages.noSuchPage(request)
        }
    }

    /// No route took the request (the router names a matched route's path in the context): a
    /// route's own 404, a media file gone while read, keeps its answer.
    static func unmatched(_ context: BasicRequestContext) -> Bool {
        context.endpointPath == nil || context.endpointPath == "NotFound"
    }
}
