import Foundation

extension LessonLibrary {
    /// The downloads list: lessons with audio or video complete, grouped and sorted numerically
    /// in catalog order (seder, masechet, chapter, daf/mishna). Works without the Shas (ids then order).
    ///
    /// With `sync` (the default), a quick sync runs first, so that the list never shows a file that
    /// is gone nor misses one dropped into place (not in a read-only library). It reconciles as
    /// ``sync(_:progress:)`` does, but lists again only the lesson folders whose entries changed
    /// since this instance's last quick sync (one `stat` each for the others): a file rewritten
    /// in place under its own name is left to ``sync(_:progress:)``.
    ///
    /// While nothing is committed to the registry (by this process or another), the list is not
    /// read again, and a quick sync that finds every folder as the last one did, which had nothing
    /// to change, has nothing to change either: a library at rest costs its folder stamps.
    public func downloads(sync: Bool = true) async throws -> [DownloadedLesson] {
        try await downloads(sync: sync, includingMissing: false)
    }

    /// The downloads list; with `includingMissing`, also each lesson whose audio or video went
    /// missing (deleted by hand) or that keeps only its PDF, until it is removed or downloaded
    /// again. Each lesson's ``DownloadedLesson/unfinishedMedia`` says which medium is not complete.
    public func downloads(sync: Bool = true, includingMissing: Bool) async throws -> [DownloadedLesson] {
        if includingMissing {
            if sync, !isReadOnly { _ = try await quickSync(at: try await database.version()) }
            return try await readDownloadsList(includingMissing: true)
        }
        let version = try await database.version()
        guard sync, !isReadOnly else { return try await downloadsList(at: version) }
        // Read while the sync walks the folder; read again when the sync changed anything.
        async let early = downloadsList(at: version)
        let report = try await quickSync(at: version)
        let list = try await early
        return report.changes.isEmpty ? list : try await downloadsList(at: database.version())
    }

    /// The list from the registry alone (as read at `version`, when that was the last read).
    private func downloadsList(at version: LibraryDatabase.Version?) async throws -> [DownloadedLesson] {
        if let version, let kept = readCache.list(at: version) { return kept }
        let list = try await readDownloadsList()
        if let version { readCache.keepList(list, at: version) }
        return list
    }

    /// With `includingMissing`, also the lessons with no audio or video complete that have one
    /// missing or keep their PDF, each with its ``DownloadedLesson/unfinishedMedia``.
    func readDownloadsList(includingMissing: Bool = false) async throws -> [DownloadedLesson] {
        // Two reads at once, on two of the pool's connections.
        async let reading = database.registeredMedia(completeOnly: !includingMissing)
        let shas = try await database.cachedShas()?.shas
        var sederOrder: [Int: (Int, String)] = [:]
        var masechetOrder: [Int: (Int, String)] = [:]
        for seder in shas?.sedarim ?? [] {
            sederOrder[seder.id] = (seder.order, seder.name)
            for masechet in seder.masechtot { masechetOrder[masechet.id] = (masechet.order, masechet.name) }
        }
        let complete = try await reading  // ordered by lesson: a lesson's media are next to each other
        var rows: [(key: (Int, Int, Int, Int, Int, Int), lesson: DownloadedLesson)] = []
        rows.reserveCapacity(complete.count / 2 + 1)
        var start = complete.startIndex
        while start < complete.endIndex {
            let first = complete[start]
            let id = first.lesson
            var end = start + 1
            while end < complete.endIndex, complete[end].lesson == id { end += 1 }
            defer { start = end }
            let items = complete[start..<end]
            var media = [String: DownloadedLesson.File](minimumCapacity: end - start)
            var unfinished: [MediaKind: MediaState] = [:]
            for item in items {
                if item.state == .complete {
                    media[item.medium.rawValue] = .init(bytes: item.bytes, completedAt: item.completedAt)
                } else if item.medium != .text {
                    unfinished[item.medium] = item.state
                }
            }
            let listed =
                media.keys.contains { $0 != MediaKind.text.rawValue }
                || (includingMissing && (media[MediaKind.text.rawValue] != nil || unfinished.values.contains(.missing)))
            guard listed else { continue }
            let lesson = DownloadedLesson(
                type: id.type, id: id.id, sederId: first.placement.sederId, masechetId: first.placement.masechetId,
                chapter: first.placement.chapter, page: id.type == .gemara ? first.number : nil,
                mishna: id.type == .mishna ? first.number : nil, sederName: sederOrder[first.placement.sederId]?.1,
                masechetName: masechetOrder[first.placement.masechetId]?.1, media: media,
                complete: !first.offersText || media["text"] != nil, duration: first.duration, unfinishedMedia: unfinished)
            // The sort key, made once per lesson (not twice per comparison), a tuple (no array to allocate).
            let key = (
                sederOrder[lesson.sederId]?.0 ?? lesson.sederId, masechetOrder[lesson.masechetId]?.0 ?? lesson.masechetId,
                lesson.type == .gemara ? 0 : 1, lesson.chapter, lesson.page ?? lesson.mishna ?? 0, lesson.id
            )
            rows.append((key, lesson))
        }
        // Indices are sorted, not the lessons (large values, moved at every step of a sort).
        return rows.indices.sorted { rows[$0].key < rows[$1].key }.map { rows[$0].lesson }
    }

    /// The lessons whose audio or video is complete, from one read of the registry: for many
    /// "is this lesson downloaded?" questions at once (a screen of a masechet, a whole seder),
    /// each then answered by a set lookup. ``isDownloaded(_:)`` asks the registry each time.
    public func downloadedLessonIDs() async throws -> Set<LessonID> {
        try await database.downloadedLessonIDs()
    }

    /// Each lesson's state, per medium (registered or only in the catalog). With `sync` (the
    /// default), those lessons are synced with their folders first (``sync(lessons:_:)``: the
    /// cost does not grow with the library; not in a read-only library).
    public func status(of lessons: [PlacedLesson], sync: Bool = true) async throws -> [LessonStatus] {
        if sync, !isReadOnly { _ = try await self.sync(lessons: lessons.map(\.id)) }
        // One read for all of them: a status of a whole seder costs one hop to the registry.
        let registered = try await database.mediaItems(of: lessons.map(\.id))
        var names = LessonNames(shas: try await database.cachedShas()?.shas)
        names.add(lessons)
        var result: [LessonStatus] = []
        for placed in lessons {
            let items = Dictionary((registered[placed.id] ?? []).map { ($0.key.medium, $0) }, uniquingKeysWith: { a, _ in a })
            let media = MediaKind.allCases.map { medium in
                if let item = items[medium] {
                    return MediumStatus(
                        medium: medium, state: item.state.rawValue, bytes: item.receivedBytes,
                        expectedBytes: item.expectedBytes, attempts: item.attempts, lastError: item.lastError)
                }
                return MediumStatus(medium: medium, state: placed.lesson.link(for: medium) == nil ? "unavailable" : "not requested")
            }
            let downloaded = items.values.contains { $0.state == .complete && $0.key.medium != .text }
            result.append(
                LessonStatus(
                    type: placed.type, id: placed.lesson.id, name: names.name(placed.id), masechetId: placed.placement.masechetId,
                    chapter: placed.placement.chapter, number: placed.number, downloaded: downloaded, media: media))
        }
        return result
    }

    /// Removes media of the registered lessons the selectors name (see ``remove(_:media:)``).
    /// Works offline: lessons are found in the registry; masechet names need the Shas (cached, or
    /// fetched when a server is configured).
    public func remove(matching selectors: [LessonSelector], media: [MediaKind]? = nil, dryRun: Bool = false) async throws
        -> RemovalReport
    {
        try await remove(registeredLessons(matching: selectors), media: media, dryRun: dryRun)
    }

    /// Removes media of lessons: files first, then registry rows, each removal logged. Without
    /// `media`, everything of the lesson goes. A lesson left without audio or video loses its PDF
    /// too. Entries whose files are already gone are removed all the same (legacy B12). A dry run
    /// reports the same and changes nothing.
    public func remove(_ lessons: [LessonID], media: [MediaKind]? = nil, dryRun: Bool = false) async throws -> RemovalReport {
        if !dryRun {
            try checkWritable()
            try store.checkFolders()
        }
        var report = RemovalReport(dryRun: dryRun)
        for lesson in lessons {
            let items = try await database.mediaItems(of: lesson)
            var chosen = Set(items.map(\.key.medium).filter { media?.contains($0) ?? true })
            // The PDF goes with the last audio or video row (legacy B25).
            if !items.contains(where: { !chosen.contains($0.key.medium) && $0.key.medium != .text }) {
                chosen.formUnion(items.map(\.key.medium).filter { $0 == .text })
            }
            // File, then row, one item at a time: an error leaves every earlier item consistent.
            for key in chosen.sorted().map({ MediaKey(lesson, $0) }) {
                let bytes = store.finalSize(key) ?? 0
                let state = items.first { $0.key == key }?.state
                guard !dryRun else {
                    report.removed.append(
                        .init(lesson: lesson, medium: key.medium, fileDeleted: store.finalSize(key) != nil, bytes: bytes, state: state))
                    continue
                }
                // A failure is thrown, not swallowed: every deletion is reported.
                let deleted = try await removeItem(key, reason: Message(.detailRemovedByRequest).description, kind: .removed)
                report.removed.append(
                    .init(lesson: lesson, medium: key.medium, fileDeleted: deleted, bytes: deleted ? bytes : 0, state: state))
            }
        }
        return report
    }
}
