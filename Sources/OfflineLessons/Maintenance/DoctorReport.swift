/// What `doctor` found: one entry per problem, with what to run to fix it. Read-only.
public struct DoctorReport: Sendable, Hashable, Codable {
    /// What fixes a problem.
    public enum Fix: String, Sendable, Hashable, Codable {
        /// A sync brings the registry and the folder into agreement.
        case sync
        /// A sync that also downloads what is missing or corrupt again.
        case repair
        /// A download run (failed items are retried, pending ones finished).
        case download
        /// The file is not the library's: move it out of the media folder.
        case moveOut
        /// The database is damaged: restore it from a backup.
        case restore
    }

    public struct Problem: Sendable, Hashable, Codable {
        /// `missing`, `corrupt`, `adopted`, `discovered`, `removedPartial`, `unknown` (what sync
        /// would do), `failed`, `pending`, `integrity`.
        public var kind: String
        public var type: LessonType?
        public var id: Int?
        public var medium: MediaKind?
        public var path: String?
        public var detail: String
        public var fix: Fix

        public var key: MediaKey? {
            guard let type, let id, let medium else { return nil }
            return MediaKey(LessonID(type, id), medium)
        }
    }

    public var problems: [Problem]
    /// `PRAGMA integrity_check`'s answer: `["ok"]` when the database is sound.
    public var integrity: [String]
    public var lessons: Int
    public var files: Int

    public var healthy: Bool { problems.isEmpty }
}
