import Foundation
import LessonsUI
import OfflineLessons
import Testing

/// The player remembers: a position reached in the browser is saved, and the lesson opens there
/// again after the app (and its library) are started anew on the same folder.
extension BrowserTests {
    @Test("on a phone the player opens at its top (title, back link, controls), its PDF below, whatever the PDF viewer does")
    func playerOpensAtTop() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            try await fixture.download("gemara:berakhot:2-3")
            #expect(fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 1), .text)).path.hasSuffix(".pdf"))
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.emulate(width: 390, height: 844, mobile: true)
                try await browser.open("\(fixture.base)/play/gemara/1")
                #expect(try await browser.wait("document.readyState === 'complete' && document.getElementById('pdf')"))
                try await Task.sleep(for: .seconds(2))  // the PDF frame loads (and may take the focus)
                let top = try await browser.run("return window.scrollY") as? Double ?? -1
                #expect(top == 0, "the page opened scrolled to \(top)")
            }
        }
    }

    @Test("the demo content server's audio plays in the browser: a duration, no problem said")
    func demoAudioPlays() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            try await fixture.download("gemara:berakhot:2")
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.open("\(fixture.base)/play/gemara/1")
                #expect(try await browser.wait("document.getElementById('player').readyState >= 1"), "its metadata loads")
                #expect(try await browser.run("return document.getElementById('player').duration") as? Double ?? 0 > 1)
                #expect(try await browser.run("return document.getElementById('player-problem').hidden") as? Bool == true)
            }
        }
    }

    @Test("a file the browser cannot play: on a phone the message shows, its History button on one line, whole")
    func cannotPlayOnPhone() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            try await fixture.download("gemara:berakhot:2")
            let file = fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 1), .audio))
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber).intValue
            try Data(repeating: 0x5A, count: size).write(to: file)  // no audio a browser can play
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.emulate(width: 390, height: 844, mobile: true)
                try await browser.open("\(fixture.base)/play/gemara/1")
                #expect(try await browser.wait("!document.getElementById('player-problem').hidden"), "the problem is said")
                let sizes = try #require(
                    try await browser.run(
                        """
                        const link = document.querySelector('#player-problem a');
                        const box = link.getBoundingClientRect();
                        const line = parseFloat(getComputedStyle(link).lineHeight) || 24;
                        return [box.width, box.height, line, link.scrollWidth];
                        """) as? [Double])
                #expect(sizes[1] < sizes[2] * 2.5 && sizes[0] >= sizes[3], "History squeezed: \(sizes)")
                let shown = try await browser.run(
                    "return [...document.querySelectorAll('a.history')].filter((a) => a.getClientRects().length > 0).length")
                #expect(shown as? Int == 1, "one History button, the problem's: \(shown ?? "none")")
            }
        }
    }

    @Test("played to 2:00 and left: after a restart the lesson opens at 2:00; speed and skip buttons work")
    func playerRemembers() async throws {
        // Scale 0.1: at least 1.4 MB of audio, a WAV of three minutes or more.
        try await UIFixture.run(scale: 0.1) { fixture in
            try await fixture.download("gemara:berakhot:2-3")
            let file = fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 1), .audio))
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber).intValue
            try wav(bytes: size).write(to: file)
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.open("\(fixture.base)/play/gemara/1")
                #expect(try await browser.wait("document.getElementById('player').readyState >= 1"))
                #expect(try await browser.run("return document.getElementById('player').duration") as? Double ?? 0 > 150)
                #expect(try await browser.text("h1") == "Berakhot 2")

                try await browser.click("button[data-rate=\"1.5\"]")
                #expect(try await browser.run("return document.getElementById('player').playbackRate") as? Double == 1.5)
                #expect(
                    try await browser.run("return document.querySelector('button[data-rate=\"1.5\"]').getAttribute('aria-pressed')")
                        as? String == "true")
                #expect(
                    try await browser.run("return document.querySelector('button[data-rate=\"1\"]').getAttribute('aria-pressed')")
                        as? String == "false")
                try await browser.click("button[data-rate=\"0.75\"]")
                #expect(try await browser.run("return document.getElementById('player').playbackRate") as? Double == 0.75)
                try await browser.run("document.getElementById('player').currentTime = 10")
                try await browser.click("#skip-forward")
                #expect(try await browser.wait("Math.abs(document.getElementById('player').currentTime - 40) < 0.5"))
                try await browser.click("#skip-back")
                #expect(try await browser.wait("Math.abs(document.getElementById('player').currentTime - 25) < 0.5"))

                let seeked = try await browser.runAsync(
                    """
                    const done = arguments[arguments.length - 1];
                    const player = document.getElementById('player');
                    player.addEventListener('seeked', () => done(player.currentTime), { once: true });
                    player.currentTime = 120;
                    """)
                #expect(abs((seeked as? Double ?? 0) - 120) < 0.5)
                try await browser.click("#nav-downloads")  // leaving the page
                #expect(try await browser.wait("document.querySelector('h1').textContent === 'Downloads'"))
                let end = ContinuousClock.now + .seconds(20)
                let nearTwoMinutes = { (playback: Playback?) in
                    playback.map { $0.position >= .seconds(119) && $0.position <= .seconds(121) } ?? false
                }
                var saved = try await fixture.library.playback(of: LessonID(.gemara, 1))
                while ContinuousClock.now < end, !nearTwoMinutes(saved) {
                    try await Task.sleep(for: .milliseconds(100))
                    saved = try await fixture.library.playback(of: LessonID(.gemara, 1))
                }
                #expect(nearTwoMinutes(saved), "saved: \(String(describing: saved))")
                #expect(try await browser.wait("document.querySelector('#download-gemara-1 progress.heard') !== null"))

            }
            // A new library and app on the same folder, a new browser: the lesson opens at 2:00.
            let library = try await UIFixture.openLibrary(fixture.root, fixture.running)
            let app = LibraryWebApp(library: library, configuration: .init(token: UIFixture.token))
            try await app.withRunning { again in
                try await withBrowser { browser in
                    try await browser.open(again.url.absoluteString)
                    try await browser.open("http://127.0.0.1:\(again.port)/play/gemara/1")
                    #expect(try await browser.wait("document.getElementById('player').readyState >= 1"))
                    #expect(try await browser.wait("Math.abs(document.getElementById('player').currentTime - 120) <= 1"))
                    let at = try await browser.run("return document.getElementById('player').currentTime") as? Double ?? 0
                    #expect(abs(at - 120) <= 1, "opened at \(at) s")
                    #expect(try await browser.text("#next-lesson") == "Next: Berakhot 3 →")
                }
            }
            try await library.close()
        }
    }
}
