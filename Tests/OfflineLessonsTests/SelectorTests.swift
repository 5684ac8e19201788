import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// Masechet names: spelling variants resolve, a name far from every masechet is an error that
/// lists the closest names, and selectors are checked against the Shas (10).
@Suite("Selectors")
struct SelectorTests {
    static let shas: Shas = {
        do { return try DemoCatalog.bundled(trickyKeys: false).shas } catch { return Shas(sedarim: []) }
    }()

    @Test(
        "spelling variants resolve",
        arguments: [
            ("Berakhot", "Berakhot"), ("berajot", "Berakhot"), ("Brachot", "Berakhot"), ("BERACHOT", "Berakhot"),
            ("Shabbos", "Shabbat"), ("pesachim", "Pesachim"), ("1", "Berakhot"),
            // "Shevuot" and "Shabbat" fold to the same letters: the name as written decides.
            ("Shevuot", "Shevuot"), ("shevuos", "Shevuot"), ("Shabbat", "Shabbat"),
        ])
    func variants(_ text: String, _ expected: String) throws {
        #expect(try MasechetNames.find(text, in: Self.shas).masechet.name == expected)
    }

    @Test(
        "a run of vowels, or a long word, names no masechet: the error lists the closest, in one short line",
        arguments: ["aaaa", "eeeeeeee", String(repeating: "a", count: 10_000), "xyzzy", "e", "Peahx Zeraim Berakhot"])
    func farNamesRefused(_ text: String) {
        let error = #expect(throws: SelectorError.self) { try MasechetNames.find(text, in: Self.shas) }
        #expect(error?.description.contains("closest:") == true)
        #expect(error?.remedy == .consultCatalog)
        #expect((error?.description.count ?? 0) < 200, "\(error?.description.count ?? 0) characters")
    }

    @Test("selectors are checked against the Shas: masechet, Gemara, chapter, mishna")
    func validation() throws {
        for (text, words) in [
            ("mishna:berakhot:99", "no chapter 99"), ("mishna:berakhot:1:99", "has 5 mishnayot"),
            ("gemara:peah", "has no Gemara"), ("mishna:aaaa:1:1", "closest"),
        ] {
            let selector = try LessonSelector(parsing: text)
            let error = #expect(throws: SelectorError.self, "\(text)") { try selector.validate(in: Self.shas) }
            #expect(error?.description.contains(words) == true, "\(text): \(error?.description ?? "")")
        }
        for text in ["gemara:berakhot:2-11", "mishna:berakhot:1:1-5", "gemara/1", "mishna:3"] {
            #expect(throws: Never.self, "\(text)") { try LessonSelector(parsing: text).validate(in: Self.shas) }
        }
        #expect(throws: SelectorError.self) { try LessonSelector(parsing: "mishna:berakhot").validate(in: nil) }
        #expect(throws: Never.self) { try LessonSelector(parsing: "mishna:1").validate(in: nil) }
    }

    @Test("a bare id is found with few listing requests; one beyond the Shas's counts is refused with none")
    func bareIds() async throws {
        let folder = try TemporaryDirectory()
        let faults = FaultInjector()
        try await withServer(faults: faults) { running in
            let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "t"))
            let library = try await LessonLibrary(root: folder.url, client: client)
            for id in [LessonID(.mishna, 4000), LessonID(.gemara, 2600), LessonID(.mishna, 1), LessonID(.mishna, 4187)] {
                let before = await faults.apiRequests
                let found = try await library.lessons(for: .lesson(id))
                #expect(found.map(\.id) == [id])
                let requests = await faults.apiRequests - before
                #expect(requests <= 3, "\(id): \(requests) API requests")
            }
            for id in [LessonID(.mishna, 99_999), LessonID(.gemara, 2685), LessonID(.mishna, 0)] {
                let before = await faults.apiRequests
                let error = await #expect(throws: SelectorError.self) { try await library.lessons(for: .lesson(id)) }
                #expect(error?.description.contains("ids go from 1 to") == true, "\(String(describing: error))")
                #expect(await faults.apiRequests == before, "\(id): no listing fetched")
            }
        }
    }

    @Test("a whole Mishna masechet comes in chapter and mishna order, each chapter's listing fetched once (several at a time)")
    func wholeMishnaMasechet() async throws {
        let folder = try TemporaryDirectory()
        let faults = FaultInjector()
        try await withServer(faults: faults) { running in
            let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "t"))
            let library = try await LessonLibrary(root: folder.url, client: client)
            let shas = try await library.catalog().shas
            let kelim = try #require(shas.masechtot.first { $0.name == "Kelim" })
            let before = await faults.apiRequests
            let lessons = try await library.lessons(for: try LessonSelector(parsing: "mishna:kelim"))
            #expect(await faults.apiRequests - before == kelim.chapterList.count)
            let places = lessons.map { [$0.placement.chapter, $0.number] }
            #expect(places == places.sorted { $0.lexicographicallyPrecedes($1) }, "chapter, then mishna order")
            #expect(Set(lessons.map(\.placement.chapter)) == Set(kelim.chapterList.map(\.chapter)))
            #expect(lessons.count == kelim.chapterList.reduce(0) { $0 + $1.mishnayot })
        }
    }
}
