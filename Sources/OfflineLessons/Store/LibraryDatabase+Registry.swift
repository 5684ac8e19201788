import Foundation
internal import GRDB

/// The registry: which lessons were requested (with their metadata and placement) and the state
/// of each of their media. Every change is one transaction that also appends to the event log.
extension LibraryDatabase {
    /// What to register for one lesson: the lesson and, per medium, its link (checked usable).
    struct Registration: Sendable {
        var lesson: PlacedLesson
        var media: [(MediaKind, String)]
    }

    /// Records a download request before any byte is fetched: the lesson's snapshot and placement,
    /// and a queued item per medium. Complete items stay complete; failed or missing ones are queued
    /// again; queued or downloading ones are left as they are (one download per item).
    /// Returns the items that need work, as this transaction left them: a download started right
    /// after takes its first request from them, with no registry access before it.
    ///
    /// `vanished` is asked about each item registered complete, with its recorded size: a reason
    /// when its file is gone or of another size. Such an item is marked missing (logged with the
    /// reason) and queued again, in the same transaction.
    @discardableResult
    func register(
        _ registrations: [Registration], at now: Date,
        vanished: @escaping @Sendable (MediaKey, Int) -> String? = { _, _ in nil }
    ) async throws -> [MediaItem] {
        try await registerRequest(registrations, at: now, vanished: vanished).pending
    }

    /// What a registration found: the items that need work (as it left them), and the items
    /// complete with their file in place, with their sizes.
    struct Registered: Sendable {
        var pending: [MediaItem] = []
        var complete: [MediaKey: Int] = [:]
    }

    /// ``register(_:at:vanished:)``, with the complete items too: a run reports them complete
    /// from this transaction's reading, with no read of its own for each.
    func registerRequest(
        _ registrations: [Registration], at now: Date,
        vanished: @escaping @Sendable (MediaKey, Int) -> String? = { _, _ in nil }
    ) async throws -> Registered {
        let requestedAt = StoredDate.text(now)
        // The date as a read of the row gives it back (to the millisecond), for the rows made here.
        let requestedDate =
            Array(requestedAt.utf8).withUnsafeBytes(StoredDate.parse) ?? Date.fromDatabaseValue(requestedAt.databaseValue) ?? now
        return try await write { db in
            var pass = RegistrationPass(
                now: now, requestedAt: (requestedAt, requestedDate), vanished: vanished,
                notYetRegistered: Set(registrations.map(\.lesson.id)))
            // A slice at a time, so that a long request's snapshots and items are never all held
            // at once; one transaction all the same.
            for start in stride(from: 0, to: registrations.count, by: Self.registrationSlice) {
                let slice = registrations[start..<min(start + Self.registrationSlice, registrations.count)]
                // The slice's lessons' items, in one read per lesson type (none for lessons never requested).
                pass.existingItems = try Self.items(of: slice.map(\.lesson.id), in: db)
                for registration in slice { try pass.register(registration, in: db) }
            }
            return pass.registered
        }
    }

    /// Lessons registered per read of their items.
    static let registrationSlice = 512

    /// The items of `lessons`, by lesson: one statement per lesson type.
    fileprivate static func items(of lessons: [LessonID], in db: Database) throws -> [LessonID: [MediaItem]] {
        typealias Columns = MediaItem.Columns
        var items: [LessonID: [MediaItem]] = [:]
        for type in LessonType.allCases {
            let ids = lessons.compactMap { $0.type == type ? $0.id : nil }
            if ids.isEmpty { continue }
            for item in try MediaItem.filter(Columns.type == type.rawValue && ids.contains(Columns.id)).fetchAll(db) {
                items[item.key.lesson, default: []].append(item)
            }
        }
        return items
    }

    /// One item, or `nil` when it was never requested.
    func mediaItem(_ key: MediaKey) async throws -> MediaItem? {
        try await read { db in try MediaItem.fetchOne(key, in: db) }
    }

    /// All items of a lesson.
    func mediaItems(of lesson: LessonID) async throws -> [MediaItem] {
        try await read { db in try MediaItem.matching(lesson).order(MediaItem.Columns.medium).fetchAll(db) }
    }

    /// Items in `states`, oldest request first.
    func mediaItems(in states: [MediaState]) async throws -> [MediaItem] {
        typealias Columns = MediaItem.Columns
        return try await read { db in
            try MediaItem.filter(states.map(\.rawValue).contains(Columns.state))
                .order(Columns.requestedAt, Columns.type, Columns.id, Columns.medium)
                .fetchAll(db)
        }
    }

    /// Whether a lesson is downloaded (audio or video complete): one indexed lookup, no file system.
    func isDownloaded(_ lesson: LessonID) async throws -> Bool {
        typealias Columns = MediaItem.Columns
        return try await read { db in
            try MediaItem.matching(lesson)
                .filter([MediaKind.audio.rawValue, MediaKind.video.rawValue].contains(Columns.medium))
                .filter(Columns.state == MediaState.complete.rawValue)
                .isEmpty(db) == false
        }
    }

    /// A registered lesson with its snapshot and placement.
    func registeredLesson(_ lesson: LessonID) async throws -> PlacedLesson? {
        try await read { db in
            try LessonRecord.matching(lesson).fetchOne(db)?.placed
        }
    }

    /// Every registered lesson with its items.
    func registeredLessons() async throws -> [(lesson: PlacedLesson, items: [MediaItem])] {
        try await read { db in
            let lessons = try LessonRecord.fetchAll(db).map(\.placed)
            var items: [LessonID: [MediaItem]] = [:]
            for item in try MediaItem.fetchAll(db) {
                items[item.key.lesson, default: []].append(item)
            }
            return lessons.map { ($0, (items[$0.id] ?? []).sorted { $0.key < $1.key }) }
        }
    }

    /// The event log, oldest first, optionally for one lesson.
    func events(of lesson: LessonID? = nil) async throws -> [RegistryEvent] {
        try await read { db in
            if let lesson {
                return try Row.fetchAll(
                    db, sql: "SELECT * FROM event WHERE type = ? AND id = ? ORDER BY seq", arguments: [lesson.type.rawValue, lesson.id]
                ).map(RegistryEvent.init(row:))
            }
            return try Row.fetchAll(db, sql: "SELECT * FROM event ORDER BY seq").map(RegistryEvent.init(row:))
        }
    }

    /// No medium requested, no plan, no player position, no setting but `ignoring`.
    func holdsNothing(ignoring setting: String) async throws -> Bool {
        try await read { db in
            for table in ["mediaItem", "plan", "playback"] where try db.tableExists(table) {
                if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 > 0 { return false }
            }
            guard try db.tableExists("setting") else { return true }
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM setting WHERE name != ?", arguments: [setting]) ?? 0 == 0
        }
    }
}

extension PlacedLesson {
    /// A row of the `lesson` or `catalogLesson` table: placement columns and the JSON snapshot.
    init(row: Row) throws {
        self.init(
            type: try row.decode(Column("type")),
            placement: Placement(sederId: row["sederId"], masechetId: row["masechetId"], chapter: row["chapter"]),
            lesson: try SnapshotCoding.decode(Lesson.self, from: row["json"]))
    }
}

/// One request's registration within its transaction (``LibraryDatabase/registerRequest(_:at:vanished:)``):
/// what its lessons share, and what it found.
private struct RegistrationPass {
    let now: Date
    /// `now` as stored, and as a read of the stored text gives it back.
    let requestedAt: (text: String, date: Date)
    /// Why an item registered complete is not (its file gone or of another size), if it is not.
    let vanished: (MediaKey, Int) -> String?
    /// The lessons whose items ``existingItems`` has as they are (not registered by this pass yet).
    var notYetRegistered: Set<LessonID>
    /// The current slice's lessons' items, as read before the slice.
    var existingItems: [LessonID: [MediaItem]] = [:]
    var registered = LibraryDatabase.Registered()

    init(
        now: Date, requestedAt: (text: String, date: Date), vanished: @escaping (MediaKey, Int) -> String?,
        notYetRegistered: Set<LessonID>
    ) {
        self.now = now
        self.requestedAt = requestedAt
        self.vanished = vanished
        self.notYetRegistered = notYetRegistered
    }

    /// Registers one lesson and its media. A lesson registered with the same snapshot and place
    /// is not written again: a request repeated over a finished library rewrites no row.
    mutating func register(_ registration: LibraryDatabase.Registration, in db: Database) throws {
        let json = try SnapshotCoding.encode(registration.lesson.lesson)
        let placed = registration.lesson
        try db.cachedStatement(
            sql: """
                INSERT INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt, duration, offersText)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(type, id) DO UPDATE SET
                  sederId = excluded.sederId, masechetId = excluded.masechetId, chapter = excluded.chapter,
                  number = excluded.number, json = excluded.json, duration = excluded.duration,
                  offersText = excluded.offersText
                WHERE json IS NOT excluded.json OR sederId IS NOT excluded.sederId
                  OR masechetId IS NOT excluded.masechetId OR chapter IS NOT excluded.chapter
                """
        ).execute(arguments: [
            placed.type.rawValue, placed.lesson.id, placed.placement.sederId, placed.placement.masechetId,
            placed.placement.chapter, placed.number, json, requestedAt.text, placed.lesson.duration,
            placed.lesson.link(for: .text) != nil,
        ])
        // Read before the slice, or again for a lesson named twice (its first registration wrote items).
        let existing =
            notYetRegistered.remove(placed.id) != nil
            ? existingItems[placed.id] ?? [] : try LibraryDatabase.items(of: [placed.id], in: db)[placed.id] ?? []
        for (medium, link) in registration.media {
            let key = MediaKey(placed.id, medium)
            let item = existing.first { $0.key.medium == medium }
            if let pending = try register(key, item, link: link, in: db) {
                registered.pending.append(pending)
            } else if let item, item.state == .complete {
                registered.complete[key] = item.receivedBytes
            }
        }
    }

    /// Registers one item (`item`: its row, if it has one); its row when it needs work.
    private func register(_ key: MediaKey, _ item: MediaItem?, link: String, in db: Database) throws -> MediaItem? {
        switch item?.state {
        case .complete:
            guard let item, let reason = vanished(key, item.receivedBytes) else { return nil }
            // Registered complete, its file gone: missing (logged), then queued again below.
            _ = try MediaItem.update(key, set: "state = 'missing'", unlessComplete: false, in: db)
            try RegistryEvent.append(.missing, key.lesson, key.medium, reason, at: now, in: db)
            return try requeue(key, link: link, in: db)
        case .queued, .downloading:
            return item
        case .failed, .missing, .corrupt:
            return try requeue(key, link: link, in: db)
        case nil:
            try db.cachedStatement(
                sql: "INSERT INTO mediaItem (type, id, medium, state, link, requestedAt) VALUES (?, ?, ?, 'queued', ?, ?)"
            )
            .execute(arguments: [key.lesson.type.rawValue, key.lesson.id, key.medium.rawValue, link, requestedAt.text])
            try RegistryEvent.append(.requested, key.lesson, key.medium, link, at: now, in: db)
            // The row inserted, as a read would give it (the table's defaults), without the read.
            return MediaItem(
                key: key, state: .queued, link: link, expectedBytes: nil, receivedBytes: 0, etag: nil, lastModified: nil,
                attempts: 0, lastError: nil, requestedAt: requestedAt.date, completedAt: nil, lastAccessAt: nil)
        }
    }

    /// A failed, missing or corrupt item requested again: queued, attempts reset, logged.
    private func requeue(_ key: MediaKey, link: String, in db: Database) throws -> MediaItem? {
        typealias Columns = MediaItem.Columns
        try MediaItem.matching(key).updateAll(
            db,
            [
                Columns.state.set(to: MediaState.queued.rawValue), Columns.link.set(to: link),
                Columns.attempts.set(to: 0), Columns.lastError.set(to: nil), Columns.requestedAt.set(to: now),
            ])
        try RegistryEvent.append(.requested, key.lesson, key.medium, Message(.detailRequestedAgain).description, at: now, in: db)
        return try MediaItem.fetchOne(key, in: db)
    }
}
