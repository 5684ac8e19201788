import Foundation
import OfflineLessons

/// The player: audio or video from the library's files (seekable), opened where it was left,
/// with skips, speeds, the way back to its masechet, the lessons before and after it, and the PDF
/// beside it (below it on a phone). The page's script saves the position as it plays.
struct PlayerPage {
    /// A lesson before or after this one: its name, and where its link goes (its player when it
    /// can be played, else its row on the masechet page, where it can be downloaded).
    struct Neighbour {
        var name: String
        var href: String
    }

    /// The masechet page the lesson is listed on.
    /// The way back from a lesson's page (the player, its history) to its row on its masechet's page.
    struct Masechet {
        var name: String
        var href: String

        /// `nil` when `names` cannot name the masechet: a link reads "Back to Berakhot", never an id.
        init?(_ placed: PlacedLesson, names: LessonNames) {
            guard let name = names.masechet(of: placed.id) else { return nil }
            let type = placed.type.rawValue
            self.name = name
            self.href = "/shas/\(type)/\(placed.placement.masechetId)#lesson-\(type)-\(placed.lesson.id)"
        }

        func crumbs(_ l: UserLanguage) -> HTML {
            "<p class=\"crumbs\"><a href=\"\(href)\" id=\"back-to-masechet\">\(UIText.backTo(name, l))</a></p>"
        }
    }

    var lesson: LessonID
    var name: String
    /// The media downloaded (complete).
    var media: [MediaKind]
    var chosen: MediaKind
    var masechet: Masechet?
    var previous: Neighbour?
    var next: Neighbour?
    /// Where to start, in seconds.
    var start: Double
    /// Whether the lesson has a PDF at all (a daf without one is said so plainly, not as a fault).
    var offersPDF = true

    /// The speeds offered.
    static let speeds: [Double] = [0.75, 1, 1.25, 1.5, 1.75, 2]

    func render(_ context: PageContext) -> HTML {
        let l = context.language
        let path = "\(lesson.type.rawValue)/\(lesson.id)"
        let source = "/media/\(path)/\(chosen.rawValue)"
        let data: HTML =
            "data-lesson=\"\(lesson.description)\" data-medium=\"\(chosen.rawValue)\" data-start=\"\(String(format: "%.3f", start))\""
        let element: HTML =
            chosen == .video
            ? "<video id=\"player\" controls preload=\"metadata\" src=\"\(source)\" \(data)></video>"
            : "<audio id=\"player\" controls preload=\"metadata\" src=\"\(source)\" \(data)></audio>"
        let switcher: HTML = media.filter { $0 != .text && $0 != chosen }.html { other in
            Controls.link(
                other.name(l), "/play/\(path)?medium=\(other.rawValue)", name: UIText.playNamed("\(name), \(other.name(l))", l),
                icon: other == .video ? .video : .audio, css: "medium")
        }
        let pdf: HTML =
            media.contains(.text)
            ? "<iframe id=\"pdf\" title=\"\(UIText.pdfOf(name, l))\" src=\"/media/\(path)/text\"></iframe>"
            : offersPDF
                ? "<p class=\"warning\">\(Icon.failed.svg)<span>\(UIText.noPDF(l))</span></p>"
                : "<p id=\"no-pdf\">\(Message(.screenNoPDFOffered).text(l))</p>"
        let history = Controls.link(UIText.history(l), "/history/\(path)", name: UIText.historyOf(name, l), icon: .history, css: "history")
        let back: HTML = masechet?.crumbs(l) ?? .empty
        let body: HTML = """
            \(back)<div class="player"><div class="media">\(element)
            <p class="warning" id="player-problem" role="alert" hidden>\(Icon.failed.svg)<span>\(Message(.screenCannotPlay, .text(name)).text(l))</span> \
            \(Controls.link(UIText.history(l), "/history/\(path)", name: UIText.historyOf(name, l), icon: .history, css: "history"))</p>
            \(controls(l))
            <p class="links">\(switcher)\(media.contains(.text) ? Controls.openPDF(path, of: name, l) : .empty)\(history)</p>
            \(neighbours(l))</div>
            <div class="document">\(pdf)</div></div>
            """
        return Layout.page(name, context, body: body)
    }

    /// Back 15 s, forward 30 s, and the speeds (the one playing is pressed).
    private func controls(_ l: UserLanguage) -> HTML {
        let speeds: HTML = Self.speeds.html { rate in
            let shown = Self.rate(rate, l)
            return """
                <button type="button" class="speed" data-rate="\(Self.number(rate))" aria-pressed="\(rate == 1 ? "true" : "false")" \
                title="\(UIText.speedNamed(shown, l))">\(shown)</button>
                """
        }
        return """
            <div class="transport" role="group" aria-label="\(UIText.playerControls(l))">
            <button type="button" id="skip-back" data-skip="-15" aria-label="\(UIText.skipBack(15, l))" title="\(UIText.skipBack(15, l))">\(UIText.skipBackShort(15, l))</button>
            <button type="button" id="skip-forward" data-skip="30" aria-label="\(UIText.skipForward(30, l))" title="\(UIText.skipForward(30, l))">\(UIText.skipForwardShort(30, l))</button>
            </div>
            <div class="speeds" role="group" aria-label="\(UIText.speed(l))">\(speeds)</div>
            """
    }

    /// "Previous: Berakhot 2", "Next: Berakhot 4".
    private func neighbours(_ l: UserLanguage) -> HTML {
        guard previous != nil || next != nil else { return .empty }
        let before: HTML =
            previous.map {
                "<a href=\"\($0.href)\" rel=\"prev\" id=\"previous-lesson\" class=\"button\">← \(UIText.previousLesson(l)): \($0.name)</a>"
            }
            ?? .empty
        let after: HTML =
            next.map { "<a href=\"\($0.href)\" rel=\"next\" id=\"next-lesson\" class=\"button\">\(UIText.nextLesson(l)): \($0.name) →</a>" }
            ?? .empty
        return "<nav class=\"neighbours\" aria-label=\"\(UIText.otherLessons(l))\">\(before)\(after)</nav>"
    }

    /// `0.75×`, `1×`, `1.5×`.
    /// `0.75×`, in Spanish `0,75×`.
    static func rate(_ rate: Double, _ l: UserLanguage) -> String {
        (l == .es ? number(rate).replacingOccurrences(of: ".", with: ",") : number(rate)) + "×"
    }

    /// `0.75`, `1`, `1.5`.
    static func number(_ rate: Double) -> String { rate == rate.rounded() ? String(Int(rate)) : String(rate) }
}
