import Foundation
import OfflineLessons

/// The Shas: sedarim and their masechtot in traditional order, and one masechet's lessons by
/// chapter in numeric order, each with its state per medium as the registry says.
enum ShasPages {
    /// The index: sedarim → masechtot, with how many dapim and mishnayot of each are downloaded.
    static func index(
        _ snapshot: CatalogSnapshot, downloaded: [Int: (dapim: Int, mishnayot: Int)], asked: (text: String, problem: String)?,
        _ context: PageContext
    ) -> HTML {
        let l = context.language
        let sedarim = snapshot.shas.sedarim.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
        let body: HTML = sedarim.html { seder in
            let masechtot = seder.masechtot.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
            return """
                <section class="seder" id="seder-\(seder.id)">
                <h2>\(UIText.seder(l)) \(seder.name)</h2>
                <ul class="masechtot">
                \(masechtot.html { masechet in
                    let count: HTML = downloaded[masechet.id].map {
                        "<span class=\"count\">\(Icon.complete.svg)\(UIText.downloadedCount(dapim: $0.dapim, mishnayot: $0.mishnayot, l))</span>"
                    } ?? .empty
                    let gemara: HTML =
                        masechet.pages > 0
                        ? Controls.link(
                            UIText.gemara(l), "/shas/gemara/\(masechet.id)", name: UIText.open(UIText.gemara(l), of: masechet.name, l),
                            icon: .pdf, css: "gemara") : .empty
                    let mishna = Controls.link(
                        UIText.mishnaType(l), "/shas/mishna/\(masechet.id)", name: UIText.open(UIText.mishnaType(l), of: masechet.name, l),
                        icon: .pdf, css: "mishna")
                    return """
                        <li id="masechet-\(masechet.id)"><span class="name">\(masechet.name)</span>\(count)<span class="links">\(gemara)\(mishna)</span></li>

                        """
                })</ul>
                </section>

                """
        }
        let problem: HTML = asked.map { #"<p class="problem" id="find-problem" role="alert">\#($0.problem)</p>"# } ?? .empty
        let described: HTML = asked == nil ? .empty : #" aria-invalid="true" aria-describedby="find-problem""#
        let find: HTML = """
            <form id="find" method="get" action="/shas/find" role="search">
            <label for="find-text">\(Message(.screenFindLabel).text(l))</label>
            <input type="search" id="find-text" name="q" placeholder="\(Message(.screenFindExample).text(l))" \
            value="\(asked?.text ?? "")"\(described)>
            <button type="submit">\(Message(.screenFindButton).text(l))</button>
            \(problem)</form>

            """
        return Layout.page(UIText.shas(l), context, body: "\(find)\(body)")
    }

    /// One masechet of one type: its lessons by chapter, each with its state per medium.
    static func masechet(
        _ type: LessonType, _ seder: Seder, _ masechet: Masechet, statuses: [LessonStatus],
        notices: [String], playbacks: [LessonID: Playback] = [:], pinned: Set<LessonID> = [], free: Int? = nil,
        _ context: PageContext
    ) -> HTML {
        let l = context.language
        let scope = "type=\(type.rawValue)&masechet=\(masechet.id)"
        let chapters = Dictionary(grouping: statuses, by: \.chapter).sorted { $0.key < $1.key }
        let typeName = type == .gemara ? UIText.gemara(l) : UIText.mishnaType(l)
        let whole = UIText.allOf(masechet.name, typeName, l)
        let body: HTML = """
            <p class="crumbs"><a href="/shas#seder-\(seder.id)">\(UIText.seder(l)) \(seder.name)</a> · \(typeName)</p>
            <div class="scope" id="masechet-actions"><span>\(UIText.wholeMasechet(l)):</span> \(Controls.downloadButtons(scope, what: whole, l, idPrefix: "masechet", confirming: (statuses.count, "\(masechet.name) (\(typeName))", free)))</div>
            \(chapters.html { chapter, lessons in
                """
                <section class="chapter" id="chapter-\(chapter)">
                <h2>\(UIText.chapter(l)) \(chapter)</h2>
                <div class="scope"><span>\(UIText.wholeChapter(lessons.count, l)):</span> \(Controls.downloadButtons("\(scope)&chapter=\(chapter)", what: UIText.chapterOf(masechet.name, chapter, l), l, idPrefix: "chapter-\(chapter)", confirming: lessons.count > 1 ? (lessons.count, UIText.chapterOf(masechet.name, chapter, l), free) : nil))</div>
                <table class="lessons">
                <thead><tr><th scope="col">\(UIText.lessonColumn(l))</th>\(MediaKind.allCases.html { "<th scope=\"col\">\($0.name(l))</th>" })<th scope="col">\(UIText.actionsColumn(l))</th></tr></thead>
                <tbody>
                \(lessons.sorted { ($0.number, $0.id) < ($1.number, $1.id) }.html { row($0, scope: scope, playback: playbacks[LessonID($0.type, $0.id)], waits: context.queuedWait, pinned: pinned.contains(LessonID($0.type, $0.id)), l) })</tbody>
                </table>
                </section>

                """
            })
            """
        return Layout.page("\(masechet.name)", context, notices: notices, body: body)
    }

    /// `waits`: what a queued medium waits for (its turn, the content server, the queue's resume).
    /// `pinned`: the lesson is pinned (kept by clean), said beside its name.
    static func row(
        _ status: LessonStatus, scope: String, playback: Playback? = nil, waits: QueuedWait = .turn, pinned: Bool = false, _ l: UserLanguage
    ) -> HTML {
        let lesson = LessonID(status.type, status.id)
        let path = "\(status.type.rawValue)/\(status.id)"
        let playable = status.media.contains { $0.medium != .text && $0.state == MediaState.complete.rawValue }
        let registered = status.media.contains { !["not requested", "unavailable"].contains($0.state) }
        let play: HTML =
            playable
            ? Controls.link(UIText.play(l), "/play/\(path)", name: UIText.playNamed(status.name, l), icon: .play, css: "play") : .empty
        let remove: HTML =
            registered
            ? Controls.action(
                UIText.remove(l), "/api/remove?lesson=\(lesson.description)", name: UIText.removeNamed(status.name, l), icon: .remove,
                confirm: UIText.removeConfirmNamed(status.name, l)) : .empty
        let history = Controls.link(
            UIText.history(l), "/history/\(path)", name: UIText.historyOf(status.name, l), icon: .history, css: "history")
        // A choice whose media are all downloaded, on their way or not in the lesson is not offered;
        // nor "both" once one is, when it would fetch the same as the other's button.
        let asked: Set<String> = [
            MediaState.complete.rawValue, MediaState.queued.rawValue, MediaState.downloading.rawValue, "unavailable",
        ]
        let had = Set(status.media.filter { asked.contains($0.state) }.map(\.medium))
        let choices = MediaChoice.allCases.filter {
            $0 == .both ? had.isDisjoint(with: $0.media) : !Set($0.media).isSubset(of: had)
        }
        return """
            <tr id="lesson-\(status.type.rawValue)-\(status.id)">
            <th scope="row">\(status.name)\(pinned ? " (\(UIText.pinned(l)))" as HTML : .empty)\(WatchedProgress.render(playback, of: status.name, l))</th>
            \(status.media.sorted { $0.medium < $1.medium }.html { cell($0, lesson, waits: waits, l) })<td class="row-actions"><div class="actions"><span class="group">\(Controls.downloadButtons("\(scope)&lesson=\(status.id)", what: status.name, l, offering: choices))</span>\
            <span class="group">\(play)\(history)\(remove)</span></div></td>
            </tr>

            """
    }

    /// One medium's state, its icon beside it: `downloading 45%`, `failed: reason` (said in the
    /// page's language), `complete`, `queued: waits for the server`, `paused` (the page says why)…
    static func cell(_ medium: MediumStatus, _ lesson: LessonID, waits: QueuedWait = .turn, _ l: UserLanguage) -> HTML {
        let queued = medium.state == MediaState.queued.rawValue
        var text =
            switch (queued, waits) {
            case (true, .resume): UIText.pausedState(l)
            case (true, .server): UIText.waitsForServer(l)
            default: UIText.state(medium.state, l)
            }
        if medium.state == MediaState.downloading.rawValue, let expected = medium.expectedBytes, expected > 0, let bytes = medium.bytes {
            text += " \(min(100, bytes * 100 / expected))%"
        }
        if let error = medium.lastError, medium.state == MediaState.failed.rawValue { text += ": " + UIText.reason(error, l) }
        let css = medium.state.replacingOccurrences(of: " ", with: "-")
        return """
            <td class="state state-\(css)" data-key="\(Format.itemKey(lesson, medium.medium))" data-state="\(medium.state)" \
            data-medium="\(medium.medium.name(l))">\(Controls.state(medium.state, text: text))</td>

            """
    }
}

/// What a queued medium waits for, as a page says it: its turn, the content server (out of
/// reach), or the queue (paused) to be resumed.
enum QueuedWait: Sendable {
    case turn, server, resume
}

extension PageContext {
    var queuedWait: QueuedWait { queuePaused ? .resume : server.isOffline ? .server : .turn }
}
