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
            for template in [key.template(.en), key.template(.es)] {
                #expect(Set(Phrasebook.counts(template)).isSubset(of: Phrasebook.placeholders(template)), "\(key): \(template)")
                for count in ["1", "2"] {
                    let message = Message(key, arguments: Array(repeating: .text(count), count: 9))
                    let said = message.text(.en) + message.text(.es)
                    #expect(!said.contains("$("), "\(key): a word's forms not written as %N$(one|other)")
                }
            }
        }
    }

    @Test("the Spanish of the library, the command line and its help speaks to the reader as tú, never as usted")
    func oneRegister() {
        let texts =
            Phrase.allCases.map { Phrasebook.template($0, .es) } + Array(CommandPhrase.spanish.values) + Array(HelpWords.spanish.values)
        // The usted forms once found beside tú ones; the tú forms are escríbelo, ejecútalo, pulsa, elijas, tu propio ritmo.
        let usted = [
            "escríbalo", "escríbalos", "ejecútelo", "ejecute ", "pulse ", "escriba ", "elija,", "Estudie", "su propio ritmo", "su ritmo",
        ]
        for text in texts {
            for form in usted { #expect(!text.contains(form), "\(form) in \(text)") }
        }
    }

    @Test("no sentence carries an internal code (the legacy defects' B1, B11) a reader cannot look up")
    func noInternalCodes() {
        let texts =
            Array(CommandPhrase.english.values) + Array(CommandPhrase.spanish.values)
            + Phrase.allCases.flatMap { [Phrasebook.template($0, .en), Phrasebook.template($0, .es)] }
        for text in texts { #expect(text.firstMatch(of: /\(B\d+\)/) == nil, "\(text)") }
        let both = Message(.migrateAmbiguousBoth, .number(7), "gemara/7", "mishna/7", "audio").text(.en)
        #expect(both == "id 7 names both gemara/7 and mishna/7, and both have a link for the audio; left in place")
    }

    @Test("a Spanish count reads right whatever the number: no verb or adjective that agrees with it")
    func spanishCounts() {
        let one = Message(.statusSummary, .number(2), .number(1), .number(0), .number(0), .number(1)).text(.es)
        #expect(one == "clases: 2 (descargadas: 1; en curso: 0; con un medio fallido o que falta: 0; sin pedir: 1)")
        let single = Message(.statusSummary, .number(1), .number(1), .number(0), .number(0), .number(0)).text(.es)
        #expect(single.hasPrefix("clases: 1 ("))
        #expect(Message(.doctorProblemsFound, .number(1)).text(.es) == "problemas encontrados: 1")
        #expect(Message(.todayNotBegun, "2026-11-29").text(.en) == "not yet: it starts on 2026-11-29")
    }

    @Test("said through Message: marked for the pseudo-language, with the library's words inside, decimals in the language's way")
    func saidThroughMessage() {
        let total = Message(.listTotal, .number(3), "1.2 MB", "/tmp/x")
        #expect(total.key == .elsewhere)
        #expect(total.text(.en, marked: true) == "3⟦ lessons, ⟧1.2 MB⟦ in ⟧/tmp/x")
        #expect(Message(.cliOf, .word(.stateComplete), "2").text(.es, marked: true) == "⟦completo⟧⟦ de ⟧2")
        let summary = Message(.downloadSummary, .number(2), "1 MB", .decimal(4.25, places: 1), .number(0))
        #expect(summary.text(.es).contains("en 4,2 s") && summary.text(.en).contains("in 4.2 s"))
        #expect(Message(.listTotal, .number(3), "x", "y") != Message(.listTotal, .number(4), "x", "y"))
    }
}
