import Foundation
import OfflineLessons

/// A lesson's own pages: its history (the registry's event log) and its player, each titled
/// with the lesson's name ("Berakhot 2").
enum LessonPages {
    static func history(_ lesson: LessonID, name: String, events: [RegistryEvent], _ context: PageContext) -> HTML {
        let l = context.language
        let body: HTML = """
            <table id="history"><thead><tr><th scope="col">\(UIText.whenColumn(l))</th><th scope="col">\(UIText.events(l))</th>\
            <th scope="col">\(UIText.mediumColumn(l))</th><th scope="col">\(UIText.detailColumn(l))</th></tr></thead><tbody>
            \(events.html { event in
                """
                <tr class="event event-\(event.kind.rawValue)"><td>\(Format.date(event.at))</td><td>\(event.kind.rawValue)</td>\
                <td>\(event.medium?.name(l) ?? "")</td><td>\(Format.detail(event.detail))</td></tr>

                """
            })</tbody></table>
            """
        return Layout.page("\(UIText.history(l)): \(name)", context, body: body)
    }

    /// The player: audio or video from the library's files (seekable), the PDF beside it.
    static func player(_ lesson: LessonID, name: String, media: [MediaKind], chosen: MediaKind, _ context: PageContext) -> HTML {
        let l = context.language
        let path = "\(lesson.type.rawValue)/\(lesson.id)"
        let source = "/media/\(path)/\(chosen.rawValue)"
        let element: HTML =
            chosen == .video
            ? "<video id=\"player\" controls preload=\"metadata\" src=\"\(source)\"></video>"
            : "<audio id=\"player\" controls preload=\"metadata\" src=\"\(source)\"></audio>"
        let switcher: HTML = media.filter { $0 != .text && $0 != chosen }.html { other in
            Controls.link(
                other.name(l), "/play/\(path)?medium=\(other.rawValue)", name: UIText.playNamed("\(name), \(other.name(l))", l),
                icon: other == .video ? .video : .audio, css: "medium")
        }
        let pdf: HTML =
            media.contains(.text)
            ? "<iframe id=\"pdf\" title=\"\(UIText.pdfOf(name, l))\" src=\"/media/\(path)/text\"></iframe>"
            : "<p class=\"warning\">\(Icon.failed.svg)<span>\(UIText.noPDF(l))</span></p>"
        let history = Controls.link(UIText.history(l), "/history/\(path)", name: UIText.historyOf(name, l), icon: .history, css: "history")
        let body: HTML = """
            <div class="player"><div class="media">\(element)<p class="links">\(switcher)\(history)</p></div>
            <div class="document">\(pdf)</div></div>
            """
        return Layout.page("\(UIText.play(l)): \(name)", context, body: body)
    }

    /// A page for a request the app cannot answer (4xx), or a library that failed (5xx).
    static func problem(_ title: String, _ message: String, _ context: PageContext) -> HTML {
        Layout.page(
            title, context,
            body: "<p class=\"problem\" id=\"problem\">\(message)</p><p><a href=\"/shas\">\(UIText.back(context.language))</a></p>")
    }
}
