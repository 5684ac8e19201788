import OfflineLessons

/// The Queue page's words, in the page's language.
extension UIText {
    static func queueTitle(_ l: UserLanguage) -> String { l == .es ? "Cola" : "Queue" }
    static func queueEmpty(_ l: UserLanguage) -> String {
        l == .es ? "Nada en cola: todo lo pedido está descargado." : "Nothing queued: everything requested is downloaded."
    }
    static func queuePaused(_ l: UserLanguage) -> String {
        l == .es
            ? "La cola está en pausa: nada se descarga hasta que la reanudes (sigue en pausa aunque la app se reinicie)."
            : "The queue is paused: nothing downloads until you resume it (it stays paused across restarts)."
    }
    static func pauseAll(_ l: UserLanguage) -> String { l == .es ? "Pausar todo" : "Pause all" }
    static func resumeAll(_ l: UserLanguage) -> String { l == .es ? "Reanudar todo" : "Resume all" }
    static func retryFailed(_ count: Int, _ l: UserLanguage) -> String {
        l == .es ? "Reintentar los fallidos (\(count))" : "Retry failed (\(count))"
    }
    static func next(_ l: UserLanguage) -> String { l == .es ? "Siguiente" : "Next" }
    static func cancelItem(_ what: String, _ l: UserLanguage) -> String { l == .es ? "Cancelar \(what)" : "Cancel \(what)" }
    static func nextItem(_ what: String, _ l: UserLanguage) -> String {
        l == .es ? "Descargar \(what) a continuación" : "Download \(what) next"
    }
    static func waitingForSlot(_ l: UserLanguage) -> String { l == .es ? "en cola: espera su turno" : "queued: waits its turn" }
    static func queueSummary(queued: Int, downloading: Int, failed: Int, _ l: UserLanguage) -> String {
        l == .es
            ? "\(queued) en cola, \(downloading) descargando, \(failed) fallido(s)"
            : "\(queued) queued, \(downloading) downloading, \(failed) failed"
    }
    static func queuePausedNow(_ l: UserLanguage) -> String { l == .es ? "Cola en pausa." : "Queue paused." }
    static func queueResumedNow(_ l: UserLanguage) -> String { l == .es ? "La cola sigue." : "Queue resumed." }
    static func cancelledItem(_ what: String, _ l: UserLanguage) -> String { l == .es ? "\(what): cancelado" : "\(what): cancelled" }
    static func nothingToCancel(_ l: UserLanguage) -> String {
        l == .es ? "Nada que cancelar: ya terminó." : "Nothing to cancel: it has ended."
    }
    static func nextNow(_ what: String, _ l: UserLanguage) -> String { l == .es ? "\(what) es el siguiente." : "\(what) is next." }
    static func notQueued(_ what: String, _ l: UserLanguage) -> String {
        l == .es ? "\(what) no está en cola." : "\(what) is not queued."
    }
    static func requestedWhilePaused(_ count: Int, _ l: UserLanguage) -> String {
        l == .es
            ? "\(count) clase(s) pedida(s); la cola está en pausa: esperan hasta que la reanudes"
            : "\(count) lesson(s) requested; the queue is paused: they wait until you resume it"
    }
}
