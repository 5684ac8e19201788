import OfflineLessons

/// The pages' controls: buttons that post an action, links that look like buttons. Each is
/// named for what it acts on (`aria-label="Download Shabbat 12, audio"`), whatever it shows.
enum Controls {
    /// A button that posts to an action of the app (with the token, by the page's script).
    /// `name` is its accessible name; `label` the text shown beside the icon (none: icon only).
    static func action(
        _ label: String?, _ path: String, name: String, icon: Icon, confirm: String? = nil, id: String? = nil
    ) -> HTML {
        let confirmation: HTML = confirm.map { " data-confirm=\"\($0)\"" } ?? .empty
        let identifier: HTML = id.map { " id=\"\($0)\"" } ?? .empty
        let shown: HTML = label.map { "<span>\($0)</span>" } ?? .empty
        return """
            <button type="button" class="action\(label == nil ? " icon-only" : "")" data-action="\(path)" aria-label="\(name)" \
            title="\(name)"\(confirmation)\(identifier)>\(icon.svg)\(shown)</button>
            """
    }

    /// A link styled as a button, named for what it opens.
    static func link(_ label: String?, _ href: String, name: String, icon: Icon, css: String) -> HTML {
        let shown: HTML = label.map { "<span>\($0)</span>" } ?? .empty
        return """
            <a href="\(href)" class="button \(css)\(label == nil ? " icon-only" : "")" aria-label="\(name)" title="\(name)">\(icon.svg)\(shown)</a>
            """
    }

    /// The link that opens a lesson's PDF in the browser's own viewer (a phone shows no PDF in a frame).
    static func openPDF(_ lessonPath: String, of what: String, _ l: UserLanguage) -> HTML {
        link(
            Message(.screenOpenPDF).text(l), "/media/\(lessonPath)/text", name: Message(.screenOpenPDFOf, .text(what)).text(l), icon: .pdf,
            css: "pdf")
    }

    /// The three download buttons for a scope (`type=…&masechet=…[&chapter=…][&lesson=…]`), for
    /// `what` ("Berakhot 2", "Berakhot, chapter 1").
    /// With `confirming` (how many lessons, named how, and the disk's free bytes when known),
    /// each button asks first.
    static func downloadButtons(
        _ scope: String, what: String, _ l: UserLanguage, idPrefix: String? = nil,
        confirming: (count: Int, of: String, free: Int?)? = nil, offering choices: [MediaChoice] = MediaChoice.allCases
    ) -> HTML {
        choices.html { choice in
            action(
                UIText.choiceShort(choice, l), "/api/download?\(scope)&media=\(choice.rawValue)",
                name: UIText.download(what, UIText.choiceLong(choice, l), l), icon: .download,
                confirm: confirming.map { asked in
                    UIText.downloadManyConfirm(asked.count, of: asked.of, UIText.choiceLong(choice, l), l)
                        + (asked.free.map { " " + Message(.screenFreeOnDisk, .text(l.size($0))).text(l) } ?? "")
                },
                id: idPrefix.map { "\($0)-\(choice.rawValue)" })
        }
    }

    /// A medium's state, with its icon: `complete`, `downloading 45%`, `failed: reason`.
    static func state(_ state: String, text: String) -> HTML {
        "\(Icon.state(state).svg)<span class=\"label\">\(text)</span>"
    }
}
