import Foundation
import LessonsUI
import OfflineLessons
import Testing

/// The pages: what they show is the registry's truth, in both languages.
@Suite("Web app: pages")
struct UIPageTests {
    @Test("the Shas lists sedarim and masechtot in traditional order")
    func shasIndex() async throws {
        try await UIFixture.run { fixture in
            let page = try await fixture.get("/shas")
            #expect(page.status == 200)
            let text = page.text
            let order = ["Zeraim", "Moed", "Nashim", "Nezikin", "Kodashim", "Tohorot"].compactMap {
                text.range(of: "Seder \($0)")?.lowerBound
            }
            #expect(order.count == 6)
            #expect(order == order.sorted())
            let berakhot = try #require(text.range(of: "Berakhot"))
            let peah = try #require(text.range(of: "Peah"))
            #expect(berakhot.lowerBound < peah.lowerBound)
            #expect(text.contains("href=\"/shas/gemara/1\""))
            #expect(!text.contains("href=\"/shas/gemara/2\""))  // Peah has no Gemara
            // A skip link to the content, and a polite region for progress.
            #expect(text.contains(##"<a class="skip" href="#main">Skip to content</a>"##))
            #expect(text.contains(#"<main id="main""#))
            #expect(text.contains(#"id="live-status" class="visually-hidden" role="status" aria-live="polite""#))
        }
    }

    @Test("the Shas counts a masechet's downloaded dapim and mishnayot apart, as the folder holds them: a file deleted by hand is not")
    func shasCounts() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-4")
            try await fixture.download("mishna:berakhot:1:1")
            #expect(try await fixture.get("/shas").text.contains("3 dapim, 1 mishna downloaded"))
            let spanish = try await fixture.get("/shas", headers: [("Accept-Language", "es")]).text
            #expect(spanish.contains("descargado: 3 dapim, 1 mishná"), "each kind counted apart, in Spanish too")
            // Berakhot 4 is gemara/3.
            try FileManager.default.removeItem(at: fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 3), .audio)))
            let page = try await fixture.get("/shas").text
            #expect(page.contains("2 dapim, 1 mishna downloaded"), "\(page)")
        }
    }

    @Test(
        "a masechet shows each lesson's state per medium: complete, failed with its reason, missing, not requested; downloads offered for what it lacks"
    )
    func masechetStates() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-3")
            await fixture.faults.inject(.failFirst(count: 10, status: 404), at: MediaKey(LessonID(.gemara, 3), .audio))
            try await fixture.download("gemara/3")
            try await fixture.download("gemara/4")
            try FileManager.default.removeItem(at: fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 4), .audio)))
            let page = try await fixture.get("/shas/gemara/1")
            #expect(page.status == 200)
            let text = page.text
            #expect(text.contains(#"data-key="gemara/1/audio" data-state="complete""#))
            #expect(text.contains(#"data-key="gemara/1/video" data-state="not requested""#))
            let failed = try #require(text.range(of: #"data-key="gemara/3/audio" data-state="failed""#))
            #expect(text[failed.upperBound...].prefix(400).contains(#"<span class="label">failed: "#))
            #expect(text.contains(#"data-key="gemara/4/audio" data-state="missing""#))
            #expect(text.contains(#"data-key="gemara/5/audio" data-state="not requested""#))
            // Dapim in numeric order, chapters too.
            let daf2 = try #require(text.range(of: ">Berakhot 2<"))
            let daf10 = try #require(text.range(of: ">Berakhot 10<"))
            #expect(daf2.lowerBound < daf10.lowerBound)
            #expect(text.contains("id=\"chapter-1-audio\""))
            #expect(text.contains(/<span>The whole chapter \(\d+ lessons\):<\/span> <button/), "the chapter's buttons say what they take")
            // A lesson's download buttons offer what it lacks: not its audio again, nor "both",
            // which would fetch what "video" does.
            #expect(!text.contains(#"data-action="/api/download?type=gemara&amp;masechet=1&amp;lesson=1&amp;media=audio""#))
            #expect(text.contains(#"data-action="/api/download?type=gemara&amp;masechet=1&amp;lesson=1&amp;media=video""#))
            #expect(!text.contains(#"data-action="/api/download?type=gemara&amp;masechet=1&amp;lesson=1&amp;media=both""#))
            #expect(text.contains(#"data-action="/api/download?type=gemara&amp;masechet=1&amp;lesson=5&amp;media=both""#))
            #expect(
                text.contains(#"data-action="/api/download?type=gemara&amp;masechet=1&amp;lesson=4&amp;media=audio""#), "missing: offered")
            // Berakhot 12 has no video in the catalog: only its audio is offered.
            #expect(text.contains(#"data-key="gemara/11/video" data-state="unavailable""#))
            #expect(text.contains(#"data-action="/api/download?type=gemara&amp;masechet=1&amp;lesson=11&amp;media=audio""#))
            #expect(!text.contains(#"data-action="/api/download?type=gemara&amp;masechet=1&amp;lesson=11&amp;media=video""#))
            #expect(!text.contains(#"data-action="/api/download?type=gemara&amp;masechet=1&amp;lesson=11&amp;media=both""#))
        }
    }

    @Test("Mishna pages go chapter by chapter, mishna by mishna")
    func mishnaPage() async throws {
        try await UIFixture.run { fixture in
            let page = try await fixture.get("/shas/mishna/1")
            #expect(page.status == 200)
            #expect(page.text.contains(">Berakhot 1:1<"))
            #expect(page.text.contains("id=\"chapter-2\""))
        }
    }

    @Test("the Downloads page groups, sizes, and marks a file deleted by hand missing with the reason, kept in the history")
    func downloadsPage() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-4")
            try await fixture.download("mishna:berakhot:1:1-2")
            let before = try await fixture.get("/downloads")
            #expect(before.status == 200)
            for id in ["download-gemara-1", "download-gemara-3", "download-mishna-1"] { #expect(before.text.contains(id)) }
            #expect(before.text.contains("id=\"free-space\""))
            #expect(before.text.contains("Gemara · Chapter 1"))
            let total = try await fixture.library.downloads(sync: false).reduce(0) { $0 + $1.bytes }
            #expect(before.text.contains("Total: \(formatted(total))"))
            try FileManager.default.removeItem(at: fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 2), .audio)))
            let after = try await fixture.get("/downloads")
            #expect(after.text.contains("id=\"download-gemara-2\""), "listed, with its PDF, until removed")
            #expect(after.text.contains(#"data-key="gemara/2/audio" data-state="missing""#))
            #expect(after.text.contains("id=\"sync-notes\""))
            #expect(after.text.contains("Berakhot 3 audio: missing"))
            let history = try await fixture.get("/history/gemara/2")
            #expect(history.text.contains("event-missing"))
            #expect(history.text.contains("sync: "))
            #expect(history.text.contains(#"<a href="/shas/gemara/1#lesson-gemara-2" id="back-to-masechet">"#), "the way back to its row")
            // A file name in Hebrew keeps its order beside the table's left-to-right words, and its
            // own: read left to right, as the page's sentences are ("ברכות 3.pdf", not "pdf.3 ברכות").
            #expect(history.text.contains(#"<td><bdi dir="ltr">ברכות 3.pdf</bdi></td>"#), "\(history.text)")
        }
    }

    @Test("remove, pin, unpin and clean act on the library and say so; a pinned lesson is said so on its masechet's page")
    func actions() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-4")
            #expect(try await fixture.post("/api/pin?lesson=gemara/2").status == 200)
            #expect(try await fixture.library.pinnedLessons() == [LessonID(.gemara, 2)])
            #expect(try await fixture.get("/downloads").text.contains("/api/unpin?lesson=gemara/2"))
            #expect(
                try await fixture.get("/shas/gemara/1").text.contains("<th scope=\"row\">Berakhot 3 (pinned)"),
                "said on its masechet's page")
            let preview = try await fixture.get("/downloads?maxMB=0").status
            #expect(preview == 400)  // a quota of 0 MB is not a number of megabytes the page accepts
            let quota = try await fixture.get("/downloads?maxMB=1")
            #expect(quota.text.contains("Clean would remove nothing"))
            let remove = try await fixture.post("/api/remove?lesson=gemara/1&medium=audio")
            #expect(remove.status == 200)
            #expect(try await !fixture.library.isDownloaded(LessonID(.gemara, 1)))
            #expect(try await fixture.post("/api/unpin?lesson=gemara/2").status == 200)
            #expect(try await fixture.library.pinnedLessons().isEmpty)
            let clean = try await fixture.post("/api/clean?days=0")
            #expect(clean.status == 200)
            #expect(try await fixture.library.downloads(sync: false).isEmpty)
        }
    }

    @Test("Clean asks first, with how many files go and their size, as its preview says")
    func cleanConfirmation() async throws {
        // At a hundredth of their size, a daf's video alone is over the 1 MB kept.
        try await UIFixture.run(scale: 0.01) { fixture in
            #expect(try await fixture.post("/api/quota?maxMB=1").status == 200)
            _ = try await fixture.download("gemara:berakhot:5", media: .video)
            let page = try await fixture.get("/downloads")
            let preview = try await fixture.library.clean(RetentionPolicy(maxBytes: 1_000_000), dryRun: true)
            let files = preview.actions.count
            #expect(files > 0)
            let asked = "Clean now? \(files) \(files == 1 ? "file" : "files") (\(formatted(preview.bytesFreed))) will be removed."
            #expect(page.text.contains("data-confirm=\"\(asked)\""), "\(asked)")
        }
    }

}

/// The app's way of writing sizes.
func formatted(_ bytes: Int) -> String {
    var value = Double(bytes)
    var unit = 0
    let units = ["B", "KB", "MB", "GB"]
    while value >= 1000, unit < units.count - 1 {
        value /= 1000
        unit += 1
    }
    return unit == 0 ? "\(bytes) B" : String(format: value < 10 ? "%.1f %@" : "%.0f %@", value, units[unit])
}
