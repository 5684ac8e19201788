import Testing

@testable import OfflineLessons

/// The language of messages, chosen from the environment as gettext chooses it.
@Suite("Language choice")
struct LanguageChoiceTests {
    @Test(
        "LANGUAGE, then LC_ALL, LC_MESSAGES and LANG",
        arguments: [
            (["LC_MESSAGES": "es_ES.UTF-8"], UserLanguage.es),
            (["LANG": "en_US.UTF-8", "LC_ALL": "es_MX"], .es),
            (["LANG": "es_AR.UTF-8", "LC_ALL": "en_US.UTF-8"], .en),
            (["LANG": "es_AR.UTF-8", "LC_MESSAGES": "en_GB"], .en),
            (["LC_ALL": "", "LANG": "es_ES@euro"], .es),
            (["LANG": "es"], .es),
            (["LANGUAGE": "es:en", "LANG": "en_US.UTF-8"], .es),
            (["LANGUAGE": "en:es", "LANG": "es_AR.UTF-8"], .en),
            (["LANGUAGE": "pt_BR:es_AR:en", "LANG": "en_US.UTF-8"], .es),
            (["LANGUAGE": "fr", "LANG": "es_AR.UTF-8"], .es),
            (["LANGUAGE": "es", "LANG": "C"], .en),
            (["LANGUAGE": "es", "LC_ALL": "POSIX"], .en),
            (["LANGUAGE": "es"], .en),
            (["LANG": "fr_FR.UTF-8"], .en),
            ([:], .en),
        ])
    func choice(environment: [String: String], expected: UserLanguage) {
        #expect(UserLanguage.fromEnvironment(environment) == expected, "\(environment)")
    }
}
