import ChildProcesses
import Foundation
import LessonsServer
import OfflineLessons
import Testing

/// The web app in a real headless Chromium: what people see and click. Skipped (with the reason
/// printed) where Chromium is not installed, unless `CI=true`, where its absence fails them.
@Suite("Web app in a browser", .serialized, .enabled(if: BrowserSupport.enabled, "needs Chromium and chromium-driver (see the README)"))
struct BrowserTests {
    @Test("the Shas page: download a masechet chapter and watch progress reach 100%")
    func downloadAChapter() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 120), at: MediaKey(LessonID(.gemara, 1), .audio))
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString.replacingOccurrences(of: "/?token", with: "/shas?token"))
                #expect(try await browser.wait("document.querySelector('#seder-1') && document.title.startsWith('Shas')"))
                try await browser.click("#masechet-1 a.gemara")
                #expect(try await browser.wait("document.querySelector('#chapter-1-audio')"))
                try await browser.run("window.confirm = (text) => { window.asked = text; return true; }")
                try await browser.click("#chapter-1-audio")
                let asked = try await browser.run("return window.asked") as? String
                #expect(
                    asked?.hasPrefix("Download the ") == true && asked?.contains(" lessons of Berakhot, chapter 1, audio?") == true,
                    "\(asked ?? "nothing asked")")
                var seen: [String] = []
                let end = ContinuousClock.now + .seconds(90)
                while ContinuousClock.now < end {
                    let cell = try await browser.text("td[data-key=\"gemara/1/audio\"]") ?? ""
                    seen.append(cell)
                    if cell == "complete" { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(seen.last == "complete", "cell text seen: \(Set(seen))")
                #expect(seen.contains { $0.hasPrefix("downloading ") && $0.hasSuffix("%") && $0 != "downloading 100%" })
                // Every daf of chapter 1 ends complete, on the page and in the registry.
                #expect(
                    try await browser.wait(
                        "[...document.querySelectorAll('#chapter-1 td[data-key$=\"/audio\"]')].every(c => c.dataset.state === 'complete')"))
                let lessons = try await fixture.library.lessons(for: [try LessonSelector(parsing: "gemara:berakhot")]).filter {
                    $0.placement.chapter == 1
                }
                for lesson in lessons { #expect(try await fixture.library.isDownloaded(lesson.id)) }
                // A lesson just downloaded offers its Play and Remove at once, without a reload.
                #expect(
                    try await browser.wait(
                        "document.querySelector('#lesson-gemara-1 a.play[href=\"/play/gemara/1\"]') && document.querySelector('#lesson-gemara-1 button[aria-label=\"Remove Berakhot 2\"]')"
                    ))
                // Shown again, the page has what a downloaded lesson offers: play, remove.
                try await browser.run("location.reload()")
                #expect(try await browser.wait("document.readyState === 'complete' && document.querySelector('#lesson-gemara-1 a.play')"))
                try await saveScreenshot(browser, "shas.png")
            }
        }
    }

    @Test("a download started in a terminal (`lessons download`) appears live in the page")
    func terminalDownload() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 120), at: MediaKey(LessonID(.gemara, 3), .audio))
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString.replacingOccurrences(of: "/?token", with: "/shas/gemara/1?token"))
                #expect(try await browser.wait("document.querySelector('td[data-key=\"gemara/3/audio\"]')"))
                let child = try startCLI([
                    "download", "gemara/3", "--library", fixture.root.path, "--server", fixture.running.apiBase.absoluteString,
                    "--token", "test", "--quiet",
                ])
                var seen: [String] = []
                let end = ContinuousClock.now + .seconds(90)
                while ContinuousClock.now < end {
                    let cell = try await browser.text("td[data-key=\"gemara/3/audio\"]") ?? ""
                    seen.append(cell)
                    if cell == "complete" { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                while child.isRunning { try await Task.sleep(for: .milliseconds(20)) }
                #expect(child.terminationStatus == 0)
                #expect(seen.contains { $0.hasPrefix("downloading ") && $0 != "downloading 100%" }, "cell text seen: \(Set(seen))")
                #expect(seen.last == "complete")
                // Complete, it is listed by the lesson's name (with its PDF, when that completed at
                // the same time: they share a line).
                let done = #"#live-list li[data-keys~="gemara/3/audio"][data-state="complete"]"#
                let said =
                    "const li = document.querySelector(arguments[0]); return !!li && /^Berakhot 4 audio(, PDF)?: complete$/.test(li.textContent)"
                #expect(try await browser.wait("(() => { \(said) })()", [done]))
            }
        }
    }

    @Test("offline playback: the audio plays from the library and seeks; the PDF opens beside it")
    func playAndSeek() async throws {
        try await UIFixture.run(scale: 0.01) { fixture in
            try await fixture.download("gemara/1")
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.open("\(fixture.base)/play/gemara/1")
                #expect(try await browser.wait("document.querySelector('#pdf')"))
                let result = try await browser.runAsync(
                    """
                    const done = arguments[arguments.length - 1];
                    const player = document.getElementById('player');
                    const seek = () => {
                      player.addEventListener('seeked', () => done([player.duration, player.currentTime]), { once: true });
                      player.currentTime = player.duration / 2;
                    };
                    player.addEventListener('error', () => done(['error', player.error ? player.error.code : 0]), { once: true });
                    if (player.readyState >= 1) { seek(); } else { player.addEventListener('loadedmetadata', seek, { once: true }); player.load(); }
                    """)
                let values = try #require(result as? [Any], "player answered \(String(describing: result))")
                let duration = try #require(values.first as? Double)
                let position = try #require(values.last as? Double)
                #expect(duration > 1)
                #expect(abs(position - duration / 2) < 0.5)
            }
        }
    }

    @Test("a file deleted by hand is marked missing on the Downloads page, with the reason, kept in the history")
    func deletedByHand() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-6")
            try await fixture.download("mishna:berakhot:1:1-3")
            _ = try await fixture.library.pin([.lesson(LessonID(.gemara, 3))])
            try FileManager.default.removeItem(at: fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 2), .audio)))
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.click("#nav-downloads")
                #expect(try await browser.wait("document.querySelector('#sync-notes')"))
                #expect(
                    try await browser.run("return document.querySelector('#download-gemara-2 [data-state=\"missing\"]') !== null") as? Bool
                        == true)
                #expect(try await browser.run("return document.querySelector('#download-gemara-1') !== null") as? Bool == true)
                let notes = try await browser.text("#sync-notes") ?? ""
                #expect(notes.contains("Berakhot 3 audio: missing"))
                #expect(notes.contains("the file is gone"))
                try await saveScreenshot(browser, "downloads.png")
                try await browser.click("#sync-notes a")
                #expect(try await browser.wait("document.querySelector('#history tr.event-missing')"))
            }
        }
    }

    @Test("remove a lesson through the page, after the confirmation")
    func removeThroughThePage() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-3")
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString.replacingOccurrences(of: "/?token", with: "/downloads?token"))
                #expect(try await browser.wait("document.querySelector('#download-gemara-2')"))
                try await browser.click("#download-gemara-2 td.row-actions button[data-action=\"/api/remove?lesson=gemara/2\"]")
                try await browser.acceptDialog()
                #expect(
                    try await browser.wait("document.readyState === 'complete' && document.querySelector('#download-gemara-2') === null"))
                #expect(try await browser.run("return document.querySelector('#download-gemara-1') !== null") as? Bool == true)
            }
            #expect(try await !fixture.library.isDownloaded(LessonID(.gemara, 2)))
            #expect(try await fixture.library.isDownloaded(LessonID(.gemara, 1)))
        }
    }

    @Test("switch to Spanish, and a Spanish browser gets Spanish")
    func spanish() async throws {
        try await UIFixture.run { fixture in
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                #expect(try await browser.wait("document.querySelector('#nav-downloads')"))
                #expect(try await browser.text("#nav-downloads") == "Downloads")
                try await browser.click("#language")
                #expect(try await browser.wait("document.documentElement.lang === 'es'"))
                #expect(try await browser.text("#nav-downloads") == "Descargas")
                #expect(try await browser.text("#refresh .wide") == UserPhrase.refreshTitle.text(.es))
                try await browser.click("#nav-downloads")
                #expect(try await browser.wait("document.querySelector('h1') && document.querySelector('h1').textContent === 'Descargas'"))
            }
            try await withBrowser(language: "es-AR") { browser in
                try await browser.open(fixture.app.url.absoluteString)
                #expect(try await browser.wait("document.documentElement.lang === 'es'"))
            }
        }
    }
}

/// Saves a screenshot: into `$LESSONS_SCREENSHOTS` when set (the README's pictures are made so),
/// else into a temporary folder; checks it is a PNG either way.
func saveScreenshot(_ browser: Browser, _ name: String) async throws {
    let png = try await browser.screenshot()
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    let folder =
        ProcessInfo.processInfo.environment["LESSONS_SCREENSHOTS"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("lessons-ui-screenshots")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try png.write(to: folder.appendingPathComponent(name))
}

/// A mono 8 kHz 8-bit WAV of exactly `bytes` bytes (a tone, so that it is audible).
func wav(bytes: Int) -> Data {
    let samples = max(bytes - 44, 0)
    var data = Data()
    func append(_ value: UInt32, _ count: Int) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0.prefix(count)) } }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + samples), 4)
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(16, 4)
    append(1, 2)
    append(1, 2)
    append(8000, 4)
    append(8000, 4)
    append(1, 2)
    append(8, 2)
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(samples), 4)
    data.append(contentsOf: (0..<samples).map { UInt8(128 + Int(60 * sin(Double($0) * 2 * .pi * 440 / 8000))) })
    return data
}

/// Starts the built `lessons` binary (a terminal's command), its output discarded unless given.
func startCLI(_ arguments: [String], stdout: FileHandle? = nil) throws -> ChildProcess {
    try ChildProcess(
        try LessonsBinary.url(), arguments: arguments, environment: LessonsBinary.environment(),
        stdout: stdout.map { .descriptor($0.fileDescriptor) } ?? .null)
}
