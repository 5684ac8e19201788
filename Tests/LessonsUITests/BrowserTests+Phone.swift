import Foundation
import OfflineLessons
import Testing

/// Every page on a phone and on a desktop, in both languages: nothing wider than the screen,
/// controls big enough to touch, the live panel within reach, lessons named as people name them,
/// and no accessibility violation axe-core can find.
extension BrowserTests {
    /// The pages of a library with downloads, a pinned lesson, lessons part heard and played, a file deleted by hand (the sync
    /// notes, a lesson listed as missing), a clean preview with something to remove, live items (one downloading, one
    /// failed, some complete), and the Downloads page sorted, filtered and with a selection.
    static func preparedPages(_ fixture: UIFixture) async throws -> [String] {
        try await fixture.download("gemara:berakhot:2-4")
        try await fixture.download("mishna:berakhot:1:1-2")
        _ = try await fixture.library.pin([.lesson(LessonID(.gemara, 2))])
        // Watched progress: one lesson part heard (a bar, and "continue listening"), one played (a mark).
        try await fixture.library.recordPlayback(of: LessonID(.gemara, 1), medium: .audio, position: .seconds(30), duration: .seconds(600))
        try await fixture.library.recordPlayback(of: LessonID(.gemara, 2), medium: .audio, position: .seconds(590), duration: .seconds(600))
        try FileManager.default.removeItem(at: fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 3), .audio)))
        await fixture.faults.inject(.failFirst(count: 10, status: 404), at: MediaKey(LessonID(.gemara, 9), .audio))
        #expect(try await fixture.post("/api/download?type=gemara&masechet=1&lesson=9&media=audio").status == 200)
        await fixture.faults.inject(.throttle(millisecondsPerChunk: 1000), at: MediaKey(LessonID(.gemara, 10), .audio))
        #expect(try await fixture.post("/api/download?type=gemara&masechet=1&lesson=10&media=audio").status == 200)
        _ = try await fixture.watchTransfers {
            $0.contains { $0.key == "gemara/9/audio" && $0.state == "failed" }
                && $0.contains { $0.key == "gemara/10/audio" && $0.state == "downloading" }
        }
        // A plan followed: the Today page shows its settings and the Make ready button.
        try await fixture.library.setPlan(LearningPlan(calendar: .dafHashavua))
        return [
            "/today?date=2026-11-28", "/shas", "/shas/gemara/1", "/shas/mishna/1", "/downloads", "/downloads?maxMB=1", "/history/gemara/1",
            "/history/gemara/20",
            "/play/gemara/1", "/queue", "/downloads?sort=size", "/downloads?sort=recent&q=berakhot&media=audio&played=unplayed",
            "/downloads?media=missing", "/downloads?lesson=gemara%2F1&chapter=mishna%2F1%2F1", "/shas/find?q=Kinnim%201",
        ]
    }

    /// Opens `path` and waits until the page and its first live update are in.
    static func show(_ path: String, _ fixture: UIFixture, _ browser: Browser) async throws {
        try await browser.open(fixture.base + path)
        #expect(
            try await browser.wait("document.readyState === 'complete' && document.querySelector('#live-list li')"),
            "\(path) loaded with its live panel")
    }

    @Test(
        "on a phone (390 and 360 px wide, in English and Spanish) no page scrolls sideways, nothing is wider, every control is 44 px and says in words what it does"
    )
    func phoneWidths() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            let pages = try await Self.preparedPages(fixture)
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                for (width, height, language) in [(390, 844, "en"), (360, 740, "en"), (360, 740, "es")] {
                    try await browser.open(fixture.base + "/lang/\(language)?back=/shas")
                    try await browser.emulate(width: width, height: height, mobile: true)
                    for path in pages {
                        let at = "\(path) at \(width) px in \(language)"
                        try await Self.show(path, fixture, browser)
                        let widths = try #require(
                            try await browser.run("return [innerWidth, document.documentElement.scrollWidth]") as? [Int])
                        #expect(widths == [width, width], "\(at): [innerWidth, scrollWidth] = \(widths)")
                        let wide = try await browser.run(Self.widerThanViewport) as? [String] ?? ["no answer"]
                        #expect(wide.isEmpty, "\(at), past the viewport: \(wide)")
                        let small = try await browser.run(Self.smallTargets) as? [String] ?? ["no answer"]
                        #expect(small.isEmpty, "\(at), under 44 px: \(small)")
                        let cut = try await browser.run(Self.cutWords) as? [String] ?? ["no answer"]
                        #expect(cut.isEmpty, "\(at), words cut across lines: \(cut)")
                        let wordless = try await browser.run(Self.iconsAlone) as? [String] ?? ["no answer"]
                        #expect(wordless.isEmpty, "\(at), controls showing an icon and no word: \(wordless)")
                        // The header stays on screen: two rows of controls at most.
                        let rows = try #require(
                            try await browser.run(
                                "return new Set([...document.querySelectorAll('header nav > *')].map((e) => Math.round(e.getBoundingClientRect().top))).size"
                            ) as? Int)
                        #expect(rows <= 2, "\(at): the header's controls take \(rows) rows")
                    }
                }
                try await browser.open(fixture.base + "/lang/en?back=/shas")
                try await browser.open(fixture.base + "/shas/gemara/1")
                try await saveScreenshot(browser, "phone-masechet.png")
            }
        }
    }

    @Test(
        "on a desktop, in both languages, a lesson table's rows keep their cells in line, sizes and names on one line, a name beside its box"
    )
    func desktopTables() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            _ = try await Self.preparedPages(fixture)
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.emulate(width: 1280, height: 900, mobile: false)
                for language in ["en", "es"] {
                    try await browser.open(fixture.base + "/lang/\(language)?back=/shas")
                    for path in ["/shas/gemara/1", "/shas/mishna/1", "/downloads"] {
                        try await Self.show(path, fixture, browser)
                        let ragged = try await browser.run(Self.raggedRows) as? [String] ?? ["no answer"]
                        #expect(ragged.isEmpty, "\(path) in \(language): \(ragged)")
                    }
                }
            }
        }
    }

    /// Table rows whose cells do not end on one line (a cell that stopped being one), sizes or
    /// lesson names set on two lines, and names set under their box instead of beside it.
    static let raggedRows = """
        const out = [];
        for (const row of document.querySelectorAll("table.lessons tbody tr, table.downloads tbody tr")) {
          const bottoms = [...row.children].map((cell) => Math.round(cell.getBoundingClientRect().bottom));
          if (Math.max(...bottoms) - Math.min(...bottoms) > 2)
            out.push((row.id || row.textContent.trim().slice(0, 30)) + ": cells end at " + bottoms.join(", "));
        }
        for (const e of document.querySelectorAll("td.size, .pick-name > span")) {
          const range = document.createRange();
          range.selectNodeContents(e);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) out.push(e.textContent.trim() + " on " + tops.size + " lines");
        }
        for (const e of document.querySelectorAll(".pick-name")) {
          const box = e.querySelector("input"), name = e.querySelector(":scope > span");
          if (!box || !name) continue;
          const b = box.getBoundingClientRect(), n = name.getBoundingClientRect();
          if (n.top >= b.bottom || n.bottom <= b.top) out.push(name.textContent.trim() + " not beside its box");
        }
        return out.slice(0, 20);
        """

    @Test("pictures of the Shas, a masechet, the Queue, the Downloads page and the player, on a phone and a desktop")
    func pictures() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            _ = try await Self.preparedPages(fixture)
            // The player's picture shows a tone (the demo's audio is a quiet hiss): a WAV of the
            // file's size (sync checks sizes, so the lesson stays complete).
            let file = fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 1), .audio))
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber).intValue
            try wav(bytes: size).write(to: file)
            let pages = [
                ("today", "/today"), ("shas", "/shas"), ("masechet", "/shas/gemara/1"), ("downloads", "/downloads"),
                ("player", "/play/gemara/1"),
            ]
            let sizes = [("phone", 390, 844, true), ("desktop", 1280, 900, false)]
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                func picture(_ name: String, _ path: String, _ size: String) async throws {
                    try await browser.open(fixture.base + path)
                    #expect(try await browser.wait("document.readyState === 'complete' && document.querySelector('h1')"), "\(path)")
                    try await saveScreenshot(browser, "\(name)-\(size).png")
                }
                for (size, width, height, mobile) in sizes {
                    try await browser.emulate(width: width, height: height, mobile: mobile)
                    for (name, path) in pages { try await picture(name, path, size) }
                }
                // The Queue page last, paused, with items waiting (the other pages would say so too).
                try await fixture.library.pauseQueue()
                #expect(try await fixture.post("/api/download?type=gemara&masechet=1&chapter=2&media=audio").status == 200)
                for (size, width, height, mobile) in sizes {
                    try await browser.emulate(width: width, height: height, mobile: mobile)
                    try await picture("queue", "/queue", size)
                }
            }
        }
    }

    @Test("on a phone the live panel opens from the header, within the screen, naming each lesson")
    func livePanelOnPhone() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            _ = try await Self.preparedPages(fixture)
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.emulate(width: 390, height: 844, mobile: true)
                try await Self.show("/shas/gemara/1", fixture, browser)
                try await browser.run("window.scrollTo(0, document.body.scrollHeight)")
                #expect(try await browser.run("return getComputedStyle(document.getElementById('live')).display") as? String == "none")
                #expect(try await browser.wait("Number(document.getElementById('live-count').textContent) >= 1"))
                try await browser.click("#live-toggle")
                #expect(
                    try await browser.run("return document.getElementById('live-toggle').getAttribute('aria-expanded')") as? String
                        == "true")
                let box = try #require(
                    try await browser.run(
                        "const r = document.getElementById('live').getBoundingClientRect(); return [r.left, r.right, r.top, r.height];")
                        as? [Double])
                #expect(box[0] >= 0 && box[1] <= 390 && box[2] >= 0 && box[2] < 844 && box[3] > 0, "the panel's box: \(box)")
                let clear = try await browser.run(
                    "return document.getElementById('live-title').getBoundingClientRect().top >= document.querySelector('header').getBoundingClientRect().bottom"
                )
                #expect(clear as? Bool == true, "the panel's heading is below the header, not under it")
                let item = try await browser.text("#live-list li[data-key=\"gemara/10/audio\"] .title") ?? ""
                #expect(item.hasPrefix("Berakhot 11 audio: downloading"), "\(item)")
                #expect(try await browser.text("#live-list li[data-key=\"gemara/9/audio\"] button") == "Retry")
                try await saveScreenshot(browser, "phone-live.png")
                try await browser.click("#live-toggle")
                #expect(try await browser.run("return getComputedStyle(document.getElementById('live')).display") as? String == "none")
            }
        }
    }

    @Test("no page shows an id (gemara/5) where a name belongs, in either language")
    func namesNotIDs() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            let pages = try await Self.preparedPages(fixture)
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                for language in ["en", "es"] {
                    try await browser.open("\(fixture.base)/lang/\(language)?back=/shas")
                    for path in pages {
                        try await Self.show(path, fixture, browser)
                        let ids = try await browser.run(Self.shownIDs) as? [String] ?? ["no answer"]
                        #expect(ids.isEmpty, "\(path) in \(language) shows ids: \(ids)")
                    }
                }
                try await Self.show("/play/gemara/1", fixture, browser)
                #expect(try await browser.text("h1") == "Berakhot 2")
                #expect(try await browser.text("#back-to-masechet") == "← Volver a Berakhot")
                try await Self.show("/downloads", fixture, browser)
                let label = try await browser.run(
                    "return document.querySelector('#download-gemara-1 button[data-action=\"/api/remove?lesson=gemara/1\"]').getAttribute('aria-label')"
                )
                #expect(label as? String == "Eliminar Berakhot 2")
                try await browser.open("\(fixture.base)/lang/en?back=/shas/gemara/1")
                #expect(try await browser.wait("document.querySelector('#lesson-gemara-11')"))
                let download = try await browser.run(
                    "return document.querySelector('#lesson-gemara-11 button[data-action$=\"lesson=11&media=audio\"]').getAttribute('aria-label')"
                )
                #expect(download as? String == "Download Berakhot 12, audio")
            }
        }
    }

    @Test(
        "axe-core finds no violation on any page, in English and Spanish, on a desktop and a phone",
        .enabled(if: AxeSupport.enabled, "needs axe-core (pip install axe-selenium-python)"))
    func accessibility() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            let pages = try await Self.preparedPages(fixture)
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                for language in ["en", "es"] {
                    try await browser.open("\(fixture.base)/lang/\(language)?back=/shas")
                    for (width, height, mobile) in [(1280, 900, false), (390, 844, true)] {
                        try await browser.emulate(width: width, height: height, mobile: mobile)
                        for path in pages {
                            try await Self.show(path, fixture, browser)
                            if mobile { try await browser.click("#live-toggle") }
                            let violations = try await browser.axeViolations()
                            #expect(violations.isEmpty, "\(path), \(language), \(width)×\(height): \(violations)")
                            let summary = violations.isEmpty ? "0 violations" : "\(violations.count) violation(s)"
                            FileHandle.standardError.write(Data("axe \(path) \(language) \(width)x\(height): \(summary)\n".utf8))
                        }
                    }
                }
                // axe does report what it finds: an image with no text, a button with no name, grey #888 on white.
                try await Self.show("/shas", fixture, browser)
                try await browser.run(
                    """
                    const grey = document.createElement('p');
                    grey.style.color = '#888';
                    grey.textContent = 'not requested';
                    document.querySelector('main').append(document.createElement('img'), document.createElement('button'), grey);
                    """)
                let planted = try await browser.axeViolations()
                for rule in ["image-alt", "button-name", "color-contrast"] {
                    #expect(planted.contains { $0.hasPrefix(rule) }, "\(rule) in \(planted)")
                }
            }
        }
    }

    /// Elements whose box goes past the viewport's sides (empty boxes aside).
    static let widerThanViewport = """
        const out = [];
        for (const e of document.querySelectorAll("body *")) {
          const r = e.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.right <= innerWidth + 0.5 && r.left >= -0.5) continue;
          const css = typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\\s+/).join(".") : "";
          out.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + css + " " + Math.round(r.left) + "…" + Math.round(r.right));
        }
        return out.slice(0, 20);
        """

    /// Words of a table cell set on two lines (a name or a state cut mid-word); tokens of 20
    /// characters or more (a file name, an address) may wrap.
    static let cutWords = """
        const out = [];
        for (const cell of document.querySelectorAll("main td, main th")) {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const m of node.data.matchAll(/\\S+/g)) {
              if (m[0].length >= 20) continue;
              const range = document.createRange();
              range.setStart(node, m.index);
              range.setEnd(node, m.index + m[0].length);
              const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (lines.size > 1) out.push(m[0]);
            }
          }
        }
        return out.slice(0, 20);
        """

    /// Visible controls under 44×44 CSS pixels (the skip link, off screen until focused, aside).
    static let smallTargets = """
        const out = [];
        for (const e of document.querySelectorAll("a[href], button, input, select, textarea, summary")) {
          const r = e.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || r.bottom <= 0) continue;
          if (r.width < 44 || r.height < 44)
            out.push((e.id || e.getAttribute("aria-label") || e.textContent.trim()) + " " + Math.round(r.width) + "×" + Math.round(r.height));
        }
        return out.slice(0, 20);
        """

    /// Controls that show an icon and no word, by their names: the text drawn on them (not
    /// text clipped to a pixel for screen readers; a count of items is no word). The button
    /// beside a file that removes only that file is one a cross says well enough.
    static let iconsAlone = """
        const shown = (e) => {
          let text = "";
          const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const r = node.parentElement.getBoundingClientRect();
            if (r.width > 2 && r.height > 2 && node.parentElement.id !== "live-count") text += node.data;
          }
          return text;
        };
        const out = [];
        for (const e of document.querySelectorAll("a.button, button, header nav a")) {
          const r = e.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || e.closest(".file")) continue;
          if (!/[\\p{L}\\p{N}]/u.test(shown(e))) out.push(e.id || e.getAttribute("aria-label") || e.outerHTML.slice(0, 80));
        }
        return out.slice(0, 20);
        """

    /// Ids (`gemara/5`, `mishna/12`) in what the page shows or says: its text, title, labels.
    static let shownIDs = """
        const pattern = /\\b(gemara|mishna)\\/\\d+/;
        const said = [document.title, document.body.innerText];
        for (const e of document.querySelectorAll("[aria-label], [title], [alt]"))
          said.push(e.getAttribute("aria-label") || "", e.getAttribute("title") || "", e.getAttribute("alt") || "");
        return said.flatMap((text) => text.split("\\n")).filter((line) => pattern.test(line)).slice(0, 20);
        """
}
