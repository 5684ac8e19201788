import OfflineLessons

/// What the app says after an action, in the page's language.
extension UIText {
    static func requested(_ count: Int, _ l: UserLanguage) -> String { Message(.screenRequested, .number(count)).text(l) }

    /// "Megillah 3 audio is already downloaded", or for several lessons, how many.
    static func alreadyDownloaded(_ names: [String], _ l: UserLanguage) -> String {
        names.count == 1
            ? Message(.screenAlreadyDownloaded, .text(names[0])).text(l)
            : Message(.screenAllAlreadyDownloaded, .number(names.count)).text(l)
    }

    static func removed(_ count: Int, of lesson: String, _ l: UserLanguage) -> String {
        Message(.screenRemovedOf, .number(count), .text(lesson)).text(l)
    }

    static func pinChanged(_ pinned: Bool, _ count: Int, _ l: UserLanguage) -> String {
        Message(pinned ? .screenPinnedCount : .screenUnpinnedCount, .number(count)).text(l)
    }

    static func cleaned(_ count: Int, bytes: String, _ l: UserLanguage) -> String {
        Message(.screenCleaned, .number(count), .text(bytes)).text(l)
    }

    static func retrying(_ l: UserLanguage) -> String { Message(.screenRetrying).text(l) }

    /// A reason the library gave (a failure's, kept in the registry in English), said in the
    /// page's language when the library's catalog knows the sentence.
    static func reason(_ english: String, _ l: UserLanguage) -> String {
        Phrasebook.recognize(english).text(l)
    }
}
