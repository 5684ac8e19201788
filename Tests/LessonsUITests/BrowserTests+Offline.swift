import Foundation
import LessonsServer
import LessonsUI
import OfflineLessons
import Testing

/// The web app on one port that a test stops and starts again (a new app with the same token, as
/// `lessons ui --port N` started again would be, but for its token).
actor SwitchableApp {
    let library: LessonLibrary
    private(set) var port = 0
    private var stopSignal: AsyncStream<Void>.Continuation?
    private var serving: Task<Void, any Error>?

    init(library: LessonLibrary) {
        self.library = library
    }

    @discardableResult
    func start() async throws -> LibraryWebApp.Running {
        var configuration = LibraryWebApp.Configuration(port: port, token: UIFixture.token)
        configuration.pageWait = .seconds(20)  // a loaded machine may take over a second to send a listing
        let app = LibraryWebApp(library: library, configuration: configuration)
        let (started, didStart) = AsyncStream<LibraryWebApp.Running>.makeStream()
        let (stop, stopSignal) = AsyncStream<Void>.makeStream()
        serving = Task {
            defer { didStart.finish() }
            try await app.withRunning { running in
                didStart.yield(running)
                for await _ in stop {}
            }
        }
        self.stopSignal = stopSignal
        var iterator = started.makeAsyncIterator()
        guard let running = await iterator.next() else {
            try await serving?.value
            throw WebAppError.didNotStart(host: "127.0.0.1", port: port)
        }
        port = running.port
        return running
    }

    func stop() async throws {
        stopSignal?.finish()
        try await serving?.value
        serving = nil
    }
}

extension BrowserTests {
    @Test("when the app stops, the page says it lost the connection and tries again; when it is back, the page recovers")
    func appStopsAndComesBack() async throws {
        let folder = try TemporaryDirectory()
        let root = folder.url
        try await ContentServer(configuration: .init()).withRunning { running in
            let library = try await UIFixture.openLibrary(root, running)
            _ = try await library.catalog(refresh: true)
            let app = SwitchableApp(library: library)
            let first = try await app.start()
            try await withBrowser { browser in
                try await browser.open(first.url.absoluteString.replacingOccurrences(of: "/?token", with: "/shas/gemara/1?token"))
                #expect(try await browser.wait("document.readyState === 'complete' && document.querySelector('#chapter-1-audio')"))
                try await browser.run("window.sameDocument = true; window.confirm = () => true")
                try await app.stop()
                let lost =
                    "document.getElementById('connection').textContent.startsWith('Lost the connection to the app. Trying again in ')"
                #expect(try await browser.wait(lost, timeout: .seconds(20)))
                let region = try await browser.run(
                    "const c = document.getElementById('connection'); return [c.getAttribute('role'), c.getAttribute('aria-live'), String(c.offsetHeight > 0)]"
                )
                #expect(region as? [String] == ["status", "polite", "true"])
                try await saveScreenshot(browser, "connection-lost.png")
                // A button pressed meanwhile says the action was not sent, and is not left disabled.
                try await browser.click("#chapter-1-audio")
                #expect(try await browser.wait("document.getElementById('flash').textContent === 'Not sent: the app is not answering.'"))
                #expect(try await browser.run("return document.getElementById('chapter-1-audio').disabled") as? Bool == false)
                try await Task.sleep(for: .seconds(2))  // a retry or two fail first
                try await app.start()
                let recovered = """
                    document.readyState === 'complete' && window.sameDocument === undefined && document.querySelector('#chapter-1-audio') \
                    && document.getElementById('connection').textContent === ''
                    """
                #expect(try await browser.wait(recovered, timeout: .seconds(40)))
            }
            try await app.stop()
        }
    }

    @Test(
        "with the content server unreachable: the banner in both languages, no violation axe-core can find, nothing wider than a phone",
        .enabled(if: AxeSupport.enabled, "needs axe-core (pip install axe-selenium-python)"))
    func offlineBannerAccessible() async throws {
        try await OfflineFixture.run { fixture in
            try await fixture.goOffline()
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                for language in ["en", "es"] {
                    try await browser.open("\(fixture.base)/lang/\(language)?back=/shas")
                    for (width, height, mobile) in [(1280, 900, false), (360, 740, true)] {
                        try await browser.emulate(width: width, height: height, mobile: mobile)
                        for path in ["/shas", "/shas/gemara/\(fixture.neverCached)", "/shas/gemara/1"] {
                            try await browser.open(fixture.base + path)
                            #expect(try await browser.wait("document.readyState === 'complete' && document.getElementById('offline')"))
                            let violations = try await browser.axeViolations()
                            #expect(violations.isEmpty, "\(path), \(language), \(width)×\(height): \(violations)")
                            guard mobile else { continue }
                            let widths = try #require(
                                try await browser.run("return [innerWidth, document.documentElement.scrollWidth]") as? [Int])
                            #expect(widths == [width, width], "\(path) at \(width) px: \(widths)")
                        }
                    }
                }
                try await browser.open(fixture.base + "/shas/gemara/\(fixture.neverCached)")
                #expect(try await browser.wait("document.readyState === 'complete' && document.getElementById('offline')"))
                try await saveScreenshot(browser, "phone-offline.png")
                // The server is back: the open page drops its banner by itself, and shows it again when the server goes.
                try await browser.run("window.sameDocument = true")
                try await fixture.server.start()
                #expect(try await browser.wait("!document.getElementById('offline')", timeout: .seconds(20)))
                try await fixture.server.stop()
                #expect(try await browser.wait("document.getElementById('offline')", timeout: .seconds(20)))
                #expect(try await browser.run("return window.sameDocument") as? Bool == true)
            }
        }
    }
}
