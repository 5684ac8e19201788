import Foundation
import OfflineLessons

/// What the app says when the content server, or the app itself, cannot be reached.
extension UIText {
    static func offlineTitle(_ l: UserLanguage) -> String { l == .es ? "Sin conexión" : "Offline" }

    /// The title of a page the app cannot show now (no catalog, a library that cannot be used).
    static func unavailableNow(_ l: UserLanguage) -> String { l == .es ? "No disponible por ahora" : "Not available now" }

    static func offlineBanner(_ l: UserLanguage) -> String {
        l == .es
            ? "No se puede contactar con el servidor de contenidos; se muestra lo que hay en este dispositivo."
            : "The content server cannot be reached; showing what is on this device."
    }

    /// "Catalog last fetched 3 hours ago (14 May 2025, 09:30)."; `ago` and `at` come from ``ago(_:now:_:)`` and ``localTime(_:_:)``.
    static func catalogFetched(ago: String, at: String, _ l: UserLanguage) -> String {
        l == .es ? "Catálogo obtenido por última vez \(ago) (\(at))." : "Catalog last fetched \(ago) (\(at))."
    }

    static func catalogNeverFetched(_ l: UserLanguage) -> String {
        l == .es ? "El catálogo no se ha obtenido nunca en este dispositivo." : "The catalog has never been fetched on this device."
    }

    /// Under a masechet whose lessons are not cached: what is shown, and what needs the server.
    static func notCachedListing(_ l: UserLanguage) -> String {
        l == .es
            ? "Las clases de esta masejet no están guardadas en este dispositivo: se muestran las descargadas; el resto necesita el servidor."
            : "This masechet's lessons are not saved on this device: the downloaded ones are shown; the rest needs the server."
    }

    /// A download of lessons whose listing is not saved, with the server out of reach.
    static func listingNeedsServer(_ l: UserLanguage) -> String {
        l == .es
            ? "Las clases de esta masejet no están guardadas en este dispositivo y no se puede contactar con el servidor de contenidos: vuelve a intentarlo cuando responda."
            : "This masechet's lessons are not saved on this device and the content server cannot be reached: try again when it answers."
    }

    static func nothingDownloadedHere(_ l: UserLanguage) -> String {
        l == .es ? "Ninguna clase de esta masejet está descargada." : "No lesson of this masechet is downloaded."
    }

    /// A queued item while the server cannot be reached.
    static func waitsForServer(_ l: UserLanguage) -> String {
        l == .es ? "en cola: espera al servidor" : "queued: waits for the server"
    }

    static func queuedForServer(_ count: Int, _ l: UserLanguage) -> String {
        l == .es
            ? "\(count) clase(s) en cola: espera(n) al servidor; se descargarán cuando responda."
            : "\(count) lesson(s) queued: waiting for the server; they download when it answers."
    }

    /// The page's script: the app itself stopped answering. `%s` is the seconds until the next try.
    static func connectionLost(_ l: UserLanguage) -> String {
        l == .es
            ? "Se perdió la conexión con la aplicación. Nuevo intento en %s s."
            : "Lost the connection to the app. Trying again in %s s."
    }

    static func connectionBack(_ l: UserLanguage) -> String {
        l == .es ? "Conexión recuperada; actualizando la página." : "Connection restored; reloading the page."
    }

    static func actionUnsent(_ l: UserLanguage) -> String {
        l == .es ? "No se pudo enviar: la aplicación no responde." : "Not sent: the app is not answering."
    }

    /// "just now", "5 minutes ago", "3 days ago".
    static func ago(_ date: Date, now: Date = Date(), _ l: UserLanguage) -> String {
        let minutes = max(0, Int(now.timeIntervalSince(date) / 60))
        let (count, unit): (Int, (es: String, en: String)) =
            switch minutes {
            case ..<1: (0, ("", ""))
            case ..<60: (minutes, ("minuto", "minute"))
            case ..<(24 * 60): (minutes / 60, ("hora", "hour"))
            default: (minutes / (24 * 60), ("día", "day"))
            }
        if count == 0 { return l == .es ? "hace un momento" : "just now" }
        let plural = count == 1 ? "" : "s"
        return l == .es ? "hace \(count) \(unit.es)\(plural)" : "\(count) \(unit.en)\(plural) ago"
    }

    /// "14 May 2025, 09:30" / "14 de mayo de 2025, 09:30", in this machine's time zone.
    static func localTime(_ date: Date, timeZone: TimeZone = .current, _ l: UserLanguage) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let month = (parts.month ?? 1) - 1
        let names =
            l == .es
            ? ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"]
            : ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let name = names.indices.contains(month) ? names[month] : ""
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        let day = parts.day ?? 1
        let year = parts.year ?? 0
        return l == .es ? "\(day) de \(name) de \(year), \(time)" : "\(day) \(name) \(year), \(time)"
    }
}
