import Foundation
import OfflineLessons

/// The downloads, grouped seder → masechet → chapter in catalog order, with sizes, free space,
/// what the quick sync just found, and what `clean` would remove.
struct DownloadsPage {
    var lessons: [DownloadedLesson]
    var pinned: Set<LessonID>
    var sync: SyncReport
    var clean: CleanReport
    /// The quota the clean preview used, in megabytes, when one was asked for.
    var quotaMB: Int?
    var freeBytes: Int?
    /// Names for what the sync and clean reports mention (lessons no longer listed included).
    var names: LessonNames
    /// Where each lesson was left in the player.
    var playbacks: [LessonID: Playback] = [:]
    /// "Continue listening": the lessons last played and not played through, most recent first.
    var recent: [Playback] = []

    func render(_ context: PageContext) -> HTML {
        let l = context.language
        let total = lessons.reduce(0) { $0 + $1.bytes }
        var body: HTML = """
            <p class="totals"><span id="total-size">\(UIText.total(l)): \(l.size(total))</span> · <span id="free-space">\(UIText.freeSpace(l)): \(freeBytes.map(l.size) ?? "?")</span></p>
            <p class="notice">\(UIText.thirtyDays(l))</p>
            \(syncNotes(l))\(continueListening(l))
            """
        if lessons.isEmpty {
            body = "\(body)<p id=\"no-downloads\">\(UIText.noDownloads(l))</p>"
        }
        for seder in groups(lessons, by: \.sederId) {
            let first = seder[0]
            body = """
                \(body)<section class="seder"><h2>\(UIText.seder(l)) \(first.sederName ?? String(first.sederId))</h2>
                \(groups(seder, by: \.masechetId).html { masechet($0, l) })</section>

                """
        }
        return Layout.page(UIText.downloads(l), context, body: "\(body)\(cleanSection(l))")
    }

    private func masechet(_ lessons: [DownloadedLesson], _ l: UserLanguage) -> HTML {
        let first = lessons[0]
        let size = lessons.reduce(0) { $0 + $1.bytes }
        let chapters = groups(lessons) { "\($0.type.rawValue)-\($0.chapter)" }
        return """
            <section class="masechet" id="downloads-masechet-\(first.masechetId)">
            <h3>\(first.masechetName ?? String(first.masechetId)) <span class="size">\(l.size(size))</span></h3>
            \(chapters.html { chapter in
                let head = chapter[0]
                return """
                    <h4>\(head.type == .gemara ? UIText.gemara(l) : UIText.mishnaType(l)) · \(UIText.chapter(l)) \(head.chapter)</h4>
                    <table class="downloads"><thead class="visually-hidden"><tr><th scope="col">\(UIText.lessonColumn(l))</th>\
                    <th scope="col">\(UIText.size(l))</th><th scope="col">\(UIText.filesColumn(l))</th><th scope="col">\(UIText.actionsColumn(l))</th></tr></thead><tbody>
                    \(chapter.html { row($0, l) })</tbody></table>

                    """
            })</section>

            """
    }

    private func row(_ lesson: DownloadedLesson, _ l: UserLanguage) -> HTML {
        let id = lesson.lessonID
        let name = lesson.name
        let path = "\(lesson.type.rawValue)/\(lesson.id)"
        let isPinned = pinned.contains(id)
        let media = lesson.media.keys.sorted().compactMap(MediaKind.init(rawValue:))
        let files: HTML = media.html { medium in
            let bytes = lesson.media[medium.rawValue]?.bytes ?? 0
            let remove: HTML =
                medium == .text
                ? .empty
                : Controls.action(
                    nil, "/api/remove?lesson=\(id.description)&medium=\(medium.rawValue)",
                    name: UIText.removeNamed("\(name), \(medium.name(l))", l),
                    icon: .cancel, confirm: UIText.removeConfirm(l))
            let icon: Icon = medium == .text ? .pdf : medium == .video ? .video : .audio
            return
                "<span class=\"file\" data-key=\"\(Format.itemKey(id, medium))\">\(icon.svg)<span>\(medium.name(l)) \(l.size(bytes))</span>\(remove)</span>"
        }
        let pin =
            isPinned
            ? Controls.action(UIText.unpin(l), "/api/unpin?lesson=\(id.description)", name: UIText.unpinNamed(name, l), icon: .pin)
            : Controls.action(UIText.pin(l), "/api/pin?lesson=\(id.description)", name: UIText.pinNamed(name, l), icon: .pin)
        let incomplete: HTML = lesson.complete ? .empty : " <span class=\"warning\">\(Icon.failed.svg)\(UIText.noPDF(l))</span>"
        let actions: HTML = """
            \(Controls.link(nil, "/play/\(path)", name: UIText.playNamed(name, l), icon: .play, css: "play"))\(pin)\
            \(Controls.link(nil, "/history/\(path)", name: UIText.historyOf(name, l), icon: .history, css: "history"))\
            \(Controls.action(nil, "/api/remove?lesson=\(id.description)", name: UIText.removeNamed(name, l), icon: .remove, confirm: UIText.removeConfirm(l)))
            """
        return """
            <tr id="download-\(lesson.type.rawValue)-\(lesson.id)"\(isPinned ? " class=\"pinned\"" as HTML : .empty)>
            <th scope="row">\(name)\(isPinned ? " (\(UIText.pinned(l)))" as HTML : .empty)\(incomplete)\(WatchedProgress.render(playbacks[id], of: name, l))</th>
            <td class="size">\(l.size(lesson.bytes))</td>
            <td class="files">\(files)</td>
            <td class="row-actions">\(actions)</td>
            </tr>

            """
    }

    /// The lessons to pick up again, each linked to its player when it can be played there.
    private func continueListening(_ l: UserLanguage) -> HTML {
        guard !recent.isEmpty else { return .empty }
        var names = self.names
        names.add(recent)
        let playable = Set(lessons.filter { $0.media.keys.contains { $0 != MediaKind.text.rawValue } }.map(\.lessonID))
        return """
            <section id="continue"><h2>\(UIText.continueListening(l))</h2><ul>
            \(recent.html { playback in
                let name = names.name(playback.lesson)
                let title: HTML =
                    playable.contains(playback.lesson)
                    ? "<a href=\"/play/\(playback.lesson.type.rawValue)/\(playback.lesson.id)\">\(name)</a>" : "\(name)"
                return "<li>\(title) \(WatchedProgress.render(playback, of: name, l))</li>\n"
            })</ul></section>
            """
    }

    /// What the quick sync changed when the page was shown, with each reason.
    private func syncNotes(_ l: UserLanguage) -> HTML {
        let changes = sync.changes
        guard !changes.isEmpty else { return .empty }
        return """
            <section id="sync-notes" class="notice"><h2>\(UIText.syncNotes(l))</h2><ul>
            \(changes.html { action in
                let what = action.key.map { names.name($0, l) } ?? action.path ?? ""
                let link: HTML =
                    action.key.map {
                        Controls.link(
                            UIText.history(l), "/history/\($0.lesson.type.rawValue)/\($0.lesson.id)", name: UIText.historyOf(names.name($0.lesson), l),
                            icon: .history, css: "history")
                    } ?? .empty
                return "<li data-action=\"\(action.action.rawValue)\">\(what): \(Message(action.action.phrase).text(l)) — \(UIText.reason(action.reason, l))\(link)</li>\n"
            })</ul></section>
            """
    }

    private func cleanSection(_ l: UserLanguage) -> HTML {
        let quota = quotaMB.map { "&maxMB=\($0)" } ?? ""
        let list: HTML =
            clean.actions.isEmpty
            ? "<p>\(UIText.cleanNothing(l))</p>"
            : """
            <p>\(UIText.cleanPreview(l)) \(l.size(clean.bytesFreed)):</p>
            <ul>\(clean.actions.html { "<li>\(names.name($0.key, l)) \(l.size($0.bytes)) — \(UIText.reason($0.reason, l))</li>" })</ul>
            \(Controls.action(UIText.cleanRun(l), "/api/clean?days=30\(quota)", name: UIText.cleanRun(l), icon: .remove, confirm: UIText.cleanRun(l) + "?", id: "clean-run"))
            """
        return """
            <section id="clean"><h2>\(UIText.cleanPreview(l))… (30 d\(quotaMB.map { ", \(UIText.quota(l)) \($0) MB" } ?? ""))</h2>
            <form method="get" action="/downloads"><label>\(UIText.quota(l)) (MB) <input type="number" name="maxMB" min="1" value="\(quotaMB.map(String.init) ?? "")"></label> <button type="submit" aria-label="\(UIText.previewQuota(l))" title="\(UIText.previewQuota(l))">\(Icon.refresh.svg)</button></form>
            \(list)</section>
            """
    }

    /// Consecutive runs of equal keys, in order (the list is already sorted).
    private func groups<Key: Equatable>(_ lessons: [DownloadedLesson], by key: (DownloadedLesson) -> Key) -> [[DownloadedLesson]] {
        var result: [[DownloadedLesson]] = []
        for lesson in lessons {
            if let last = result.last?.last, key(last) == key(lesson) {
                result[result.count - 1].append(lesson)
            } else {
                result.append([lesson])
            }
        }
        return result
    }
}
