import Foundation
import OfflineLessons

/// A lesson's history page (the registry's event log), titled with the lesson's name
/// ("Berakhot 2"); the player is ``PlayerPage``.
enum LessonPages {
    /// `back`: the lesson's row on its masechet's page, linked above the table.
    static func history(
        _ lesson: LessonID, name: String, events: [RegistryEvent], back: PlayerPage.Masechet? = nil, _ context: PageContext
    ) -> HTML {
        let l = context.language
        let body: HTML = """
            \(back?.crumbs(l) ?? .empty)<table id="history"><thead><tr><th scope="col">\(UIText.whenColumn(l))</th><th scope="col">\(UIText.events(l))</th>\
            <th scope="col">\(UIText.mediumColumn(l))</th><th scope="col">\(UIText.detailColumn(l))</th></tr></thead><tbody>
            \(events.html { event in
                """
                <tr class="event event-\(event.kind.rawValue)"><td>\(Format.time(event.at, l))</td><td>\(Message(event.kind.phrase).text(l))</td>\
                <td>\(event.medium?.name(l) ?? "")</td><td><bdi dir="ltr">\(Format.detail(event.detail, l))</bdi></td></tr>

                """
            })</tbody></table>
            """
        return Layout.page("\(UIText.history(l)): \(name)", context, body: body)
    }

    /// A page for a request the app cannot answer (4xx), or a library that failed (5xx).
    /// `instead`: a page that has what was asked (its path and name), linked first.
    static func problem(_ title: String, _ message: String, _ context: PageContext, instead: (String, String)? = nil) -> HTML {
        let next: HTML = instead.map { "<p><a href=\"\($0.0)\" id=\"instead\">\($0.1)</a></p>" } ?? .empty
        return Layout.page(
            title, context,
            body: "<p class=\"problem\" id=\"problem\">\(message)</p>\(next)<p><a href=\"/shas\">\(UIText.back(context.language))</a></p>")
    }
}
