import OfflineLessons

/// What the app says after an action, in the page's language.
extension UIText {
    static func requested(_ count: Int, _ l: UserLanguage) -> String {
        l == .es ? "\(count) clase(s) pedida(s)" : "\(count) lesson(s) requested"
    }

    static func removed(_ count: Int, of lesson: String, _ l: UserLanguage) -> String {
        l == .es ? "\(count) archivo(s) de \(lesson) eliminado(s)" : "removed \(count) item(s) of \(lesson)"
    }

    static func pinChanged(_ pinned: Bool, _ count: Int, _ l: UserLanguage) -> String {
        switch (pinned, l) {
        case (true, .es): "\(count) clase(s) fijada(s)"
        case (false, .es): "\(count) clase(s) soltada(s)"
        case (true, .en): "pinned \(count) lesson(s)"
        case (false, .en): "unpinned \(count) lesson(s)"
        }
    }

    static func cleaned(_ count: Int, bytes: String, _ l: UserLanguage) -> String {
        l == .es ? "la limpieza eliminó \(count) archivo(s), \(bytes)" : "clean removed \(count) item(s), \(bytes)"
    }

    static func retrying(_ l: UserLanguage) -> String {
        l == .es ? "reintentando" : "retrying"
    }

    /// A reason the library gave (a failure's, kept in the registry in English), said in the
    /// page's language when the library's catalog knows the sentence.
    static func reason(_ english: String, _ l: UserLanguage) -> String {
        Phrasebook.recognize(english).text(l)
    }
}
