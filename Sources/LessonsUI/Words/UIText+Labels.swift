import OfflineLessons

/// The names of the pages' controls and regions, for assistive technology, in the page's
/// language: each control says what it acts on ("Download Shabbat 12, audio").
extension UIText {
    static func skip(_ l: UserLanguage) -> String { Message(.screenSkip).text(l) }
    static func sections(_ l: UserLanguage) -> String { Message(.screenSections).text(l) }
    static func progress(_ l: UserLanguage) -> String { Message(.screenProgressOf).text(l) }

    /// `audio`, `vídeo`, `ambos`: what a download button shows.
    static func choiceShort(_ choice: MediaChoice, _ l: UserLanguage) -> String {
        switch choice {
        case .audio: MediaKind.audio.name(l)
        case .video: MediaKind.video.name(l)
        case .both: Message(.screenBoth).text(l)
        }
    }

    /// `audio`, `audio y vídeo`: what a download button fetches, in its name.
    static func choiceLong(_ choice: MediaChoice, _ l: UserLanguage) -> String {
        choice == .both ? Message(.screenBothMedia).text(l) : choiceShort(choice, l)
    }

    static func download(_ what: String, _ choice: String, _ l: UserLanguage) -> String {
        Message(.screenDownloadNamed, .text(what), .text(choice)).text(l)
    }

    /// The label of a chapter's download buttons: "The whole chapter (9 lessons)".
    static func wholeChapter(_ count: Int, _ l: UserLanguage) -> String {
        Message(.screenWholeChapter, .number(count)).text(l)
    }

    /// "Berakhot, chapter 1".
    static func chapterOf(_ masechet: String, _ chapter: Int, _ l: UserLanguage) -> String {
        Message(.screenChapterOf, .text(masechet), .number(chapter)).text(l)
    }

    /// "all of Berakhot (Gemara)".
    static func allOf(_ masechet: String, _ type: String, _ l: UserLanguage) -> String {
        Message(.screenAllOf, .text(masechet), .text(type)).text(l)
    }

    static func playNamed(_ what: String, _ l: UserLanguage) -> String { Message(.screenPlayNamed, .text(what)).text(l) }
    static func historyOf(_ what: String, _ l: UserLanguage) -> String { Message(.screenHistoryOf, .text(what)).text(l) }
    static func removeNamed(_ what: String, _ l: UserLanguage) -> String { Message(.screenRemoveNamed, .text(what)).text(l) }
    static func removeConfirmNamed(_ what: String, _ l: UserLanguage) -> String {
        Message(.screenRemoveConfirmNamed, .text(what)).text(l)
    }
    static func pinNamed(_ what: String, _ l: UserLanguage) -> String { Message(.screenPinNamed, .text(what)).text(l) }
    static func unpinNamed(_ what: String, _ l: UserLanguage) -> String { Message(.screenUnpinNamed, .text(what)).text(l) }

    /// "Gemara of Berakhot", "Mishna of Berakhot": the Shas page's links.
    static func open(_ type: String, of masechet: String, _ l: UserLanguage) -> String {
        Message(.screenTypeOf, .text(type), .text(masechet)).text(l)
    }

    /// "3 dapim, 1 mishna downloaded", after a masechet's name: what a masechet holds of each, the ones it has none of left out.
    static func downloadedCount(dapim: Int, mishnayot: Int, _ l: UserLanguage) -> String {
        let counts =
            (dapim > 0 ? [Message(.screenDownloadedDapim, .number(dapim)).text(l)] : [])
            + (mishnayot > 0 ? [Message(.screenDownloadedMishnayot, .number(mishnayot)).text(l)] : [])
        return Message(.screenDownloadedCount, .text(counts.joined(separator: ", "))).text(l)
    }

    static func previewQuota(_ l: UserLanguage) -> String { Message(.screenPreviewQuota).text(l) }
    static func lessonColumn(_ l: UserLanguage) -> String { Message(.screenLessonColumn).text(l) }
    static func actionsColumn(_ l: UserLanguage) -> String { Message(.screenActionsColumn).text(l) }
    static func filesColumn(_ l: UserLanguage) -> String { Message(.screenFilesColumn).text(l) }
    static func whenColumn(_ l: UserLanguage) -> String { Message(.screenWhenColumn).text(l) }
    static func mediumColumn(_ l: UserLanguage) -> String { Message(.screenMedium).text(l) }
    static func detailColumn(_ l: UserLanguage) -> String { Message(.screenDetailColumn).text(l) }
    static func pdfOf(_ what: String, _ l: UserLanguage) -> String { Message(.screenPDFOf, .text(what)).text(l) }

    static func noPDF(_ l: UserLanguage) -> String { Message(.screenNoPDF).text(l) }
}
