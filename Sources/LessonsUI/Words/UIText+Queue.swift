import OfflineLessons

/// The Queue page's words, in the page's language.
extension UIText {
    static func queueTitle(_ l: UserLanguage) -> String { Message(.screenQueueTitle).text(l) }
    static func queueEmpty(_ l: UserLanguage) -> String { Message(.screenQueueEmpty).text(l) }
    static func queuePaused(_ l: UserLanguage) -> String { Message(.screenQueuePaused).text(l) }
    static func pauseAll(_ l: UserLanguage) -> String { Message(.screenPauseAll).text(l) }
    static func cancelAll(_ l: UserLanguage) -> String { Message(.screenCancelAll).text(l) }
    static func cancelAllConfirm(_ items: Int, _ l: UserLanguage) -> String { Message(.screenCancelAllConfirm, .number(items)).text(l) }
    static func cancelledAll(_ items: Int, _ l: UserLanguage) -> String { Message(.screenCancelledAll, .number(items)).text(l) }
    /// "Download the 63 lessons of Berakhot (Gemara), audio and video? …": before a masechet's worth.
    static func downloadManyConfirm(_ count: Int, of what: String, _ choice: String, _ l: UserLanguage) -> String {
        Message(.screenDownloadManyConfirm, .number(count), .text(what), .text(choice)).text(l)
    }
    static func resumeAll(_ l: UserLanguage) -> String { Message(.screenResumeAll).text(l) }
    static func retryFailed(_ count: Int, _ l: UserLanguage) -> String { Message(.screenRetryFailed, .number(count)).text(l) }
    /// What the button that moves an item to the front shows: not "Next", which reads as a way on.
    static func next(_ l: UserLanguage) -> String { Message(.screenDownloadNext).text(l) }
    static func cancelItem(_ what: String, _ l: UserLanguage) -> String { Message(.screenCancelItem, .text(what)).text(l) }
    static func nextItem(_ what: String, _ l: UserLanguage) -> String { Message(.screenNextItem, .text(what)).text(l) }
    static func waitingForSlot(_ l: UserLanguage) -> String { Message(.screenWaitingForSlot).text(l) }
    /// A queued item's state where the queue's pause is said above it.
    static func pausedState(_ l: UserLanguage) -> String { Message(.screenPausedState).text(l) }
    static func queueSummary(queued: Int, downloading: Int, failed: Int, _ l: UserLanguage) -> String {
        Message(.screenQueueSummary, .number(queued), .number(downloading), .number(failed)).text(l)
    }
    static func queuePausedNow(_ l: UserLanguage) -> String { Message(.screenQueuePausedNow).text(l) }
    static func queueResumedNow(_ l: UserLanguage) -> String { Message(.screenQueueResumedNow).text(l) }
    static func cancelledItem(_ what: String, _ l: UserLanguage) -> String { Message(.screenCancelledItem, .text(what)).text(l) }
    static func nothingToCancel(_ l: UserLanguage) -> String { Message(.screenNothingToCancel).text(l) }
    static func nextNow(_ what: String, _ l: UserLanguage) -> String { Message(.screenNextNow, .text(what)).text(l) }
    static func notQueued(_ what: String, _ l: UserLanguage) -> String { Message(.screenNotQueued, .text(what)).text(l) }
}
