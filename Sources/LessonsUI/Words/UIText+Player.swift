import OfflineLessons

/// The player's words, and those of watched progress in lists.
extension UIText {
    static func backTo(_ masechet: String, _ l: UserLanguage) -> String { l == .es ? "← Volver a \(masechet)" : "← Back to \(masechet)" }
    static func playerControls(_ l: UserLanguage) -> String { l == .es ? "Controles de reproducción" : "Playback controls" }
    static func skipBack(_ seconds: Int, _ l: UserLanguage) -> String {
        l == .es ? "Retroceder \(seconds) segundos" : "Back \(seconds) seconds"
    }
    static func skipForward(_ seconds: Int, _ l: UserLanguage) -> String {
        l == .es ? "Avanzar \(seconds) segundos" : "Forward \(seconds) seconds"
    }
    static func speed(_ l: UserLanguage) -> String { l == .es ? "Velocidad" : "Speed" }
    static func speedNamed(_ rate: String, _ l: UserLanguage) -> String { l == .es ? "Velocidad \(rate)" : "Speed \(rate)" }
    static func previousLesson(_ l: UserLanguage) -> String { l == .es ? "Anterior" : "Previous" }
    static func nextLesson(_ l: UserLanguage) -> String { l == .es ? "Siguiente" : "Next" }
    static func otherLessons(_ l: UserLanguage) -> String { l == .es ? "Clases anterior y siguiente" : "Previous and next lessons" }
    static func played(_ l: UserLanguage) -> String { l == .es ? "escuchada" : "played" }
    /// "Heard 2:00 of 10:00 of Berakhot 2": a progress bar's name.
    static func heard(_ position: String, of duration: String, _ what: String, _ l: UserLanguage) -> String {
        l == .es ? "Escuchado \(position) de \(duration) de \(what)" : "Heard \(position) of \(duration) of \(what)"
    }
    static func continueListening(_ l: UserLanguage) -> String { l == .es ? "Seguir escuchando" : "Continue listening" }
    static func positionSaved(_ l: UserLanguage) -> String { l == .es ? "Posición guardada" : "Position saved" }
}
