import OfflineLessons
import Testing

@testable import lessons

/// The command line's own sentences: every key in both languages, said through the library's
/// ``Message`` with its marks and decimal marks.
@Suite("The command line's sentences")
struct CommandPhraseTests {
    @Test("every key has a sentence in both languages, with the same placeholders, translated unless a name or a sign")
    func complete() {
        for key in CommandPhrase.allCases {
            let english = CommandPhrase.english[key]
            let spanish = CommandPhrase.spanish[key]
            #expect(english != nil && spanish != nil, "\(key) lacks a language")
            let inEnglish = Phrasebook.placeholders(key.template(.en))
            let inSpanish = Phrasebook.placeholders(key.template(.es))
            #expect(Set(inEnglish) == Set(inSpanish), "\(key): \(inEnglish) and \(inSpanish)")
            #expect(Set(inEnglish) == Set(inEnglish.isEmpty ? [] : Array(1...(inEnglish.max() ?? 0))), "\(key) skips a number")
            #expect((english == spanish) == CommandPhrase.sameInBothLanguages.contains(key), "\(key): \(english ?? "")")
        }
    }

    @Test("said through Message: marked for the pseudo-language, with the library's words inside, decimals in the language's way")
    func saidThroughMessage() {
        let total = Message(.listTotal, .number(3), "1.2 MB", "/tmp/x")
        #expect(total.key == .elsewhere)
        #expect(total.text(.en, marked: true) == "3⟦ lesson(s), ⟧1.2 MB⟦ in ⟧/tmp/x")
        #expect(Message(.cliOf, .word(.stateComplete), "2").text(.es, marked: true) == "⟦completa⟧⟦ de ⟧2")
        let summary = Message(.downloadSummary, .number(2), "1 MB", .decimal(4.25, places: 1), .number(0))
        #expect(summary.text(.es).contains("en 4,2 s") && summary.text(.en).contains("in 4.2 s"))
        #expect(Message(.listTotal, .number(3), "x", "y") != Message(.listTotal, .number(4), "x", "y"))
    }
}
