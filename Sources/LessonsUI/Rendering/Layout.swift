import Foundation
import OfflineLessons

/// What every page knows about the request it answers.
struct PageContext: Sendable {
    var language: UserLanguage
    var token: AccessToken
    /// The page's own path, for the language switch to come back to.
    var path: String
}

/// The frame of every page: navigation, the refresh button, the language switch, the live panel.
enum Layout {
    static func page(_ title: String, _ context: PageContext, notices: [String] = [], body: HTML) -> HTML {
        let l = context.language
        let other: UserLanguage = l == .es ? .en : .es
        let words = (try? String(data: JSONEncoder.plain.encode(liveWords(l)), encoding: .utf8)) ?? "{}"
        return """
            <!doctype html>
            <html lang="\(l.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="lessons-token" content="\(context.token.value)">
            <title>\(title) · lessons</title>
            <link rel="stylesheet" href="/static/app.css">
            <script src="/static/app.js" defer></script>
            </head>
            <body data-words="\(words)">
            <header>
            <nav>
            <a href="/shas" id="nav-shas">\(UIText.shas(l))</a>
            <a href="/downloads" id="nav-downloads">\(UIText.downloads(l))</a>
            <button type="button" id="refresh" data-busy="\(UIText.refreshing(l))">\(UIText.refresh(l))</button>
            <a href="/lang/\(other.rawValue)?back=\(context.path)" id="language" hreflang="\(other.rawValue)">\(UIText.language(l))</a>
            </nav>
            </header>
            <div id="flash" role="status"></div>
            <div id="refresh-report" hidden></div>
            \(notices.html { "<p class=\"notice\">\($0)</p>\n" })<main>
            <h1>\(title)</h1>
            \(body)
            </main>
            <aside id="live">
            <h2>\(UIText.liveTitle(l))</h2>
            <p id="live-empty">\(UIText.liveEmpty(l))</p>
            <ul id="live-list"></ul>
            </aside>
            </body>
            </html>
            """
    }

    /// The words the page's script shows (states, buttons), in the page's language.
    static func liveWords(_ l: UserLanguage) -> [String: String] {
        var words: [String: String] = [:]
        for state in ["queued", "downloading", "complete", "failed", "missing", "corrupt", "removed", "not requested"] {
            words[state] = UIText.state(state == "removed" ? "" : state, l)
        }
        words["removed"] = UIText.removed(l)
        words["cancel"] = UIText.cancel(l)
        words["retry"] = UIText.retry(l)
        words["rate"] = UIText.rate(l)
        words["timeLeft"] = UIText.timeLeft(l)
        words["refreshed"] = UIText.refreshed(l)
        return words
    }

    /// A button that posts to an action of the app (with the token, by the page's script).
    static func action(_ label: String, _ path: String, confirm: String? = nil, id: String? = nil) -> HTML {
        let confirmation: HTML = confirm.map { " data-confirm=\"\($0)\"" } ?? .empty
        let identifier: HTML = id.map { " id=\"\($0)\"" } ?? .empty
        return "<button type=\"button\" class=\"action\" data-action=\"\(path)\"\(confirmation)\(identifier)>\(label)</button>"
    }

    /// The three download buttons for a scope (`type=…&masechet=…[&chapter=…][&lesson=…]`).
    static func downloadButtons(_ scope: String, _ l: UserLanguage, idPrefix: String? = nil) -> HTML {
        [(UIText.downloadAudio, "audio"), (UIText.downloadVideo, "video"), (UIText.downloadBoth, "both")].html { text, media in
            action(text(l), "/api/download?\(scope)&media=\(media)", id: idPrefix.map { "\($0)-\(media)" })
        }
    }
}

/// Sizes and durations as people read them.
enum Format {
    static func bytes(_ bytes: Int) -> String {
        UserLanguage.en.size(bytes)
    }

    static func date(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// `Daf 5` / `Mishna 2:3`, in the page's language.
    static func lessonName(type: LessonType, chapter: Int, number: Int, _ l: UserLanguage) -> String {
        type == .gemara ? "\(UIText.daf(l)) \(number)" : "\(UIText.mishna(l)) \(chapter):\(number)"
    }

    /// `gemara/5/audio`: how pages and the live feed name one item.
    static func itemKey(_ lesson: LessonID, _ medium: MediaKind) -> String {
        "\(lesson)/\(medium.rawValue)"
    }
}
