import OfflineLessons

/// What the app says after an action, in the page's language.
extension UIText {
    /// A download's outcome (requested, queued for the server, waiting for the queue's resume),
    /// naming the lessons and the medium.
    static func requested(_ outcome: ScreenPhrase, _ what: RequestedLessons, _ l: UserLanguage) -> String {
        Message(outcome, .text(what.named(l)), .text(choiceLong(what.choice, l))).text(l)
    }

    /// "Megillah 3 audio is already downloaded", or for several lessons, how many.
    static func alreadyDownloaded(_ names: [String], _ l: UserLanguage) -> String {
        names.count == 1
            ? Message(.screenAlreadyDownloaded, .text(names[0])).text(l)
            : Message(.screenAllAlreadyDownloaded, .number(names.count)).text(l)
    }

    static func removed(_ count: Int, of lesson: String, _ l: UserLanguage) -> String {
        Message(.screenRemovedOf, .number(count), .text(lesson)).text(l)
    }

    static func pinChanged(_ pinned: Bool, _ lesson: String, _ l: UserLanguage) -> String {
        Message(pinned ? .screenPinnedNow : .screenUnpinnedNow, .text(lesson)).text(l)
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

/// The lessons a download button asked for, named for its outcome: "Berakhot 2", or "10 lessons,
/// Berakhot 2 to Berakhot 11", in Shas order.
struct RequestedLessons {
    var names: [String]
    var choice: MediaChoice

    func named(_ l: UserLanguage) -> String {
        guard let first = names.first, let last = names.last, names.count > 1 else { return names.first ?? "" }
        return Message(.screenLessonSpan, .number(names.count), .text(first), .text(last)).text(l)
    }
}
