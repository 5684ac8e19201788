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

    func render(_ context: PageContext) -> HTML {
        let l = context.language
        let total = lessons.reduce(0) { $0 + $1.bytes }
        var body: HTML = """
            <p class="totals"><span id="total-size">\(UIText.total(l)): \(Format.bytes(total))</span> · <span id="free-space">\(UIText.freeSpace(l)): \(freeBytes.map(Format.bytes) ?? "?")</span></p>
            <p class="notice">\(UIText.thirtyDays(l))</p>
            \(syncNotes(l))
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
            <h3>\(first.masechetName ?? String(first.masechetId)) <span class="size">\(Format.bytes(size))</span></h3>
            \(chapters.html { chapter in
                let head = chapter[0]
                return """
                    <h4>\(head.type == .gemara ? UIText.gemara(l) : UIText.mishnaType(l)) · \(UIText.chapter(l)) \(head.chapter)</h4>
                    <table class="downloads"><tbody>
                    \(chapter.html { row($0, l) })</tbody></table>

                    """
            })</section>

            """
    }

    private func row(_ lesson: DownloadedLesson, _ l: UserLanguage) -> HTML {
        let id = lesson.lessonID
        let isPinned = pinned.contains(id)
        let media = lesson.media.keys.sorted().compactMap(MediaKind.init(rawValue:))
        let files: HTML = media.html { medium in
            let bytes = lesson.media[medium.rawValue]?.bytes ?? 0
            let remove: HTML =
                medium == .text
                ? .empty
                : Layout.action("✕", "/api/remove?lesson=\(id.description)&medium=\(medium.rawValue)", confirm: UIText.removeConfirm(l))
            let name = medium == .text ? UIText.text(l) : medium.rawValue
            return "<span class=\"file\" data-key=\"\(Format.itemKey(id, medium))\">\(name) \(Format.bytes(bytes)) \(remove)</span> "
        }
        let pin =
            isPinned
            ? Layout.action(UIText.unpin(l), "/api/unpin?lesson=\(id.description)")
            : Layout.action(UIText.pin(l), "/api/pin?lesson=\(id.description)")
        let number = lesson.page ?? lesson.mishna ?? 0
        let incomplete: HTML = lesson.complete ? .empty : " <span class=\"warning\">(\(UIText.text(l)) ✗)</span>"
        return """
            <tr id="download-\(lesson.type.rawValue)-\(lesson.id)"\(isPinned ? " class=\"pinned\"" as HTML : .empty)>
            <th>\(Format.lessonName(type: lesson.type, chapter: lesson.chapter, number: number, l))\(isPinned ? " (\(UIText.pinned(l)))" as HTML : .empty)\(incomplete)</th>
            <td class="size">\(Format.bytes(lesson.bytes))</td>
            <td>\(files)</td>
            <td class="row-actions"><a href="/play/\(lesson.type.rawValue)/\(lesson.id)" class="play">\(UIText.play(l))</a> \(pin) <a href="/history/\(lesson.type.rawValue)/\(lesson.id)" class="history">\(UIText.history(l))</a> \(Layout.action(UIText.remove(l), "/api/remove?lesson=\(id.description)", confirm: UIText.removeConfirm(l)))</td>
            </tr>

            """
    }

    /// What the quick sync changed when the page was shown, with each reason.
    private func syncNotes(_ l: UserLanguage) -> HTML {
        let changes = sync.changes
        guard !changes.isEmpty else { return .empty }
        return """
            <section id="sync-notes" class="notice"><h2>\(UIText.syncNotes(l))</h2><ul>
            \(changes.html { action in
                let what = action.key.map { "\($0.lesson) \($0.medium.rawValue)" } ?? action.path ?? ""
                let link: HTML = action.key.map { " <a href=\"/history/\($0.lesson.type.rawValue)/\($0.lesson.id)\">\(UIText.history(l))</a>" } ?? .empty
                return "<li data-action=\"\(action.action.rawValue)\">\(what): \(action.action.rawValue) — \(action.reason)\(link)</li>\n"
            })</ul></section>
            """
    }

    private func cleanSection(_ l: UserLanguage) -> HTML {
        let quota = quotaMB.map { "&maxMB=\($0)" } ?? ""
        let list: HTML =
            clean.actions.isEmpty
            ? "<p>\(UIText.cleanNothing(l))</p>"
            : """
            <p>\(UIText.cleanPreview(l)) \(Format.bytes(clean.bytesFreed)):</p>
            <ul>\(clean.actions.html { "<li>\($0.type.rawValue)/\($0.id) \($0.medium.rawValue) \(Format.bytes($0.bytes)) — \($0.reason)</li>" })</ul>
            \(Layout.action(UIText.cleanRun(l), "/api/clean?days=30\(quota)", confirm: UIText.cleanRun(l) + "?", id: "clean-run"))
            """
        return """
            <section id="clean"><h2>\(UIText.cleanPreview(l))… (30 d\(quotaMB.map { ", \(UIText.quota(l)) \($0) MB" } ?? ""))</h2>
            <form method="get" action="/downloads"><label>\(UIText.quota(l)) (MB) <input type="number" name="maxMB" min="1" value="\(quotaMB.map(String.init) ?? "")"></label> <button type="submit">↻</button></form>
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
