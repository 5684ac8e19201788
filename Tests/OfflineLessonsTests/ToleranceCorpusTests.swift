import Foundation
import Testing

@testable import OfflineLessons

/// One malformed (or merely unusual) list, and exactly what a tolerant reader keeps and reports.
struct ToleranceCase: Sendable, CustomTestStringConvertible {
    struct Expected: Sendable {
        var position: Int
        var id: Int?
        /// Words the reason must contain (it names the field or says what was wrong).
        var reasonMentions: [String]
    }

    var name: String
    var type: LessonType
    var json: String
    var keptIDs: [Int]
    var problems: [Expected]

    var testDescription: String { name }
}

/// A valid Gemara entry, for neighbours.
private func g(_ id: Int, _ extra: String = "") -> String {
    #"{"id": \#(id), "chapter": 1, "duration": 900, "page_number": \#(id + 1), "video_part": [], "gallery": []\#(extra)}"#
}

/// A valid Mishna entry, for neighbours.
private func m(_ id: Int) -> String {
    #"{"id": \#(id), "chapter": 1, "duration": 900, "mishna": \#(id), "video_part": [], "gallery": []}"#
}

@Suite("Tolerance corpus")
struct ToleranceCorpusTests {
    static let corpus: [ToleranceCase] = [
        .init(
            name: "null video_part and gallery are empty", type: .gemara,
            json: #"[{"id": 1, "chapter": 1, "duration": 900, "page_number": 2, "video_part": null, "gallery": null}]"#,
            keptIDs: [1], problems: []),
        .init(
            name: "absent video_part and gallery are empty", type: .gemara,
            json: #"[{"id": 1, "chapter": 1, "duration": 900, "page_number": 2}]"#, keptIDs: [1], problems: []),
        .init(
            name: "integral float duration 1845.0 is accepted", type: .gemara,
            json: "[\(g(1)), " + #"{"id": 2, "chapter": 1, "duration": 1845.0, "page_number": 3}"# + "]",
            keptIDs: [1, 2], problems: []),
        .init(
            name: "numeric strings \"12\" are accepted", type: .gemara,
            json: #"[{"id": "12", "chapter": "1", "duration": " 900", "page_number": "12"}]"#,
            keptIDs: [12], problems: []),
        .init(
            name: "fractional duration 1845.5 is rejected, naming duration", type: .gemara,
            json: "[\(g(1)), " + #"{"id": 2, "chapter": 1, "duration": 1845.5, "page_number": 3}"# + ", \(g(3))]",
            keptIDs: [1, 3], problems: [.init(position: 1, id: 2, reasonMentions: ["duration", "1845.5"])]),
        .init(
            name: "unknown keys are ignored", type: .gemara,
            json: "[\(g(1, #", "likes": 3, "tags": ["x"], "meta": {"a": null}"#))]", keptIDs: [1], problems: []),
        .init(
            name: "missing id", type: .gemara,
            json: "[\(g(1)), " + #"{"chapter": 1, "duration": 900, "page_number": 3}"# + "]",
            keptIDs: [1], problems: [.init(position: 1, id: nil, reasonMentions: ["id", "missing"])]),
        .init(
            name: "negative id", type: .mishna,
            json: "[\(m(1)), " + #"{"id": -4, "chapter": 1, "duration": 900, "mishna": 2}"# + "]",
            keptIDs: [1], problems: [.init(position: 1, id: -4, reasonMentions: ["id", "-4"])]),
        .init(
            name: "zero id", type: .mishna,
            json: #"[{"id": 0, "chapter": 1, "duration": 900, "mishna": 2}]"#,
            keptIDs: [], problems: [.init(position: 0, id: 0, reasonMentions: ["id"])]),
        .init(
            name: "an entry that is a number", type: .gemara,
            json: "[\(g(1)), 42, \(g(2))]",
            keptIDs: [1, 2], problems: [.init(position: 1, id: nil, reasonMentions: [])]),
        .init(
            name: "an entry that is a string", type: .mishna,
            json: "[\"lesson\", \(m(1))]",
            keptIDs: [1], problems: [.init(position: 0, id: nil, reasonMentions: [])]),
        .init(
            name: "an entry that is null", type: .mishna,
            json: "[\(m(1)), null]",
            keptIDs: [1], problems: [.init(position: 1, id: nil, reasonMentions: [])]),
        .init(
            name: "gemara entry without page_number", type: .gemara,
            json: "[\(g(1)), " + #"{"id": 2, "chapter": 1, "duration": 900}"# + "]",
            keptIDs: [1], problems: [.init(position: 1, id: 2, reasonMentions: ["page_number"])]),
        .init(
            name: "mishna entry without mishna", type: .mishna,
            json: #"[{"id": 7, "chapter": 2, "duration": 900, "page_number": 4}, "# + m(8) + "]",
            keptIDs: [8], problems: [.init(position: 0, id: 7, reasonMentions: ["mishna"])]),
        .init(
            name: "duplicate id keeps the first and reports the rest", type: .gemara,
            json: "[\(g(5)), \(g(6)), " + #"{"id": 5, "chapter": 9, "duration": 1, "page_number": 99}"# + ", \(g(5))]",
            keptIDs: [5, 6],
            problems: [
                .init(position: 2, id: 5, reasonMentions: ["duplicate"]),
                .init(position: 3, id: 5, reasonMentions: ["duplicate"]),
            ]),
        .init(
            name: "a bad entry never drops its neighbours", type: .gemara,
            json: "[\(g(1)), " + #"{"id": 2, "chapter": "one", "duration": 900, "page_number": 3}"# + ", \(g(3))]",
            keptIDs: [1, 3], problems: [.init(position: 1, id: 2, reasonMentions: ["chapter"])]),
        .init(
            name: "null duration is missing", type: .gemara,
            json: #"[{"id": 3, "chapter": 1, "duration": null, "page_number": 4}]"#,
            keptIDs: [], problems: [.init(position: 0, id: 3, reasonMentions: ["duration", "missing"])]),
        .init(
            name: "negative duration", type: .gemara,
            json: #"[{"id": 3, "chapter": 1, "duration": -5, "page_number": 4}]"#,
            keptIDs: [], problems: [.init(position: 0, id: 3, reasonMentions: ["duration"])]),
        .init(
            name: "video_part that is not an array", type: .gemara,
            json: "[\(g(1)), " + #"{"id": 2, "chapter": 1, "duration": 900, "page_number": 3, "video_part": "none"}"# + "]",
            keptIDs: [1], problems: [.init(position: 1, id: 2, reasonMentions: ["video_part"])]),
        .init(
            name: "presenter with phone only", type: .mishna,
            json: #"[{"id": 1, "chapter": 1, "duration": 60, "mishna": 1, "presenter": {"phone": "Cohen"}}]"#,
            keptIDs: [1], problems: []),
        .init(
            name: "null optionals are absent", type: .gemara,
            json:
                #"[{"id": 1, "chapter": 1, "duration": 60, "page_number": 2, "audio": null, "page": null, "video": null, "presenter": null}]"#,
            keptIDs: [1], problems: []),
        .init(name: "an empty list", type: .mishna, json: "[]", keptIDs: [], problems: []),
    ]

    @Test("each malformed input keeps exactly the good entries and reports the bad ones", arguments: corpus)
    func corpusCase(_ input: ToleranceCase) throws {
        let list = try LessonList.decode(Data(input.json.utf8), type: input.type)
        #expect(list.lessons.map(\.id) == input.keptIDs)
        try #require(list.problems.count == input.problems.count, "problems: \(list.problems)")
        for (problem, expected) in zip(list.problems, input.problems) {
            #expect(problem.position == expected.position)
            #expect(problem.id == expected.id)
            #expect(!problem.reason.isEmpty)
            for word in expected.reasonMentions {
                #expect(problem.reason.contains(word), "reason \"\(problem.reason)\" should mention \(word)")
            }
        }
    }

    @Test(
        "an entry that is not an object is reported as \"not a lesson object\"",
        arguments: ["42", "\"lesson\"", "null", "[1]"])
    func nonObjectEntryReason(_ entry: String) throws {
        let list = try LessonList.decode(Data("[\(entry)]".utf8), type: .gemara)
        #expect(list.problems == [LessonProblem(position: 0, id: nil, reason: "not a lesson object")])
    }

    @Test("the corpus holds at least 15 malformed or unusual inputs")
    func corpusSize() {
        #expect(Self.corpus.count >= 15)
    }

    @Test("what a kept lesson holds after tolerant reading")
    func keptValues() throws {
        let json = #"""
            [{"id": "12", "chapter": 2.0, "duration": 1845.0, "page_number": "13", "video_part": null,
              "gallery": null, "presenter": {"id": 4, "phone": "Mizrahi"},
              "video_part_extra": 1, "audio": "k.mp3"}]
            """#
        let lesson = try #require(try LessonList.decode(Data(json.utf8), type: .gemara).lessons.first)
        #expect(
            lesson
                == Lesson(
                    id: 12, chapter: 2, duration: 1845, pageNumber: 13, audio: "k.mp3",
                    presenter: Presenter(id: 4, phone: "Mizrahi")))
        #expect(lesson.presenter?.lastName == nil)
    }

    @Test("a duplicate keeps the first entry's content, not the later one's")
    func duplicateKeepsFirstContent() throws {
        let json = "[\(g(5)), " + #"{"id": 5, "chapter": 9, "duration": 1, "page_number": 99}"# + "]"
        let list = try LessonList.decode(Data(json.utf8), type: .gemara)
        #expect(list.lessons.map(\.pageNumber) == [6])
        #expect(list.problems.map(\.description) == ["entry 1 (id 5): duplicate id 5: the first entry is kept"])
    }

    @Test("text that is not a JSON array throws", arguments: ["", "{}", "not json", #"{"pages": []}"#])
    func notAnArray(_ text: String) {
        #expect(throws: (any Error).self) { try LessonList.decode(Data(text.utf8), type: .gemara) }
    }

    // MARK: Shas

    static func shasJSON(chaptersList: String) -> String {
        #"""
        {"seder": [{"id": 1, "order": 1, "name": "Zeraim", "masechet": [
          {"id": 1, "order": 1, "name": "Berakhot", "chapters": 3, "pages": 63, "chapters_list": \#(chaptersList)},
          {"id": 2, "order": 2, "name": "Peah", "pages": 0, "chapters_list": null, "unknown": 1}
        ]}]}
        """#
    }

    @Test(
        "chapters_list as the API's array",
        arguments: [
            #"[{"chapter": 1, "mishnayots": 5}, {"chapter": 2, "mishnayots": 8}, {"chapter": 3, "mishnayots": 6}]"#,
            #"[{"chapter": "3", "mishnayots": 6.0}, {"chapter": 1, "mishnayots": 5}, {"chapter": 2, "mishnayots": "8"}]"#,
        ])
    func shasChaptersAsArray(_ list: String) throws {
        let shas = try JSONDecoder().decode(Shas.self, from: Data(Self.shasJSON(chaptersList: list).utf8))
        let berakhot = try #require(shas.masechet(id: 1)?.masechet)
        #expect(
            berakhot.chapterList == [
                .init(chapter: 1, mishnayot: 5), .init(chapter: 2, mishnayot: 8),
                .init(chapter: 3, mishnayot: 6),
            ])
        #expect(berakhot.mishnayot(inChapter: 2) == 8)
        #expect(berakhot.pages == 63)
        let peah = try #require(shas.masechet(id: 2))
        #expect(peah.masechet.chapterList.isEmpty)
        #expect(peah.seder.name == "Zeraim")
        #expect(shas.totals == .init(sedarim: 1, masechtot: 2, chapters: 3, mishnayot: 19, gemaraMasechtot: 1, dapim: 63))
    }

    @Test("chapters_list as a stored copy's dict {\"1\": 5}")
    func shasChaptersAsDict() throws {
        let json = Self.shasJSON(chaptersList: #"{"2": 8, "1": 5, "10": "6"}"#)
        let shas = try JSONDecoder().decode(Shas.self, from: Data(json.utf8))
        let berakhot = try #require(shas.masechet(id: 1)?.masechet)
        // Sorted numerically, not as strings ("10" after "2").
        #expect(
            berakhot.chapterList == [
                .init(chapter: 1, mishnayot: 5), .init(chapter: 2, mishnayot: 8),
                .init(chapter: 10, mishnayot: 6),
            ])
        #expect(berakhot.chapters == 3)
    }

    @Test("one malformed masechet costs that masechet, never its neighbours (invariant 6)")
    func shasBadMasechetKeepsNeighbours() throws {
        let json = #"""
            {"seder": [{"id": 1, "order": 1, "name": "Zeraim", "masechet": [
              {"id": 1, "name": "Berakhot", "pages": 63, "chapters_list": [{"chapter": 1, "mishnayots": 5}]},
              {"name": "no id", "pages": 0, "chapters_list": []},
              {"id": 3, "name": "Demai", "pages": 0, "chapters_list": {"1": 4}}
            ]}]}
            """#
        let shas = try JSONDecoder().decode(Shas.self, from: Data(json.utf8))
        #expect(shas.masechtot.map(\.id) == [1, 3])
        #expect(shas.problems.count == 1)
        #expect(shas.problems.first?.hasPrefix("seder 1: masechet 1: `id` is missing") == true, "\(shas.problems)")
    }

    @Test("a dict chapters_list with a non-numeric chapter costs that masechet only, and is reported")
    func shasDictWithBadKey() throws {
        let json = Self.shasJSON(chaptersList: #"{"one": 5}"#)
        let shas = try JSONDecoder().decode(Shas.self, from: Data(json.utf8))
        #expect(shas.masechtot.map(\.id) == [2])
        #expect(shas.problems.count == 1)
        #expect(shas.problems.first?.contains(#"chapter key "one" is not a number"#) == true, "\(shas.problems)")
    }

    @Test("a Shas encodes and decodes back to itself")
    func shasRoundTrip() throws {
        let json = Self.shasJSON(chaptersList: #"{"1": 5, "2": 8}"#)
        let shas = try JSONDecoder().decode(Shas.self, from: Data(json.utf8))
        let again = try JSONDecoder().decode(Shas.self, from: try JSONEncoder().encode(shas))
        #expect(again == shas)
    }
}
