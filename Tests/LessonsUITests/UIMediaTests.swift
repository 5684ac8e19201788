import Foundation
import OfflineLessons
import Testing

/// Media from the library's files: whole, by range (seek), and nothing outside the library.
@Suite("Web app: media")
struct UIMediaTests {
    @Test("an audio file that is not a WAV is served as audio/mpeg")
    func mpegType() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/1")
            let file = fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 1), .audio))
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber).intValue
            try Data([0xFF, 0xFB] + [UInt8](repeating: 0x44, count: size - 2)).write(to: file)  // an MP3 frame's sync bits
            #expect(try await fixture.get("/media/gemara/1/audio").header("Content-Type") == "audio/mpeg")
        }
    }

    @Test("a downloaded file is served whole and by Range, byte for byte")
    func ranges() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/1")
            let file = try Data(contentsOf: fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 1), .audio)))
            let whole = try await fixture.get("/media/gemara/1/audio")
            #expect(whole.status == 200)
            #expect(whole.header("Accept-Ranges") == "bytes")
            #expect(whole.header("Content-Type") == "audio/wav", "the demo server's audio is a WAV")
            #expect(Data(whole.body) == file)
            let part = try await fixture.get("/media/gemara/1/audio", headers: [("Range", "bytes=100-199")])
            #expect(part.status == 206)
            #expect(part.header("Content-Range") == "bytes 100-199/\(file.count)")
            #expect(Data(part.body) == file[100..<200])
            let tail = try await fixture.get("/media/gemara/1/audio", headers: [("Range", "bytes=-10")])
            #expect(tail.status == 206)
            #expect(Data(tail.body) == file.suffix(10))
            let open = try await fixture.get("/media/gemara/1/audio", headers: [("Range", "bytes=\(file.count - 5)-")])
            #expect(Data(open.body) == file.suffix(5))
            let beyond = try await fixture.get("/media/gemara/1/audio", headers: [("Range", "bytes=\(file.count)-")])
            #expect(beyond.status == 416)
            #expect(beyond.header("Content-Range") == "bytes */\(file.count)")
            let pdf = try await fixture.get("/media/gemara/1/text")
            #expect(pdf.status == 200)
            #expect(pdf.header("Content-Type") == "application/pdf")
        }
    }

    @Test("what is not downloaded, not a medium, or outside the library gets a 4xx")
    func refusals() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/1")
            #expect(try await fixture.get("/media/gemara/2/audio").status == 404)
            #expect(try await fixture.get("/media/gemara/1/video").status == 404)
            #expect(try await fixture.get("/media/gemara/1/library.sqlite").status == 400)
            #expect(try await fixture.get("/media/talmud/1/audio").status == 400)
            #expect(try await fixture.get("/media/gemara/x/audio").status == 400)
            for path in [
                "/media/gemara/1/../../../library.sqlite", "/media/%2e%2e/%2e%2e/library.sqlite",
                "/media/gemara/1/audio/../../../../etc/passwd",
                "/media//etc/passwd", "/media/gemara/1/%2e%2e%2f%2e%2e%2flibrary.sqlite",
            ] {
                let answer = try await fixture.get(path)
                #expect((400..<500).contains(answer.status), "\(path) answered \(answer.status)")
                #expect(!answer.text.contains("SQLite format"))
            }
            #expect(try await fixture.get("/media/gemara/1/audio", token: nil).status == 403)
            // The refusal's sentence is the catalog's, in the request's language.
            let spanish = [("Accept-Language", "es")]
            #expect(try await fixture.get("/media/gemara/2/audio").text.hasSuffix(" is not downloaded\n"))
            #expect(try await fixture.get("/media/gemara/2/audio", headers: spanish).text.hasSuffix(" no está descargado\n"))
            #expect(try await fixture.get("/media/gemara/1/audio", token: nil, headers: spanish).text.hasPrefix("Abre la dirección"))
        }
    }

    @Test("the player page plays the chosen medium from the library, with the PDF beside it")
    func playerPage() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/1", media: .both)
            let audio = try await fixture.get("/play/gemara/1")
            #expect(audio.status == 200)
            #expect(
                audio.text.contains(#"<audio id="player" controls preload="metadata" src="/media/gemara/1/audio" data-lesson="gemara/1""#))
            #expect(audio.text.contains(#"<iframe id="pdf" title="PDF of Berakhot 2" src="/media/gemara/1/text">"#))
            #expect(
                audio.text.contains(#"<a href="/media/gemara/1/text" class="button pdf" aria-label="Open the PDF of Berakhot 2""#),
                "a phone shows no PDF in a frame: it opens in the browser's viewer")
            #expect(audio.text.contains(#"href="/play/gemara/1?medium=video""#))
            let video = try await fixture.get("/play/gemara/1?medium=video")
            #expect(video.text.contains(#"<video id="player""#))
            #expect(try await fixture.get("/play/gemara/2").status == 404)
        }
    }

    @Test("a file deleted by hand is not served, even before a sync")
    func deletedFile() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/1")
            try FileManager.default.removeItem(at: fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 1), .audio)))
            #expect(try await fixture.get("/media/gemara/1/audio").status == 404)
        }
    }
}
