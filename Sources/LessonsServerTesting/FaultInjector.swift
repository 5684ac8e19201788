import LessonsServer
import OfflineLessons

/// The address of one medium of one lesson on the content server: the library's ``MediaKey``.
public typealias MediaAddress = MediaKey

/// Fault plans and a request log per media path, shared by a test and the server it runs: give it
/// to the server as its ``ContentServerInterceptor``.
public actor FaultInjector {
    private var faults: [MediaAddress: [Fault]] = [:]
    private var log: [MediaAddress: [RecordedRequest]] = [:]
    private var used: [MediaAddress: [Fault: Int]] = [:]

    private var apiResponses: [String: APIRequestPlan.CannedResponse] = [:]
    private var apiDelay: Duration?
    /// How many API requests the server has received.
    public private(set) var apiRequests = 0

    public init() {}

    /// Makes the API answer `path` (relative to `/api/`, e.g. `gemara/masechet/1/`) with a
    /// canned response instead of the demo catalog: a status, a body, a content type.
    public func replaceAPIResponse(at path: String, status: Int = 200, body: String, contentType: String = "application/json") {
        apiResponses[Self.normalized(path)] = .init(status: status, body: body, contentType: contentType)
    }

    /// Makes every API answer wait (a slow or hanging catalog server).
    public func delayAPI(milliseconds: Int) {
        apiDelay = .milliseconds(milliseconds)
    }

    static func normalized(_ path: String) -> String {
        var trimmed = path.hasPrefix("/api/") ? String(path.dropFirst(5)) : path
        while trimmed.hasPrefix("/") { trimmed.removeFirst() }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// Adds a fault to a media path.
    public func inject(_ fault: Fault, at address: MediaAddress) {
        faults[address, default: []].append(fault)
    }

    /// Takes every fault off every media path: requests from now on are answered plainly.
    public func removeAllFaults() {
        faults = [:]
    }

    /// The requests received for a media path (GET and HEAD), in order.
    public func requests(for address: MediaAddress) -> [RecordedRequest] { log[address] ?? [] }

    /// The GET requests received for a media path.
    public func downloads(of address: MediaAddress) -> Int {
        requests(for: address).filter { $0.method == "GET" }.count
    }
}

extension FaultInjector: ContentServerInterceptor {
    /// Counts an API request; plans the API delay and the canned response for its path, if any.
    public func planAPIRequest(path: String) -> APIRequestPlan {
        apiRequests += 1
        return APIRequestPlan(delay: apiDelay, cannedResponse: apiResponses[Self.normalized(path)])
    }

    /// Records a media request and plans the faults of its path that still apply.
    public func planMediaRequest(_ key: MediaKey, method: String, range: String?, ifRange: String?) -> MediaRequestPlan {
        let index = log[key, default: []].count
        log[key, default: []].append(RecordedRequest(method: method, range: range, ifRange: ifRange))
        var plan = MediaRequestPlan()
        for fault in faults[key] ?? [] {
            let times = used[key, default: [:]][fault, default: 0]
            func consume(_ limit: Int) -> Bool {
                guard times < limit else { return false }
                used[key, default: [:]][fault] = times + 1
                return true
            }
            switch fault {
            case .failFirst(let count, let status, let retryAfter):
                if plan.failure == nil, consume(count) { plan.failure = .init(status: status, retryAfterSeconds: retryAfter) }
            case .resetMidBody(let afterBytes, let count):
                if method == "GET", plan.cut == nil, consume(count) { plan.cut = .after(afterBytes) }
            case .shortBody(let missing, let count):
                if method == "GET", plan.cut == nil, consume(count) { plan.cut = .missing(missing) }
            case .stallMidBody(let afterBytes, let count):
                if method == "GET", plan.cut == nil, consume(count) { plan.cut = .stallAfter(afterBytes) }
            case .htmlErrorPage(let count):
                if plan.failure == nil, consume(count) { plan.servesHTMLPage = true }
            case .htmlPageLabelled(let contentType, let count):
                if plan.failure == nil, consume(count) {
                    plan.servesHTMLPage = true
                    plan.htmlPageContentType = contentType
                }
            case .ignoreRange:
                plan.ignoresRange = true
            case .ignoreIfRange:
                plan.ignoresIfRange = true
            case .emptyBody(let count):
                if method == "GET", plan.failure == nil, consume(count) { plan.servesEmptyBody = true }
            case .changeETag(let after):
                if index >= after { plan.version = 1 }
            case .delay(let milliseconds):
                plan.delay = .milliseconds(milliseconds)
            case .throttle(let milliseconds):
                plan.chunkPause = .milliseconds(milliseconds)
            case .gzipWhenAccepted:
                plan.gzipsWhenAccepted = true
            case .gzipAlways:
                plan.gzipsAlways = true
            }
        }
        return plan
    }
}
