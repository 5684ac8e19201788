import AsyncHTTPClient
import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// `CatalogClient` against the content server running in this process.
@Suite("Catalog client")
struct CatalogClientTests {
    static func client(_ running: ContentServer.Running, token: String? = "test") -> CatalogClient {
        CatalogClient(configuration: .init(apiBase: running.apiBase, token: token))
    }

    @Test("the Shas: 6 sedarim, 63 masechtot, the totals of shas-structure.json")
    func fetchesShas() async throws {
        let expected = try #require(try shasStructure()["totals"] as? [String: Int])
        let shas = try await withServer { try await Self.client($0).fetchShas() }
        #expect(shas.sedarim.count == 6)
        #expect(shas.masechtot.count == 63)
        #expect(shas.totals.sedarim == expected["sedarim"])
        #expect(shas.totals.masechtot == expected["masechtot"])
        #expect(shas.totals.chapters == expected["chapters"])
        #expect(shas.totals.mishnayot == expected["mishnayot"])
        #expect(shas.totals.gemaraMasechtot == expected["bavliMasechtot"])
        #expect(shas.totals.dapim == expected["bavliDapim"])
        let berakhot = try #require(shas.masechet(id: 1))
        #expect(berakhot.masechet.name == "Berakhot")
        #expect(berakhot.seder.name == "Zeraim")
        #expect(berakhot.masechet.pages == 63)
        #expect(berakhot.masechet.mishnayot(inChapter: 1) == 5)
    }

    @Test("the Gemara lessons of masechet 1: 63 dapim, page_number 2…64")
    func gemaraLessons() async throws {
        let list = try await withServer { try await Self.client($0).fetchGemaraLessons(masechetId: 1) }
        #expect(list.problems.isEmpty)
        #expect(list.lessons.count == 63)
        #expect(list.lessons.compactMap(\.pageNumber) == Array(2...64))
        #expect(list.lessons.allSatisfy { $0.mishna == nil && $0.audio != nil && $0.duration > 0 })
        #expect(Set(list.lessons.map(\.id)).count == 63)
    }

    @Test("an API base without its trailing slash works the same")
    func apiBaseWithoutSlash() async throws {
        try await withServer { running in
            var base = running.apiBase.absoluteString
            base.removeLast()
            #expect(base.hasSuffix("/api"))
            let client = CatalogClient(configuration: .init(apiBase: try #require(URL(string: base)), token: "t"))
            let list = try await client.fetchMishnaLessons(masechetId: 1, chapter: 2)
            #expect(list.lessons.count == 8)
        }
    }

    @Test("the Mishna lessons of masechet 1 chapter 1: 5 mishnayot")
    func mishnaLessons() async throws {
        let list = try await withServer { try await Self.client($0).fetchMishnaLessons(masechetId: 1, chapter: 1) }
        #expect(list.problems.isEmpty)
        #expect(list.lessons.compactMap(\.mishna) == [1, 2, 3, 4, 5])
        #expect(list.lessons.allSatisfy { $0.chapter == 1 && $0.pageNumber == nil })
    }

    @Test("Gemara and Mishna ids collide: both start at 1")
    func idsCollideAcrossTypes() async throws {
        let (gemara, mishna) = try await withServer { running in
            let client = Self.client(running)
            return (try await client.fetchGemaraLessons(masechetId: 1), try await client.fetchMishnaLessons(masechetId: 1, chapter: 1))
        }
        #expect(gemara.lessons.first?.id == 1)
        #expect(mishna.lessons.first?.id == 1)
        let shared = Set(gemara.lessons.map(\.id)).intersection(mishna.lessons.map(\.id))
        #expect(shared == [1, 2, 3, 4, 5])
        // Same id, different lessons.
        #expect(gemara.lessons[0] != mishna.lessons[0])
        #expect(LessonID(.gemara, 1) != LessonID(.mishna, 1))
    }

    @Test("a wrong token is .invalidToken, none at all .noToken; the Shas needs none", arguments: [String?.some("wrong"), nil])
    func invalidToken(_ token: String?) async throws {
        try await withServer(token: "secret") { running in
            let client = Self.client(running, token: token)
            let expected: CatalogError = token == nil ? .noToken : .invalidToken
            await #expect(throws: expected) { try await client.fetchGemaraLessons(masechetId: 1) }
            await #expect(throws: expected) { try await client.fetchMishnaLessons(masechetId: 1, chapter: 1) }
            #expect(try await client.fetchShas().masechtot.count == 63)
            let good = try await Self.client(running, token: "secret").fetchGemaraLessons(masechetId: 1)
            #expect(good.lessons.count == 63)
        }
    }

    @Test("the token never appears in an error's description")
    func tokenNotInDescriptions() {
        let errors: [CatalogError] = [
            .invalidToken, .httpStatus(401, path: "gemara/masechet/1/"),
            .unreachable(path: "x", cause: NetworkError(summary: "refused")),
        ]
        for error in errors { #expect(!error.description.contains("secret")) }
        #expect(CatalogError.invalidToken.description.contains("Invalid token."))
    }

    @Test("a non-2xx answer is .httpStatus, even with a JSON body")
    func httpStatus() async throws {
        let faults = FaultInjector()
        await faults.replaceAPIResponse(
            at: "gemara/masechet/1/", status: 500,
            body: #"{"success": false, "data": {}, "errors": [{"field": "db", "message": "boom"}]}"#)
        await faults.replaceAPIResponse(at: "masechtot_list/", status: 503, body: "unavailable", contentType: "text/plain")
        try await withServer(faults: faults) { running in
            let client = Self.client(running)
            await #expect(throws: CatalogError.httpStatus(500, path: "gemara/masechet/1/")) {
                try await client.fetchGemaraLessons(masechetId: 1)
            }
            await #expect(throws: CatalogError.httpStatus(503, path: "masechtot_list/")) { try await client.fetchShas() }
            // Paths that were not replaced still answer.
            let other = try await client.fetchMishnaLessons(masechetId: 1, chapter: 1)
            #expect(other.lessons.count == 5)
        }
    }

    @Test("an unknown masechet is the server's 404")
    func unknownMasechet() async throws {
        try await withServer { running in
            await #expect(throws: CatalogError.httpStatus(404, path: "gemara/masechet/999/")) {
                try await Self.client(running).fetchGemaraLessons(masechetId: 999)
            }
        }
    }

    @Test("an HTML page with 200 is .malformedResponse")
    func htmlBody() async throws {
        let faults = FaultInjector()
        await faults.replaceAPIResponse(
            at: "mishna/masechet/1/chapter/1/", body: "<html><body>Welcome</body></html>", contentType: "text/html")
        await faults.replaceAPIResponse(at: "masechtot_list/", body: "")
        try await withServer(faults: faults) { running in
            let client = Self.client(running)
            let error = await #expect(throws: CatalogError.self) { try await client.fetchMishnaLessons(masechetId: 1, chapter: 1) }
            guard case .malformedResponse(let path, _) = error else {
                Issue.record("expected .malformedResponse, got \(String(describing: error))")
                return
            }
            #expect(path == "mishna/masechet/1/chapter/1/")
            let empty = await #expect(throws: CatalogError.self) { try await client.fetchShas() }
            #expect(empty == .malformedResponse(path: "masechtot_list/", reason: "the body is empty"))
        }
    }

    @Test("an empty Shas is .emptyShas")
    func emptyShas() async throws {
        let faults = FaultInjector()
        await faults.replaceAPIResponse(at: "masechtot_list/", body: #"{"success":true,"data":{"seder":[]},"errors":[]}"#)
        try await withServer(faults: faults) { running in
            await #expect(throws: CatalogError.emptyShas) { try await Self.client(running).fetchShas() }
        }
    }

    @Test("success:false is .serverRefused with the messages")
    func serverRefused() async throws {
        let faults = FaultInjector()
        await faults.replaceAPIResponse(
            at: "gemara/masechet/1/",
            body: #"{"success": false, "data": null, "errors": [{"field": "masechet", "message": "closed for maintenance"}]}"#)
        try await withServer(faults: faults) { running in
            await #expect(throws: CatalogError.serverRefused(path: "gemara/masechet/1/", messages: ["masechet: closed for maintenance"])) {
                try await Self.client(running).fetchGemaraLessons(masechetId: 1)
            }
        }
    }

    @Test("duplicate ids in a list response are kept once and reported")
    func duplicatesInResponse() async throws {
        let faults = FaultInjector()
        let entry = { (id: Int, daf: Int) in #"{"id": \#(id), "chapter": 1, "duration": 900, "page_number": \#(daf)}"# }
        await faults.replaceAPIResponse(
            at: "gemara/masechet/1/",
            body: #"{"success": true, "errors": [], "data": {"pages": ["#
                + [entry(1, 2), entry(2, 3), entry(1, 4), "17"].joined(separator: ",") + "]}}")
        let list = try await withServer(faults: faults) { try await Self.client($0).fetchGemaraLessons(masechetId: 1) }
        #expect(list.lessons.map(\.id) == [1, 2])
        #expect(list.lessons.map(\.pageNumber) == [2, 3])
        #expect(list.problems.count == 2)
        #expect(list.problems.first == LessonProblem(position: 2, id: 1, reason: "duplicate id 1: the first entry is kept"))
        #expect(list.problems.last?.position == 3)
    }

    @Test("a null list in the envelope is an empty list")
    func nullList() async throws {
        let faults = FaultInjector()
        await faults.replaceAPIResponse(
            at: "mishna/masechet/1/chapter/1/", body: #"{"success": true, "errors": null, "data": {"mishnayot": null}}"#)
        let list = try await withServer(faults: faults) { try await Self.client($0).fetchMishnaLessons(masechetId: 1, chapter: 1) }
        #expect(list == LessonList())
    }

    @Test("a closed port is .unreachable")
    func unreachable() async throws {
        let socket = try SilentSocket(listening: false)
        let client = CatalogClient(configuration: .init(apiBase: socket.apiBase, token: "t", timeout: .seconds(5)))
        let error = await #expect(throws: CatalogError.self) { try await client.fetchShas() }
        guard case .unreachable(let path, let reason) = error else {
            Issue.record("expected .unreachable, got \(String(describing: error))")
            return
        }
        #expect(path == "masechtot_list/")
        #expect(reason.summary.hasPrefix("connection refused"), "said in words, not as an errno dump: \(reason)")
    }

    @Test("a host name that does not resolve is .unreachable, the name said in words, not as a NIO type")
    func unknownHost() async throws {
        // `.invalid` never resolves (RFC 2606).
        let client = CatalogClient(
            configuration: .init(apiBase: try #require(URL(string: "http://no-such-host.invalid/api/")), token: "t", timeout: .seconds(2)))
        let error = await #expect(throws: CatalogError.self) { try await client.fetchShas() }
        guard case .unreachable(_, let reason) = error else {
            Issue.record("expected .unreachable, got \(String(describing: error))")
            return
        }
        #expect(reason.summary == "the name no-such-host.invalid could not be looked up (is it spelt right, and is there a network?)")
        #expect(reason.isConnectionLevel)
    }

    @Test("a server that accepts but never answers times out as .unreachable(did not answer in time)")
    func timeout() async throws {
        let socket = try SilentSocket(listening: true)
        let client = CatalogClient(configuration: .init(apiBase: socket.apiBase, token: "t", timeout: .milliseconds(300)))
        await #expect(
            throws: CatalogError.unreachable(path: "gemara/masechet/1/", cause: NetworkError(summary: "the server did not answer in time"))
        ) {
            try await client.fetchGemaraLessons(masechetId: 1)
        }
    }

    @Test("a body larger than maxBodyBytes is .malformedResponse")
    func bodyTooLarge() async throws {
        try await withServer { running in
            let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "t", maxBodyBytes: 1024))
            let error = await #expect(throws: CatalogError.self) { try await client.fetchShas() }
            guard case .malformedResponse(_, let reason) = error else {
                Issue.record("expected .malformedResponse, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("1024"))
        }
    }

    @Test("an oversized catalog and redirect loops are said in words, not as NIO or AsyncHTTPClient type names")
    func errorsInWords() async throws {
        try await withServer { running in
            let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "t", maxBodyBytes: 1024))
            let error = await #expect(throws: CatalogError.self) { try await client.fetchShas() }
            let text = error?.description ?? ""
            #expect(text.contains("larger than 1024 bytes") && !text.contains("NIOTooManyBytesError"), "\(text)")
        }
        #expect(NetworkError(HTTPClientError.redirectCycleDetected).summary == "the server redirects in a loop")
        #expect(NetworkError(HTTPClientError.redirectLimitReached).summary == "the server redirects too many times")
        #expect(!NetworkError(HTTPClientError.invalidURL).summary.contains("HTTPClientError"))
    }
}
