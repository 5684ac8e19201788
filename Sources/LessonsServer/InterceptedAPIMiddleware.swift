import Hummingbird
import NIOCore

/// Lets the interceptor, when there is one, delay each API request or answer it with a canned response.
struct InterceptedAPIMiddleware<Context: RequestContext>: RouterMiddleware {
    let interceptor: (any ContentServerInterceptor)?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/"), let interceptor else { return try await next(request, context) }
        let plan = await interceptor.planAPIRequest(path: request.uri.path)
        if let delay = plan.delay { try await Task.sleep(for: delay) }
        guard let canned = plan.cannedResponse else { return try await next(request, context) }
        return Response(
            status: .init(code: canned.status), headers: [.contentType: canned.contentType],
            body: .init(byteBuffer: ByteBuffer(string: canned.body)))
    }
}
