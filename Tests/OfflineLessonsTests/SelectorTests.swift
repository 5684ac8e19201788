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
        "a run of vowels, or a long word, names no masechet: the error lists the closest when some is like it, in one short line",
        arguments: [
            ("aaaa", false), ("eeeeeeee", false), (String(repeating: "a", count: 10_000), false), ("xyzzy", true), ("e", false),
            ("Peahx Zeraim Berakhot", true),
        ])
    func farNamesRefused(_ text: String, _ somethingLikeIt: Bool) {
        let error = #expect(throws: SelectorError.self) { try MasechetNames.find(text, in: Self.shas) }
        let said = somethingLikeIt ? "closest:" : "nor anything like it"
        #expect(error?.description.contains(said) == true, "\(error?.description.prefix(200) ?? "")")
        #expect(error?.remedy == .consultCatalog)
        #expect((error?.description.count ?? 0) < 200, "\(error?.description.count ?? 0) characters")
    }

    @Test("selectors are checked against the Shas: masechet, Gemara, chapter, mishna")
    func validation() throws {
        for (text, words) in [
            ("mishna:berakhot:99", "no chapter 99"), ("mishna:berakhot:1:99", "has 5 mishnayot"),
            ("gemara:peah", "has no Gemara"), ("mishna:aaaa:1:1", "nor anything like it"), ("mishna:bavx:1:1", "closest: Bava Kamma"),
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

    @Test(
        "a range that cannot be meant says what is wrong, in one line quoting the input",
        arguments: [
            ("gemara:berakhot:10-2", "'gemara:berakhot:10-2': '10-2' is reversed: did you mean 2-10?"),
            ("gemara:berakhot:2a", "'gemara:berakhot:2a': dapim are whole: use 2"),
            ("gemara:berakhot:2B", "'gemara:berakhot:2B': dapim are whole: use 2"),
            ("gemara:berakhot:2a-3b", "'gemara:berakhot:2a-3b': dapim are whole: use 2-3"),
            ("gemara:berakhot:0", "'gemara:berakhot:0': there is no daf 0: dapim start at 2"),
            ("gemara:berakhot:1", "'gemara:berakhot:1': there is no daf 1: dapim start at 2"),
            ("gemara:berakhot:-3", "'gemara:berakhot:-3': there is no daf -3: dapim start at 2"),
            ("gemara:berakhot:0-5", "'gemara:berakhot:0-5': there is no daf 0: dapim start at 2"),
            ("mishna:berakhot:0", "'mishna:berakhot:0': there is no chapter 0: chapters start at 1"),
            ("mishna:berakhot:-2", "'mishna:berakhot:-2': there is no chapter -2: chapters start at 1"),
            ("mishna:berakhot:1:0", "'mishna:berakhot:1:0': there is no mishna 0: mishnayot start at 1"),
            ("mishna:berakhot:3-1", "'mishna:berakhot:3-1': '3-1' is reversed: did you mean 1-3?"),
            ("mishna:berakhot:2a", "'mishna:berakhot:2a': '2a' is not a chapter or a range of them (like 2 or 2-11)"),
            ("gemara:berakhot:2-", "'gemara:berakhot:2-': '2-' is not a daf or a range of them (like 2 or 2-11)"),
        ])
    func rangeMessages(_ text: String, _ message: String) {
        let error = #expect(throws: SelectorError.self) { try LessonSelector(parsing: text) }
        #expect(error?.description == message)
    }

    @Test("well-formed ranges parse as before")
    func wellFormedRanges() throws {
        #expect(try LessonSelector(parsing: "gemara:berakhot:2-11") == .gemara(masechet: "berakhot", dapim: 2...11))
        #expect(try LessonSelector(parsing: "gemara:berakhot: 5 ") == .gemara(masechet: "berakhot", dapim: 5...5))
        #expect(try LessonSelector(parsing: "mishna:peah:1:2-3") == .mishna(masechet: "peah", chapters: 1...1, mishnayot: 2...3))
    }

    @Test(
        "a lesson's name as the lists print it is a selector: a daf, dapim, a mishna, mishnayot; a bare masechet is not, and is told what is"
    )
    func names() throws {
        #expect(try LessonSelector(parsing: "Megillah 2") == .gemara(masechet: "Megillah", dapim: 2...2))
        #expect(try LessonSelector(parsing: " Bava Metzia 2-4 ") == .gemara(masechet: "Bava Metzia", dapim: 2...4))
        #expect(try LessonSelector(parsing: "Berakhot 1:3") == .mishna(masechet: "Berakhot", chapters: 1...1, mishnayot: 3...3))
        #expect(try LessonSelector(parsing: "Rosh Hashanah 2:1-3") == .mishna(masechet: "Rosh Hashanah", chapters: 2...2, mishnayot: 1...3))
        #expect(throws: SelectorError.amud(2...2, in: "Megillah 2a")) { try LessonSelector(parsing: "Megillah 2a") }
        #expect(throws: SelectorError.notASelector("Megillah")) { try LessonSelector(parsing: "Megillah") }
        // A range with its hyphen lost, or an id, is no name: never read as another daf.
        for text in ["Megillah 2 5", "Megillah 2, 5", "1 5", "a:b 2", ": x 2"] {
            #expect(throws: SelectorError.notASelector(text), "\(text)") { try LessonSelector(parsing: text) }
        }
        #expect(SelectorError.notASelector("1 5").message(.en).contains(#"use a lesson's name ("Megillah 2", "Berakhot 1:3")"#))
        #expect(SelectorError.notASelector("gemara").message(.en).contains(#"use a lesson's name ("Megillah 2", "Berakhot 1:3")"#))
        #expect(
            SelectorError.notASelector("Moed Katan").message(.en)
                == "'Moed Katan' names no lesson: give a daf ('Moed Katan 2'), a mishna ('Moed Katan 1:1'), or the whole masechet as gemara:moed-katan or mishna:moed-katan"
        )
    }

    @Test(
        "a daf before the first, asked by name, says how to name the Mishna's chapter instead",
        arguments: ["Berakhot 1", "Berakhot 0-3", "Berakhot 1a", "Kinnim 1", "Peah 1"])
    func dafOneByName(_ text: String) {
        let error = #expect(throws: SelectorError.self) { try LessonSelector(parsing: text) }
        let masechet = text.split(separator: " ")[0]
        // Said of every masechet alike: Kinnim has no dapim, Tamid's start at 25.
        let chapter = "mishna:\(masechet.lowercased()):1"
        #expect(
            error?.message(.en).hasSuffix(
                "; for the Mishna, name a chapter and a mishna, like '\(masechet) 1:1', or a whole chapter: \(chapter)")
                == true, "\(error?.message(.en) ?? "")")
        #expect(error?.message(.en).contains("start at") == false)
        #expect(
            error?.message(.es).hasSuffix(
                "para la Mishná, nombra un capítulo y una mishná, como '\(masechet) 1:1', o un capítulo entero: \(chapter)")
                == true)
        #expect(error?.message(.en).hasPrefix("'\(text)': there is no daf ") == true)
    }

    @Test("a search word names a masechet by its letters as written or an alias, or their start; never by a loose folding")
    func searchNames() {
        #expect(Masechet.isName("brochos", of: "Berakhot") && Masechet.isName("Berajot", of: "Berakhot"))
        #expect(Masechet.isName("ברכות", of: "Berakhot") && Masechet.isName("bera", of: "Berakhot"))
        #expect(!Masechet.isName("peah", of: "Pesachim") && !Masechet.isName("shevuot", of: "Shabbat"))
        #expect(!Masechet.isName("be", of: "Berakhot"), "two letters are too few")
    }

    @Test("dapim beyond a masechet's are refused naming its real range, and the part of the request inside it")
    func dapimBeyondTheEnd() async throws {
        let folder = try TemporaryDirectory()
        try await withServer { running in
            let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "t"))
            let library = try await LessonLibrary(root: folder.url, client: client)
            for (text, message) in [
                ("gemara:berakhot:99", "'Berakhot 99': Berakhot has dapim 2-64"),
                ("gemara:berakhot:60-70", "'Berakhot 60-70': Berakhot has dapim 2-64: use 60-64"),
                ("gemara:tamid:2-26", "'Tamid 2-26': Tamid has dapim 25-33: use 25-26"),
                ("Berakhot 99", "'Berakhot 99': Berakhot has dapim 2-64"),
            ] {
                let selector = try LessonSelector(parsing: text)
                let error = await #expect(throws: SelectorError.self, "\(text)") { try await library.lessons(for: selector) }
                #expect(error?.description == message)
            }
            #expect(try await library.lessons(for: LessonSelector(parsing: "gemara:berakhot:63-64")).map(\.number) == [63, 64])
        }
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
