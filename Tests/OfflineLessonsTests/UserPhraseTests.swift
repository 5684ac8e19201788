import Testing

@testable import OfflineLessons

/// The words users see, in Spanish and English (legacy-system.md §5).
@Suite("User phrases")
struct UserPhraseTests {
    @Test("every phrase in both languages, the legacy ones word for word")
    func bothLanguages() {
        for phrase in UserPhrase.allCases {
            #expect(!phrase.text(.es).isEmpty && !phrase.text(.en).isEmpty && phrase.text(.es) != phrase.text(.en), "\(phrase)")
        }
        #expect(UserPhrase.refreshTitle.text(.es) == "Actualizar Descargas")
        #expect(UserPhrase.refreshing.text(.en) == "Refreshing downloads...")
        #expect(UserPhrase.refreshed.text(.es) == "Lista de descargas actualizada exitosamente.")
        #expect(UserPhrase.thirtyDayNotice.text(.es) == "Tus clases descargadas solo estarán disponibles 30 días.")
        #expect(UserPhrase.progress(3, of: 10, .es) == "Descargando 3 de 10")
    }

    @Test("the maintenance summaries in both languages, with their counts")
    func summaries() {
        #expect(UserPhrase.syncSummary(changes: 3, .es) == "Lista de descargas actualizada exitosamente: 3 cambios.")
        #expect(UserPhrase.syncSummary(changes: 0, .en).hasSuffix("nothing to change."))
        #expect(
            UserPhrase.cleanSummary(files: 2, size: "3 MB", dryRun: true, .es) == "Se liberarían 3 MB (2 archivos); no se borró nada.")
        #expect(UserPhrase.cleanSummary(files: 2, size: "3 MB", dryRun: false, .en) == "Freed 3 MB (2 files).")
        #expect(
            UserPhrase.migrationSummary(gemara: 4, mishna: 1, files: 9, .es)
                == "Se importaron 4 clases de Guemará y 1 de Mishná (9 archivos).")
    }

    @Test("the language from a locale or LANG: Spanish for es*, English otherwise")
    func language() {
        #expect(UserLanguage(locale: "es_AR.UTF-8") == .es && UserLanguage(locale: "ES") == .es)
        #expect(UserLanguage(locale: "en_US.UTF-8") == .en && UserLanguage(locale: "he_IL") == .en && UserLanguage(locale: nil) == .en)
    }
}
