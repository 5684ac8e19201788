import Foundation
import Testing

@testable import OfflineLessons

/// The catalog of sentences: every key in every language, the errors said through it, stored text recognised.
@Suite("The phrasebook")
struct PhrasebookTests {
    @Test("every key has a sentence in every language, with the same placeholders")
    func complete() {
        for language in UserLanguage.allCases {
            let table = Phrasebook.table(language)
            let missing = Phrase.allCases.filter { table[$0] == nil }
            #expect(missing.isEmpty, "\(language) lacks \(missing)")
        }
        for key in Phrase.allCases {
            let english = Phrasebook.placeholders(Phrasebook.template(key, .en))
            let spanish = Phrasebook.placeholders(Phrasebook.template(key, .es))
            #expect(Set(english) == Set(spanish), "\(key): \(english) and \(spanish)")
            #expect(Set(english) == Set(english.isEmpty ? [] : Array(1...(english.max() ?? 0))), "\(key) skips a number")
            if !Phrasebook.sameInBothLanguages.contains(key) {
                #expect(Phrasebook.english[key] != Phrasebook.spanish[key], "\(key) is not translated")
            }
        }
    }

    @Test("a word follows its count: one file, 2 files, 0 files; a form may hold the count; the marks stay around the words")
    func countedWords() {
        let template = "%1$@ %1$(file|files), %2$(the one that waits|all %2$@ that wait)"
        #expect(Phrasebook.fill(template, with: ["1", "1"]) == "1 file, the one that waits")
        #expect(Phrasebook.fill(template, with: ["2", "0"]) == "2 files, all 0 that wait")
        #expect(Phrasebook.fill(Phrasebook.marked(template), with: ["1", "3"]) == "1⟦ file, all ⟧3⟦ that wait⟧")
        #expect(Phrasebook.placeholders(template) == [1, 2] && Phrasebook.counts(template) == [1, 2])
        #expect(Message(.queueResumedNow, .number(1)).text(.en) == "the queue goes on: `lessons download` fetches the 1 item that waits")
        #expect(Message(.queueResumedNow, .number(1)).text(.es) == "la cola sigue: `lessons download` descarga el elemento que espera")
        #expect(Message(.queueResumedNow, .number(3)).text(.es) == "la cola sigue: `lessons download` descarga los 3 elementos que esperan")
    }

    @Test("a medium's state agrees with the medium in Spanish: el audio, el vídeo, el PDF are masculine")
    func stateWordsAgree() {
        let words = ["complete", "corrupt", "not requested"].compactMap { Phrase.state($0) }.map { Phrasebook.template($0, .es) }
        #expect(words == ["completo", "dañado", "no pedido"])
    }

    @Test("stored text is recognised in each form of its counted words, and in the form older versions wrote")
    func countedWordsRecognized() {
        for stored in ["1 item that waits", "3 items that wait", "3 item(s) that wait"] {
            let said = Phrasebook.recognize("the queue goes on: `lessons download` fetches the \(stored)")
            #expect(said.key == .queueResumedNow, "\(stored)")
            #expect(said.text(.es).hasPrefix("la cola sigue"), "\(stored): \(said.text(.es))")
        }
    }

    @Test("clean's reasons as older versions stored them in the history are said in Spanish too")
    func olderCleanReasons() {
        let quota = Phrasebook.recognize("the library holds more than 5000000 bytes: least recently used first")
        #expect(quota.key == .cleanOverQuotaReason)
        #expect(quota.text(.es).hasPrefix("la biblioteca ocupa más de "), "\(quota.text(.es))")
        #expect(Phrasebook.recognize("its lesson's audio and video go").text(.es) == "se van el audio y el vídeo de su clase")
    }

    @Test("the history's and sync's words are words people read, not the stored codes")
    func eventWords() {
        let phrases =
            EventKind.allCases.map(\.phrase)
            + [SyncAction.Kind.missing, .corrupt, .adopted, .discovered, .removedPartial, .requeued, .unknown].map(\.phrase)
        for phrase in phrases {
            for language in UserLanguage.allCases {
                let word = Phrasebook.template(phrase, language)
                #expect(word == word.lowercased() && !word.isEmpty, "\(phrase) in \(language): \(word)")
            }
        }
        #expect(Phrasebook.template(EventKind.movedAside.phrase, .en) == "moved aside")
    }

    @Test("a sync's counts agree with their numbers: 2 faltan, 1 desconocido, 2 parciales borrados")
    func syncCounts() {
        let action = { (kind: SyncAction.Kind) in SyncAction(action: kind, found: "", reason: "") }
        var report = SyncReport(actions: [action(.missing), action(.missing), action(.unknown)], dryRun: true, filesSeen: 3, itemsSeen: 2)
        #expect(report.summaryWords.text(.en) == "2 missing, 1 unknown")
        #expect(report.summaryWords.text(.es) == "2 faltan, 1 desconocido")
        report.actions = [action(.missing), action(.removedPartial), action(.removedPartial), action(.discovered), action(.discovered)]
        #expect(report.summaryWords.text(.en) == "1 missing, 2 discovered, 2 partials removed")
        #expect(report.summaryWords.text(.es) == "1 falta, 2 descubiertos, 2 parciales borrados")
        #expect(Message(MigrationReport.LeftReason.failed.counted, .number(2)).text(.es) == "2 fallaron")
        #expect(Message(MigrationReport.LeftReason.duplicate.counted, .number(1)).text(.es) == "1 duplicado")
        #expect(Message(MigrationReport.LeftReason.duplicate.counted, .number(3)).text(.en) == "3 duplicates")
    }

    @Test("placeholders are filled by position, once, and other percent signs are kept")
    func filling() {
        #expect(Phrasebook.fill("%2$@ y %1$@", with: ["a", "b"]) == "b y a")
        #expect(Phrasebook.fill("100% %1$@", with: ["%2$@"]) == "100% %2$@")
        #expect(
            Message(.selectorReversed, "x", "3-1", .number(1), .number(3)).text(.es) == "'x': '3-1' está al revés: ¿quisiste decir 1-3?")
    }

    @Test("the errors in Spanish, their English unchanged")
    func errors() {
        let url = URL(fileURLWithPath: "/tmp/ca.pem")
        let notCached = CatalogError.notCached("the Gemara lessons of Berakhot")
        #expect(notCached.description == "the list of Gemara lessons of Berakhot is not cached and no server is configured to fetch it")
        #expect(
            notCached.message(.es)
                == "el listado de clases de Guemará de Berakhot no está guardado y no hay ningún servidor configurado para obtenerlo")
        #expect(TransferError.markupBody(contentType: "").message(.es).contains("(etiquetado sin tipo)"))
        #expect(
            TransferError.network(NetworkError(words: Message(.networkRefused))).message(.es).hasPrefix("error de red: conexión rechazada"))
        #expect(CatalogError.serverRefused(path: "p", messages: []).message(.es) == "el servidor rechazó p: sin motivo indicado")
        #expect(FileError.inUse(url).message(.es) == "otro proceso está descargando /tmp/ca.pem")
        #expect(FileError.posix("rename into place", url, EACCES).message(.es).hasPrefix("no se puede poner en su sitio /tmp/ca.pem: "))
        #expect(FileError.posix("rename into place", url, EACCES).description.hasPrefix("cannot rename into place /tmp/ca.pem: "))
        #expect(LibraryError.invalidMediaBase("x").message(.es) == "'x' no es una URL base de medios utilizable: indica una URL http(s)")
        #expect(MigrationError.notAContainer(url).message(.es).hasPrefix("'/tmp/ca.pem' no es un contenedor de la app anterior"))
        #expect(MediaLinkError.malformedURL("x").message(.es) == "el enlace 'x' no es una URL válida")
        #expect(RegistryError.emptyShas.message(.es).hasPrefix("un Shas vacío"))
        #expect(SelectorError("as given").message(.es) == "as given")
    }

    @Test("every file operation the library names is in the catalog")
    func operations() {
        let operations = [
            "adopt", "flush folder", "flush", "list", "lock", "move aside", "move into the library", "open folder", "open", "read",
            "rename into place", "set the time of", "stat", "truncate", "verify the copy of", "write",
        ]
        for operation in operations {
            #expect(FileError.operation(operation).key != .verbatim, "\(operation)")
            #expect(FileError.operation(operation).text(.en) == operation)
        }
    }

    @Test(
        "sizes with a decimal point in English, a decimal comma in Spanish",
        arguments: [
            (12, "12 B", "12 B"), (1_100_000, "1.1 MB", "1,1 MB"), (340_000, "340 KB", "340 KB"), (2_500_000_000, "2.5 GB", "2,5 GB"),
        ])
    func sizes(bytes: Int, english: String, spanish: String) {
        #expect(UserLanguage.en.size(bytes) == english)
        #expect(UserLanguage.es.size(bytes) == spanish)
    }

    @Test("a sentence written alike in both languages has no word to translate")
    func alike() {
        for key in Phrasebook.sameInBothLanguages where key != .verbatim {
            #expect(Phrasebook.english[key] == Phrasebook.spanish[key], "\(key)")
        }
    }

    @Test("stored English text is recognised and said in Spanish; unknown text is kept as it is")
    func recognition() {
        let gaveUp = Message(.detailGaveUp, .message(Message(.transferHTTPStatus, "404", "x")), .number(3)).description
        #expect(
            Phrasebook.recognize(gaveUp).text(.es)
                == Message(.detailGaveUp, .message(Message(.transferHTTPStatus, "404", "x")), .number(3)).text(.es))
        #expect(Phrasebook.recognize(gaveUp).text(.es) != gaveUp)
        #expect(Phrasebook.recognize("the file is gone").text(.es) == "el archivo ya no está")
        #expect(Phrasebook.recognize("53920 bytes found in place").text(.es) == "53920 bytes encontrados en su sitio")
        #expect(Phrasebook.recognize("sync: the file is gone").text(.es) == "sincronización: el archivo ya no está")
        // Text the catalog does not have is not split at a short sentence's words ("%1$@ of %2$@").
        #expect(Phrasebook.recognize("a file of no known lesson at all").key == .verbatim)
        // The screen's sentences are never stored, so never taken for a stored reason.
        #expect(Phrasebook.recognize("queued: waits its turn").key == .verbatim)
        #expect(Phrasebook.recognize("Connection reset by peer").text(.es) == "Connection reset by peer")
        #expect(
            Phrasebook.recognize("The value 'x' is invalid for '--media <media>'. Please provide one of 'audio', 'video' or 'both'.")
                .text(.es) == "el valor 'x' no es válido para '--media <media>': usa uno de estos: 'audio', 'video' o 'both'.")
        #expect(
            Phrasebook.recognize("Unknown option '--concurency'. Did you mean '--concurrency'?").text(.es)
                == "opción desconocida '--concurency'; ¿quisiste decir '--concurrency'?")
        // The parser's sentences are said in the catalog's English too, as the tool's own are.
        #expect(
            Phrasebook.recognize("The value 'x' is invalid for '--media <media>'. Please provide one of 'audio', 'video' or 'both'.")
                .text(.en) == "the value 'x' is not valid for '--media <media>': use one of 'audio', 'video' or 'both'.")
        #expect(
            Phrasebook.recognize("Missing expected argument '--legacy-json <file>'").text(.en) == "missing argument '--legacy-json <file>'")
        let two = Phrasebook.recognize("The value 'month' is invalid for '--every <every>'. Please provide one of 'day' and 'week'.")
        #expect(two.text(.en) == "the value 'month' is not valid for '--every <every>': use one of 'day' or 'week'.")
        #expect(two.text(.es) == "el valor 'month' no es válido para '--every <every>': usa uno de estos: 'day' o 'week'.")
    }

    @Test("marked, the catalog's words are between ⟦ and ⟧ and the values are not")
    func marking() {
        let message = Message(.placeDapim, .number(2), .number(5), "Shabbat")
        #expect(message.text(.en, marked: true) == "⟦dapim ⟧2⟦–⟧5⟦ of ⟧Shabbat⟦ of the Bavli⟧")
        #expect(Message.verbatim("as it is").text(.en, marked: true) == "as it is")
        #expect(Message(.detailSync, .word(.stateComplete)).text(.es, marked: true) == "⟦sincronización: ⟧⟦completo⟧")
    }

    @Test("decimals with the language's mark, also in stored English text")
    func decimals() {
        #expect(Message(.detailSync, .decimal(4.25, places: 1)).text(.es) == "sincronización: 4,2")
        #expect(Message(.detailSync, .decimal(4.25, places: 1)).text(.en) == "sync: 4.2")
        // Stored English text: its sizes and times take the reader's mark once recognised.
        let stored = RetentionPlanner.ageReason(age: 0.7, limit: 0.5).description
        #expect(Phrasebook.recognize(stored).text(.es) == "completado hace 0,7 s (límite 0,5 s)", "\(stored)")
        #expect(Phrasebook.recognize(stored).text(.en) == "completed 0.7 s ago (limit 0.5 s)")
    }
}
