import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// Masechet names as people type them, against the real Shas: prefixes, other names
/// (Ashkenazi, Sephardi, Spanish, Hebrew, abbreviations), and what a match says about itself.
@Suite("Masechet names")
struct MasechetNameTests {
    static let catalog: DemoCatalog? = try? DemoCatalog.bundled(trickyKeys: false)
    static var shas: Shas { catalog?.shas ?? Shas(sedarim: []) }

    func find(_ text: String) throws -> MasechetMatch {
        try MasechetNames.find(text, in: Self.shas)
    }

    @Test("a prefix of one masechet's name resolves to it, and says it was a prefix")
    func uniquePrefix() throws {
        for (text, expected) in [
            ("rosh", "Rosh Hashanah"), ("Rosh Hash", "Rosh Hashanah"), ("sanh", "Sanhedrin"), ("ראש", "Rosh Hashanah"),
        ] {
            let match = try find(text)
            #expect(match.masechet.name == expected, "\(text)")
            #expect(match.kind == .prefix, "\(text)")
            #expect(match.isFuzzy, "\(text)")
        }
    }

    @Test(
        "a prefix of several masechtot is an error listing them all, catalog names first, then in Shas order",
        arguments: [
            ("bava", ["Bava Kamma", "Bava Metzia", "Bava Batra"]),
            ("Bava ", ["Bava Kamma", "Bava Metzia", "Bava Batra"]),
            ("maaser", ["Maaser Sheni", "Maasrot"]),
            ("בבא", ["Bava Kamma", "Bava Metzia", "Bava Batra"]),
            ("mak", ["Makkot", "Makhshirin"]),
        ])
    func ambiguousPrefix(_ text: String, _ candidates: [String]) {
        let error = #expect(throws: SelectorError.self) { try find(text) }
        #expect(error?.suggestions == candidates)
        #expect(
            error?.description == "'\(text)' names several masechtot: \(candidates.joined(separator: ", ")); give more of the name")
    }

    @Test(
        "Ashkenazi, Sephardi and Spanish spellings, Hebrew and abbreviations are known names",
        arguments: [
            ("brochos", "Berakhot"), ("Brachos", "Berakhot"), ("Berajot", "Berakhot"), ("ברכות", "Berakhot"),
            ("בְּרָכוֹת", "Berakhot"), ("shabbos", "Shabbat"), ("Shabat", "Shabbat"), ("kesubos", "Ketubot"),
            ("hulin", "Chullin"), ("Julin", "Chullin"), ("succah", "Sukkah"), ("megilla", "Megillah"), ("Pesajim", "Pesachim"),
            ("BK", "Bava Kamma"), ("b.m.", "Bava Metzia"), ("BB", "Bava Batra"), ("RH", "Rosh Hashanah"), ("AZ", "Avodah Zarah"),
            ("Bava Kama", "Bava Kamma"), ("Babá Kamá", "Bava Kamma"), ("ב״ק", "Bava Kamma"), ("ב\"מ", "Bava Metzia"),
            ("ע׳׳ז", "Avodah Zarah"), ("ראש השנה", "Rosh Hashanah"), ("Maaser Sheini", "Maaser Sheni"), ("Pirkei Avos", "Avot"),
            ("Yom Tov", "Beitzah"), ("Avodá Zará", "Avodah Zarah"), ("קדושין", "Kiddushin"),
        ])
    func aliases(_ text: String, _ expected: String) throws {
        let match = try find(text)
        #expect(match.masechet.name == expected)
        #expect(match.kind == .alias)
        #expect(!match.isFuzzy)
    }

    @Test("every masechet is found by its Hebrew name from shas-structure.json")
    func everyHebrewName() throws {
        let hebrew = try #require(Self.catalog?.hebrewNames)
        #expect(hebrew.count == 63)
        for masechet in Self.shas.masechtot {
            let name = try #require(hebrew[masechet.id], "\(masechet.name)")
            #expect(try find(name).masechet.id == masechet.id, "\(name)")
            #expect(try find(name).kind == .alias, "\(name)")
        }
    }

    @Test("each alias names one masechet of the Shas, and no alias is another masechet's name")
    func aliasesAreUnambiguous() {
        let names = Set(Self.shas.masechtot.map { MasechetNames.plain($0.name) })
        #expect(names.count == 63)
        var owner: [String: String] = [:]
        for key in Set(MasechetAliases.hebrew.keys).union(MasechetAliases.spellings.keys) {
            #expect(names.contains(MasechetNames.plain(key)), "\(key) is not a catalog name")
            for alias in MasechetAliases.aliases(of: key).map(MasechetNames.plain) {
                #expect(!names.contains(alias), "\(alias) (for \(key)) is a catalog name")
                if let other = owner[alias], other != key { Issue.record("\(alias) names both \(other) and \(key)") }
                owner[alias] = key
            }
        }
    }

    @Test("a match says how it was found: by id, by name, by alias, by prefix, by a near spelling")
    func kinds() throws {
        #expect(try find("1").kind == .id)
        #expect(try find("BERAKHOT").kind == .name)
        #expect(try find("Rosh ha-Shanah").kind == .name)
        #expect(try find("brochos").kind == .alias)
        #expect(try find("rosh").kind == .prefix)
        let near = try find("Berakhoth")
        #expect(near.masechet.name == "Berakhot")
        #expect(near.kind == .nearSpelling)
        #expect(near.isFuzzy)
    }

    @Test("the public API: a selector's masechet match, none for a lesson by id")
    func selectorMatch() throws {
        let match = try LessonSelector(parsing: "gemara:brakhos:2").masechetMatch(in: Self.shas)
        #expect(match?.masechet.name == "Berakhot")
        #expect(match?.isFuzzy == true)
        #expect(try LessonSelector(parsing: "mishna:ברכות:1").masechetMatch(in: Self.shas)?.isFuzzy == false)
        #expect(try LessonSelector(parsing: "gemara/5").masechetMatch(in: Self.shas) == nil)
    }

    @Test("a name close to nothing suggests what it most starts like: 'bavx' the three Bava masechtot, in order; 'xyz' none")
    func suggestionsRanked() {
        let error = #expect(throws: SelectorError.self) { try find("bavx") }
        #expect(error?.suggestions == ["Bava Kamma", "Bava Metzia", "Bava Batra"])
        #expect(error?.description == "no masechet is called 'bavx'; closest: Bava Kamma, Bava Metzia, Bava Batra")
        #expect(error?.remedy == .consultCatalog)
        let nothing = #expect(throws: SelectorError.self) { try find("xyz") }
        #expect(nothing?.suggestions == [], "nothing like it: \(nothing?.description ?? "")")
        #expect(nothing?.description == "no masechet is called 'xyz', nor anything like it")
    }
}
