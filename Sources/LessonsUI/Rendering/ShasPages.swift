import Foundation
import OfflineLessons

/// The Shas: sedarim and their masechtot in traditional order, and one masechet's lessons by
/// chapter in numeric order, each with its state per medium as the registry says.
enum ShasPages {
    /// The index: sedarim → masechtot, with how many lessons of each are downloaded.
    static func index(_ snapshot: CatalogSnapshot, downloaded: [Int: Int], _ context: PageContext) -> HTML {
        let l = context.language
        let sedarim = snapshot.shas.sedarim.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
        let body: HTML = sedarim.html { seder in
            let masechtot = seder.masechtot.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
            return """
                <section class="seder" id="seder-\(seder.id)">
                <h2>\(UIText.seder(l)) \(seder.name)</h2>
                <ul class="masechtot">
                \(masechtot.html { masechet in
                    let count: HTML = downloaded[masechet.id].map { " <span class=\"count\">(\($0) ⬇)</span>" } ?? .empty
                    let gemara: HTML = masechet.pages > 0
                        ? "<a href=\"/shas/gemara/\(masechet.id)\" class=\"gemara\">\(UIText.gemara(l))</a> " : .empty
                    return """
                        <li id="masechet-\(masechet.id)">\(masechet.name)\(count) — \(gemara)<a href="/shas/mishna/\(masechet.id)" class="mishna">\(UIText.mishnaType(l))</a></li>

                        """
                })</ul>
                </section>

                """
        }
        return Layout.page(UIText.shas(l), context, notices: catalogNotices(snapshot, l), body: body)
    }

    static func catalogNotices(_ snapshot: CatalogSnapshot, _ l: UserLanguage) -> [String] {
        snapshot.source == .cache ? ["\(UIText.catalogCached(l)) \(Format.date(snapshot.fetchedAt))."] : []
    }

    /// One masechet of one type: its lessons by chapter, each with its state per medium.
    static func masechet(
        _ type: LessonType, _ seder: Seder, _ masechet: Masechet, statuses: [LessonStatus],
        notices: [String], _ context: PageContext
    ) -> HTML {
        let l = context.language
        let scope = "type=\(type.rawValue)&masechet=\(masechet.id)"
        let chapters = Dictionary(grouping: statuses, by: \.chapter).sorted { $0.key < $1.key }
        let body: HTML = """
            <p class="crumbs"><a href="/shas#seder-\(seder.id)">\(UIText.seder(l)) \(seder.name)</a> · \(type == .gemara ? UIText.gemara(l) : UIText.mishnaType(l))</p>
            <div class="scope" id="masechet-actions"><span>\(UIText.wholeMasechet(l)):</span> \(Layout.downloadButtons(scope, l, idPrefix: "masechet"))</div>
            \(chapters.html { chapter, lessons in
                """
                <section class="chapter" id="chapter-\(chapter)">
                <h2>\(UIText.chapter(l)) \(chapter)</h2>
                <div class="scope">\(Layout.downloadButtons("\(scope)&chapter=\(chapter)", l, idPrefix: "chapter-\(chapter)"))</div>
                <table class="lessons">
                <thead><tr><th></th><th>\(UIText.audio(l))</th><th>\(UIText.video(l))</th><th>\(UIText.text(l))</th><th></th></tr></thead>
                <tbody>
                \(lessons.sorted { ($0.number, $0.id) < ($1.number, $1.id) }.html { row($0, scope: scope, l) })</tbody>
                </table>
                </section>

                """
            })
            """
        return Layout.page("\(masechet.name)", context, notices: notices, body: body)
    }

    static func row(_ status: LessonStatus, scope: String, _ l: UserLanguage) -> HTML {
        let lesson = LessonID(status.type, status.id)
        let playable = status.media.contains { $0.medium != .text && $0.state == MediaState.complete.rawValue }
        let registered = status.media.contains { !["not requested", "unavailable"].contains($0.state) }
        let play: HTML = playable ? "<a href=\"/play/\(status.type.rawValue)/\(status.id)\" class=\"play\">\(UIText.play(l))</a> " : .empty
        let remove: HTML =
            registered
            ? Layout.action(UIText.remove(l), "/api/remove?lesson=\(lesson.description)", confirm: UIText.removeConfirm(l)) : .empty
        return """
            <tr id="lesson-\(status.type.rawValue)-\(status.id)">
            <th>\(Format.lessonName(type: status.type, chapter: status.chapter, number: status.number, l))</th>
            \(status.media.sorted { $0.medium < $1.medium }.html { cell($0, lesson, l) })<td class="row-actions">\(Layout.downloadButtons("\(scope)&lesson=\(status.id)", l)) \(play)<a href="/history/\(status.type.rawValue)/\(status.id)" class="history">\(UIText.history(l))</a> \(remove)</td>
            </tr>

            """
    }

    /// One medium's state: `downloading 45%`, `failed: reason`, `complete`…
    static func cell(_ medium: MediumStatus, _ lesson: LessonID, _ l: UserLanguage) -> HTML {
        var text = UIText.state(medium.state, l)
        if medium.state == MediaState.downloading.rawValue, let expected = medium.expectedBytes, expected > 0, let bytes = medium.bytes {
            text += " \(min(100, bytes * 100 / expected))%"
        }
        if let error = medium.lastError, medium.state == MediaState.failed.rawValue { text += ": \(error)" }
        let css = medium.state.replacingOccurrences(of: " ", with: "-")
        return
            "<td class=\"state state-\(css)\" data-key=\"\(Format.itemKey(lesson, medium.medium))\" data-state=\"\(medium.state)\">\(text)</td>\n"
    }
}
