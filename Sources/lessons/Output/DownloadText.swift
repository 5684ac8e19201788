import OfflineLessons

/// What `lessons download` says about a server that does not answer, and its file count, each
/// sentence in one place (Spanish and English).
enum DownloadText {
    /// The one progress line of an outage: the run waits and tries again.
    static func serverNotAnswering(_ reason: String, _ language: UserLanguage = Terminal.language) -> String {
        switch language {
        case .es: "el servidor no responde (\(reason)); la descarga lo espera"
        case .en: "the server is not answering (\(reason)); the run is waiting for it"
        }
    }

    /// The run's one message when it stopped because the server stayed unreachable.
    static func serverUnreachable(queued: Int, reason: String, _ language: UserLanguage = Terminal.language) -> String {
        switch language {
        case .es:
            "no se puede llegar al servidor: \(queued) archivo(s) siguen en cola; ejecuta `lessons download` cuando vuelva. Último error: \(reason)"
        case .en:
            "the server is unreachable: \(queued) item(s) stay queued; run `lessons download` when it is back. Last error: \(reason)"
        }
    }

    /// The progress total: files done (failed ones are not), and the failed ones apart.
    static func files(done: Int, of total: Int, failed: Int) -> String {
        "\(done)/\(total) files" + (failed > 0 ? ", \(failed) failed" : "")
    }

    /// Shown instead of the time left while the server is not answering.
    static let waitingForServer = "waiting for the server"

    /// Said once when a run finds files another download (another process) is writing.
    static func waitingForOthers(_ count: Int, _ language: UserLanguage = Terminal.language) -> String {
        switch language {
        case .es: "otra descarga (otro proceso) está escribiendo \(count) de estos archivos: esta descarga la espera y toma su resultado"
        case .en: "another download (another process) is writing \(count) of these files: this run waits for it and takes its result"
        }
    }

    /// Said once every file waited for has arrived.
    static func othersArrived(_ count: Int, _ language: UserLanguage = Terminal.language) -> String {
        switch language {
        case .es: "llegaron los \(count) archivo(s) que esta descarga esperaba de la otra"
        case .en: "all \(count) file(s) this run waited for arrived from the other download"
        }
    }
}
