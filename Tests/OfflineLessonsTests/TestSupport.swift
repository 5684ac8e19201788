import AsyncHTTPClient
import Foundation
import LessonsServer
import LessonsServerTesting
import NIOCore
import NIOHTTP1
import Testing

@testable import OfflineLessons

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh, empty directory for one test, removed with everything in it when the value goes out
/// of scope (a noncopyable value lives to the end of its scope).
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("offline-lessons-tests-\(safe)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A raw HTTP answer: status, headers and every body byte received.
struct RawResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    func header(_ name: String) -> String? { headers.first(name: name) }
}

enum HTTP {
    /// Sends one request and collects the whole answer. Throws when the connection fails or the
    /// body is cut short.
    static func fetch(
        _ url: String, method: HTTPMethod = .GET, headers: [(String, String)] = [],
        timeout: TimeAmount = .seconds(10)
    ) async throws -> RawResponse {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: 64 << 20)
        return RawResponse(status: Int(response.status.code), headers: response.headers, body: Array(body.readableBytesView))
    }

    /// Like ``fetch(_:method:headers:timeout:)``, but keeps the bytes received before an error.
    static func fetchPartially(_ url: String) async -> (status: Int?, body: [UInt8], error: (any Error)?) {
        var received: [UInt8] = []
        var status: Int?
        do {
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
            status = Int(response.status.code)
            for try await chunk in response.body { received += chunk.readableBytesView }
            return (status, received, nil)
        } catch {
            return (status, received, error)
        }
    }
}

/// The demo server, on a free loopback port, for the duration of `body`.
@discardableResult
func withServer<T: Sendable>(
    token: String? = nil, trickyKeys: Bool = false, faults: FaultInjector? = nil,
    _ body: @Sendable (ContentServer.Running) async throws -> T
) async throws -> T {
    let server = try ContentServer(configuration: .init(token: token, trickyKeys: trickyKeys, faults: faults))
    return try await server.withRunning(body)
}

/// A lesson as the API of a running server lists it.
func apiLessons(_ running: ContentServer.Running, type: LessonType, masechet: Int = 1, chapter: Int = 1) async throws -> [Lesson] {
    let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "test"))
    let list =
        switch type {
        case .gemara: try await client.fetchGemaraLessons(masechetId: masechet)
        case .mishna: try await client.fetchMishnaLessons(masechetId: masechet, chapter: chapter)
        }
    return list.lessons
}

extension SilentSocket {
    var apiBase: URL { URL(string: "http://127.0.0.1:\(port)/api/")! }
}

/// The text of `shas-structure.json` bundled with the server.
func shasStructure() throws -> [String: Any] {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LessonsServer/Resources/shas-structure.json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    return try #require(object as? [String: Any])
}

/// A JSON value decoded into a dictionary, for checking which keys an encoder wrote.
func jsonObject(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}
