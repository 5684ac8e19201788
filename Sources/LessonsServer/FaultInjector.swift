import OfflineLessons

/// The address of one medium of one lesson on the content server: the library's ``MediaKey``.
public typealias MediaAddress = MediaKey

/// Faults a test can make the content server commit on a media path.
public enum Fault: Sendable, Hashable {
    /// Answer the first `count` requests with `status` (and `Retry-After`, when given).
    case failFirst(count: Int, status: Int, retryAfterSeconds: Int? = nil)
    /// Close the connection after `afterBytes` bytes of the body, the first `count` times.
    case resetMidBody(afterBytes: Int, count: Int)
    /// Send `missingBytes` fewer bytes than `Content-Length` and close, the first `count` times.
    case shortBody(missingBytes: Int, count: Int)
    /// Answer 200 with an HTML error page, the first `count` times.
    case htmlErrorPage(count: Int)
    /// Always answer 200 with the whole body, whatever `Range` says.
    case ignoreRange
    /// Honour `Range` but ignore `If-Range` (a broken cache): a resume may get another version's bytes.
    case ignoreIfRange
    /// Answer 200 with `Content-Length: 0`, the first `count` times.
    case emptyBody(count: Int)
    /// From request number `afterRequests` on (0-based), serve a new version: new ETag, new bytes.
    case changeETag(afterRequests: Int)
    /// Wait before answering, every time.
    case delay(milliseconds: Int)
    /// Pause after every 64 KiB of body, every time: a slow link.
    case throttle(millisecondsPerChunk: Int)
}

/// A request the server received for a media path.
public struct RecordedRequest: Sendable, Hashable {
    public var method: String
    public var range: String?
    public var ifRange: String?
}

/// Fault plans and a request log per media path, shared by a test and the server it runs.
public actor FaultInjector {
    private var faults: [MediaAddress: [Fault]] = [:]
    private var log: [MediaAddress: [RecordedRequest]] = [:]
    private var used: [MediaAddress: [Fault: Int]] = [:]

    private var apiResponses: [String: CannedResponse] = [:]
    private var apiDelay: Duration?
    /// How many API requests the server has received.
    public private(set) var apiRequests = 0

    public init() {}

    /// Makes the API answer `path` (relative to `/api/`, e.g. `gemara/masechet/1/`) with a
    /// canned response instead of the demo catalog: a status, a body, a content type.
    public func replaceAPIResponse(at path: String, status: Int = 200, body: String, contentType: String = "application/json") {
        apiResponses[Self.normalized(path)] = CannedResponse(status: status, body: body, contentType: contentType)
    }

    /// Makes every API answer wait (a slow or hanging catalog server).
    public func delayAPI(milliseconds: Int) {
        apiDelay = .milliseconds(milliseconds)
    }

    /// Counts an API request and says how long its answer must wait.
    func recordAPIRequest() -> Duration? {
        apiRequests += 1
        return apiDelay
    }

    func apiResponse(at path: String) -> CannedResponse? { apiResponses[Self.normalized(path)] }

    static func normalized(_ path: String) -> String {
        var trimmed = path.hasPrefix("/api/") ? String(path.dropFirst(5)) : path
        while trimmed.hasPrefix("/") { trimmed.removeFirst() }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    struct CannedResponse: Sendable {
        var status: Int
        var body: String
        var contentType: String
    }

    /// Adds a fault to a media path.
    public func inject(_ fault: Fault, at address: MediaAddress) {
        faults[address, default: []].append(fault)
    }

    /// The requests received for a media path (GET and HEAD), in order.
    public func requests(for address: MediaAddress) -> [RecordedRequest] { log[address] ?? [] }

    /// The GET requests received for a media path.
    public func downloads(of address: MediaAddress) -> Int {
        requests(for: address).filter { $0.method == "GET" }.count
    }

    /// Records a request and says what to do with it.
    func plan(for address: MediaAddress, request: RecordedRequest) -> Plan {
        let index = log[address, default: []].count
        log[address, default: []].append(request)
        var plan = Plan()
        for fault in faults[address] ?? [] {
            let times = used[address, default: [:]][fault, default: 0]
            func consume(_ limit: Int) -> Bool {
                guard times < limit else { return false }
                used[address, default: [:]][fault] = times + 1
                return true
            }
            switch fault {
            case .failFirst(let count, let status, let retryAfter):
                if plan.failure == nil, consume(count) { plan.failure = (status, retryAfter) }
            case .resetMidBody(let afterBytes, let count):
                if request.method == "GET", plan.cut == nil, consume(count) { plan.cut = .after(afterBytes) }
            case .shortBody(let missing, let count):
                if request.method == "GET", plan.cut == nil, consume(count) { plan.cut = .missing(missing) }
            case .htmlErrorPage(let count):
                if plan.failure == nil, consume(count) { plan.html = true }
            case .ignoreRange:
                plan.ignoreRange = true
            case .ignoreIfRange:
                plan.ignoreIfRange = true
            case .emptyBody(let count):
                if request.method == "GET", plan.failure == nil, consume(count) { plan.empty = true }
            case .changeETag(let after):
                if index >= after { plan.version = 1 }
            case .delay(let milliseconds):
                plan.delayMilliseconds = milliseconds
            case .throttle(let milliseconds):
                plan.chunkPauseMilliseconds = milliseconds
            }
        }
        return plan
    }

    struct Plan: Sendable {
        var failure: (status: Int, retryAfter: Int?)?
        var cut: Cut?
        var html = false
        var ignoreRange = false
        var ignoreIfRange = false
        var empty = false
        var version = 0
        var delayMilliseconds = 0
        var chunkPauseMilliseconds = 0
    }

    enum Cut: Sendable {
        case after(Int)
        case missing(Int)
    }
}
