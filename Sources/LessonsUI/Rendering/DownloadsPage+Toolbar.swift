import OfflineLessons

/// Sorting and filtering (links and a GET form: they work without the script), and the
/// selection's bar: one button that removes what is checked, after one confirmation.
extension DownloadsPage {
    func toolbar(shown: Int, _ l: UserLanguage) -> HTML {
        guard !lessons.isEmpty else { return .empty }
        let sorts: [(DownloadsQuery.Sort, String)] = [
            (.shas, UIText.sortShas(l)), (.recent, UIText.sortRecent(l)), (.size, UIText.sortSize(l)),
        ]
        let links: HTML = sorts.html { sort, label in
            var view = query
            view.sort = sort
            let current: HTML = sort == query.sort ? " aria-current=\"true\"" : .empty
            return "<a class=\"button\" id=\"sort-\(sort.rawValue)\" href=\"\(Self.href(view.viewParameters))\"\(current)>\(label)</a>"
        }
        let mediaOptions: [(String, String)] = [
            ("", Message(.screenAnyMedium).text(l)), ("audio", MediaKind.audio.name(l)), ("video", MediaKind.video.name(l)),
            ("missing", UIText.missingOption(l)),
        ]
        let playedOptions: [(String, String)] = [
            ("", UIText.anyOption(l)), ("played", UIText.playedOption(l)), ("unplayed", UIText.unplayedOption(l)),
        ]
        var unfiltered = DownloadsQuery()
        unfiltered.sort = query.sort
        let clear: HTML =
            query.isFiltered
            ? "<a class=\"button\" id=\"filter-clear\" href=\"\(Self.href(unfiltered.viewParameters))\">\(UIText.clearFilter(l))</a>"
            : .empty
        let sortField: HTML = query.sort == .shas ? .empty : "<input type=\"hidden\" name=\"sort\" value=\"\(query.sort.rawValue)\">"
        return """
            <section id="view" aria-label="\(UIText.sortLabel(l)) · \(UIText.searchLabel(l))">
            <nav class="sorts" aria-label="\(UIText.sortLabel(l))"><span>\(UIText.sortLabel(l)):</span> \(links)</nav>
            <form id="filter" method="get" action="/downloads" role="search">\(sortField)
            <label>\(UIText.searchLabel(l)) <input type="search" name="q" value="\(query.text)"></label>
            <label>\(UIText.mediaFilter(l)) \(select("media", mediaOptions, query.media?.rawValue ?? ""))</label>
            <label>\(UIText.playedFilter(l)) \(select("played", playedOptions, query.played?.rawValue ?? ""))</label>
            <button type="submit" id="filter-apply">\(UIText.applyFilter(l))</button>\(clear)
            </form>
            <p id="shown-count">\(UIText.shownCount(shown, of: lessons.count, l))</p>
            </section>
            """
    }

    private func select(_ name: String, _ options: [(String, String)], _ chosen: String) -> HTML {
        """
        <select name="\(name)">\(options.html { value, label in
            "<option value=\"\(value)\"\(value == chosen ? " selected" as HTML : .empty)>\(label)</option>"
        })</select>
        """
    }

    /// The remove-selected button and, when the page was asked with a selection (the form sent
    /// without the script), what it would remove, with the button that does it.
    func selectionBar(_ shown: [DownloadedLesson], _ l: UserLanguage) -> HTML {
        var review: HTML = .empty
        if query.hasSelection {
            let selected = query.selected(from: shown)
            if selected.isEmpty {
                review = "<p id=\"selection-summary\">\(UIText.nothingSelected(l))</p>"
            } else {
                let question = Self.removalQuestion(selected, pinned: pinned, l)
                let path =
                    "/api/remove-selected?"
                    + [Self.query(query.viewParameters), query.selectionQuery].filter { !$0.isEmpty }.joined(separator: "&")
                review = """
                    <p id="selection-summary">\(question) \
                    \(Controls.action(UIText.remove(l), path, name: question, icon: .remove, confirm: question, id: "remove-selection-now"))</p>
                    """
            }
        }
        return """
            <div class="selection-bar"><button type="submit" id="remove-selected">\(Icon.remove.svg)<span>\(UIText.removeSelected(l))</span></button>\
            </div>\(review)
            """
    }

    /// "Remove Berakhot 2, Berakhot 3 and 4 more (12 MB)?": the one confirmation of a removal of
    /// several, saying how many of them are pinned.
    static func removalQuestion(_ selected: [DownloadedLesson], pinned: Set<LessonID>, _ l: UserLanguage) -> String {
        let question = UIText.removeManyConfirm(
            UIText.names(selected.map(\.name), l), size: l.size(selected.reduce(0) { $0 + $1.bytes }), l)
        let pinnedCount = selected.filter { pinned.contains($0.lessonID) }.count
        return pinnedCount == 0 ? question : Message(.screenRemoveManyPinned, .number(pinnedCount)).text(l) + " " + question
    }

    /// `/downloads?sort=size&q=…`.
    static func href(_ parameters: [(String, String)]) -> String {
        parameters.isEmpty ? "/downloads" : "/downloads?" + query(parameters)
    }

    static func query(_ parameters: [(String, String)]) -> String {
        parameters.map { "\($0.0)=\(DownloadsQuery.encoded($0.1))" }.joined(separator: "&")
    }
}
