import Foundation

extension LessonLibrary {
    /// Brings the registry and the media folder into agreement, in both directions, from one walk
    /// of the folder and one read of the registry (see the reconciliation table in
    /// <doc:Consistency>). Every change is logged with its reason; a file is never deleted, only
    /// moved aside; unknown files are reported and left. With `dryRun`, reports what it would do
    /// and changes nothing. A second sync finds nothing to do.
    ///
    /// With ``SyncOptions/verify``, every complete file whose recorded ETag is a plain MD5 is hashed
    /// (off the cooperative pool, `progress` told after each block) and a mismatch is corrupt.
    public func sync(
        _ options: SyncOptions = SyncOptions(),
        progress: (@Sendable (MaintenanceProgress) -> Void)? = nil
    ) async throws -> SyncReport {
        try await reconcile(options, only: nil, quick: false, progress: progress)
    }

    /// The same reconciliation for some lessons only: their folders and their registry rows, so
    /// that its cost does not grow with the library (``status(of:sync:)`` syncs the lessons it
    /// reports this way). Files elsewhere are neither looked at nor reported.
    public func sync(lessons: [LessonID], _ options: SyncOptions = SyncOptions()) async throws -> SyncReport {
        try await reconcile(options, only: Array(Set(lessons)), quick: false, progress: nil)
    }

    /// The sync ``downloads(sync:)`` runs: the full reconciliation, from a walk that lists again
    /// only the lesson folders whose entries changed since the last quick sync of this instance
    /// (``FolderMemo``): a file gone or dropped into place is always seen; a file rewritten in
    /// place under its name is left to ``sync(_:progress:)``.
    ///
    /// `version`: the registry's, taken before anything is read. When the last quick sync found
    /// nothing to change at that same version, and the walk hands back that sync's snapshot
    /// (nothing changed in the folders either), its report is the answer, without a read of the
    /// registry or a plan. Otherwise the registry is read, then the folders walked, as always.
    func quickSync(at version: LibraryDatabase.Version?) async throws -> SyncReport {
        try store.checkFolders()
        if let version, let quiet = readCache.quietSync(at: version) {
            let snapshot = try await DirectorySnapshot.take(of: layout, memo: folderMemo)
            if snapshot.serial != 0, snapshot.serial == quiet.snapshot {
                readCache.answeredQuietly()
                return quiet.report
            }
        }
        return try await reconcile(SyncOptions(), only: nil, quick: true, version: version, progress: nil)
    }

    private func reconcile(
        _ options: SyncOptions, only lessons: [LessonID]?, quick: Bool,
        version: LibraryDatabase.Version? = nil,
        progress: (@Sendable (MaintenanceProgress) -> Void)?
    ) async throws -> SyncReport {
        if !options.dryRun { try checkWritable() }
        try store.checkFolders()
        let layout = self.layout
        // The registry first, then the folder: a download that commits in between has its file
        // in place by the time of the walk (an item is never marked missing for a file that was
        // only still partial); every change below re-checks the row it changes.
        let items = if let lessons { try await database.registrySnapshot(of: lessons) } else { try await database.registrySnapshot() }
        // What --verify hashes: the complete items, whole (their ETags), read before the walk too.
        let complete = options.verify ? try await database.mediaItems(in: [.complete]) : []
        let snapshot =
            if let lessons {
                try await DirectorySnapshot.take(of: layout, lessons: lessons)
            } else {
                try await DirectorySnapshot.take(of: layout, memo: quick ? folderMemo : nil)
            }
        // Files that no item names (usually none): is their lesson registered, or in the catalog cache?
        let registered = try await database.registered(among: Reconciler.lessonsWithoutItems(snapshot, items: items))
        var known = Set<LessonID>()
        for lesson in Reconciler.unregisteredLessons(snapshot, items: items, registered: registered)
        where try await database.cachedLesson(lesson) != nil {
            known.insert(lesson)
        }
        let reconciler = Reconciler(items: items, registeredLessons: registered, repair: options.repair)
        var actions = reconciler.plan(snapshot, known: known)
        if actions.contains(where: { $0.action == .discovered }) { actions = await checkedDiscoveries(actions) }
        // Nothing to change (before any step is set aside for a download at work): kept for the
        // next quick sync at the same version.
        let quiet = quick && !actions.contains(where: \.changes)
        var verification = ContentCheck()
        var planned = items
        if options.verify {
            let untouched = Set(actions.compactMap(\.key))
            let candidates = complete.filter {
                items[$0.key]?.state == .complete && !untouched.contains($0.key) && snapshot.finals[$0.key] != nil
            }
            verification = try await check(candidates, repair: options.repair, progress: progress)
            actions += verification.actions
            // A file hashed, then replaced at the same size by a download (another process),
            // shows in its completion time: a step on it needs that too.
            for item in candidates { planned[item.key] = ItemState(item) }
        }
        // What a download is writing or placing right now is its business, not sync's.
        actions = actions.filter { action in
            guard action.changes, let key = action.key else { return true }
            return !store.isBeingWritten(key) && !store.isBeingPlaced(key)
        }
        if !options.dryRun { actions = try await applied(actions, planned: planned, repair: options.repair) }
        var report = SyncReport(actions: actions, dryRun: options.dryRun, filesSeen: snapshot.entries.count, itemsSeen: items.count)
        report.verified = verification.verified
        report.unverifiable = verification.unverifiable
        if quick { readCache.keepQuietSync(quiet ? version.map { .init(version: $0, snapshot: snapshot.serial, report: report) } : nil) }
        return report
    }

    /// Applies the steps, in order, and returns those taken. A step whose premise changed since
    /// the plan (a download moved on, a file came back) is left for the next sync, and so are the
    /// later steps of its item.
    func applied(_ actions: [SyncAction], planned items: [MediaKey: ItemState], repair: Bool) async throws -> [SyncAction] {
        var taken: [SyncAction] = []
        var left = Set<MediaKey>()
        for action in actions {
            guard let key = action.key else {
                taken.append(action)
                continue
            }
            guard !left.contains(key) else { continue }
            // A complete item set aside as corrupt with repair was queued again with its mark.
            var done =
                action.action == .requeued && items[key]?.state == .complete
                && taken.last.map { $0.key == key && $0.action == .corrupt } == true
            if !done { done = try await apply(action, planned: items[key], repair: repair) }
            if done {
                taken.append(action)
            } else {
                left.insert(key)
            }
        }
        return taken
    }

    /// Takes one step; false when its premise no longer holds.
    private func apply(_ action: SyncAction, planned: ItemState?, repair: Bool) async throws -> Bool {
        guard let key = action.key else { return true }
        switch action.action {
        case .missing:
            guard store.finalSize(key) == nil else { return false }  // back in place since the walk
            return try await database.markMissing(key, reason: Message(.detailSync, .text(action.reason)).description, at: now())
        case .corrupt where planned == nil:
            return try await setAsideUnregistered(key, bytes: action.bytes)
        case .corrupt, .adopted:
            guard store.finalSize(key) == action.bytes else { return false }  // changed since the walk
            // Held as a download holds it: no download claims, adopts or places the item between
            // the check that the row and the file are as planned and the steps taken on them.
            let taken = try await store.holding(key) { () async throws -> Bool in
                guard let item = try await database.mediaItem(key), planned?.describes(item) == true,
                    store.finalSize(key) == action.bytes
                else { return false }
                do {
                    if action.action == .adopted {
                        try await adopt(key, bytes: action.bytes ?? 0)
                    } else {
                        try await setAside(key, action, repair: repair)
                    }
                } catch RegistryError.notRegistered, FileError.posix(_, _, ENOENT) {
                    return false  // removed meanwhile (a removal does not take the lock)
                }
                return true
            }
            return taken ?? false
        case .discovered:
            guard store.finalSize(key) == action.bytes else { return false }  // gone or changed since the walk
            var placed = try await database.registeredLesson(key.lesson)
            if placed == nil { placed = try await database.cachedLesson(key.lesson) }
            guard let placed else { return false }
            let link = placed.lesson.link(for: key.medium) ?? ""
            return try await database.discover(key, of: placed, link: link, bytes: action.bytes ?? 0, at: now())
        case .removedPartial:
            do {
                try await store.deletePartial(key)
            } catch FileError.inUse {
                return false  // a download took it meanwhile: it is its own again
            }
        case .requeued:
            // A missing item is queued here, unless a download took it meanwhile.
            return try await database.requeueForRepair(key, at: now())
        case .unknown:
            break
        }
        return true
    }

    /// A file of the recorded size in place of an item that is not complete, registered.
    private func adopt(_ key: MediaKey, bytes: Int) async throws {
        try await store.flushPlacement(key)
        await beforeCommit?(key)
        try await database.markComplete(key, bytes: bytes, event: .adopted, at: now())
    }

    /// A file the registry does not vouch for, moved aside. The registry first: killed before the
    /// move, the next sync finds an item that is not complete beside a file of the wrong size, and
    /// moves it then; never the other way round (a file aside that the registry still calls
    /// complete would be reported missing).
    private func setAside(_ key: MediaKey, _ action: SyncAction, repair: Bool) async throws {
        let aside = try await store.asideName(for: key, at: now())
        try await database.markCorrupt(
            key, reason: Message(.detailSyncFound, .text(action.found), .text(action.reason)).description, movedTo: aside,
            requeue: repair, at: now())
        await beforeCommit?(key)
        try await store.moveAside(key, to: aside)
    }
}
