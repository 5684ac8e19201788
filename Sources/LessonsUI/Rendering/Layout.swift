import Foundation
import OfflineLessons

/// What every page knows about the request it answers.
struct PageContext: Sendable {
    var language: UserLanguage
    var token: AccessToken
    /// The page's own path and query, for the language switch to come back to.
    var path: String
    /// The content server's status as the app knows it when the page is made.
    var server = ServerStatus.Snapshot()
    /// Whether the download queue is paused when the page is made.
    var queuePaused = false
}

/// The frame of every page: a skip link, the navigation (with the live panel's toggle, the
/// refresh button and the language switch), the live panel, and the page's own content.
enum Layout {
    /// The section a page belongs to is marked as the current one (the home page is Today).
    static func current(_ section: String, _ context: PageContext) -> HTML {
        let path = context.path.split(separator: "?").first.map(String.init) ?? ""
        let inside = path == section || path.hasPrefix(section + "/") || (section == "/today" && path == "/")
        return inside ? " aria-current=\"page\"" : .empty
    }

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
            <link rel="icon" href="/favicon.ico" type="image/svg+xml">
            <link rel="stylesheet" href="/static/app.css">
            <script src="/static/app.js" defer></script>
            </head>
            <body data-words="\(words)">
            \(Icon.sprite)<a class="skip" href="#main">\(UIText.skip(l))</a>
            <header>
            <nav aria-label="\(UIText.sections(l))">
            <a href="/today" id="nav-today"\(current("/today", context))>\(UIText.today(l))</a>
            <a href="/shas" id="nav-shas"\(current("/shas", context))>\(UIText.shas(l))</a>
            <a href="/downloads" id="nav-downloads"\(current("/downloads", context))>\(UIText.downloads(l))</a>
            <a href="/queue" id="nav-queue"\(current("/queue", context))>\(UIText.queueTitle(l))</a>
            <button type="button" id="live-toggle" aria-controls="live" aria-expanded="false">\(Icon.live.svg)<span class="wide">\(UIText.liveTitle(l))</span><span class="narrow">\(UIText.liveShort(l))</span><span id="live-count"></span></button>
            <button type="button" id="refresh" data-busy="\(UIText.refreshing(l))">\(Icon.refresh.svg)<span class="wide">\(UIText.refresh(l))</span><span class="narrow">\(UIText.refreshShort(l))</span></button>
            <a href="/lang/\(other.rawValue)?back=\(DownloadsQuery.encoded(context.path))" id="language" hreflang="\(other.rawValue)" lang="\(other.rawValue)">\(Icon.language.svg)<span>\(UIText.language(l))</span></a>
            </nav>
            <p id="live-status" class="visually-hidden" role="status" aria-live="polite"></p>
            <p id="connection" role="status" aria-live="polite"></p>
            </header>
            <aside id="live" aria-labelledby="live-title">
            <h2 id="live-title">\(UIText.liveTitle(l))</h2>
            <p id="live-empty">\(UIText.liveEmpty(l))</p>
            <ul id="live-list"></ul>
            </aside>
            <main id="main" tabindex="-1">
            <div id="flash" role="status" aria-live="polite"></div>
            <div id="refresh-report" hidden></div>
            \(offlineBanner(context.server, context.language))\(context.queuePaused && !saysPauseItself(context.path) ? pausedBanner(l) : .empty)\(notices.html { "<p class=\"notice\">\($0)</p>\n" })<h1>\(title)</h1>
            \(body)
            </main>
            </body>
            </html>
            """
    }

    /// The words the page's script shows (states, media, buttons), in the page's language.
    static func liveWords(_ l: UserLanguage) -> [String: String] {
        var words: [String: String] = [:]
        for state in ["queued", "downloading", "complete", "failed", "missing", "corrupt", "not requested"] {
            words[state] = UIText.state(state, l)
        }
        for medium in MediaKind.allCases { words[medium.rawValue] = medium.name(l) }
        words["removed"] = UIText.removed(l)
        words["cancel"] = UIText.cancel(l)
        words["retry"] = UIText.retry(l)
        words["rate"] = UIText.rate(l)
        words["timeLeft"] = UIText.timeLeft(l)
        words["refreshed"] = UIText.refreshed(l)
        words["progress"] = UIText.progress(l)
        words["live"] = UIText.liveTitle(l)
        words["decimal"] = Message(.screenDecimalMark).text(l)
        words["waitsForServer"] = UIText.waitsForServer(l)
        words["paused"] = UIText.pausedState(l)
        words["queuePaused"] = Message(.screenLivePaused).text(l)
        words["resumeAll"] = UIText.resumeAll(l)
        words["connectionLost"] = UIText.connectionLost(l)
        words["connectionBack"] = UIText.connectionBack(l)
        words["unsent"] = UIText.actionUnsent(l)
        words["play"] = UIText.play(l)
        words["remove"] = UIText.remove(l)
        words["playNamed"] = UIText.playNamed("{}", l)
        words["removeNamed"] = UIText.removeNamed("{}", l)
        words["removeConfirmNamed"] = UIText.removeConfirmNamed("{}", l)
        return words
    }

    /// Shown while the queue is paused: says so once, above the page (whose queued media read
    /// "paused"), with the way to resume it.
    static func pausedBanner(_ l: UserLanguage) -> HTML {
        """
        <div class="notice" id="paused-banner"><span>\(UIText.queuePaused(l))</span> \
        \(Controls.action(UIText.resumeAll(l), "/api/queue/resume", name: UIText.resumeAll(l), icon: .retry, id: "banner-resume"))</div>

        """
    }

    /// The Queue page says the pause in its own notice; the player has no queue to speak of.
    static func saysPauseItself(_ path: String) -> Bool {
        path.hasPrefix("/queue") || path.hasPrefix("/play/")
    }

    /// With the content server unreachable: says so, and when the catalog shown was fetched.
    static func offlineBanner(_ server: ServerStatus.Snapshot, _ l: UserLanguage, now: Date = Date()) -> HTML {
        guard server.isOffline else { return .empty }
        let fetched: HTML
        if let at = server.catalogFetchedAt {
            let iso = ISO8601DateFormatter().string(from: at)
            let words = UIText.catalogFetched(ago: UIText.ago(at, now: now, l), at: UIText.localTime(at, l), l)
            fetched = "<p><time datetime=\"\(iso)\">\(words)</time></p>"
        } else {
            fetched = "<p>\(UIText.catalogNeverFetched(l))</p>"
        }
        return """
            <section class="offline" id="offline" aria-labelledby="offline-title">
            <p><strong id="offline-title">\(UIText.offlineTitle(l)):</strong> \(UIText.offlineBanner(l))</p>
            \(fetched)
            </section>

            """
    }
}

/// Sizes and dates as people read them.
enum Format {
    /// A moment in words and local time ("26 November 2026, 20:56"), with its ISO form for machines.
    static func time(_ date: Date, _ l: UserLanguage) -> HTML {
        "<time datetime=\"\(ISO8601DateFormatter().string(from: date))\">\(UIText.localTime(date, l))</time>"
    }

    /// An event's detail as shown: a file path that names its lesson by id (the server's
    /// `gemara/1/audio/Berakhot 2.mp3`, a file moved aside) by its file name alone; a sentence of
    /// the library in the page's language.
    static func detail(_ detail: String?, _ l: UserLanguage) -> String {
        guard let detail else { return "" }
        if let bytes = detail.wholeMatch(of: /(\d+) bytes/).flatMap({ Int($0.1) }) { return l.size(bytes) }
        let byID = detail.contains(/\b(gemara|mishna)\/\d+/)
        guard byID else { return UIText.reason(detail, l) }
        // A link: its file's name, as people read it ("Berakhot 3.mp4", not "Berakhot%203.mp4").
        let file = detail.split(separator: "/").last.map(String.init) ?? detail
        return file.removingPercentEncoding ?? file
    }

    /// `gemara/5/audio`: how pages and the live feed key one item (never shown).
    static func itemKey(_ lesson: LessonID, _ medium: MediaKind) -> String {
        "\(lesson)/\(medium.rawValue)"
    }
}
