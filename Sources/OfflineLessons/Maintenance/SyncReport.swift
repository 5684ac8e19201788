/// One step of a sync: what was found for which lesson and medium, what was done (or, in a dry
/// run, would be done), and why.
public struct SyncAction: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// Registered complete, the file is gone.
        case missing
        /// Registered complete, the file has the wrong size: moved aside (never deleted).
        case corrupt
        /// Registered and not complete, the whole file is in place (a crash after its rename,
        /// or a file that came back): taken as complete.
        case adopted
        /// Not registered, a final file of a lesson the library knows: registered as complete.
        case discovered
        /// Not needed by any download: a partial file, removed.
        case removedPartial
        /// Missing or corrupt, queued again (`repair`).
        case requeued
        /// A file the library cannot place: reported, left as it is.
        case unknown
    }

    public var type: LessonType?
    public var id: Int?
    public var medium: MediaKind?
    public var action: Kind
    /// The file concerned, relative to the library root.
    public var path: String?
    /// What was found.
    public var found: String
    /// The size of the file found, when there is one.
    public var bytes: Int?
    public var reason: String
    /// "Shabbat 2 audio", when a caller named it (``SyncReport/named(by:)``).
    public var name: String? = nil

    /// Whether the step changes the library (an unknown file is only reported).
    public var changes: Bool { action != .unknown }

    public var key: MediaKey? {
        guard let type, let id, let medium else { return nil }
        return MediaKey(LessonID(type, id), medium)
    }
}

/// How a sync runs.
public struct SyncOptions: Sendable, Hashable {
    /// Report what would be done; change nothing.
    public var dryRun: Bool
    /// Queue missing and corrupt media again (a download then fetches them).
    public var repair: Bool
    /// Hash every complete file whose recorded ETag is a plain MD5 and compare: a mismatch is
    /// corrupt. Reads every such file in full.
    public var verify: Bool

    public init(dryRun: Bool = false, repair: Bool = false, verify: Bool = false) {
        self.dryRun = dryRun
        self.repair = repair
        self.verify = verify
    }
}

/// How far long maintenance work has come: files hashed by `sync --verify`, files moved by `migrate`.
public struct MaintenanceProgress: Sendable, Hashable {
    public var files: Int
    public var totalFiles: Int
    public var bytes: Int
    public var totalBytes: Int
}

/// What a sync did (or would do): one action per step, with its reason.
public struct SyncReport: Sendable, Hashable, Codable {
    public var actions: [SyncAction]
    public var dryRun: Bool
    /// Files seen in the one walk of the media folder.
    public var filesSeen: Int
    /// Registry items read.
    public var itemsSeen: Int
    /// With `verify`: complete files hashed and compared with their MD5 ETag.
    public var verified: Int = 0
    /// With `verify`: complete files whose ETag is not a plain MD5 (weak, multipart, none), not checked.
    public var unverifiable: Int = 0

    /// The steps that change the library.
    public var changes: [SyncAction] { actions.filter(\.changes) }

    /// The report with each step's lesson and medium named.
    public func named(by names: LessonNames) -> SyncReport {
        var named = self
        for index in named.actions.indices { named.actions[index].name = actions[index].key.map { names.name($0) } }
        return named
    }

    /// One line: "3 missing, 1 adopted" (or "nothing to do").
    public var summary: String { summaryWords.description }
}
