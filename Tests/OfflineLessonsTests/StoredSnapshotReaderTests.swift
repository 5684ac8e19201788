import Foundation
@testable import LessonsServer
@testable import OfflineLessons
import Testing

/// The fast reader of stored snapshots (``StoredSnapshotReader``) gives the lesson `JSONDecoder`
/// gives, and reads nothing that is not in the stored shape: that is left to `JSONDecoder`,
/// whose lesson or error ``SnapshotCoding/lesson(from:)`` then gives.
@Suite("Stored snapshots read without JSONDecoder")
struct StoredSnapshotReaderTests {
    static func fastRead(_ json: Data) -> Lesson? {
        json.withUnsafeBytes(StoredSnapshotReader.lesson)
    }

    /// What `JSONDecoder` makes of `json`: the lesson, or its error's text.
    static func decoded(_ json: Data) -> (lesson: Lesson?, error: String?) {
        do { return (try JSONDecoder().decode(Lesson.self, from: json), nil) } catch { return (nil, "\(error)") }
    }

    static func demoLessons(trickyKeys: Bool) throws -> [Lesson] {
        let catalog = try DemoCatalog.bundled(trickyKeys: trickyKeys)
        let text = "http://127.0.0.1:8080/media/"
        let base = try #require(URL(string: text))
        return catalog.shas.masechtot.flatMap { masechet in
            let gemara = catalog.gemaraLessons(masechetId: masechet.id) ?? []
            let mishna = masechet.chapterList.flatMap { catalog.mishnaLessons(masechetId: masechet.id, chapter: $0.chapter) ?? [] }
            return (gemara + mishna).map { $0.apiLesson(mediaBase: base) }
        }
    }

    @Test("every lesson of the demo Shas, stored, is read here as JSONDecoder reads it", arguments: [false, true])
    func demoShas(trickyKeys: Bool) throws {
        let lessons = try Self.demoLessons(trickyKeys: trickyKeys)
        #expect(lessons.count > 6_000)
        for lesson in lessons {
            let json = try SnapshotCoding.encode(lesson)
            let fast = Self.fastRead(json)
            #expect(fast == lesson, "\(String(decoding: json, as: UTF8.self))")
            #expect(fast == Self.decoded(json).lesson)
        }
    }

    @Test("strings stored with escapes are left to JSONDecoder, and come back the same")
    func escapes() throws {
        for text in [#"say "shalom""#, #"a\b"#, "two\nlines", "a\u{01}b", "tab\there"] {
            let lesson = Lesson(id: 9, chapter: 1, duration: 2, audio: "a/\(text).mp3",
                                gallery: [GalleryImage(id: 1, title: text, order: 1, image: "i.jpg")], presenter: Presenter(firstName: text))
            let json = try SnapshotCoding.encode(lesson)
            #expect(String(decoding: json, as: UTF8.self).contains("\\"))
            #expect(Self.fastRead(json) == nil)
            #expect(try SnapshotCoding.lesson(from: json) == lesson)
        }
    }

    @Test("every field, at its edges, round-trips")
    func edges() throws {
        let lessons = [
            Lesson(id: 1, chapter: 0, duration: 0),
            Lesson(id: 999_999_999_999_999_999, chapter: -3, duration: 123_456_789_012, pageNumber: -1, mishna: 0,
                   audio: "", page: " ", video: "http://h/v.mp4?a=1&b=2",
                   videoParts: [VideoPart(id: -1, partTitle: "", timeLine: ""), VideoPart(id: 2, partTitle: "שבת ב׳ 🙂", timeLine: "312.5")],
                   gallery: [GalleryImage(id: 0, title: "", order: -4, image: ""), GalleryImage(id: 7, title: "ñ", order: 2, image: "g/7.jpg")],
                   presenter: Presenter()),
            Lesson(id: 42, chapter: 2, duration: 60, mishna: 3, audio: "mishna/42/audio/ברכות 2 3.mp3",
                   presenter: Presenter(id: 5, lastName: "Peretz")),
            Lesson(id: 43, chapter: 1, duration: 1, presenter: Presenter(id: 0, firstName: "a", lastName: "b", phone: "+1", image: "p.jpg")),
        ]
        for lesson in lessons {
            let json = try SnapshotCoding.encode(lesson)
            #expect(Self.fastRead(json) == lesson, "\(String(decoding: json, as: UTF8.self))")
            #expect(Self.decoded(json).lesson == lesson)
        }
    }

    @Test("a snapshot not in the stored shape is left to JSONDecoder: the same lesson, or the same error", arguments: [
        #"{"id":3,"chapter":1,"duration":2}"#,  // keys not sorted
        #"{"chapter":1,"chapter":2,"duration":2,"id":3}"#,  // a key twice
        #"{"audio":"a\/b.mp3","chapter":1,"duration":2,"id":3}"#,  // an escape
        #"{"audio":"\u05e9.mp3","chapter":1,"duration":2,"id":3}"#,
        #"{"chapter":1,"duration":2,"id":"3"}"#,  // a number as a string
        #"{"chapter":1,"duration":2.0,"id":3}"#,  // a whole float
        #"{"chapter":1,"duration":2.5,"id":3}"#,
        #"{"chapter":1,"duration":2e1,"id":3}"#,
        #"{"chapter":1,"duration":2,"id":03}"#,  // a leading zero
        #"{"chapter":1,"duration":2,"id":1234567890123456789}"#,  // 19 digits
        #"{"chapter":1,"duration":2,"id":3,"presenter":null}"#,
        #"{"chapter":1,"duration":2,"gallery":null,"id":3}"#,
        #"{"chapter":1,"duration":2,"id":3,"zzz":1}"#,  // a key of another shape
        #"{"chapter":1,"duration":2,"id":0}"#,  // an id out of range
        #"{"chapter":1,"duration":-2,"id":3}"#,
        #"{"chapter":1,"duration":2}"#,  // no id
        #"{"chapter":1,"duration":2,"id":3}x"#,  // something after the lesson
        #"{"chapter":1,"duration":2,"id":3"#,  // cut short
        #"{"audio":"a\#tb","chapter":1,"duration":2,"id":3}"#,  // a tab inside a string
        #"{"chapter":1,"duration":2,"gallery":[{"title":"t"}],"id":3}"#,  // an image without id
        #"{"chapter":1,"duration":2,"gallery":[{"id":1,}],"id":3}"#,
        #"[{"chapter":1,"duration":2,"id":3}]"#,
        #""#,
    ])
    func otherShapes(text: String) throws {
        let json = Data(text.utf8)
        #expect(Self.fastRead(json) == nil)
        let expected = Self.decoded(json)
        do {
            #expect(try SnapshotCoding.lesson(from: json) == expected.lesson)
        } catch {
            #expect("\(error)" == expected.error)
        }
    }

    @Test("invalid UTF-8 in a string is left to JSONDecoder")
    func invalidUTF8() throws {
        var json = Data(#"{"audio":"a"#.utf8)
        json.append(contentsOf: [0xC3, 0x28])
        json.append(contentsOf: Data(#".mp3","chapter":1,"duration":2,"id":3}"#.utf8))
        #expect(Self.fastRead(json) == nil)
        #expect(throws: (any Error).self) { try SnapshotCoding.lesson(from: json) }
    }

    @Test("space between the tokens is read as JSON allows it")
    func spaces() throws {
        let json = Data(" {\n\t\"audio\" : \"a.mp3\" ,\r\n \"chapter\":1, \"duration\" :2,\"gallery\": [ ] ,\"id\":3 } \n".utf8)
        let expected = Lesson(id: 3, chapter: 1, duration: 2, audio: "a.mp3")
        #expect(Self.fastRead(json) == expected)
        #expect(Self.decoded(json).lesson == expected)
    }

    @Test("the demo Shas, stored, is read here as JSONDecoder reads it")
    func demoShasStructure() throws {
        let shas = try DemoCatalog.bundled().shas
        let json = try SnapshotCoding.encode(shas)
        let fast = json.withUnsafeBytes { StoredSnapshotReader.shas($0) }
        #expect(fast == shas)
        #expect(fast == (try JSONDecoder().decode(Shas.self, from: json)))
        #expect(fast?.masechtot.count == shas.masechtot.count)
    }

    @Test("a Shas not in the stored shape is left to JSONDecoder: the same Shas, problems and all", arguments: [
        #"{"seder":[{"id":1,"masechet":[{"chapters_list":{"2":4,"1":"3"},"id":5,"name":"A"}],"name":"S","order":1}]}"#,  // a dict of chapters
        #"{"seder":[{"id":1,"masechet":[{"id":"x"},{"chapters":1,"id":2,"name":"B","order":2,"pages":0}],"name":"S","order":1}]}"#,  // a bad masechet
        #"{"seder":[{"name":"S","id":1,"order":1}]}"#,  // keys not sorted
        #"{"seder":null}"#,
        #"{"sedarim":[]}"#,
    ])
    func otherShasShapes(text: String) throws {
        let json = Data(text.utf8)
        #expect(json.withUnsafeBytes { StoredSnapshotReader.shas($0) } == nil)
        let expected = try JSONDecoder().decode(Shas.self, from: json)
        let read = try SnapshotCoding.shas(from: json)
        #expect(read == expected)
        #expect(read.problems == expected.problems)
    }

    @Test("chapters stored out of order are sorted, as JSONDecoder's reading sorts them; absent fields take its defaults")
    func shasDefaults() throws {
        let json = Data(#"{"seder":[{"id":3,"masechet":[{"chapters_list":[{"chapter":2,"mishnayots":4},{"chapter":1,"mishnayots":3}],"id":5}]}]}"#.utf8)
        let fast = try #require(json.withUnsafeBytes { StoredSnapshotReader.shas($0) })
        #expect(fast == (try JSONDecoder().decode(Shas.self, from: json)))
        #expect(fast.masechtot.first?.chapterList.map(\.chapter) == [1, 2])
        #expect(fast.sedarim.first?.order == 3)
        #expect(fast.masechtot.first?.chapters == 2)
    }
}
