import Foundation
import OfflineLessons
import Testing

/// The Queue page in a browser, on a desktop and on a phone: one lesson cancelled with its own
/// button while the others download to the end; the whole queue paused and resumed.
extension BrowserTests {
    @Test("at 1280×900 and 390×844: cancel one lesson on the Queue page, the others download; pause all, then resume all")
    func queueFlows() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                // Each size its own lessons (ids of Berakhot), so that each starts from nothing.
                for (width, height, mobile, first) in [(1280, 900, false, 20), (390, 844, true, 30)] {
                    try await browser.emulate(width: width, height: height, mobile: mobile)
                    let size = "\(width)×\(height)"
                    try await Self.cancelOne(first: first, fixture, browser, size: size)
                    try await Self.pauseAndResume(LessonID(.gemara, first + 5), fixture, browser, size: size)
                }
            }
        }
    }

    @Test("a page left open shows the paused banner when the queue is paused elsewhere, and loses it when Resume all is pressed")
    func pausedBannerFollows() async throws {
        try await UIFixture.run { fixture in
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.open(fixture.base + "/shas/gemara/1")
                #expect(try await browser.wait("document.readyState === 'complete' && document.querySelector('h1')"))
                #expect(try await browser.run("return document.getElementById('paused-banner') === null") as? Bool == true)
                _ = try await browser.run("window.notReloaded = true")
                try await fixture.library.pauseQueue()  // as a terminal's `lessons queue pause` would
                #expect(
                    try await browser.wait("window.notReloaded === true && document.querySelector('#paused-banner #banner-resume')"),
                    "the banner comes without a reload")
                try await browser.click("#banner-resume")
                #expect(try await browser.wait("document.getElementById('paused-banner') === null"), "and goes once resumed")
                #expect(try await !fixture.library.isQueuePaused())

                // The Queue page's own notice follows too, without a reload.
                try await browser.open(fixture.base + "/queue")
                #expect(try await browser.wait("document.readyState === 'complete' && document.getElementById('queue-pause')"))
                _ = try await browser.run("window.notReloaded = true")
                try await fixture.library.pauseQueue()
                #expect(
                    try await browser.wait("window.notReloaded === true && document.getElementById('queue-paused')"), "the notice comes")
                try await fixture.library.resumeQueue()
                #expect(try await browser.wait("window.notReloaded === true && document.getElementById('queue-paused') === null"))
            }
        }
    }

    /// Four lessons requested, the second slowed down; its Cancel button on the Queue page stops it
    /// alone (its audio and its PDF), and the page stops listing it.
    static func cancelOne(first: Int, _ fixture: UIFixture, _ browser: Browser, size: String) async throws {
        let lessons = (first..<first + 4).map { LessonID(.gemara, $0) }
        let slow = MediaKey(lessons[1], .audio)
        let row = "#queue-list li[data-lesson=\"gemara/\(slow.lesson.id)\"]"
        await fixture.faults.inject(.throttle(millisecondsPerChunk: 150), at: slow)
        for lesson in lessons {
            #expect(try await fixture.post("/api/download?type=gemara&masechet=1&lesson=\(lesson.id)&media=audio").status == 200)
        }
        _ = try await fixture.watchTransfers { $0.contains { $0.key == "gemara/\(slow.lesson.id)/audio" && $0.state == "downloading" } }
        try await browser.open(fixture.base + "/queue")
        #expect(try await browser.wait("document.readyState === 'complete' && document.querySelector(arguments[0])", [row]), "\(size)")
        let widths = try await browser.run("return [innerWidth, document.documentElement.scrollWidth]") as? [Int]
        #expect(widths?.first == widths?.last, "\(size): the Queue page scrolls sideways: \(widths ?? [])")
        let name = try await browser.run("return document.querySelector(arguments[0]).querySelector('.what').textContent", [row])
        #expect(name as? String == "Berakhot \(slow.lesson.id + 1)", "\(size)")
        try await browser.click(row + " button[data-action^=\"/api/cancel\"]")
        #expect(
            try await browser.wait("document.readyState === 'complete' && !document.querySelector(arguments[0])", [row]),
            "\(size): the cancelled item leaves the Queue page")
        let said = "Berakhot \(slow.lesson.id + 1): cancelled"
        #expect(
            try await browser.wait("document.getElementById('flash').textContent === arguments[0]", [said]),
            "\(size): the page says what was cancelled, after its reload")
        let inView = try await browser.run(
            """
            document.body.style.minHeight = '5000px'; window.scrollTo(0, 4000);
            const r = document.getElementById('flash').getBoundingClientRect();
            return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight
            """)
        #expect(inView as? Bool == true, "\(size): the message stands in view wherever the page is scrolled")
        _ = try await browser.run("document.body.style.minHeight = ''; window.scrollTo(0, 0)")
        let clear = try await browser.run(
            """
            window.scrollTo(0, document.documentElement.scrollHeight);
            const buttons = document.querySelectorAll('main button');
            const last = buttons[buttons.length - 1].getBoundingClientRect();
            return last.bottom <= document.getElementById('flash').getBoundingClientRect().top
            """)
        #expect(clear as? Bool == true, "\(size): scrolled to the end, the last button is above the message, not under it")
        _ = try await browser.run("window.scrollTo(0, 0)")
        let end = ContinuousClock.now + .seconds(60)
        var others = false
        while !others, ContinuousClock.now < end {
            others = true
            for lesson in lessons where lesson != slow.lesson { others = try await fixture.library.isDownloaded(lesson) && others }
            if !others { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(others, "\(size): the other three download to the end")
        #expect(try await !fixture.library.isDownloaded(slow.lesson), "\(size)")
        #expect(try await fixture.library.history(of: slow.lesson).contains { $0.kind == .cancelled }, "\(size)")
    }

    /// "Pause all" leaves a new request queued, said so on its row; "Resume all" downloads it, and
    /// the page, left open, stops listing it.
    static func pauseAndResume(_ lesson: LessonID, _ fixture: UIFixture, _ browser: Browser, size: String) async throws {
        try await browser.open(fixture.base + "/queue")
        #expect(try await browser.wait("document.readyState === 'complete' && document.querySelector('#queue-pause')"), "\(size)")
        try await browser.click("#queue-pause")
        #expect(try await browser.wait("document.querySelector('#queue-paused') && document.querySelector('#queue-resume')"), "\(size)")
        #expect(try await fixture.library.isQueuePaused(), "\(size)")
        // Slowed down, so that it is still on the Queue page once resumed.
        await fixture.faults.inject(.throttle(millisecondsPerChunk: 100), at: MediaKey(lesson, .audio))
        #expect(try await fixture.post("/api/download?type=gemara&masechet=1&lesson=\(lesson.id)&media=audio").status == 200)
        let row = "#queue-list li [data-keys~=\"gemara/\(lesson.id)/audio\"][data-state=\"queued\"]"
        // Asked elsewhere, it joins the page left open, without a reload.
        _ = try await browser.run("window.openedBefore = true")
        #expect(try await browser.wait("window.openedBefore === true && document.querySelector(arguments[0])", [row]), "\(size)")
        let state = try await browser.run("return document.querySelector(arguments[0]).textContent", [row])
        #expect((state as? String)?.hasSuffix("audio, PDF — paused") == true, "\(size): \(state ?? "none")")
        #expect(try await !fixture.library.isDownloaded(lesson), "\(size): nothing downloads while paused")
        // The live panel: the lesson's audio and PDF on one line; the pause is said by the page, not
        // again in the panel.
        let live = "#live-list li[data-keys=\"gemara/\(lesson.id)/audio gemara/\(lesson.id)/text\"][data-state=\"queued\"]"
        #expect(try await browser.wait("document.querySelector(arguments[0])", [live]), "\(size): the live panel lists it as queued")
        let said = try await browser.run("return document.querySelector(arguments[0] + ' .title span').textContent", [live]) as? String
        let name = try await fixture.library.lessonNames().name(lesson)
        #expect(said == "\(name) audio, PDF: paused", "\(size): \(said ?? "nothing")")
        let noteShown = "return getComputedStyle(document.getElementById('live-paused')).display !== 'none'"
        #expect(try await browser.run(noteShown) as? Bool == false, "\(size): said twice on the Queue page")
        // On a page that does not say it (the player), the panel does, with the way to resume.
        let note =
            try await browser.run(
                """
                document.getElementById('queue-paused').remove();
                const note = document.getElementById('live-paused');
                return [getComputedStyle(note).display, note.querySelector('span').textContent, note.querySelector('button').dataset.action];
                """) as? [String]
        #expect(note == ["flex", "The queue is paused.", "/api/queue/resume"], "\(size): \(note ?? [])")
        let cancel = try await browser.run("return document.querySelector(arguments[0] + ' button').dataset.action", [live]) as? String
        #expect(
            cancel == "/api/cancel?key=gemara%2F\(lesson.id)%2Faudio&key=gemara%2F\(lesson.id)%2Ftext",
            "\(size): the line's Cancel takes its own items: \(cancel ?? "none")")
        #expect(try await browser.text("#live-count") == "", "\(size): the header counts nothing under way while the queue is paused")
        let bar = try await browser.run("return document.querySelector(arguments[0] + ' progress') !== null", [live])
        #expect(bar as? Bool == false, "\(size): a queued item with nothing received has no progress bar")
        let beside = try await browser.run(
            """
            const toggle = document.getElementById('live-toggle');
            const closed = getComputedStyle(document.getElementById('live')).display === 'none';
            if (closed) toggle.click();  // a phone: the panel opens from the header
            const item = document.querySelector(arguments[0]);
            const name = item.querySelector('.title span').getBoundingClientRect();
            const cancel = item.querySelector('button[data-action^="/api/cancel"]').getBoundingClientRect();
            if (closed) toggle.click();
            return cancel.top < name.bottom && cancel.bottom > name.top && cancel.height < 50;
            """, [live])
        #expect(beside as? Bool == true, "\(size): the queued item's Cancel is on its name's line, its word on one line")
        try await browser.click("#queue-resume")
        #expect(try await browser.wait("document.readyState === 'complete' && document.querySelector('#queue-pause')"), "\(size)")
        let listed = "#queue-list li[data-lesson=\"gemara/\(lesson.id)\"]"
        #expect(try await browser.wait("document.querySelector(arguments[0])", [listed]), "\(size): listed while it downloads")
        _ = try await browser.run("window.notReloaded = true")
        let end = ContinuousClock.now + .seconds(60)
        while try await !fixture.library.isDownloaded(lesson), ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(100)) }
        #expect(try await fixture.library.isDownloaded(lesson), "\(size): resumed, it downloads")
        #expect(
            try await browser.wait("window.notReloaded === true && !document.querySelector(arguments[0])", [listed], timeout: .seconds(20)),
            "\(size): the Queue page follows the download: the item leaves it without a reload")
        #expect(try await !fixture.library.isQueuePaused(), "\(size)")
    }
}
