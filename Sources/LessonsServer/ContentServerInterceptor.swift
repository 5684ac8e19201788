import OfflineLessons

/// A hook a test gives the content server to see every request and bend its answers: delays,
/// canned API responses, failed or damaged media responses. The server asks it before answering;
/// `lessons serve` runs without one. `LessonsServerTesting.FaultInjector` is the implementation
/// the tests use.
public protocol ContentServerInterceptor: Sendable {
    /// Called once for each request under `/api/`, before its route, with the request's path
    /// (e.g. `/api/masechtot_list/`).
    func planAPIRequest(path: String) async -> APIRequestPlan

    /// Called once for each `GET` or `HEAD` of a medium the catalog has, with the request's
    /// method and its `Range` and `If-Range` headers.
    func planMediaRequest(_ key: MediaKey, method: String, range: String?, ifRange: String?) async -> MediaRequestPlan
}
