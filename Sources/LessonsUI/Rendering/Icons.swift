/// The app's icons: one inline SVG sprite per page (``sprite``), drawn by reference
/// (``Icon/svg``). Icons are decoration: each sits beside a text or inside a control whose
/// accessible name says what it means, so every drawing is `aria-hidden`.
enum Icon: String, CaseIterable, Sendable {
    case download, audio, video, pdf, play, history, remove, pin, refresh, live, language
    case complete, downloading, queued, failed
    case notRequested = "not-requested"
    case cancel, retry, pause

    /// The icon for a registry state (`MediumStatus.state`, the live feed's states).
    static func state(_ state: String) -> Icon {
        switch state {
        case "complete": .complete
        case "downloading": .downloading
        case "queued": .queued
        case "failed", "missing", "corrupt": .failed
        case "removed": .remove
        default: .notRequested
        }
    }

    /// `<svg>` drawing this icon from the page's sprite.
    var svg: HTML {
        "<svg class=\"icon\" aria-hidden=\"true\" focusable=\"false\"><use href=\"#i-\(rawValue)\"></use></svg>"
    }

    /// Lines and shapes on a 24×24 grid, stroked in the text's colour.
    private var drawing: HTML {
        switch self {
        case .download: #"<path d="M12 3v12M7 10l5 5 5-5M4 20h16"/>"#
        case .audio:
            #"<path d="M4 15v-3a8 8 0 0 1 16 0v3"/><rect x="3" y="14" width="4" height="6" rx="1"/><rect x="17" y="14" width="4" height="6" rx="1"/>"#
        case .video: #"<rect x="3" y="6" width="13" height="12" rx="2"/><path d="M16 10l5-3v10l-5-3z"/>"#
        case .pdf: #"<path d="M6 3h9l4 4v14H6z"/><path d="M14 3v5h5M9 13h7M9 17h7"/>"#
        case .play: #"<path d="M7 4l13 8-13 8z"/>"#
        case .history: #"<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 3"/>"#
        case .remove: #"<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"/>"#
        case .pin: #"<path d="M9 3h6l-1 6 4 4H6l4-4zM12 13v8"/>"#
        case .refresh: #"<path d="M20 11a8 8 0 1 0-2 6M20 4v7h-7"/>"#
        case .live: #"<path d="M3 12h4l3-7 4 14 3-7h4"/>"#
        case .language: #"<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18"/>"#
        case .complete: #"<circle cx="12" cy="12" r="9"/><path d="M8 12l3 3 5-6"/>"#
        case .downloading: #"<circle cx="12" cy="12" r="9"/><path d="M12 7v9M8 12l4 4 4-4"/>"#
        case .queued: #"<circle cx="12" cy="12" r="9"/><path d="M8 12h.01M12 12h.01M16 12h.01"/>"#
        case .failed: #"<path d="M12 3l10 18H2z"/><path d="M12 10v5M12 18h.01"/>"#
        case .notRequested: #"<circle cx="12" cy="12" r="9"/><path d="M8 12h8"/>"#
        case .cancel: #"<path d="M6 6l12 12M18 6L6 18"/>"#
        case .retry: #"<path d="M4 13a8 8 0 1 0 2-6M4 4v5h5"/>"#
        case .pause: #"<path d="M8 5v14M16 5v14"/>"#
        }
    }

    /// Every icon as a `<symbol>`, in one hidden `<svg>` at the top of the page.
    static var sprite: HTML {
        let symbols = HTML.join(
            allCases.map { icon in
                """
                <symbol id="i-\(icon.rawValue)" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" \
                stroke-linecap="round" stroke-linejoin="round">\(icon.drawing)</symbol>
                """
            })
        return "<svg class=\"sprite\" aria-hidden=\"true\" focusable=\"false\">\(symbols)</svg>\n"
    }

    /// The app's own icon (the favicon): a page with a download arrow, on the header's blue.
    static let appIcon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#234"/>\
        <path d="M9 6h10l4 4v16H9z" fill="#fff"/><path d="M16 11v9M12 16l4 4 4-4" fill="none" stroke="#234" \
        stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>
        """
}
