import Foundation
import OfflineLessons

/// The downloads: a storage bar, sorted (Shas order: grouped seder → masechet → chapter) and
/// filtered as the query asks, each lesson, chapter and masechet selectable for one removal,
/// what the quick sync just found, a maximum size, and what `clean` would remove.
struct DownloadsPage {
    /// Every lesson listed: downloaded, or with a medium gone missing (its PDF kept).
    var lessons: [DownloadedLesson]
    var query = DownloadsQuery()
    var pinned: Set<LessonID>
    var sync: SyncReport
    var clean: CleanReport
    /// The disk that holds the library, when it could be measured.
    var disk: DiskSpace?
    /// The maximum size kept in the library, in bytes.
    var storedQuota: Int?
    /// What a maximum of ``DownloadsQuery/quotaMB`` would remove, when one is previewed.
    var quotaPreview: CleanReport?
    /// Names for what the sync and clean reports mention (lessons no longer listed included).
    var names: LessonNames
    /// Where each lesson was left in the player.
    var playbacks: [LessonID: Playback] = [:]
    /// "Continue listening": the lessons last played and not played through, most recent first.
    var recent: [Playback] = []

    var totalBytes: Int { lessons.reduce(0) { $0 + $1.bytes } }

    func render(_ context: PageContext) -> HTML {
        let l = context.language
        let shown = query.apply(to: lessons, playbacks: playbacks)
        var body: HTML = """
            \(storageSection(l))
            <p class="notice" id="retention-note">\(Message(.screenThirtyDaysHow).text(l)) \
            <a class="button" href="#clean">\(Message(.screenSeeClean).text(l))</a></p>
            \(syncNotes(l))\(continueListening(l))\(toolbar(shown: shown.count, l))
            """
        if lessons.isEmpty {
            body = """
                \(body)<p id="no-downloads">\(UIText.noDownloads(l))</p>
                <p class="start"><a class="button" href="/shas">\(Message(.screenFindInShas).text(l))</a> \
                <a class="button" href="/today">\(Message(.screenSeeToday).text(l))</a></p>
                """
        } else if shown.isEmpty {
            body = "\(body)<p id=\"no-match\">\(UIText.noMatch(l))</p>"
        } else {
            body = "\(body)\(selectionForm(shown, l))"
        }
        return Layout.page(UIText.downloads(l), context, body: "\(body)\(quotaSection(l))\(cleanSection(l))")
    }

    /// The list inside the selection form: its checkboxes name the lessons, chapters and
    /// masechtot to remove; the filters ride along, so a chapter means its lessons shown.
    private func selectionForm(_ shown: [DownloadedLesson], _ l: UserLanguage) -> HTML {
        let hidden: HTML = query.viewParameters.html { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\($0.1)\">" }
        var list: HTML
        if query.sort == .shas {
            list = .empty
            for seder in groups(shown, by: \.sederId) {
                let first = seder[0]
                list = """
                    \(list)<section class="seder"><h2>\(UIText.seder(l)) \(first.sederName ?? String(first.sederId))</h2>
                    \(groups(seder, by: \.masechetId).html { masechet($0, l) })</section>

                    """
            }
        } else {
            list = table(shown, l)
        }
        return """
            <form id="selection" class="selection" method="get" action="/downloads">\(hidden)
            <span id="select-word" class="visually-hidden">\(UIText.selectWord(l))</span>
            \(selectionBar(shown, l))\(list)</form>

            """
    }

    private func masechet(_ lessons: [DownloadedLesson], _ l: UserLanguage) -> HTML {
        let first = lessons[0]
        let name = first.masechetName ?? String(first.masechetId)
        let size = lessons.reduce(0) { $0 + $1.bytes }
        let key = DownloadsQuery.masechetKey(first)
        let chapters = groups(lessons) { "\($0.type.rawValue)-\($0.chapter)" }
        return """
            <section class="masechet" id="downloads-masechet-\(first.masechetId)">
            <h3>\(checkbox("masechet", key, title: UIText.select(name, l), group: "masechet-\(key)"))\
            <span id="\(Self.nameID("masechet", key))">\(name)</span> <span class="size">\(l.size(size))</span></h3>
            \(chapters.html { chapter in
                let head = chapter[0]
                let chapterKey = DownloadsQuery.chapterKey(head)
                let type = head.type == .gemara ? UIText.gemara(l) : UIText.mishnaType(l)
                let what = "\(UIText.chapterOf(name, head.chapter, l)) (\(type))"
                return """
                    <h4>\(checkbox("chapter", chapterKey, title: UIText.select(what, l), group: "chapter-\(chapterKey)", in: "masechet-\(key)"))\
                    <span id="\(Self.nameID("chapter", chapterKey))" class="visually-hidden">\(what)</span>\
                    <span aria-hidden="true">\(type) · \(UIText.chapter(l)) \(head.chapter)</span></h4>
                    \(table(chapter, l))
                    """
            })</section>

            """
    }

    private func table(_ lessons: [DownloadedLesson], _ l: UserLanguage) -> HTML {
        """
        <table class="downloads"><thead class="visually-hidden"><tr><th scope="col">\(UIText.lessonColumn(l))</th>\
        <th scope="col">\(UIText.size(l))</th><th scope="col">\(UIText.filesColumn(l))</th><th scope="col">\(UIText.actionsColumn(l))</th></tr></thead><tbody>
        \(lessons.html { row($0, l) })</tbody></table>

        """
    }

    /// A checkbox of the selection form (`pick=lesson:gemara/5`, one name for all), named by the
    /// shared word "Select" and what it picks (``nameID(_:_:)``: one group for assistive
    /// technology); `group` is what it checks with it (by the page's script), `in` its groups.
    func checkbox(_ field: String, _ value: String, title: String, group: String? = nil, in groups: String = "") -> HTML {
        let checked: Bool =
            switch field {
            case "lesson": query.lessons.contains { $0.description == value }
            case "chapter": query.chapters.contains(value)
            default: query.masechtot.contains(value)
            }
        let controls: HTML = group.map { " data-group=\"\($0)\"" } ?? .empty
        return """
            <input type="checkbox" class="pick" name="pick" value="\(field):\(value)" aria-labelledby="select-word \(Self.nameID(field, value))" \
            title="\(title)"\(controls) \
            data-in="\(groups)"\(checked ? " checked" as HTML : .empty)>
            """
    }

    /// `name-lesson-gemara-5`: the element that names what a checkbox picks.
    static func nameID(_ field: String, _ value: String) -> String {
        "name-\(field)-" + value.replacingOccurrences(of: "/", with: "-")
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
