import Foundation
import LessonsUI
import OfflineLessons
import Testing

/// The pages' languages, the icon, addresses that are no page, bad requests, an unreachable
/// server, and the words of the history and the clean preview.
extension UIPageTests {
    @Test("Spanish by Accept-Language or by the switch; English otherwise")
    func languages() async throws {
        try await UIFixture.run { fixture in
            let spanish = try await fixture.get("/downloads", headers: [("Accept-Language", "es-AR,es;q=0.9,en;q=0.8")])
            #expect(spanish.text.contains("<html lang=\"es\">"))
            #expect(spanish.text.contains(">Descargas<"))
            // Not the legacy notice ("available for 30 days"): here nothing goes unasked.
            #expect(!spanish.text.contains(UserPhrase.thirtyDayNotice.text(.es)))
            #expect(
                spanish.text.contains(
                    ##"Nada se borra sin ti: la limpieza propone lo descargado hace más de 30 días o lo que pase del tamaño máximo, los planes que sigues retiran sus dapim pasados y las clases fijadas se quedan. <a class="button" href="#clean">Ver qué borraría la limpieza</a>"##
                ))
            let weighted = try await fixture.get("/shas", headers: [("Accept-Language", "es;q=0.3, en;q=0.9")])
            #expect(weighted.text.contains("<html lang=\"en\">"))
            let other = try await fixture.get("/shas", headers: [("Accept-Language", "fr-FR")])
            #expect(other.text.contains(">Downloads<"))
            let switched = try await fixture.get("/lang/es?back=/downloads")
            #expect(switched.status == 303)
            #expect(switched.header("Location") == "/downloads")
            let cookie = try #require(switched.header("Set-Cookie")?.split(separator: ";").first).description
            let page = try await fixture.get("/shas", headers: [("Cookie", cookie), ("Accept-Language", "en")])
            #expect(page.text.contains(UserPhrase.refreshTitle.text(.es)))
            #expect(try await fixture.get("/lang/es?back=//evil.example").header("Location") == "/shas")
            // The switch comes back to the page as it was: its query kept (a day, a sort, a filter).
            let sorted = try await fixture.get("/downloads?sort=size&q=Berakhot").text
            #expect(sorted.contains(#"href="/lang/es?back=%2Fdownloads%3Fsort%3Dsize%26q%3DBerakhot""#), "\(sorted.prefix(3000))")
            let back = try await fixture.get("/lang/es?back=%2Ftoday%3Fdate%3D2026-11-28")
            #expect(back.header("Location") == "/today?date=2026-11-28")
            try await fixture.download("gemara/1")
            let pinned = try await fixture.post("/api/pin?lesson=gemara/1", headers: [("Accept-Language", "es")])
            #expect(pinned.text.contains("Berakhot 2 está fijada: la limpieza la conserva"), "\(pinned.text)")
            let unpinned = try await fixture.post("/api/unpin?lesson=gemara/1")
            #expect(unpinned.text.contains("Berakhot 2 is no longer pinned"), "\(unpinned.text)")
            let absent = try await fixture.post("/api/pin?lesson=gemara/9")
            #expect(absent.text.contains(#""ok":false"#) && absent.text.contains(" is not downloaded"), "\(absent.text)")
        }
    }

    @Test("the app's icon is served at /favicon.ico, as SVG, to any page of its own")
    func favicon() async throws {
        try await UIFixture.run { fixture in
            let icon = try await fixture.get("/favicon.ico", token: nil)
            #expect(icon.status == 200)
            #expect(icon.header("Content-Type") == "image/svg+xml")
            #expect(icon.text.hasPrefix("<svg"))
            #expect(try await fixture.get("/shas").text.contains(#"<link rel="icon" href="/favicon.ico" type="image/svg+xml">"#))
        }
    }

    @Test(
        "a page of nothing says so in words, in both languages: no masechet, a masechet without Gemara (with its Mishna), no lesson, no page, no downloads yet"
    )
    func nothingHere() async throws {
        try await UIFixture.run { fixture in
            let spanish = [("Cookie", "lessons-lang=es")]
            let masechet = try await fixture.get("/shas/gemara/999")
            #expect(masechet.status == 404 && masechet.text.contains("No masechet of the Gemara has the number 999"), "\(masechet.text)")
            let spanishMasechet = try await fixture.get("/shas/mishna/999", headers: spanish)
            #expect(spanishMasechet.text.contains("Ninguna masejet de la Mishná tiene el número 999"), "\(spanishMasechet.text)")
            let lesson = try await fixture.get("/play/gemara/9999")
            #expect(lesson.status == 404 && lesson.text.contains("This lesson is neither in the library nor in the catalog kept here"))
            #expect(!lesson.text.contains("gemara/9999 "), "no id said")
            let peah = try await fixture.get("/shas/gemara/2")
            #expect(peah.status == 404 && peah.text.contains("Peah has no Gemara: it is learned in the Mishna"), "\(peah.text)")
            #expect(peah.text.contains(#"<a href="/shas/mishna/2" id="instead">The Mishna of Peah</a>"#), "\(peah.text)")
            #expect(try await fixture.get("/shas/gemara/2", headers: spanish).text.contains("Peah no tiene Guemará"))
            let beyond = try await fixture.get("/history/gemara/999999")
            #expect(beyond.status == 404 && beyond.text.contains("the catalog has no lesson gemara/999999"), "\(beyond.text)")
            for path in ["/shas/gemara/1/more", "/queue/x", "/lang"] {
                let deeper = try await fixture.get(path)
                #expect(deeper.status == 404 && deeper.text.contains("There is no page at this address"), "\(path): \(deeper.text)")
            }
            let nowhere = try await fixture.get("/nowhere/at/all")
            #expect(nowhere.status == 404 && nowhere.text.contains("There is no page at this address"), "\(nowhere.text)")
            #expect(nowhere.text.contains(#"<a href="/shas">"#), "the way back")
            #expect(try await fixture.get("/nowhere", headers: spanish).text.contains("No hay ninguna página en esta dirección"))
            let empty = try await fixture.get("/downloads")
            #expect(empty.text.contains(#"<a class="button" href="/shas">Find lessons in the Shas</a>"#), "\(empty.text)")
            #expect(try await fixture.get("/downloads", headers: spanish).text.contains("Mira el daf de hoy"))
        }
    }

    @Test("bad requests get a 4xx with a message, never a crash")
    func badRequests() async throws {
        try await UIFixture.run { fixture in
            for (path, status) in [
                ("/shas/talmud/1", 400), ("/shas/gemara/999", 404), ("/shas/gemara/x", 400), ("/history/gemara/x", 400),
                ("/play/gemara/1", 404), ("/play/gemara/1?medium=sound", 400), ("/nowhere", 404),
            ] {
                let answer = try await fixture.get(path)
                #expect(answer.status == status, "\(path)")
            }
            for (path, status) in [
                ("/api/download?type=gemara&masechet=x&media=audio", 400), ("/api/download?type=gemara&masechet=1&media=all", 400),
                ("/api/download?type=gemara&masechet=1&lesson=99999&media=audio", 400), ("/api/remove?lesson=bad", 400),
                ("/api/remove?lesson=gemara/1&medium=sound", 400), ("/api/cancel?key=gemara/1", 400),
                ("/api/cancel?lesson=gemara/1/audio", 400), ("/api/queue/next?lesson=talmud/1", 400),
                ("/api/download?type=gemara&masechet=2&media=audio", 400),
            ] {
                let answer = try await fixture.post(path)
                #expect(answer.status == status, "\(path): \(answer.text)")
                #expect(answer.text.contains("\"message\""))
            }
        }
    }

    @Test("a host that is no address of this machine is said so, not taken for a port in use")
    func hostNotThisMachine() async throws {
        let folder = try TemporaryDirectory()
        let library = try await LessonLibrary(root: folder.url)
        let app = LibraryWebApp(library: library, configuration: .init(host: "192.0.2.1", token: UIFixture.token))
        let error = await #expect(throws: WebAppError.self) {
            try await app.withRunning { _ in }
        }
        guard case .notThisMachine(let host) = error else {
            Issue.record("expected notThisMachine, got \(String(describing: error))")
            return
        }
        #expect(host == "192.0.2.1")
        #expect(error?.words.text(.es).hasPrefix("192.0.2.1 no es una dirección de esta máquina") == true)
    }

    @Test("with the server unreachable, the cached catalog and the library are shown, and the page says so")
    func offline() async throws {
        let folder = try TemporaryDirectory()
        let root = folder.url
        try await UIFixture.offlineLibrary(root)
        // The server is gone: a library pointed at where it was.
        let client = CatalogClient(
            configuration: .init(apiBase: URL(string: "http://127.0.0.1:9/api/")!, token: "test", timeout: .seconds(1)))
        let library = try await LessonLibrary(root: root, client: client)
        try await LibraryWebApp(library: library, configuration: .init(token: UIFixture.token)).withRunning { app in
            let base = "http://127.0.0.1:\(app.port)"
            var shas = try await fetch(base + "/shas")
            let end = ContinuousClock.now + .seconds(20)
            while !shas.text.contains(#"id="offline""#), ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(100))
                shas = try await fetch(base + "/shas")
            }
            #expect(shas.status == 200)
            #expect(shas.text.contains("The content server cannot be reached; showing what is on this device."))
            #expect(shas.text.contains("Catalog last fetched "))
            let mishna = try await fetch(base + "/shas/mishna/1")
            #expect(mishna.status == 200)
            #expect(mishna.text.contains("the rest needs the server"))
            #expect(mishna.text.contains(#"data-key="mishna/1/audio" data-state="complete""#))
            #expect(try await fetch(base + "/downloads").text.contains("download-gemara-1"))
        }
    }

    @Test("the history says a link by its file's name as people read it, and a size in units, not in bytes")
    func historyDetails() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2", media: .video)
            let history = try await fixture.get("/history/gemara/1").text
            #expect(history.contains(">Berakhot 2.mp4<"), "\(history)")
            #expect(!history.contains("%20"), "\(history)")
            #expect(!history.contains(" bytes<") && history.contains(" KB<"), "\(history)")
            let spanish = try await fixture.get("/history/gemara/1", headers: [("Cookie", "lessons-lang=es")]).text
            #expect(spanish.contains(" KB<") && spanish.contains(","), "a decimal comma in Spanish")
        }
    }

    @Test("in Spanish, the history, the clean preview and the refresh report are in Spanish: events, reasons, dates in words")
    func spanishReports() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-3")
            try FileManager.default.removeItem(at: fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 2), .audio)))
            let spanish = [("Cookie", "lessons-lang=es")]
            let refresh = try await fixture.post("/api/sync", headers: spanish)
            #expect(refresh.text.contains("falta") && refresh.text.contains("el archivo ya no está"), "\(refresh.text)")
            #expect(!refresh.text.contains("the file is gone") && !refresh.text.contains("\"missing\""), "\(refresh.text)")
            let history = try await fixture.get("/history/gemara/2", headers: spanish)
            #expect(history.text.contains(">pedido<") && history.text.contains(">falta<"), "event kinds in Spanish")
            #expect(history.text.contains("sincronización: el archivo ya no está"))
            #expect(history.text.contains("<time datetime=\""))
            let months = [
                "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
            ]
            #expect(months.contains { history.text.contains(" de \($0) de ") || history.text.contains(" \($0) ") }, "a date in words")
            for english in [">requested<", ">completed<", ">missing<", "the file is gone"] {
                #expect(!history.text.contains(english), "\(english)")
            }
        }
    }

    @Test("in Spanish, the clean preview gives its reasons in Spanish")
    func spanishCleanPreview() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            try await fixture.download("gemara:berakhot:2-6")
            let clean = try await fixture.get("/downloads?maxMB=1", headers: [("Cookie", "lessons-lang=es")])
            #expect(clean.status == 200)
            #expect(clean.text.contains("la biblioteca ocupa más de 1,0 MB: "), "a quota's reason in Spanish, its size in units")
            #expect(!clean.text.contains("least recently used") && !clean.text.contains("goes with its lesson's audio and video"))
        }
    }
}
