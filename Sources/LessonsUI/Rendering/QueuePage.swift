import Foundation
import OfflineLessons

/// The Queue page: every lesson with queued, downloading or failed items, their states and reasons
/// in words, and what people do with a queue: cancel a lesson, move one to the front, pause or
/// resume all, retry the failed ones.
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
            : "<ol class=\"queue\" id=\"queue-list\">\n\(lessons(items).html { row($0.lesson, $0.items, names: names, paused: paused, l) })</ol>"
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

    /// A lesson's items, in the order of the queue: one row each, ordered by their first item.
    static func lessons(_ items: [TransferSnapshot]) -> [(lesson: LessonID, items: [TransferSnapshot])] {
        var order: [LessonID] = []
        var byLesson: [LessonID: [TransferSnapshot]] = [:]
        for item in items {
            if byLesson[item.key.lesson] == nil { order.append(item.key.lesson) }
            byLesson[item.key.lesson, default: []].append(item)
        }
        return order.map { ($0, byLesson[$0] ?? []) }
    }

    /// One lesson: its name, the state of its media in words (those waiting or failed alike on one
    /// line: "audio, PDF — queued"; each one downloading on its own), and buttons for the lesson.
    static func row(_ lesson: LessonID, _ items: [TransferSnapshot], names: LessonNames, paused: Bool, _ l: UserLanguage) -> HTML {
        let what = names.name(lesson)
        var lines: [(state: String, text: String, keys: [MediaKey])] = []
        for item in items {
            let (state, text) = described(item, paused: paused, l)
            if state != "downloading", let index = lines.firstIndex(where: { $0.state == state && $0.text == text }) {
                lines[index].keys.append(item.key)
            } else {
                lines.append((state, text, [item.key]))
            }
        }
        let states: HTML = lines.html { line in
            let keys = line.keys.map { Format.itemKey($0.lesson, $0.medium) }.joined(separator: " ")
            let media = line.keys.map { $0.medium.name(l) }.joined(separator: ", ")
            return
                "<span class=\"state\" data-keys=\"\(keys)\" data-state=\"\(line.state)\">\(Controls.state(line.state, text: "\(media) — \(line.text)"))</span>\n"
        }
        let next: HTML =
            lines.contains { $0.state == "queued" }
            ? Controls.action(UIText.next(l), "/api/queue/next?lesson=\(lesson)", name: UIText.nextItem(what, l), icon: .download) : .empty
        let cancel = Controls.action(UIText.cancel(l), "/api/cancel?lesson=\(lesson)", name: UIText.cancelItem(what, l), icon: .cancel)
        return """
            <li data-lesson="\(lesson)"><span class="what">\(what)</span> \
            <span class="states">\(states)</span> <span class="buttons">\(next)\(cancel)</span></li>

            """
    }

    /// An item's state, as its data says it and in words with the reason.
    static func described(_ item: TransferSnapshot, paused: Bool, _ l: UserLanguage) -> (state: String, text: String) {
        if item.state == .failed {
            return ("failed", UIText.state("failed", l) + (item.lastError.map { ": " + Phrasebook.recognize($0).text(l) } ?? ""))
        }
        if isDownloading(item, paused: paused) {
            let percent = item.expectedBytes.flatMap { $0 > 0 ? min(100, item.receivedBytes * 100 / $0) : nil }
            return ("downloading", UIText.state("downloading", l) + (percent.map { " \($0)%" } ?? ""))
        }
        // Paused, the page says so above the list, and why.
        var text = paused ? UIText.pausedState(l) : item.lastError != nil ? UIText.waitsForServer(l) : UIText.waitingForSlot(l)
        if let reason = item.lastError { text += " (" + Phrasebook.recognize(reason).text(l) + ")" }
        return ("queued", text)
    }
}
