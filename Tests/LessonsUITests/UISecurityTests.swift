import Foundation
import LessonsServerTesting
import LessonsUI
import OfflineLessons
import Testing

/// Nothing changes without the token; no other site, by Origin or by DNS rebinding, gets in.
@Suite("Web app: token, Host and Origin")
struct UISecurityTests {
    @Test("pages need the token; the printed URL trades it for a cookie and a clean address")
    func pagesNeedTheToken() async throws {
        try await UIFixture.run { fixture in
            #expect(try await fixture.get("/shas", token: nil).status == 403)
            #expect(try await fixture.get("/shas", token: "wrong").status == 403)
            #expect(try await fixture.get("/shas?token=wrong", token: nil).status == 403)
            let entry = try await fixture.get("/shas?token=\(UIFixture.token)", token: nil)
            #expect(entry.status == 303)
            #expect(entry.header("Location") == "/shas")
            let cookie = try #require(entry.header("Set-Cookie"))
            #expect(cookie.contains("=\(UIFixture.token)") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(cookie.contains("Max-Age=34560000"), "kept across a browser's restart: \(cookie)")
            let pair = try #require(cookie.split(separator: ";").first).description
            #expect(try await fixture.get("/shas", token: nil, headers: [("Cookie", pair)]).status == 200)
            #expect(fixture.app.url.absoluteString.hasSuffix("?token=\(UIFixture.token)"))
        }
    }

    @Test("a state-changing request without the token in its header changes nothing, cookie or not")
    func actionsNeedTheTokenHeader() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/1")
            let cookie = "lessons-token-\(fixture.app.port)=\(UIFixture.token)"
            for answer in [
                try await fixture.post("/api/remove?lesson=gemara/1", token: nil),
                try await fixture.post("/api/remove?lesson=gemara/1", token: "wrong"),
                try await fixture.post("/api/remove?lesson=gemara/1", token: nil, headers: [("Cookie", cookie)]),
                try await fixture.post("/api/download?type=gemara&masechet=1&lesson=2&media=audio", token: nil),
                try await fixture.post("/api/clean?days=0", token: nil),
            ] {
                #expect(answer.status == 403)
                #expect(answer.text.contains("X-Lessons-Token"))
            }
            #expect(try await fixture.library.isDownloaded(LessonID(.gemara, 1)))
            #expect(try await fixture.library.pendingDownloads() == 0)
        }
    }

    @Test("a page of another site is refused by its Origin, even with the token")
    func foreignOrigin() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/1")
            let answer = try await fixture.post("/api/remove?lesson=gemara/1", headers: [("Origin", "http://evil.example")])
            #expect(answer.status == 403)
            #expect(answer.text.contains("another site"))
            let otherPort = try await fixture.post("/api/remove?lesson=gemara/1", headers: [("Origin", "http://127.0.0.1:1")])
            #expect(otherPort.status == 403)
            #expect(try await fixture.library.isDownloaded(LessonID(.gemara, 1)))
            let own = try await fixture.post("/api/remove?lesson=gemara/1", headers: [("Origin", fixture.base)])
            #expect(own.status == 200)
            #expect(try await !fixture.library.isDownloaded(LessonID(.gemara, 1)))
        }
    }

    @Test("a Host that is not loopback (DNS rebinding) is refused, pages and actions alike")
    func foreignHost() async throws {
        try await UIFixture.run { fixture in
            let page = try await fixture.get("/shas", headers: [("Host", "evil.example:\(fixture.app.port)")])
            #expect(page.status == 421)
            let action = try await fixture.post("/api/sync", headers: [("Host", "rebind.evil.example")])
            #expect(action.status == 421)
            #expect(try await fixture.get("/shas", headers: [("Host", "localhost:\(fixture.app.port)")]).status == 200)
        }
    }

    @Test("static assets need no token but the Host check still holds")
    func staticAssets() async throws {
        try await UIFixture.run { fixture in
            let script = try await fixture.get("/static/app.js", token: nil)
            #expect(script.status == 200)
            #expect(script.text.contains("X-Lessons-Token"))
            #expect(try await fixture.get("/static/app.css", token: nil).status == 200)
            #expect(try await fixture.get("/static/nothing.js", token: nil).status == 404)
            #expect(try await fixture.get("/static/app.js", token: nil, headers: [("Host", "evil.example")]).status == 421)
        }
    }

    @Test("stopping while connections are still arriving: no trap, and withRunning returns", .timeLimit(.minutes(2)))
    func stopWhileConnectionsArrive() async throws {
        let folder = try TemporaryDirectory()
        let client = CatalogClient(
            configuration: .init(apiBase: URL(string: "http://127.0.0.1:9/api/")!, token: "test", timeout: .seconds(1)))
        let library = try await LessonLibrary(root: folder.url, client: client)
        for _ in 0..<10 {
            let opened = try await LibraryWebApp(library: library, configuration: .init(token: UIFixture.token)).withRunning { app in
                // Accepted by the kernel, not yet served when the body returns (swift-nio #3481).
                (0..<32).map { _ in LoopbackConnection(port: app.port) }
            }
            #expect(opened.allSatisfy { $0.connected }, "every connection reached the app")
        }
    }
}
