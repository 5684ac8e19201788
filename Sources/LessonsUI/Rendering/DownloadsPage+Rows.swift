import OfflineLessons

/// A lesson's row: its checkbox, name, size, files (each medium's remove button says whether
/// the PDF stays), a medium gone missing with "download again", and the lesson's actions.
extension DownloadsPage {
    func row(_ lesson: DownloadedLesson, _ l: UserLanguage) -> HTML {
        let id = lesson.lessonID
        let name = lesson.name
        let path = "\(lesson.type.rawValue)/\(lesson.id)"
        let isPinned = pinned.contains(id)
        let media = lesson.media.keys.sorted().compactMap(MediaKind.init(rawValue:))
        let files: HTML = "\(media.html { file($0, of: lesson, l) })\(unfinished(lesson, l))"
        let pin =
            isPinned
            ? Controls.action(UIText.unpin(l), "/api/unpin?lesson=\(id.description)", name: UIText.unpinNamed(name, l), icon: .pin)
            : Controls.action(UIText.pin(l), "/api/pin?lesson=\(id.description)", name: UIText.pinNamed(name, l), icon: .pin)
        let incomplete: HTML = lesson.complete ? .empty : " <span class=\"warning\">\(Icon.failed.svg)\(UIText.noPDF(l))</span>"
        let playable = media.contains { $0 != .text }
        let play: HTML =
            playable ? Controls.link(UIText.play(l), "/play/\(path)", name: UIText.playNamed(name, l), icon: .play, css: "play") : .empty
        // A lesson with no audio or video has no player, where its PDF shows: it opens here.
        let pdf: HTML = !playable && media.contains(.text) ? Controls.openPDF(path, of: name, l) : .empty
        let actions: HTML = """
            \(play)\(pdf)\(pin)\
            \(Controls.link(UIText.history(l), "/history/\(path)", name: UIText.historyOf(name, l), icon: .history, css: "history"))\
            \(Controls.action(UIText.remove(l), "/api/remove?lesson=\(id.description)", name: UIText.removeNamed(name, l), icon: .remove, confirm: UIText.removeLessonConfirm(name, size: l.size(lesson.bytes), pinned: isPinned, l)))
            """
        let groups = "chapter-\(DownloadsQuery.chapterKey(lesson)) masechet-\(DownloadsQuery.masechetKey(lesson))"
        return """
            <tr id="download-\(lesson.type.rawValue)-\(lesson.id)"\(isPinned ? " class=\"pinned\"" as HTML : .empty) data-bytes="\(lesson.bytes)">
            <th scope="row"><span class="pick-name">\(checkbox("lesson", id.description, title: UIText.select(name, l), in: groups))\
            <span id="\(Self.nameID("lesson", id.description))">\(name)\(isPinned ? " (\(UIText.pinned(l)))" as HTML : .empty)</span></span>\(incomplete)\(WatchedProgress.render(playbacks[id], of: name, l))</th>
            <td class="size">\(l.size(lesson.bytes))</td>
            <td class="files">\(files)</td>
            <td class="row-actions"><div class="actions">\(actions)</div></td>
            </tr>

            """
    }

    /// One complete file, with a remove button for audio and video (the PDF goes with the lesson).
    private func file(_ medium: MediaKind, of lesson: DownloadedLesson, _ l: UserLanguage) -> HTML {
        let bytes = lesson.media[medium.rawValue]?.bytes ?? 0
        var remove: HTML = .empty
        if medium != .text {
            let stays = pdfStays(removing: medium, of: lesson)
            remove = Controls.action(
                nil, "/api/remove?lesson=\(lesson.lessonID.description)&medium=\(medium.rawValue)",
                name: UIText.removeNamed(UIText.mediumAndPDF(lesson.name, medium.name(l), pdfStays: stays, l), l),
                icon: .remove, confirm: UIText.removeMediumConfirm(lesson.name, medium.name(l), pdfStays: stays, l))
        }
        let icon: Icon = medium == .text ? .pdf : medium == .video ? .video : .audio
        return """
            <span class="file" data-key="\(Format.itemKey(lesson.lessonID, medium))">\(icon.svg)<span>\(medium.name(l)) \(l.size(bytes))</span>\(remove)</span>
            """
    }

    /// Whether the PDF stays when `medium` goes: as the library decides it, while another audio
    /// or video of the lesson is registered (complete or not); `nil` when there is no PDF.
    func pdfStays(removing medium: MediaKind, of lesson: DownloadedLesson) -> Bool? {
        guard lesson.media[MediaKind.text.rawValue] != nil else { return nil }
        let others =
            lesson.media.keys.contains { $0 != medium.rawValue && $0 != MediaKind.text.rawValue }
            || lesson.unfinishedMedia.keys.contains { $0 != medium }
        return others
    }

    /// Audio or video registered and not complete: gone missing or failed (with a button that
    /// requests it again), or on its way.
    private func unfinished(_ lesson: DownloadedLesson, _ l: UserLanguage) -> HTML {
        lesson.unfinishedMedia.sorted { $0.key < $1.key }.html { medium, state in
            let key = Format.itemKey(lesson.lessonID, medium)
            switch state {
            case .missing, .failed, .corrupt:
                let what =
                    state == .missing ? UIText.missingMedium(medium.name(l), l) : "\(medium.name(l)): \(UIText.state(state.rawValue, l))"
                let scope = "type=\(lesson.type.rawValue)&masechet=\(lesson.masechetId)&lesson=\(lesson.id)&media=\(medium.rawValue)"
                let again = Controls.action(
                    UIText.downloadAgain(l), "/api/download?\(scope)",
                    name: UIText.downloadAgainNamed("\(lesson.name), \(medium.name(l))", l), icon: .download)
                return """
                    <span class="file state-\(state.rawValue)" data-key="\(key)" data-state="\(state.rawValue)">\(Icon.failed.svg)<span>\(what)</span>\(again)</span>
                    """
            default:
                return """
                    <span class="file state-\(state.rawValue)" data-key="\(key)" data-state="\(state.rawValue)">\(Icon.state(state.rawValue).svg)\
                    <span>\(medium.name(l)): \(UIText.state(state.rawValue, l))</span></span>
                    """
            }
        }
    }
}
