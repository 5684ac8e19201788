import Foundation
import LessonsUI
import OfflineLessons
import Testing

/// With the content server stopped: every page answers from the cache at once and says so, a
/// masechet never cached shows what the library has, and downloads wait for the server.
@Suite("Web app: offline", .serialized)
struct UIOfflineTests {
    @Test(
        "with the content server stopped, every page answers 200 from the cache, never waiting for the server, with the offline banner, in both languages"
    )
    func pagesAnswerAtOnce() async throws {
        try await OfflineFixture.run { fixture in
            #expect(try await !fixture.get("/shas").text.contains(#"id="offline""#))
            let noticed = try await fixture.goOffline()
            let pages = [
                "/shas", "/shas/gemara/1", "/shas/gemara/\(fixture.neverCached)", "/downloads", "/history/gemara/1", "/play/gemara/1",
            ]
            var slowest: [String: Duration] = [:]
            var times: [String: [Duration]] = [:]
            for language in ["en", "es"] {
                for path in pages {
                    for _ in 0..<5 {
                        let start = ContinuousClock.now
                        let page = try await fixture.get(path, language: language)
                        let took = ContinuousClock.now - start
                        slowest[path] = max(slowest[path] ?? .zero, took)
                        times[path, default: []].append(took)
                        #expect(page.status == 200, "\(path) \(language): \(page.status)")
                        #expect(page.text.contains(#"<section class="offline" id="offline""#), "\(path) \(language) has the banner")
                        let words =
                            language == "es"
                            ? "No se puede contactar con el servidor de contenidos" : "The content server cannot be reached"
                        #expect(page.text.contains(words), "\(path) \(language)")
                        #expect(page.text.contains(language == "es" ? "Catálogo obtenido por última vez hace" : "Catalog last fetched "))
                    }
                }
            }
            let report = pages.map { "\($0) max \(Int(((slowest[$0] ?? .zero) / .milliseconds(1)).rounded())) ms" }
            FileHandle.standardError.write(
                Data(
                    "offline pages (5 requests × 2 languages each; noticed offline in \(noticed)): \(report.joined(separator: ", "))\n".utf8
                ))
            // A page answers from the cache: its typical answer is well under the second a wait for
            // the server would take at least, and none waits for it. The whole suite shares two
            // cores with this test, so answers are slower than alone, and one may be slow for
            // reasons of its own.
            for (path, all) in times {
                let median = all.sorted()[all.count / 2]
                #expect(median < .milliseconds(600), "\(path): median \(median)")
                #expect((slowest[path] ?? .zero) < .milliseconds(900), "\(path) took \(slowest[path] ?? .zero)")
            }
        }
    }

    @Test("a masechet never cached lists its downloaded lessons by name and says the rest needs the server")
    func neverCachedMasechet() async throws {
        try await OfflineFixture.run { fixture in
            // Shown before the app has noticed the server is gone: the page waits for the listing a second at most.
            try await fixture.server.stop()
            let start = ContinuousClock.now
            let first = try await fixture.get("/shas/gemara/\(fixture.neverCached)")
            let took = ContinuousClock.now - start
            FileHandle.standardError.write(Data("masechet never cached, shown before the app noticed the server gone: \(took)\n".utf8))
            #expect(first.status == 200 && first.text.contains("<th scope=\"row\">Shabbat 2</th>"))
            #expect(took < .seconds(3))
            try await fixture.goOffline()
            let page = try await fixture.get("/shas/gemara/\(fixture.neverCached)")
            #expect(page.status == 200)
            #expect(page.text.contains("<h1>Shabbat</h1>"))
            #expect(page.text.contains("<th scope=\"row\">Shabbat 2</th>"))
            #expect(page.text.contains("<th scope=\"row\">Shabbat 3</th>"))
            #expect(!page.text.contains("Shabbat 4<"))
            #expect(page.text.contains("the rest needs the server"))
            #expect(page.text.contains(#"data-state="complete""#))
            let spanish = try await fixture.get("/shas/gemara/\(fixture.neverCached)", language: "es")
            #expect(spanish.text.contains("el resto necesita el servidor"))
            #expect(spanish.text.contains("<th scope=\"row\">Shabbat 2</th>"))
            // The whole masechet cannot be queued without its listing, and the page says why in words.
            let whole = try await fixture.post("/api/download?type=gemara&masechet=\(fixture.neverCached)&media=audio")
            #expect(whole.status == 503)
            #expect(whole.text.contains("not saved on this device and the content server cannot be reached"), "\(whole.text)")
        }
    }

    @Test("a download requested offline stays queued, said in words, and completes once the server is back")
    func downloadWaitsForServer() async throws {
        try await OfflineFixture.run { fixture in
            try await fixture.goOffline()
            let start = ContinuousClock.now
            let answer = try await fixture.post("/api/download?type=gemara&masechet=1&lesson=5&media=audio")
            let took = ContinuousClock.now - start
            FileHandle.standardError.write(Data("download requested offline: answered in \(took)\n".utf8))
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.text.contains("Queued: Berakhot 6 (audio), to download when the server answers."), "\(answer.text)")
            #expect(took < .seconds(1))
            let spanish = try await fixture.post("/api/download?type=gemara&masechet=1&lesson=6&media=audio", language: "es")
            #expect(spanish.text.contains("En cola: Berakhot 7 (audio), para descargar cuando el servidor responda."), "\(spanish.text)")
            let retry = try await fixture.post("/api/retry")
            #expect(retry.status == 200 && retry.text.contains("queued: waits for the server"), "\(retry.text)")
            // Still queued a while later: nothing failed, no developer's error anywhere.
            try await Task.sleep(for: .seconds(2))
            let item = MediaKey(LessonID(.gemara, 5), .audio)
            let state = try await fixture.library.transfers(also: [item]).first { $0.key == item }?.state
            #expect(state == .queued)
            let transfers = try JSONDecoder().decode([Transfer].self, from: Data(try await fixture.get("/api/transfers").body))
            let entry = try #require(transfers.first { $0.key == "gemara/5/audio" })
            #expect(entry.state == "queued" && entry.waitsForServer == true, "\(entry)")
            let page = try await fixture.get("/shas/gemara/1")
            let cell = try #require(page.text.range(of: #"data-key="gemara/5/audio" data-state="queued""#))
            #expect(page.text[cell.upperBound...].prefix(400).contains("queued: waits for the server"))
            let spanishPage = try await fixture.get("/shas/gemara/1", language: "es")
            #expect(spanishPage.text.contains("en cola: espera al servidor"))
            for text in [page.text, spanishPage.text] {
                #expect(!text.contains("Error"))
                #expect(!text.contains("ECONNREFUSED"))
            }
            // The server is back: the queue resumes by itself.
            try await fixture.server.start()
            let end = ContinuousClock.now + .seconds(60)
            var done = false
            while !done, ContinuousClock.now < end {
                let downloaded = try await fixture.library.downloadedLessonIDs()
                done = downloaded.isSuperset(of: [LessonID(.gemara, 5), LessonID(.gemara, 6)])
                if !done { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(done, "Berakhot 6 and 7 downloaded once the server was back")
            #expect(try await !fixture.get("/shas").text.contains(#"id="offline""#))
        }
    }

    @Test("downloads left queued before the app started (the server gone) start once the server answers")
    func queuedBeforeStart() async throws {
        let folder = try TemporaryDirectory()
        let server = SwitchableServer()
        let library = try await UIFixture.openLibrary(folder.url, try await server.start())
        _ = try await library.catalog(refresh: true)
        let lessons = try await library.lessons(for: [try LessonSelector(parsing: "gemara:berakhot:6-7")])
        try await server.stop()
        let run = try await library.download(lessons, media: .audio)
        for await _ in run {}
        #expect(try await library.pendingDownloads() > 0, "the run left its items queued")
        var configuration = LibraryWebApp.Configuration(token: UIFixture.token, pollInterval: .milliseconds(200))
        configuration.serverTimeout = .seconds(1)
        configuration.serverRetry = .milliseconds(500)
        configuration.serverRecheck = .milliseconds(200)
        try await LibraryWebApp(library: library, configuration: configuration).withRunning { _ in
            try await Task.sleep(for: .seconds(1))
            try await server.start()
            let end = ContinuousClock.now + .seconds(60)
            var done = false
            while !done, ContinuousClock.now < end {
                done = try await library.downloadedLessonIDs().isSuperset(of: lessons.map(\.id))
                if !done { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(done, "Berakhot 6 and 7 downloaded once the server answered")
        }
        try? await server.stop()
    }

    /// `probed`: the app's last word on the server is older than its recheck (the action probes
    /// first and queues); otherwise the run starts, finds the server not answering, and is stopped.
    @Test(
        "a download asked for just as the server went away ends queued, waiting for it, never failed, and resumes once it is back",
        arguments: [true, false])
    func downloadAsTheServerGoes(probed: Bool) async throws {
        try await OfflineFixture.run { fixture in
            if probed { try await Task.sleep(for: .milliseconds(500)) }
            try await fixture.server.stop()
            let asked = ContinuousClock.now
            let answer = try await fixture.post("/api/download?type=gemara&masechet=1&lesson=7&media=audio")
            FileHandle.standardError.write(
                Data("a download asked for as the server went away: \(answer.text) in \(ContinuousClock.now - asked)\n".utf8))
            #expect(answer.status == 200, "\(answer.text)")
            var samples: [Transfer] = []
            let start = ContinuousClock.now
            while ContinuousClock.now - start < .seconds(60) {
                let transfers = try JSONDecoder().decode([Transfer].self, from: Data(try await fixture.get("/api/transfers").body))
                let entries = transfers.filter { $0.key.hasPrefix("gemara/7/") }
                samples += entries
                if !entries.isEmpty, entries.allSatisfy({ $0.state == "queued" && $0.waitsForServer == true }),
                    await fixture.library.activeDownloads() == 0
                {
                    break
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            let waited = ContinuousClock.now - start
            FileHandle.standardError.write(
                Data("a download asked for as the server went away (probed first: \(probed)): waiting for it after \(waited)\n".utf8))
            // And it stays so: the run does not come back to it with a failure.
            for _ in 0..<20 {
                try await Task.sleep(for: .milliseconds(150))
                let transfers = try JSONDecoder().decode([Transfer].self, from: Data(try await fixture.get("/api/transfers").body))
                samples += transfers.filter { $0.key.hasPrefix("gemara/7/") }
            }
            #expect(!samples.contains { $0.state == "failed" }, "\(samples.filter { $0.state == "failed" })")
            #expect(samples.last?.waitsForServer == true && samples.last?.state == "queued", "\(String(describing: samples.last))")
            let page = try await fixture.get("/shas/gemara/1")
            #expect(page.text.contains(#"id="offline""#))
            let cell = try #require(page.text.range(of: #"data-key="gemara/7/audio" data-state="queued""#))
            #expect(page.text[cell.upperBound...].prefix(400).contains("queued: waits for the server"))
            try await fixture.server.start()
            let end = ContinuousClock.now + .seconds(60)
            while try await !fixture.library.isDownloaded(LessonID(.gemara, 7)), ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(try await fixture.library.isDownloaded(LessonID(.gemara, 7)))
        }
    }
}
