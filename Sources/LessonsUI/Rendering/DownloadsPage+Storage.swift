import OfflineLessons

/// The storage bar (lessons, other, free: drawn, and said in words), the maximum size with a
/// preview of what it would remove, and the clean preview.
extension DownloadsPage {
    func storageSection(_ l: UserLanguage) -> HTML {
        let lessons = totalBytes
        guard let disk else {
            return """
                <section id="storage" aria-labelledby="storage-title"><h2 id="storage-title">\(UIText.storage(l))</h2>
                <p><span id="total-size">\(UIText.total(l)): \(l.size(lessons))</span> · \(UIText.storageUnknown(l))</p></section>
                """
        }
        let other = disk.other(besides: lessons)
        // Shares of the bar, in tenths of a percent; a part that is not empty shows at least a sliver.
        func share(_ bytes: Int) -> String {
            let permille = bytes == 0 ? 0 : max(Int((Double(bytes) / Double(disk.total) * 1000).rounded()), 5)
            return "\(permille / 10).\(permille % 10)%"
        }
        let summary = UIText.storageSummary(
            lessons: l.size(lessons), other: l.size(other), free: l.size(disk.free), total: l.size(disk.total), l)
        return """
            <section id="storage" aria-labelledby="storage-title"><h2 id="storage-title">\(UIText.storage(l))</h2>
            <div class="storage-bar" aria-hidden="true"><span class="part-lessons" style="width: \(share(lessons))"></span>\
            <span class="part-other" style="width: \(share(other))"></span></div>
            <p id="storage-summary" class="visually-hidden">\(summary)</p>
            <ul class="storage-legend" aria-hidden="true">
            <li><span class="swatch part-lessons"></span>\(UIText.storageLessons(l)) <strong id="storage-lessons" data-bytes="\(lessons)">\(l.size(lessons))</strong></li>
            <li><span class="swatch part-other"></span>\(UIText.storageOther(l)) <strong id="storage-other" data-bytes="\(other)">\(l.size(other))</strong></li>
            <li><span class="swatch part-free"></span>\(UIText.storageFree(l)) <strong id="free-space" data-bytes="\(disk.free)">\(l.size(disk.free))</strong></li>
            </ul>
            <p class="size" aria-hidden="true"><span id="total-size">\(UIText.total(l)): \(l.size(lessons))</span> · \(UIText.disk(l)): \(l.size(disk.total))</p>
            </section>
            """
    }

    /// The maximum size: the one kept, a form to preview another, and what that one would remove.
    func quotaSection(_ l: UserLanguage) -> HTML {
        let current: HTML =
            storedQuota.map { quota in
                """
                <p id="quota-now">\(UIText.quotaNow(l.size(quota), used: l.size(totalBytes), l))</p>
                \(Controls.action(UIText.quotaClear(l), "/api/quota", name: UIText.quotaClear(l), icon: .cancel, id: "quota-clear"))
                """
            } ?? "<p id=\"quota-now\">\(UIText.quotaNone(l))</p>"
        let shownMB = query.quotaMB ?? storedQuota.map { max($0 / 1_000_000, 1) }
        var preview: HTML = .empty
        if let mb = query.quotaMB, let report = quotaPreview {
            let size = l.size(mb * 1_000_000)
            let list: HTML =
                report.actions.isEmpty
                ? "<p>\(UIText.quotaRemovesNothing(size, l))</p>"
                : """
                <p>\(UIText.quotaWouldRemove(size, l)) \(l.size(report.bytesFreed))</p>
                \(removals(report.actions, l))
                """
            let confirm = UIText.quotaKeepConfirm(size, files: report.actions.count, freed: l.size(report.bytesFreed), l)
            preview = """
                <div id="quota-preview">\(list)\
                \(Controls.action(UIText.quotaKeep(size, l), "/api/quota?maxMB=\(mb)", name: UIText.quotaKeep(size, l), icon: .remove, confirm: confirm, id: "quota-keep"))</div>
                """
        }
        return """
            <section id="quota"><h2>\(UIText.quotaTitle(l))</h2>\(current)
            <form method="get" action="/downloads">\(query.viewParameters.html { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\($0.1)\">" })\
            <label>\(UIText.quotaMB(l)) <input type="number" name="maxMB" min="1" value="\(shownMB.map(String.init) ?? "")"></label> \
            <button type="submit">\(Icon.refresh.svg)<span>\(UIText.previewQuota(l))</span></button></form>
            \(preview)</section>
            """
    }

    /// What a clean would remove: the lessons a reason shares listed under it once ("the library
    /// holds more than 1.0 MB: …"), a reason of one lesson alone beside it.
    func removals(_ actions: [CleanAction], _ l: UserLanguage) -> HTML {
        var groups: [(reason: String, actions: [CleanAction])] = []
        for action in actions {
            let reason = UIText.reason(action.reason, l)
            if let index = groups.firstIndex(where: { $0.reason == reason }) {
                groups[index].actions.append(action)
            } else {
                groups.append((reason, [action]))
            }
        }
        let item = { (action: CleanAction) -> HTML in "\(names.name(action.key, l)) \(l.size(action.bytes))" }
        return """
            <ul class="removals">\(groups.html { group in
                group.actions.count == 1
                    ? "<li>\(item(group.actions[0])) — \(group.reason)</li>"
                    : "<li><span class=\"reason\">\(group.reason)</span><ul>\(group.actions.html { "<li>\(item($0))</li>" })</ul></li>"
            })</ul>
            """
    }

    /// What `clean` would remove now: older than 30 days, and over the maximum size kept.
    func cleanSection(_ l: UserLanguage) -> HTML {
        let quota = storedQuota.map { "&maxMB=\(max($0 / 1_000_000, 1))" } ?? ""
        let list: HTML =
            clean.actions.isEmpty
            ? "<p>\(UIText.cleanNothing(l))</p>"
            : """
            <p>\(UIText.cleanPreview(l)) \(l.size(clean.bytesFreed)):</p>
            \(removals(clean.actions, l))
            \(Controls.action(UIText.cleanRun(l), "/api/clean?days=30\(quota)", name: UIText.cleanRun(l), icon: .remove, confirm: UIText.cleanConfirm(clean, l), id: "clean-run"))
            """
        return """
            <section id="clean"><h2>\(UIText.cleanTitle(quota: storedQuota.map { l.size($0) }, l))</h2>
            \(list)</section>
            """
    }
}
