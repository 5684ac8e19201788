import Foundation
import OfflineLessons

/// The Queue page: every queued, downloading and failed item with its state and reason in words,
/// and what people do with a queue: cancel one item, move one to the front, pause or resume all,
/// retry the failed ones.
enum QueuePage {
    static func render(_ items: [TransferSnapshot], paused: Bool, names: LessonNames, _ context: PageContext) -> HTML {
        let l = context.language
        let failed = items.filter { $0.state == .failed }.count
        let downloading = items.filter { isDownloading($0, paused: paused) }.count
        var controls: [HTML] = [
            paused
                ? Controls.action(UIText.resumeAll(l), "/api/queue/resume", name: UIText.resumeAll(l), icon: .retry, id: "queue-resume")
                : Controls.action(UIText.pauseAll(l), "/api/queue/pause", name: UIText.pauseAll(l), icon: .pause, id: "queue-pause")
        ]
        if !items.isEmpty {
            controls.append(
                Controls.action(
                    UIText.cancelAll(l), "/api/queue/cancel-all", name: UIText.cancelAll(l), icon: .cancel,
                    confirm: UIText.cancelAllConfirm(items.count, l), id: "queue-cancel-all"))
        }
        if failed > 0 {
            controls.append(
                Controls.action(
                    UIText.retryFailed(failed, l), "/api/retry", name: UIText.retryFailed(failed, l), icon: .retry, id: "queue-retry"))
        }
        let notice: HTML = paused ? "<p class=\"notice\" id=\"queue-paused\">\(UIText.queuePaused(l))</p>\n" : .empty
        let summary = UIText.queueSummary(queued: items.count - downloading - failed, downloading: downloading, failed: failed, l)
        let list: HTML =
            items.isEmpty
            ? "<p id=\"queue-empty\">\(UIText.queueEmpty(l))</p>"
            : "<ol class=\"queue\" id=\"queue-list\">\n\(items.html { row($0, names: names, paused: paused, l) })</ol>"
        return Layout.page(
            UIText.queueTitle(l), context,
            body: """
                <div id="queue-page">\(notice)<div class="queue-actions">\(controls.html { $0 })</div>
                <p id="queue-summary">\(summary)</p>
                \(list)</div>
                """)
    }

    /// Whether an item is shown, and counted, as downloading: one the summary and its row agree on.
    static func isDownloading(_ item: TransferSnapshot, paused: Bool) -> Bool {
        item.isTransferring && !paused
    }

    /// One item: its name, its state in words (with the reason), and its buttons.
    static func row(_ item: TransferSnapshot, names: LessonNames, paused: Bool, _ l: UserLanguage) -> HTML {
        let what = names.name(item.key, l)
        let key = Format.itemKey(item.key.lesson, item.key.medium)
        let state: String
        var text: String
        if item.state == .failed {
            state = "failed"
            text = UIText.state("failed", l) + (item.lastError.map { ": " + Phrasebook.recognize($0).text(l) } ?? "")
        } else if isDownloading(item, paused: paused) {
            state = "downloading"
            let percent = item.expectedBytes.flatMap { $0 > 0 ? min(100, item.receivedBytes * 100 / $0) : nil }
            text = UIText.state("downloading", l) + (percent.map { " \($0)%" } ?? "")
        } else {
            state = "queued"
            text = paused ? UIText.waitsForResume(l) : item.lastError != nil ? UIText.waitsForServer(l) : UIText.waitingForSlot(l)
            if let reason = item.lastError { text += " (" + Phrasebook.recognize(reason).text(l) + ")" }
        }
        let next: HTML =
            state == "queued"
            ? Controls.action(UIText.next(l), "/api/queue/next?key=\(key)", name: UIText.nextItem(what, l), icon: .download) : .empty
        let cancel = Controls.action(UIText.cancel(l), "/api/cancel?key=\(key)", name: UIText.cancelItem(what, l), icon: .cancel)
        return """
            <li data-key="\(key)" data-state="\(state)"><span class="what">\(what)</span> \
            <span class="state">\(Controls.state(state, text: text))</span> <span class="buttons">\(next)\(cancel)</span></li>

            """
    }
}
