import AsyncHTTPClient
import Foundation
import LessonsServerTesting
import OfflineLessons
import Testing

@testable import LessonsUI

/// The Queue page and its actions over HTTP: cancel one lesson of a chapter's download while the
/// others go on; pause (kept across a restart of the app) and resume; move a lesson or an item to
/// the front; every lesson named, its media's states and reasons in words.
@Suite("Web app: the queue")
struct UIQueueTests {
    @Test("cancelling one lesson of a chapter's download leaves the others downloading to the end")
    func cancelOne() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            let slow = MediaKey(LessonID(.gemara, 2), .audio)
            // Slow enough to be still under way when the cancel arrives, on a busy machine too.
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 1000), at: slow)
            #expect(try await fixture.post("/api/download?type=gemara&masechet=1&chapter=1&media=audio").status == 200)
            _ = try await fixture.watchTransfers { $0.contains { $0.key == "gemara/2/audio" && $0.state == "downloading" } }
            let page = try await fixture.get("/queue")
            // One row a lesson, its media's states in it, its buttons for the lesson.
            let row =
                page.text.components(separatedBy: #"<li data-lesson="gemara/2">"#).dropFirst().first?.components(separatedBy: "</li>").first
                ?? ""
            #expect(row.contains(#"<span class="what">Berakhot 3</span>"#) && row.contains(#"aria-label="Cancel Berakhot 3""#), "\(row)")
            #expect(row.contains(#"data-keys="gemara/2/audio""#) && row.contains("audio — downloading"), "\(row)")
            #expect(page.text.firstMatch(of: /<span class="what">(gemara|mishna)\/\d+/) == nil)
            let cancel = try await fixture.post("/api/cancel?lesson=gemara/2")
            #expect(cancel.status == 200 && cancel.text.contains("Berakhot 3: cancelled"), "\(cancel.text)")
            #expect(try await fixture.library.queue().allSatisfy { $0.key.lesson != slow.lesson }, "its audio and its PDF left the queue")
            let samples = try await fixture.watchTransfers { sample in
                sample.filter { $0.key.hasPrefix("gemara/") && $0.key != "gemara/2/audio" && $0.key != "gemara/2/text" }
                    .allSatisfy { $0.state == "complete" }
            }
            #expect(!samples.isEmpty)
            let chapter = try await fixture.library.lessons(for: [try LessonSelector(parsing: "gemara:berakhot")]).filter {
                $0.placement.chapter == 1
            }
            for lesson in chapter where lesson.id != slow.lesson { #expect(try await fixture.library.isDownloaded(lesson.id)) }
            #expect(try await !fixture.library.isDownloaded(slow.lesson))
            #expect(try await fixture.library.history(of: slow.lesson).contains { $0.kind == .cancelled })
        }
    }

    @Test("Cancel of a line of the live panel takes its own items (key=…&key=…), not the lesson's others")
    func cancelSomeKeys() async throws {
        try await UIFixture.run { fixture in
            try await fixture.library.pauseQueue()
            #expect(try await fixture.post("/api/download?type=gemara&masechet=1&lesson=5&media=both").status == 200)
            let cancel = try await fixture.post("/api/cancel?key=gemara/5/video&key=gemara/5/text")
            #expect(cancel.status == 200 && cancel.text.contains("Berakhot 6 video, PDF: cancelled"), "\(cancel.text)")
            let left = try await fixture.library.queue().map(\.key)
            #expect(left == [MediaKey(LessonID(.gemara, 5), .audio)], "the audio stays queued: \(left)")
            #expect(try await fixture.post("/api/cancel?key=gemara/5/audio&key=gemara/5").status == 400, "one bad key refuses all")
            #expect(try await fixture.library.queue().count == 1)
        }
    }

    @Test("Cancel all empties a paused queue in one action, asked first; what was downloaded stays")
    func cancelAll() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2")
            #expect(try await fixture.post("/api/queue/pause").status == 200)
            let asked = try await fixture.post(
                "/api/download?type=gemara&masechet=1&chapter=1&media=audio", headers: [("Accept-Language", "es")])
            #expect(asked.status == 200)
            #expect(
                asked.text.contains(" clases, de Berakhot 2 a Berakhot ")
                    && asked.text.contains(" (audio); la cola está en pausa hasta que la reanudes"),
                "the lessons named, in the page's language: \(asked.text)")
            let queued = try await fixture.library.queue().count
            #expect(queued > 4, "the chapter waits: \(queued)")
            let page = try await fixture.get("/queue").text
            #expect(
                page.contains(
                    #"data-confirm="Cancel all \#(queued) items of the queue? What was partly downloaded is deleted, and so is the PDF"#))
            let cancel = try await fixture.post("/api/queue/cancel-all")
            #expect(cancel.status == 200 && cancel.text.contains("\(queued) items cancelled"), "\(cancel.text)")
            #expect(try await fixture.library.queue().isEmpty)
            #expect(try await fixture.library.isDownloaded(LessonID(.gemara, 1)), "Berakhot 2 was downloaded before: it stays")
            let again = try await fixture.post("/api/queue/cancel-all")
            #expect(again.text.contains("Nothing queued"), "\(again.text)")
            let masechet = try await fixture.get("/shas/gemara/1").text
            #expect(
                masechet.contains("Download the 63 lessons of Berakhot (Gemara), audio? They wait in the Queue"),
                "a masechet's worth is asked first")
            #expect(
                masechet.contains(#"title="Download Berakhot, chapter 1, video" data-confirm="Download the "#)
                    && masechet.contains(" lessons of Berakhot, chapter 1, video? They wait in the Queue"),
                "a chapter's worth too")
            #expect(
                masechet.contains(/where they can be paused or cancelled\. The library&#39;s disk has [0-9.,]+ [kMGT]?B free\."/),
                "with the free space to weigh it against")
            let spanish = try await fixture.get("/shas/gemara/1", headers: [("Accept-Language", "es")]).text
            #expect(spanish.contains(/\. El disco de la biblioteca tiene [0-9.,]+ [kMGT]?B libres\."/), "\(spanish.prefix(200))")
        }
    }

    @Test("a queue paused from the page stays paused after the app restarts; resumed, it downloads")
    func pauseAcrossRestart() async throws {
        try await UIFixture.run { fixture in
            let pause = try await fixture.post("/api/queue/pause")
            #expect(pause.status == 200)
            #expect(try await fixture.post("/api/download?type=gemara&masechet=1&lesson=5&media=audio").status == 200)
            // A new app and library on the same folder: a restart.
            let library = try await UIFixture.openLibrary(fixture.root, fixture.running)
            let app = LibraryWebApp(library: library, configuration: .init(token: UIFixture.token, pollInterval: .milliseconds(200)))
            try await app.withRunning { app in
                let page = try await fetch("http://127.0.0.1:\(app.port)/queue")
                #expect(page.text.contains("id=\"queue-paused\""), "the notice")
                #expect(
                    page.text.contains(#"<span class="what">Berakhot 6</span>"#)
                        && page.text.contains("audio, PDF — paused"))
                #expect(page.text.contains("id=\"queue-resume\""))
                #expect(try await !library.isDownloaded(LessonID(.gemara, 5)))
                let resume = try await post("http://127.0.0.1:\(app.port)/api/queue/resume")
                #expect(resume.status == 200)
                let end = ContinuousClock.now + .seconds(30)
                while try await !library.isDownloaded(LessonID(.gemara, 5)), ContinuousClock.now < end {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(try await library.isDownloaded(LessonID(.gemara, 5)))
                #expect(try await !library.isQueuePaused())
            }
        }
    }

    @Test("a failed item says why in the page's language, and retry-all is offered; next moves a queued lesson, or one item, to the front")
    func failedAndNext() async throws {
        try await UIFixture.run { fixture in
            await fixture.faults.inject(.failFirst(count: 10, status: 404), at: MediaKey(LessonID(.gemara, 7), .audio))
            try await fixture.download("gemara/7")
            try await fixture.library.pauseQueue()
            #expect(try await fixture.post("/api/download?type=gemara&masechet=1&lesson=8&media=audio").status == 200)
            let spanish = try await fixture.get("/queue", headers: [("Cookie", "lessons-lang=es")])
            #expect(spanish.text.contains("falló: el servidor respondió HTTP 404"), "\(spanish.text)")
            #expect(spanish.text.contains("Reintentar los fallidos (1)"))
            // The button that moves an item to the front says so: not "Next", which reads as a way on.
            #expect(spanish.text.contains("aria-label=\"Descargar primero: Berakhot 9\""), "\(spanish.text)")
            // The lesson's audio and PDF wait alike: one line says so for both, in short (the
            // notice above says the queue is paused).
            #expect(spanish.text.contains(#"data-keys="gemara/8/audio gemara/8/text" data-state="queued""#), "\(spanish.text)")
            #expect(spanish.text.contains("audio, PDF — en pausa<"), "\(spanish.text)")
            #expect(spanish.text.contains("<span>Descargar primero</span>") && !spanish.text.contains("<span>Siguiente</span>"))
            // The masechet's page says the queue is paused once, with Resume all (as the Today and
            // Downloads pages do; the Queue page has its own notice); the lesson's cells say
            // "paused", as the live panel does, before any script runs; the media on their way are
            // not offered again, nor "both".
            let masechet = try await fixture.get("/shas/gemara/1")
            #expect(masechet.text.contains(#"id="paused-banner"><span>The queue is paused: nothing downloads"#), "\(masechet.text)")
            #expect(masechet.text.contains(#"data-action="/api/queue/resume""#))
            for path in ["/today", "/downloads"] {
                #expect(try await fixture.get(path).text.contains(#"id="paused-banner""#), "\(path)")
            }
            #expect(try await !fixture.get("/queue").text.contains(#"id="paused-banner""#))
            let row =
                masechet.text.components(separatedBy: #"<tr id="lesson-gemara-8">"#).dropFirst().first?
                .components(separatedBy: "</tr>").first ?? ""
            let cell =
                row.components(separatedBy: #"data-key="gemara/8/audio""#).dropFirst().first?.components(separatedBy: "</td>").first ?? ""
            #expect(cell.hasSuffix(">paused</span>"), "\(cell)")
            #expect(row.contains("media=video") && !row.contains("media=audio") && !row.contains("media=both"), "\(row)")
            let next = try await fixture.post("/api/queue/next?lesson=gemara/8")
            #expect(next.status == 200 && next.text.contains("Berakhot 9 is next"), "\(next.text)")
            #expect(
                try await fixture.library.queue().prefix(2).map(\.key) == [
                    .init(LessonID(.gemara, 8), .audio), .init(LessonID(.gemara, 8), .text),
                ],
                "the lesson's items at the front, in their order")
            let one = try await fixture.post("/api/queue/next?key=gemara/8/text")
            #expect(one.status == 200 && one.text.contains("Berakhot 9 PDF is next"), "\(one.text)")
            #expect(try await fixture.library.queue().first?.key == MediaKey(LessonID(.gemara, 8), .text))
            let notQueued = try await fixture.post("/api/queue/next?key=gemara/1/audio")
            #expect(notQueued.text.contains("is not queued"))
        }
    }
}

/// A POST of a full URL with the fixture's token.
func post(_ url: String) async throws -> Answer {
    var request = HTTPClientRequest(url: url)
    request.method = .POST
    request.headers.add(name: "X-Lessons-Token", value: UIFixture.token)
    let response = try await testClient.execute(request, timeout: .seconds(90))
    let body = try await response.body.collect(upTo: 64 << 20)
    return Answer(status: Int(response.status.code), headers: response.headers, body: Array(body.readableBytesView))
}

/// The Queue page's summary counts its rows as they read.
@Suite("Web app: the queue's summary")
struct QueueSummaryTests {
    @Test(
        "paused, an item still written shows queued in its row and in the summary; running, downloading in both; claimed and empty, queued"
    )
    func summaryMatchesRows() throws {
        // Two transfers with bytes, one item claimed (its partial file held, empty), one interrupted.
        let items = (1...4).map { id in
            TransferSnapshot(
                key: MediaKey(LessonID(.gemara, id), .audio), state: .downloading, receivedBytes: id < 3 ? 1000 : 0, expectedBytes: nil,
                lastError: nil, isBeingWritten: id < 4)
        }
        let context = PageContext(language: .en, token: AccessToken("t"), path: "/queue")
        let paused = QueuePage.render(items, paused: true, names: LessonNames(shas: nil), context).markup
        #expect(paused.contains("4 queued, 0 downloading, 0 failed"), "\(paused)")
        #expect(!paused.contains(#"data-state="downloading""#))
        let running = QueuePage.render(items, paused: false, names: LessonNames(shas: nil), context).markup
        #expect(running.contains("2 queued, 2 downloading, 0 failed"), "\(running)")
        #expect(running.components(separatedBy: #"data-state="downloading""#).count - 1 == 2)
        let pause = try #require(running.range(of: #"id="queue-pause""#).map { String(running[$0.lowerBound...].prefix(400)) })
        #expect(pause.contains("#i-pause") && !pause.contains("#i-cancel"), "Pause all has its own icon, not Cancel's: \(pause)")
    }
}
