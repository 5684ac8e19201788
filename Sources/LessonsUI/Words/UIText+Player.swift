import OfflineLessons

/// The player's words, and those of watched progress in lists.
extension UIText {
    static func backTo(_ masechet: String, _ l: UserLanguage) -> String { Message(.screenBackTo, .text(masechet)).text(l) }
    static func playerControls(_ l: UserLanguage) -> String { Message(.screenPlayerControls).text(l) }
    static func skipBack(_ seconds: Int, _ l: UserLanguage) -> String { Message(.screenSkipBack, .number(seconds)).text(l) }
    static func skipForward(_ seconds: Int, _ l: UserLanguage) -> String { Message(.screenSkipForward, .number(seconds)).text(l) }
    /// "−15 s", "+30 s": what the skip buttons show.
    static func skipBackShort(_ seconds: Int, _ l: UserLanguage) -> String { Message(.screenSkipBackShort, .number(seconds)).text(l) }
    static func skipForwardShort(_ seconds: Int, _ l: UserLanguage) -> String {
        Message(.screenSkipForwardShort, .number(seconds)).text(l)
    }
    static func speed(_ l: UserLanguage) -> String { Message(.screenSpeed).text(l) }
    static func speedNamed(_ rate: String, _ l: UserLanguage) -> String { Message(.screenSpeedNamed, .text(rate)).text(l) }
    static func previousLesson(_ l: UserLanguage) -> String { Message(.screenPreviousLesson).text(l) }
    static func nextLesson(_ l: UserLanguage) -> String { Message(.screenNext).text(l) }
    static func otherLessons(_ l: UserLanguage) -> String { Message(.screenOtherLessons).text(l) }
    static func played(_ l: UserLanguage) -> String { Message(.screenPlayed).text(l) }
    /// "Heard 2:00 of 10:00 of Berakhot 2": a progress bar's name.
    static func heard(_ position: String, of duration: String, _ what: String, _ l: UserLanguage) -> String {
        Message(.screenHeard, .text(position), .text(duration), .text(what)).text(l)
    }
    static func continueListening(_ l: UserLanguage) -> String { Message(.screenContinueListening).text(l) }
}
