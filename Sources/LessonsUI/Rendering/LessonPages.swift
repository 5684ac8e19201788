import Foundation
import OfflineLessons

/// A lesson's own pages: its history (the registry's event log) and its player.
enum LessonPages {
    static func history(_ lesson: LessonID, events: [RegistryEvent], _ context: PageContext) -> HTML {
        let l = context.language
        let body: HTML = """
            <table id="history"><thead><tr><th>\(UIText.events(l))</th><th></th><th></th><th></th></tr></thead><tbody>
            \(events.html { event in
                "<tr class=\"event event-\(event.kind.rawValue)\"><td>\(Format.date(event.at))</td><td>\(event.kind.rawValue)</td><td>\(event.medium?.rawValue ?? "")</td><td>\(event.detail ?? "")</td></tr>\n"
            })</tbody></table>
            """
        return Layout.page("\(UIText.history(l)): \(lesson)", context, body: body)
    }

    /// The player: audio or video from the library's files (seekable), the PDF beside it.
    static func player(_ lesson: LessonID, media: [MediaKind], chosen: MediaKind, _ context: PageContext) -> HTML {
        let l = context.language
        let source = "/media/\(lesson.type.rawValue)/\(lesson.id)/\(chosen.rawValue)"
        let element: HTML =
            chosen == .video
            ? "<video id=\"player\" controls preload=\"metadata\" src=\"\(source)\"></video>"
            : "<audio id=\"player\" controls preload=\"metadata\" src=\"\(source)\"></audio>"
        let switcher: HTML = media.filter { $0 != .text && $0 != chosen }.html { other in
            "<a href=\"/play/\(lesson.type.rawValue)/\(lesson.id)?medium=\(other.rawValue)\">\(other == .video ? UIText.video(l) : UIText.audio(l))</a> "
        }
        let pdf: HTML =
            media.contains(.text)
            ? "<iframe id=\"pdf\" title=\"PDF\" src=\"/media/\(lesson.type.rawValue)/\(lesson.id)/text\"></iframe>"
            : "<p class=\"warning\">\(UIText.text(l)) ✗</p>"
        let body: HTML = """
            <div class="player"><div class="media">\(element)<p>\(switcher)<a href="/history/\(lesson.type.rawValue)/\(lesson.id)">\(UIText.history(l))</a></p></div>
            <div class="document">\(pdf)</div></div>
            """
        return Layout.page("\(UIText.play(l)): \(lesson)", context, body: body)
    }

    /// A page for a request the app cannot answer (4xx), or a library that failed (5xx).
    static func problem(_ title: String, _ message: String, _ context: PageContext) -> HTML {
        Layout.page(
            title, context,
            body: "<p class=\"problem\" id=\"problem\">\(message)</p><p><a href=\"/shas\">\(UIText.back(context.language))</a></p>")
    }
}
