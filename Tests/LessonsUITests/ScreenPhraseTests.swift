import OfflineLessons
import Testing

@testable import LessonsUI

/// The screen's own sentences: every key in both languages, said through the library's
/// ``Message`` beside its sentences, and told apart from them.
@Suite("Web app: the screen's sentences")
struct ScreenPhraseTests {
    @Test("every key has a sentence in both languages, with the same placeholders, translated unless a name or a sign")
    func complete() {
        for key in ScreenPhrase.allCases {
            let english = ScreenPhrase.english[key]
            let spanish = ScreenPhrase.spanish[key]
            #expect(english != nil && spanish != nil, "\(key) lacks a language")
            let inEnglish = Phrasebook.placeholders(key.template(.en))
            let inSpanish = Phrasebook.placeholders(key.template(.es))
            #expect(Set(inEnglish) == Set(inSpanish), "\(key): \(inEnglish) and \(inSpanish)")
            #expect(Set(inEnglish) == Set(inEnglish.isEmpty ? [] : Array(1...(inEnglish.max() ?? 0))), "\(key) skips a number")
            #expect((english == spanish) == ScreenPhrase.sameInBothLanguages.contains(key), "\(key): \(english ?? "")")
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

    @Test("the screen's Spanish speaks to the reader as tú, as the command line does, never as usted")
    func oneRegister() {
        let usted = ["pulse ", "ejecute ", "elija,", "Estudie", "su propio ritmo", "su ritmo", "escríbalo", "ejecútelo"]
        for text in ScreenPhrase.allCases.map({ $0.template(.es) }) {
            for form in usted { #expect(!text.contains(form), "\(form) in \(text)") }
        }
    }

    @Test("a sentence of the screen is filled and said like the library's, and is not one of them")
    func saidThroughMessage() {
        let message = Message(.screenQueueSummary, .number(3), .number(1), .number(0))
        #expect(message.key == .elsewhere)
        #expect(message.text(.en) != message.text(.es))
        #expect(message.text(.en) == "3 queued, 1 downloading, 0 failed")
        #expect(message.text(.en, marked: true).contains("⟦"), "the pseudo-language marks the screen's words too")
        #expect(message == Message(.screenQueueSummary, .number(3), .number(1), .number(0)))
        #expect(message != Message(.screenQueueSummary, .number(4), .number(1), .number(0)))
        // A word of the screen as a value, in the sentence's language.
        let refusal = Message(.screenNotANumber, .word(.screenTheQuota), "x")
        #expect(refusal.text(.es).contains(Message(.screenTheQuota).text(.es)), "\(refusal.text(.es))")
        #expect(Message(.screenQueued) != Message(.screenQueueEmpty))
        #expect(Message(.screenQueued).hashValue == Message(.screenQueued).hashValue)
        #expect(Message(.screenQueued) != Message(OtherCatalog.screenQueued, arguments: []), "the same name in two catalogs")
        #expect(Message(OtherCatalog.screenQueued, arguments: []).text(.es) == "otro")
        // Stored text is recognised among the library's sentences only: the screen never stores one.
        #expect(Phrasebook.recognize(Message(.screenQueueEmpty).text(.en)).key == .verbatim)
    }
}

/// A catalog with a key of the screen's name, to tell two catalogs apart.
private enum OtherCatalog: String, PhraseCatalog {
    case screenQueued
    static let english: [Self: String] = [.screenQueued: "other"]
    static let spanish: [Self: String] = [.screenQueued: "otro"]
}
