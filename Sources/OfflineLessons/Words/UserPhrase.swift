/// The languages the downloads feature speaks: Spanish first, as the legacy app did, and English.
public enum UserLanguage: String, Sendable, CaseIterable, Codable {
    case es, en

    /// The language for a locale identifier or a `LANG` value (`es_AR.UTF-8` → Spanish); English
    /// for anything else.
    public init(locale identifier: String?) {
        self = identifier?.lowercased().hasPrefix("es") == true ? .es : .en
    }
}

/// What the downloads feature says to its users (legacy-system.md §5), in Spanish and English, for
/// an app's screens and the CLI's summaries. Phrases with a count take it as an argument.
public enum UserPhrase: String, Sendable, CaseIterable, Codable {
    case refreshTitle
    case refreshing
    case refreshed
    case thirtyDayNotice
    case alreadyDownloaded
    case downloadFailed
    case downloadComplete
    case deleteConfirmation

    /// The phrase in `language`.
    public func text(_ language: UserLanguage) -> String {
        switch (self, language) {
        case (.refreshTitle, .es): "Actualizar Descargas"
        case (.refreshTitle, .en): "Refresh Downloads"
        case (.refreshing, .es): "Actualizando descargas..."
        case (.refreshing, .en): "Refreshing downloads..."
        case (.refreshed, .es): "Lista de descargas actualizada exitosamente."
        case (.refreshed, .en): "Downloads list refreshed successfully."
        case (.thirtyDayNotice, .es): "Tus clases descargadas solo estarán disponibles 30 días."
        case (.thirtyDayNotice, .en): "Your downloaded classes will only be available for 30 days."
        case (.alreadyDownloaded, .es): "Esta clase ya está descargada."
        case (.alreadyDownloaded, .en): "This class is already downloaded."
        case (.downloadFailed, .es): "La descarga falló."
        case (.downloadFailed, .en): "The download failed."
        case (.downloadComplete, .es): "Descarga completa."
        case (.downloadComplete, .en): "Download complete."
        case (.deleteConfirmation, .es): "¿Eliminar esta clase descargada?"
        case (.deleteConfirmation, .en): "Delete this downloaded class?"
        }
    }

    /// "Downloading 3 of 10" / "Descargando 3 de 10".
    public static func progress(_ done: Int, of total: Int, _ language: UserLanguage) -> String {
        switch language {
        case .es: "Descargando \(done) de \(total)"
        case .en: "Downloading \(done) of \(total)"
        }
    }
}

extension UserLanguage {
    /// The language of messages for a process environment, chosen as gettext does: `LANGUAGE`
    /// (a priority list, its first `es` or `en` entry) unless the locale is `C` or `POSIX`, then
    /// `LC_ALL`, `LC_MESSAGES` and `LANG`, the first one set and not empty; English when none says Spanish.
    public static func fromEnvironment(_ environment: [String: String]) -> UserLanguage {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let isPlain = locale.map { $0 == "C" || $0 == "POSIX" || $0.hasPrefix("C.") } ?? true
        if !isPlain, let priorities = environment["LANGUAGE"] {
            for entry in priorities.split(separator: ":") {
                let language = entry.prefix { $0.isLetter }.lowercased()
                if language == "es" { return .es }
                if language == "en" { return .en }
            }
        }
        return UserLanguage(locale: locale)
    }
}
