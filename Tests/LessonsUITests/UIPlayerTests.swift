import Foundation
import OfflineLessons
import Testing

/// The player's page and its position route over real HTTP: the position is saved only with the
/// token, read back into the page, and shown as progress in the lists.
@Suite("Player over HTTP")
struct UIPlayerTests {
    @Test("a lesson with no PDF says so plainly on its player; one whose PDF is missing is warned of")
    func pdfAbsentOrMissing() async throws {
        try await UIFixture.run { fixture in
            let berakhot = try await fixture.library.lessons(for: [try LessonSelector(parsing: "gemara:berakhot")])
            let without = try #require(berakhot.first { $0.lesson.page == nil })
            let with = try #require(berakhot.first { $0.lesson.page != nil })
            try await fixture.download("gemara/\(without.id.id)")
            try await fixture.download("gemara/\(with.id.id)")
            let none = try await fixture.get("/play/gemara/\(without.id.id)").text
            #expect(none.contains("This lesson has no PDF") && !none.contains("PDF not downloaded"), "\(none)")
            let spanish = try await fixture.get("/play/gemara/\(without.id.id)", headers: [("Cookie", "lessons-lang=es")]).text
            #expect(spanish.contains("Esta clase no tiene PDF"))
            try FileManager.default.removeItem(at: fixture.library.fileURL(for: MediaKey(with.id, .text)))
            _ = try await fixture.library.sync()
            let missing = try await fixture.get("/play/gemara/\(with.id.id)").text
            #expect(missing.contains("PDF not downloaded") && !missing.contains("This lesson has no PDF"), "\(missing)")
        }
    }

    @Test("POST /api/playback needs the token, checks its numbers, and saves into the library")
    func savePosition() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-4")
            let path = "/api/playback?lesson=gemara/2&medium=audio&position=95.25&duration=600"
            #expect(try await fixture.post(path, token: nil).status == 403)
            #expect(try await fixture.post(path, token: "wrong").status == 403)
            #expect(try await fixture.post(path, headers: [("Origin", "http://evil.example")]).status == 403)
            #expect(try await fixture.library.playback(of: LessonID(.gemara, 2)) == nil)
            for bad in ["position=-1", "position=nan", "position=inf", "position=abc", "position=1&duration=-5"] {
                #expect(try await fixture.post("/api/playback?lesson=gemara/2&\(bad)").status == 400, "\(bad)")
            }
            #expect(try await fixture.post("/api/playback?lesson=gemara&position=1").status == 400)
            let saved = try await fixture.post(path)
            #expect(saved.status == 200, "\(saved.text)")
            #expect(saved.text.contains(#""played":false"#) && saved.text.contains(#""position":95.25"#))
            let playback = try #require(try await fixture.library.playback(of: LessonID(.gemara, 2)))
            #expect(playback.position == .seconds(95.25) && playback.medium == .audio)

            // The page opens there, says its name, goes back to its masechet and to its neighbours.
            let page = try await fixture.get("/play/gemara/2")
            #expect(page.status == 200)
            #expect(page.text.contains(#"data-start="95.250""#))
            #expect(page.text.contains("<h1>Berakhot 3</h1>"))
            #expect(page.text.contains(#"<a href="/shas/gemara/1#lesson-gemara-2" id="back-to-masechet">← Back to Berakhot</a>"#))
            #expect(
                page.text.contains(#"<a href="/play/gemara/1" rel="prev" id="previous-lesson" class="button">← Previous: Berakhot 2</a>"#))
            #expect(page.text.contains(#"<a href="/play/gemara/3" rel="next" id="next-lesson" class="button">Next: Berakhot 4 →</a>"#))
            for rate in ["0.75×", "1×", "1.25×", "1.5×", "1.75×", "2×"] { #expect(page.text.contains(">\(rate)</button>"), "\(rate)") }
            let spanish = try await fixture.get("/play/gemara/2", headers: [("Accept-Language", "es")]).text
            for rate in ["0,75×", "1×", "1,25×", "1,5×"] { #expect(spanish.contains(">\(rate)</button>"), "\(rate)") }
            #expect(spanish.contains(#"data-rate="0.75""#) && spanish.contains("Clase anterior y siguiente"))
            #expect(page.text.contains(#"aria-label="Back 15 seconds""#) && page.text.contains(#"aria-label="Forward 30 seconds""#))
            // The last daf downloaded: its next one is not, and links to where it can be downloaded.
            let last = try await fixture.get("/play/gemara/3")
            #expect(last.text.contains(#"<a href="/shas/gemara/1#lesson-gemara-4" rel="next""#))

            // Progress in the lists: a bar on the Downloads page and the masechet page, and "continue listening".
            let downloads = try await fixture.get("/downloads")
            #expect(downloads.text.contains(#"<progress class="heard" max="1000" value="159""#))
            #expect(downloads.text.contains("Heard 1:35 of 10:00 of Berakhot 3"))
            #expect(downloads.text.contains(#"<section id="continue">"#))
            #expect(try await fixture.get("/shas/gemara/1").text.contains("Heard 1:35 of 10:00 of Berakhot 3"))
            // Played through: the mark, and out of "continue listening".
            #expect(try await fixture.post("/api/playback?lesson=gemara/2&position=590&duration=600").text.contains(#""played":true"#))
            let after = try await fixture.get("/downloads")
            #expect(after.text.contains(#"<span class="played">"#))
            #expect(!after.text.contains(#"<section id="continue">"#))
            #expect(try await fixture.get("/play/gemara/2").text.contains(#"data-start="0.000""#), "played to the end: starts over")
        }
    }
}
