import Foundation
import LessonsServer
import LessonsServerTesting
import LessonsUI
import OfflineLessons
import Testing

/// The Today page with the content server gone: what the device holds is shown, calendar by
/// calendar, and what it lacks is said as something that comes when the server answers again.
@Suite("Web app: Today offline")
struct UITodayOfflineTests {
    @Test(
        "a listing not on the device costs its own calendar only: the other calendar's lessons are shown, the notice says what comes later")
    func oneListingMissing() async throws {
        let folder = try TemporaryDirectory()
        let root = folder.url
        let day = try #require(LearningDay(iso: "2026-11-30"))
        // Online: Daf HaShavua's listings of this week and the next are cached; Daf Yomi's never is.
        let hashavua = try await ContentServer(configuration: .init()).withRunning { running in
            let library = try await UIFixture.openLibrary(root, running)
            _ = try await library.catalog(refresh: true)
            let now = try await library.lesson(of: .dafHashavua, on: day, fetchingWithin: .seconds(20))
            let following = try #require(DafCalendar.dafHashavua.days(around: day)?.upperBound.adding(days: 1))
            _ = try await library.lesson(of: .dafHashavua, on: following, fetchingWithin: .seconds(20))
            return try #require(now?.lessons.first)
        }
        let closed = try SilentSocket(listening: false)
        defer { withExtendedLifetime(closed) {} }
        let client = CatalogClient(
            configuration: .init(
                apiBase: try #require(URL(string: "http://127.0.0.1:\(closed.port)/api/")), token: "test", timeout: .seconds(1)))
        let library = try await LessonLibrary(root: root, client: client)
        try await LibraryWebApp(library: library, configuration: .init(token: UIFixture.token)).withRunning { app in
            let page = "http://127.0.0.1:\(app.port)/today?date=\(day.iso)"
            var today = try await fetch(page)
            let end = ContinuousClock.now + .seconds(20)
            while !today.text.contains(#"id="offline""#), ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(100))
                today = try await fetch(page)
            }
            #expect(today.status == 200)
            #expect(today.text.contains("id=\"lesson-gemara-\(hashavua.id)\""), "Daf HaShavua's \(hashavua.name) is shown")
            #expect(
                today.text.contains("Some lessons of these days are not on this device yet (the list of Gemara lessons of Arakhin)"),
                "\(today.text)")
            let spanish = try await fetch(page, headers: [("Accept-Language", "es-AR")])
            #expect(spanish.text.contains("todavía no están en este dispositivo"))
            // Followed offline, its listing not here: the plan is saved, its lessons come later.
            let follow = try await fetch("http://127.0.0.1:\(app.port)/api/plan/follow?calendar=daf-yomi", method: .POST)
            #expect(
                follow.status == 200
                    && follow.text.contains("Daf Yomi is followed: its lessons are fetched when the content server answers again"),
                "\(follow.text)")
            #expect(try await library.plans().map(\.calendar) == [.dafYomi])
        }
    }
}
