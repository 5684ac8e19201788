import OfflineLessons

/// The names of the pages' controls and regions, for assistive technology, in the page's
/// language: each control says what it acts on ("Download Shabbat 12, audio").
extension UIText {
    static func skip(_ l: UserLanguage) -> String { l == .es ? "Saltar al contenido" : "Skip to content" }
    static func sections(_ l: UserLanguage) -> String { l == .es ? "Secciones" : "Sections" }
    static func progress(_ l: UserLanguage) -> String { l == .es ? "Progreso de" : "Progress of" }

    /// `audio`, `vídeo`, `ambos`: what a download button shows.
    static func choiceShort(_ choice: MediaChoice, _ l: UserLanguage) -> String {
        switch choice {
        case .audio: MediaKind.audio.name(l)
        case .video: MediaKind.video.name(l)
        case .both: l == .es ? "ambos" : "both"
        }
    }

    /// `audio`, `ambos (audio y vídeo)`: what a download button fetches, in its name.
    static func choiceLong(_ choice: MediaChoice, _ l: UserLanguage) -> String {
        choice == .both ? (l == .es ? "ambos (audio y vídeo)" : "both (audio and video)") : choiceShort(choice, l)
    }

    static func download(_ what: String, _ choice: String, _ l: UserLanguage) -> String {
        l == .es ? "Descargar \(what), \(choice)" : "Download \(what), \(choice)"
    }

    /// "Berakhot, chapter 1".
    static func chapterOf(_ masechet: String, _ chapter: Int, _ l: UserLanguage) -> String {
        l == .es ? "\(masechet), capítulo \(chapter)" : "\(masechet), chapter \(chapter)"
    }

    /// "all of Berakhot (Gemara)".
    static func allOf(_ masechet: String, _ type: String, _ l: UserLanguage) -> String {
        l == .es ? "toda la masejet \(masechet) (\(type))" : "all of \(masechet) (\(type))"
    }

    static func playNamed(_ what: String, _ l: UserLanguage) -> String { l == .es ? "Reproducir \(what)" : "Play \(what)" }
    static func historyOf(_ what: String, _ l: UserLanguage) -> String { l == .es ? "Historial de \(what)" : "History of \(what)" }
    static func removeNamed(_ what: String, _ l: UserLanguage) -> String { l == .es ? "Eliminar \(what)" : "Remove \(what)" }
    static func pinNamed(_ what: String, _ l: UserLanguage) -> String { l == .es ? "Fijar \(what)" : "Pin \(what)" }
    static func unpinNamed(_ what: String, _ l: UserLanguage) -> String { l == .es ? "Soltar \(what)" : "Unpin \(what)" }

    /// "Gemara of Berakhot", "Mishna of Berakhot": the Shas page's links.
    static func open(_ type: String, of masechet: String, _ l: UserLanguage) -> String {
        l == .es ? "\(type) de \(masechet)" : "\(type) of \(masechet)"
    }

    /// "3 downloaded", after a masechet's name.
    static func downloadedCount(_ count: Int, _ l: UserLanguage) -> String {
        l == .es ? "\(count) descargada(s)" : "\(count) downloaded"
    }

    static func previewQuota(_ l: UserLanguage) -> String { l == .es ? "Ver con esta cuota" : "Preview with this quota" }
    static func lessonColumn(_ l: UserLanguage) -> String { l == .es ? "Clase" : "Lesson" }
    static func actionsColumn(_ l: UserLanguage) -> String { l == .es ? "Acciones" : "Actions" }
    static func filesColumn(_ l: UserLanguage) -> String { l == .es ? "Archivos" : "Files" }
    static func whenColumn(_ l: UserLanguage) -> String { l == .es ? "Cuándo" : "When" }
    static func mediumColumn(_ l: UserLanguage) -> String { l == .es ? "Medio" : "Medium" }
    static func detailColumn(_ l: UserLanguage) -> String { l == .es ? "Detalle" : "Detail" }
    static func pdfOf(_ what: String, _ l: UserLanguage) -> String { "PDF \(l == .es ? "de" : "of") \(what)" }
    static func noPDF(_ l: UserLanguage) -> String { l == .es ? "falta el PDF" : "PDF missing" }
}
