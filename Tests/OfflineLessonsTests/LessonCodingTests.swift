import Foundation
import Testing

@testable import OfflineLessons

/// API JSON → model → legacy JSON → model, and the exact legacy shape written.
@Suite("Lesson coding")
struct LessonCodingTests {
    /// An API lesson using every field of legacy-system.md §2, plus an unknown key.
    static let fullAPILesson = """
        {
          "id": 247, "chapter": 3, "duration": 1845, "page_number": 12, "mishna": 4,
          "audio": "gemara/247/audio/Berakhot 12.mp3",
          "page": "gemara/247/text/ברכות 12.pdf",
          "video": "https://cdn.example.org/videos/247.mp4?sig=a%2Bb",
          "video_part": [
            {"id": 2470, "part_title": "Opening", "video_part_time_line": "0"},
            {"id": 2471, "part_title": "Second part", "video_part_time_line": "312.5"}
          ],
          "gallery": [
            {"id": 9, "title": "Daf 12", "order": 1, "image": "gallery/247/1.jpg"},
            {"id": 10, "title": "Map", "order": 2, "image": "gallery/247/2.jpg"}
          ],
          "presenter": {"id": 3, "first_name": "David", "last_name": "Abramov", "phone": "+54 11 5555 0103",
                        "image": "presenters/3.jpg"},
          "created_by": "someone", "likes": 12
        }
        """

    static func legacyEncoded(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    @Test("every field survives API JSON → model → legacy JSON → model")
    func roundTripKeepsEveryField() throws {
        let fromAPI = try JSONDecoder().decode(Lesson.self, from: Data(Self.fullAPILesson.utf8))
        #expect(fromAPI.id == 247)
        #expect(fromAPI.chapter == 3)
        #expect(fromAPI.duration == 1845)
        #expect(fromAPI.pageNumber == 12)
        #expect(fromAPI.mishna == 4)
        #expect(fromAPI.audio == "gemara/247/audio/Berakhot 12.mp3")
        #expect(fromAPI.page == "gemara/247/text/ברכות 12.pdf")
        #expect(fromAPI.video == "https://cdn.example.org/videos/247.mp4?sig=a%2Bb")
        #expect(
            fromAPI.videoParts == [
                VideoPart(id: 2470, partTitle: "Opening", timeLine: "0"),
                VideoPart(id: 2471, partTitle: "Second part", timeLine: "312.5"),
            ])
        #expect(
            fromAPI.gallery == [
                GalleryImage(id: 9, title: "Daf 12", order: 1, image: "gallery/247/1.jpg"),
                GalleryImage(id: 10, title: "Map", order: 2, image: "gallery/247/2.jpg"),
            ])
        #expect(
            fromAPI.presenter
                == Presenter(
                    id: 3, firstName: "David", lastName: "Abramov",
                    phone: "+54 11 5555 0103", image: "presenters/3.jpg"))

        let legacy = try Self.legacyEncoded(fromAPI)
        let again = try JSONDecoder().decode(Lesson.self, from: legacy)
        #expect(again == fromAPI)

        // The legacy JSON is the API JSON minus the unknown keys: nothing lost, nothing renamed.
        var expected = try jsonObject(Data(Self.fullAPILesson.utf8))
        expected["created_by"] = nil
        expected["likes"] = nil
        let written = try jsonObject(legacy)
        #expect(NSDictionary(dictionary: written).isEqual(to: expected))
    }

    @Test("the snapshot coding used by the database round-trips too")
    func snapshotCodingRoundTrips() throws {
        let lesson = try JSONDecoder().decode(Lesson.self, from: Data(Self.fullAPILesson.utf8))
        let stored = try SnapshotCoding.encode(lesson)
        #expect(try SnapshotCoding.decode(Lesson.self, from: stored) == lesson)
        #expect(String(decoding: stored, as: UTF8.self).contains("\"video\":\"https://cdn.example.org/videos/247.mp4"))
    }

    @Test("absent optionals are omitted, never written as null; required arrays are written empty")
    func absentOptionalsAreOmitted() throws {
        let bare = Lesson(id: 5, chapter: 1, duration: 900, mishna: 2)
        let written = try jsonObject(try Self.legacyEncoded(bare))
        #expect(Set(written.keys) == ["id", "chapter", "duration", "mishna", "video_part", "gallery"])
        #expect((written["video_part"] as? [Any])?.isEmpty == true)
        #expect((written["gallery"] as? [Any])?.isEmpty == true)
        #expect(!String(decoding: try Self.legacyEncoded(bare), as: UTF8.self).contains("null"))
    }

    @Test("a presenter writes last_name under last_name, and omits what it lacks")
    func presenterWritesLastName() throws {
        let presenter = Presenter(id: 1, firstName: "Eliezer", lastName: "Cohen", phone: "+54 11 5555 0101")
        let written = try jsonObject(try Self.legacyEncoded(presenter))
        #expect(Set(written.keys) == ["id", "first_name", "last_name", "phone"])
        #expect(written["last_name"] as? String == "Cohen")
        #expect(written["phone"] as? String == "+54 11 5555 0101")

        let lesson = Lesson(id: 1, chapter: 1, duration: 60, pageNumber: 2, presenter: Presenter(lastName: "Levi"))
        let lessonJSON = try jsonObject(try Self.legacyEncoded(lesson))
        let nested = try #require(lessonJSON["presenter"] as? [String: Any])
        #expect(Set(nested.keys) == ["last_name"])
    }

    @Test("last_name is read when present and never taken from phone")
    func presenterLastNameNeverFromPhone() throws {
        // The legacy bug stored the last name under `phone`: it must stay a phone.
        let legacyStored = #"{"id": 2, "first_name": "Moshe", "phone": "Levi"}"#
        let buggy = try JSONDecoder().decode(Presenter.self, from: Data(legacyStored.utf8))
        #expect(buggy.lastName == nil)
        #expect(buggy.phone == "Levi")
        #expect(buggy.firstName == "Moshe")
        #expect(buggy.displayName == "Moshe")

        let fixed = #"{"id": 2, "first_name": "Moshe", "last_name": "Levi", "phone": "+54 11 5555 0102"}"#
        let good = try JSONDecoder().decode(Presenter.self, from: Data(fixed.utf8))
        #expect(good.lastName == "Levi")
        #expect(good.phone == "+54 11 5555 0102")
        #expect(good.displayName == "Moshe Levi")

        // Re-encoding the buggy one does not invent a last name either.
        let rewritten = try jsonObject(try Self.legacyEncoded(buggy))
        #expect(rewritten["last_name"] == nil)
        #expect(rewritten["phone"] as? String == "Levi")
    }

    @Test("a presenter with numeric fields and null names is read leniently")
    func presenterLenient() throws {
        let json = #"{"id": "7", "first_name": null, "last_name": "Peretz", "phone": 541155550105, "extra": true}"#
        let presenter = try JSONDecoder().decode(Presenter.self, from: Data(json.utf8))
        #expect(presenter == Presenter(id: 7, firstName: nil, lastName: "Peretz", phone: "541155550105"))
    }

    @Test("links: absent or blank is no medium; video is the absolute URL")
    func links() {
        let lesson = Lesson(id: 1, chapter: 1, duration: 1, pageNumber: 2, audio: "a.mp3", page: "  ", video: "")
        #expect(lesson.link(for: .audio) == "a.mp3")
        #expect(lesson.link(for: .text) == nil)
        #expect(lesson.link(for: .video) == nil)
        #expect(lesson.availableMedia == [.audio])
        #expect(lesson.number(as: .gemara) == 2)
        #expect(lesson.number(as: .mishna) == nil)
    }

    @Test("Gemara 247 and Mishna 247 are different identities")
    func identityIsTypeAndID() {
        let gemara = LessonID(.gemara, 247)
        let mishna = LessonID(.mishna, 247)
        #expect(gemara != mishna)
        #expect(Set([gemara, mishna]).count == 2)
        #expect(gemara.description == "gemara/247")
        #expect(mishna.description == "mishna/247")
        #expect(gemara < mishna)
    }
}
