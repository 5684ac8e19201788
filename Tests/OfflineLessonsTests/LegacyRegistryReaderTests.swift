import Foundation
import Testing

@testable import OfflineLessons

/// Every registry shape of legacy-system.md §4, read entry by entry.
@Suite("Legacy registry reader")
struct LegacyRegistryReaderTests {
    typealias F = LegacyContainerFixture

    static func read(_ json: Any) throws -> LegacyRegistryReader {
        .registry(try JSONSerialization.data(withJSONObject: json), source: "Documents/downloadedLessons.json")
    }

    static func ids(_ reader: LegacyRegistryReader) -> [String] {
        reader.entries.map {
            "\($0.placed.id)@\($0.placed.placement.sederId)/\($0.placed.placement.masechetId)/\($0.placed.placement.chapter)"
        }.sorted()
    }

    @Test("the documented shape: gemara by seder and masechet, mishna by seder, masechet and chapter")
    func documentedShape() throws {
        let reader = try Self.read([
            "gemara": ["2": ["10": [F.gemara(5, daf: 3, chapter: 1), F.gemara(6, daf: 4, chapter: 1)]]],
            "mishna": ["1": ["1": ["2": [F.mishna(7, chapter: 2, mishna: 1)], "10": [F.mishna(8, chapter: 10, mishna: 3)]]]],
        ])
        #expect(Self.ids(reader) == ["gemara/5@2/10/1", "gemara/6@2/10/1", "mishna/7@1/1/2", "mishna/8@1/1/10"])
        #expect(reader.rejected.isEmpty)
    }

    @Test("lists of lists, and dicts keyed by lesson id, in either half")
    func nestedAndKeyedShapes() throws {
        let reader = try Self.read([
            "gemara": [
                "1": [
                    "1": [[F.gemara(5, daf: 2)], [F.gemara(6, daf: 3), [F.gemara(7, daf: 4)]]],
                    "2": ["8": F.gemara(8, daf: 2), "9": F.gemara(9, daf: 3)],
                ]
            ],
            "mishna": [
                "1": [
                    "1": ["3": ["11": F.mishna(11, chapter: 3, mishna: 1)]],
                    "2": ["12": F.mishna(12, chapter: 4, mishna: 2)],
                ]
            ],
        ])
        #expect(
            Self.ids(reader) == [
                "gemara/5@1/1/1", "gemara/6@1/1/1", "gemara/7@1/1/1", "gemara/8@1/2/1",
                "gemara/9@1/2/1", "mishna/11@1/1/3", "mishna/12@1/2/4",
            ])
        #expect(reader.rejected.isEmpty)
    }

    @Test("a half missing, or both empty, is no error")
    func halves() throws {
        #expect(Self.ids(try Self.read(["mishna": ["1": ["1": ["1": [F.mishna(3, chapter: 1, mishna: 1)]]]]])) == ["mishna/3@1/1/1"])
        let empty = try Self.read(["gemara": [String: Any](), "mishna": [String: Any]()])
        #expect(empty.entries.isEmpty && empty.rejected.isEmpty)
    }

    @Test("one bad value costs only its own entry (legacy B23 dropped the whole half), named with where it was")
    func badValueCostsItself() throws {
        var floatDuration = F.gemara(9, daf: 5)
        floatDuration["duration"] = 1845.0  // tolerated: an integral float
        floatDuration["video_part"] = NSNull()  // tolerated: null is empty
        let reader = try Self.read([
            "gemara": [
                "1": [
                    "1": [F.gemara(5, daf: 2), ["id": "five", "chapter": 1], F.gemara(6, daf: 3), floatDuration],
                    "x": [F.gemara(7, daf: 2)],
                ],
                "2": "not an object",
            ],
            "mishna": ["1": ["1": ["1": [["id": 4, "chapter": 1, "duration": 10, "video_part": [], "gallery": []]]]]],
        ])
        #expect(Self.ids(reader) == ["gemara/5@1/1/1", "gemara/6@1/1/1", "gemara/9@1/1/1"])
        let rejected = reader.rejected.map(\.path).sorted()
        #expect(rejected == ["gemara/1/1[1]", "gemara/1/x", "gemara/2", "mishna/1/1/1[0]"])
        #expect(reader.rejected.first { $0.path == "mishna/1/1/1[0]" }?.reason.contains("mishna") == true)
    }

    @Test("a truncated registry is one rejection naming the file; nothing else is invented")
    func truncated() throws {
        let data = try JSONSerialization.data(withJSONObject: ["gemara": ["1": ["1": [F.gemara(5, daf: 2)]]]])
        let reader = LegacyRegistryReader.registry(data.prefix(data.count / 2), source: "Documents/downloadedLessons.json")
        #expect(reader.entries.isEmpty)
        #expect(reader.rejected.count == 1 && reader.rejected[0].path.isEmpty)
        #expect(reader.rejected[0].description.contains("Documents/downloadedLessons.json"))
    }

    @Test("the presenter quirk: last_name is never taken from phone")
    func presenterQuirk() throws {
        var lesson = F.gemara(5, daf: 2)
        lesson["presenter"] = ["id": 3, "first_name": "Moshe", "phone": "Cohen"]
        let reader = try Self.read(["gemara": ["1": ["1": [lesson]]]])
        let presenter = try #require(reader.entries.first?.placed.lesson.presenter)
        #expect(presenter.firstName == "Moshe" && presenter.lastName == nil && presenter.phone == "Cohen")
    }

    @Test("metadata caches place lessons through the Shas; an unknown masechet is named")
    func metadataCaches() throws {
        let gemara = try JSONSerialization.data(withJSONObject: ["1": ["40": F.gemara(40, daf: 7)], "77": ["41": F.gemara(41, daf: 2)]])
        let reader = LegacyRegistryReader.gemaraMetadata(gemara, source: "Library/Caches/gemaraLessons.json") { $0 == 1 ? 1 : nil }
        #expect(Self.ids(reader) == ["gemara/40@1/1/1"])
        #expect(reader.rejected.map(\.path) == ["77"])
        let mishna = try JSONSerialization.data(withJSONObject: ["1": ["2": ["50": F.mishna(50, chapter: 2, mishna: 4)]]])
        let mishnaReader = LegacyRegistryReader.mishnaMetadata(mishna, source: "Library/Caches/mishnaLessons.json") { _ in 1 }
        #expect(Self.ids(mishnaReader) == ["mishna/50@1/1/2"])
    }
}

extension LegacyRegistryReaderTests {
    @Test("a refused entry names its masechet, the field and the value found there (null said as null), in both languages")
    func refusalsNameTheValue() throws {
        typealias F = LegacyContainerFixture
        func entry(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
            var lesson = F.gemara(5, daf: 2)
            change(&lesson)
            return lesson
        }
        let entries: [[String: Any]] = [
            entry { $0["id"] = "abc" }, entry { $0["id"] = NSNull() }, entry { $0["duration"] = 1845.5 },
            entry { $0["page_number"] = nil }, entry { $0["presenter"] = ["id": "x", "first_name": "M"] },
        ]
        let data = try JSONSerialization.data(withJSONObject: ["gemara": ["4": ["4": entries], "1": ["99": [entries[0]]]]])
        let reader = LegacyRegistryReader.registry(data, source: "Documents/downloadedLessons.json") { $0 == 4 ? "Bava Kamma" : nil }
        let reasons = Dictionary(uniqueKeysWithValues: reader.rejected.map { ($0.path, $0.reason) })
        #expect(reasons["gemara/4/4[0]"] == #"a lesson of Bava Kamma: `id` is "abc", where a whole number belongs"#)
        #expect(reasons["gemara/4/4[1]"] == "a lesson of Bava Kamma: `id` is null, where a whole number belongs")
        #expect(reasons["gemara/4/4[2]"] == "a lesson of Bava Kamma: `duration` is 1845.5, where a whole number belongs")
        #expect(reasons["gemara/4/4[3]"] == "a Gemara lesson of Bava Kamma without `page_number` (its daf)")
        #expect(reasons["gemara/4/4[4]"]?.hasPrefix(#"a lesson of Bava Kamma: `presenter.id` is "x""#) == true, "\(reasons)")
        #expect(reasons["gemara/1/99[0]"] == #"a lesson of masechet 99: `id` is "abc", where a whole number belongs"#)
        #expect(reader.rejected.count == 6 && reader.entries.isEmpty, "\(reader.rejected)")
        // Said in Spanish from the English the report keeps.
        let first = try #require(reader.rejected.first { $0.path == "gemara/4/4[0]" })
        #expect(
            first.words.text(.es)
                == #"Documents/downloadedLessons.json en gemara/4/4[0]: una clase de Bava Kamma: `id` es "abc", donde va un número entero"#,
            "\(first.words.text(.es))")
        let null = try #require(reader.rejected.first { $0.path == "gemara/4/4[1]" })
        #expect(Phrasebook.recognize(null.reason).text(.es) == "una clase de Bava Kamma: `id` es null, donde va un número entero")
    }

    @Test("a registry of the wrong shape is refused part by part, each reason said in Spanish too")
    func shapesRefusedInBothLanguages() throws {
        let reader = try Self.read([
            "gemara": ["x": [String: Any](), "1": ["y": [LegacyContainerFixture.gemara(5, daf: 2)], "2": ["text"]], "3": "not an object"],
            "mishna": ["1": ["1": ["0": [LegacyContainerFixture.mishna(3, chapter: 0, mishna: 1)]]]],
        ])
        let reasons = Dictionary(uniqueKeysWithValues: reader.rejected.map { ($0.path, Phrasebook.recognize($0.reason)) })
        #expect(reasons["gemara/x"]?.text(.es) == "la clave de seder 'x' no es un número positivo", "\(reader.rejected)")
        #expect(reasons["gemara/1/y"]?.text(.es) == "la clave de masejet 'y' no es un número positivo", "\(reader.rejected)")
        #expect(reasons["gemara/1/2[0]"]?.text(.es) == "no es una clase, ni una lista de clases, ni un diccionario de clases")
        #expect(reasons["gemara/3"]?.text(.es) == "se esperaba un objeto con claves por id y se encontró texto", "\(reader.rejected)")
        let chapter = try #require(reader.rejected.first { $0.path.hasPrefix("mishna/") })
        #expect(Phrasebook.recognize(chapter.reason).text(.es) == "la clave de capítulo '0' no es un número positivo")
        let truncated = LegacyRegistryReader.registry(Data("{\"gemara\": {".utf8), source: "Documents/downloadedLessons.json")
        #expect(truncated.rejected.map { Phrasebook.recognize($0.reason).key } == [.legacyNotJSON])
    }
}
