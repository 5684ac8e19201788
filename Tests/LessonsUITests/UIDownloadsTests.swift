import Foundation
import LessonsUI
import OfflineLessons
import Testing

/// The Downloads page: the storage bar, sorting and filtering, removing several lessons in one
/// call, the PDF rule's confirmations, a lesson whose audio went missing, the maximum size.
@Suite("Web app: the Downloads page")
struct UIDownloadsTests {
    @Test("the storage bar: the lessons' bytes are the library's total, beside other and free, in words, in both languages")
    func storageBar() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-4")
            let total = try await fixture.library.downloads(sync: false).reduce(0) { $0 + $1.bytes }
            let page = try await fixture.get("/downloads")
            #expect(page.status == 200)
            #expect(attribute("data-bytes", of: "storage-lessons", in: page.text) == String(total))
            let other = try #require(attribute("data-bytes", of: "storage-other", in: page.text).flatMap { Int($0) })
            let free = try #require(attribute("data-bytes", of: "free-space", in: page.text).flatMap { Int($0) })
            let disk = try #require(try FileManager.default.attributesOfFileSystem(forPath: fixture.root.path)[.systemSize] as? NSNumber)
            #expect(other >= 0 && free > 0 && total + other + free <= disk.intValue)
            #expect(page.text.contains("Lessons \(UserLanguage.en.size(total)), other \(UserLanguage.en.size(other)), free "))
            #expect(page.text.contains(#"<div class="storage-bar" aria-hidden="true">"#))
            let spanish = try await fixture.get("/downloads", headers: [("Accept-Language", "es")])
            #expect(spanish.text.contains("Clases \(UserLanguage.es.size(total)), otros "))
            // Each size as Spanish writes it ("1,2 GB"), from the bytes it stands for.
            let spanishFree = try #require(attribute("data-bytes", of: "free-space", in: spanish.text).flatMap { Int($0) })
            #expect(spanish.text.contains(#"data-bytes="\#(spanishFree)">\#(UserLanguage.es.size(spanishFree))</strong>"#))
        }
    }

    @Test("sorted in Shas order, by date downloaded (newest first) and by size (largest first)")
    func sortOrders() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/2")
            try await fixture.download("gemara/1", media: .both)
            try await fixture.download("gemara/3")
            let rows = ["download-gemara-1", "download-gemara-2", "download-gemara-3"]
            #expect(order(rows, in: try await fixture.get("/downloads").text) == rows)
            #expect(
                order(rows, in: try await fixture.get("/downloads?sort=recent").text)
                    == ["download-gemara-3", "download-gemara-1", "download-gemara-2"])
            let bySize = try await fixture.library.downloads(sync: false).sorted { $0.bytes > $1.bytes }.map {
                "download-gemara-\($0.id)"
            }
            #expect(bySize.first == "download-gemara-1", "audio and video: the largest")
            let sized = try await fixture.get("/downloads?sort=size")
            #expect(order(rows, in: sized.text) == bySize)
            #expect(sized.text.contains(#"id="sort-size" href="/downloads?sort=size" aria-current="true""#))
            #expect(try await fixture.get("/downloads?sort=bogus").status == 400)
        }
    }

    @Test("filtered by text, by medium and by played, from the query; the count says how many are shown")
    func filters() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-4")
            try await fixture.download("gemara/4", media: .both)
            try await fixture.library.recordPlayback(
                of: LessonID(.gemara, 2), medium: .audio, position: .seconds(599), duration: .seconds(600))
            let all = ["download-gemara-1", "download-gemara-2", "download-gemara-3", "download-gemara-4"]
            let text = try await fixture.get("/downloads?q=berakhot+3")
            #expect(order(all, in: text.text) == ["download-gemara-2"])
            #expect(text.text.contains("1 of 4 lessons"))
            #expect(text.text.contains(#"<input type="search" name="q" value="berakhot 3">"#))
            #expect(order(all, in: try await fixture.get("/downloads?media=video").text) == ["download-gemara-4"])
            #expect(order(all, in: try await fixture.get("/downloads?played=played").text) == ["download-gemara-2"])
            #expect(
                order(all, in: try await fixture.get("/downloads?played=unplayed&sort=size").text).sorted()
                    == ["download-gemara-1", "download-gemara-3", "download-gemara-4"])
            // The masechet as people write it: another spelling, its Hebrew name.
            for (query, found) in [("brochos", all), ("%D7%91%D7%A8%D7%9B%D7%95%D7%AA", all), ("berajot+3", ["download-gemara-2"])] {
                #expect(order(all, in: try await fixture.get("/downloads?q=\(query)").text) == found, "\(query)")
            }
            // A number finds that daf, chapter or mishna, not every one whose number holds its digits.
            try await fixture.download("gemara:berakhot:13")
            try await fixture.download("mishna:berakhot:1:3")
            let more = all + ["download-gemara-12", "download-mishna-3"]
            for (query, found) in [("berakhot+3", ["download-gemara-2"]), ("1%3A3", ["download-mishna-3"]), ("1", ["download-mishna-3"])] {
                #expect(order(more, in: try await fixture.get("/downloads?q=\(query)").text) == found, "\(query)")
            }
            let none = try await fixture.get("/downloads?q=shabbat")
            #expect(none.text.contains("id=\"no-match\""))
            #expect(try await fixture.get("/downloads?media=tape").status == 400)
        }
    }

    @Test("several lessons, a chapter, a masechet: one confirmation names them, one call removes exactly them")
    func removeSeveral() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-7")
            try await fixture.download("mishna:berakhot:1:1")
            let all = try await fixture.library.downloads(sync: false)
            let chapter = all.filter { $0.type == .gemara }
            let size = UserLanguage.en.size(chapter.reduce(0) { $0 + $1.bytes })
            let preview = try await fixture.get("/api/remove-preview?chapter=gemara%2F1%2F1")
            #expect(preview.status == 200)
            #expect(preview.text.contains("Remove Berakhot 2, Berakhot 3 and 4 more (\(size))?"), "\(preview.text)")
            let whole = try await fixture.get("/api/remove-preview?masechet=1")
            #expect(whole.text.contains("Berakhot 2, Berakhot 3 and 5 more"), "Gemara and Mishna of the masechet")
            // A pinned lesson among them, or alone: said before it goes.
            #expect(try await fixture.post("/api/pin?lesson=gemara/3").status == 200)
            let withPin = try await fixture.get("/api/remove-preview?masechet=1")
            #expect(withPin.text.contains("1 of them is pinned, kept from every clean-up. Remove Berakhot 2"), "\(withPin.text)")
            let pinnedRow = try await fixture.get("/downloads").text
            #expect(pinnedRow.contains("Berakhot 4 is pinned, kept from every clean-up. Remove it all the same"), "its Remove")
            #expect(try await fixture.post("/api/unpin?lesson=gemara/3").status == 200)
            // Shown without the script: the page with the selection checked says what would go.
            let page = try await fixture.get("/downloads?lesson=gemara%2F1&lesson=gemara%2F3")
            #expect(page.text.contains("Remove Berakhot 2 and Berakhot 4 ("))
            #expect(
                page.text.contains(
                    #"name="pick" value="lesson:gemara/3" aria-labelledby="select-word name-lesson-gemara-3" title="Select Berakhot 4""#))
            #expect(page.text.contains(#"<span id="name-lesson-gemara-3">Berakhot 4</span>"#))
            #expect(page.text.contains(#"data-action="/api/remove-selected?lesson=gemara%2F1&amp;lesson=gemara%2F3""#))
            // A chapter under a filter: only the lessons shown go.
            let filtered = try await fixture.post("/api/remove-selected?q=berakhot+5&chapter=gemara%2F1%2F1")
            #expect(filtered.status == 200)
            #expect(try await !fixture.library.isDownloaded(LessonID(.gemara, 4)))
            let removed = try await fixture.post("/api/remove-selected?pick=lesson%3Agemara%2F1&lesson=gemara%2F3&pick=lesson:mishna/1")
            #expect(removed.status == 200)
            #expect(removed.text.contains("3 lessons removed"), "\(removed.text)")
            let left = try await fixture.library.downloads(sync: false, includingMissing: true).map(\.lessonID)
            #expect(left == [LessonID(.gemara, 2), LessonID(.gemara, 5), LessonID(.gemara, 6)])
            for id in [LessonID(.gemara, 1), LessonID(.gemara, 3), LessonID(.gemara, 4), LessonID(.mishna, 1)] {
                for medium in MediaKind.allCases {
                    #expect(!FileManager.default.fileExists(atPath: fixture.library.fileURL(for: MediaKey(id, medium)).path))
                }
                #expect(try await fixture.library.history(of: id).contains { $0.kind == .removed })
            }
            #expect(FileManager.default.fileExists(atPath: fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 2), .text)).path))
            let nothing = try await fixture.post("/api/remove-selected?lesson=gemara%2F1")
            #expect(nothing.text.contains("Nothing is selected"))
        }
    }

    @Test("removing one medium says whether the PDF stays: two confirmations, and the library does as they say")
    func mediumAndPDF() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/1", media: .both)
            try await fixture.download("gemara/2")
            let page = try await fixture.get("/downloads").text
            #expect(page.contains(#"aria-label="Remove Berakhot 2, audio (the PDF stays)""#))
            #expect(page.contains(#"data-confirm="Remove the audio of Berakhot 2? The PDF stays.""#))
            #expect(page.contains(#"aria-label="Remove Berakhot 3, audio and its PDF""#))
            #expect(page.contains(#"data-confirm="Remove the audio of Berakhot 3 and its PDF?""#))
            let spanish = try await fixture.get("/downloads", headers: [("Accept-Language", "es")]).text
            #expect(spanish.contains(#"aria-label="Eliminar Berakhot 2, vídeo (el PDF se queda)""#))
            #expect(spanish.contains(#"data-confirm="¿Eliminar el audio de Berakhot 3 y su PDF?""#))
            let first = try await fixture.post("/api/remove?lesson=gemara/1&medium=audio")
            #expect(first.status == 200 && first.text.contains("Removed from Berakhot 2: audio"), "\(first.text)")
            let kept = try await fixture.library.downloads(sync: false)
            #expect(kept.first { $0.id == 1 }.map { Set($0.media.keys) } == ["video", "text"])
            // The video is now the last medium: its button says the PDF goes with it.
            #expect(try await fixture.get("/downloads").text.contains(#"aria-label="Remove Berakhot 2, video and its PDF""#))
            let second = try await fixture.post("/api/remove?lesson=gemara/2&medium=audio", headers: [("Accept-Language", "es")])
            #expect(second.status == 200 && second.text.contains("Borrado de Berakhot 3: audio, PDF"), "\(second.text)")
            #expect(try await fixture.library.downloads(sync: false, includingMissing: true).map(\.id) == [1])
        }
    }

    @Test("a medium the lesson has not is refused by name, in the page's language, and nothing is queued")
    func mediumTheLessonLacks() async throws {
        try await UIFixture.run { fixture in
            let path = "/api/download?type=gemara&masechet=1&lesson=11&media=video"  // Berakhot 12: no video
            let video = try await fixture.post(path)
            #expect(video.status == 422)
            #expect(video.text.contains("Berakhot 12: the catalog has no video; choose another medium"), "\(video.text)")
            let spanish = try await fixture.post(path, headers: [("Accept-Language", "es")])
            #expect(spanish.text.contains("Berakhot 12: el catálogo no tiene vídeo; elige otro medio"), "\(spanish.text)")
            #expect(try await fixture.library.pendingDownloads() == 0)
            let both = try await fixture.post("/api/download?type=gemara&masechet=1&lesson=11&media=both")
            #expect(both.status == 200 && both.text.contains("Requested: Berakhot 12 (audio)"), "its audio comes, named: \(both.text)")
            // A chapter's video: the lessons without one are neither queued nor counted.
            let berakhot = try await fixture.library.lessons(for: [.gemara(masechet: "berakhot", dapim: nil)])
            let number = try #require(berakhot.first { $0.id == LessonID(.gemara, 11) }).placement.chapter
            let chapter = berakhot.filter { $0.placement.chapter == number }
            let withVideo = chapter.filter { $0.lesson.link(for: .video) != nil }
            #expect(withVideo.count < chapter.count && withVideo.count > 1, "the chapter holds Berakhot 12")
            let videos = try await fixture.post("/api/download?type=gemara&masechet=1&chapter=\(number)&media=video")
            #expect(videos.text.contains("Requested: \(withVideo.count) lessons"), "\(videos.text)")
        }
    }

    @Test("asking again for what is downloaded says so, names it, and starts nothing; a medium not yet there is requested")
    func alreadyDownloaded() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-3")
            let again = try await fixture.post("/api/download?type=gemara&masechet=1&lesson=1&media=audio")
            #expect(again.status == 200)
            #expect(again.text.contains("Berakhot 2 audio is already downloaded"), "\(again.text)")
            let spanish = try await fixture.post(
                "/api/download?type=gemara&masechet=1&lesson=1&media=audio", headers: [("Accept-Language", "es")])
            #expect(spanish.text.contains("Berakhot 2 audio ya está descargado"), "\(spanish.text)")
            #expect(try await fixture.library.pendingDownloads() == 0)
            let video = try await fixture.post("/api/download?type=gemara&masechet=1&lesson=1&media=video")
            #expect(video.text.contains("Requested: Berakhot 2 (video)"), "\(video.text)")
            // Its audio there and its PDF gone: asked again, the PDF is fetched again.
            let pdf = MediaKey(LessonID(.gemara, 2), .text)
            try FileManager.default.removeItem(at: fixture.library.fileURL(for: pdf))
            let refetch = try await fixture.post("/api/download?type=gemara&masechet=1&lesson=2&media=audio")
            #expect(refetch.text.contains("Requested: Berakhot 3 (audio)"), "\(refetch.text)")
            let end = ContinuousClock.now + .seconds(60)
            while !FileManager.default.fileExists(atPath: fixture.library.fileURL(for: pdf).path), ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(FileManager.default.fileExists(atPath: fixture.library.fileURL(for: pdf).path), "the PDF came back")
        }
    }

    @Test("an audio deleted by hand: the lesson stays with its PDF, marked missing, and “download again” brings it back")
    func missingAudio() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-3")
            let gone = LessonID(.gemara, 1)
            try FileManager.default.removeItem(at: fixture.library.fileURL(for: MediaKey(gone, .audio)))
            let page = try await fixture.get("/downloads").text
            let row = try #require(rowHTML("download-gemara-1", in: page))
            #expect(row.contains("audio: missing — download again"))
            #expect(row.contains(#"data-key="gemara/1/text""#))
            #expect(row.contains(#"aria-label="Download Berakhot 2, audio again""#))
            #expect(!row.contains("/play/gemara/1"), "nothing to play")
            #expect(
                row.contains(#"<a href="/media/gemara/1/text" class="button pdf" aria-label="Open the PDF of Berakhot 2""#), "its PDF opens"
            )
            #expect(page.contains("Berakhot 2 audio: missing"), "the sync notes say why")
            #expect(order(["download-gemara-1"], in: try await fixture.get("/downloads?media=missing").text) == ["download-gemara-1"])
            let again = try await fixture.post("/api/download?type=gemara&masechet=1&lesson=1&media=audio")
            #expect(again.status == 200)
            let end = ContinuousClock.now + .seconds(60)
            while try await !fixture.library.isDownloaded(gone), ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(50)) }
            #expect(try await fixture.library.isDownloaded(gone))
            let back = try #require(rowHTML("download-gemara-1", in: try await fixture.get("/downloads").text))
            #expect(!back.contains("missing"))
            #expect(back.contains("/play/gemara/1"))
            #expect(!back.contains("Open the PDF of Berakhot 2"), "the player shows it")
        }
    }

    @Test("a maximum size: previewed with what it would remove, kept in the library, applied, cleared")
    func maximumSize() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            try await fixture.download("gemara:berakhot:2-6")
            let total = try await fixture.library.downloads(sync: false).reduce(0) { $0 + $1.bytes }
            try #require(total > 1_000_000, "the library must be over 1 MB: \(total)")
            let preview = try await fixture.get("/downloads?maxMB=1").text
            #expect(preview.contains("A maximum of 1.0 MB would remove:"))
            let reason = "the library holds more than 1.0 MB: least recently used first"
            #expect(preview.components(separatedBy: reason).count == 2, "the reason said once, over its lessons: \(preview)")
            #expect(preview.contains(#"data-action="/api/quota?maxMB=1""#))
            #expect(try await fixture.library.storageQuota() == nil, "a preview changes nothing")
            #expect(try await fixture.library.downloads(sync: false).reduce(0) { $0 + $1.bytes } == total)
            let set = try await fixture.post("/api/quota?maxMB=1")
            #expect(set.status == 200)
            #expect(try await fixture.library.storageQuota() == 1_000_000)
            #expect(try await fixture.library.downloads(sync: false).reduce(0) { $0 + $1.bytes } <= 1_000_000)
            #expect(try await fixture.get("/downloads").text.contains("Maximum size: 1.0 MB"))
            #expect(try await fixture.post("/api/quota").status == 200)
            #expect(try await fixture.library.storageQuota() == nil)
            #expect(try await fixture.post("/api/quota?maxMB=0").status == 400)
        }
    }
}

/// The value of `name` on the element with `id` (the first attribute of that name after it).
func attribute(_ name: String, of id: String, in html: String) -> String? {
    guard let start = html.range(of: "id=\"\(id)\"") else { return nil }
    let rest = html[start.upperBound...].prefix(400)
    guard let attribute = rest.range(of: "\(name)=\"") else { return nil }
    return String(rest[attribute.upperBound...].prefix { $0 != "\"" })
}

/// The row ids among `ids` that the page shows, in the page's order.
func order(_ ids: [String], in html: String) -> [String] {
    ids.compactMap { id in html.range(of: "<tr id=\"\(id)\"").map { (id, $0.lowerBound) } }.sorted { $0.1 < $1.1 }.map(\.0)
}

/// A row's HTML, from its `<tr>` to its `</tr>`.
func rowHTML(_ id: String, in html: String) -> String? {
    guard let start = html.range(of: "<tr id=\"\(id)\""), let end = html[start.upperBound...].range(of: "</tr>") else { return nil }
    return String(html[start.lowerBound..<end.upperBound])
}
