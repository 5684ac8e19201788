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
        /// The queue is paused: resume it, then a download run.
        case resumeAndDownload
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
        /// The lesson as people name it ("Berakhot 2", "Berakhot 1:3"), when the registry places it.
        public var lessonName: String? = nil

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

    /// Problems alike: one kind, one fix, one detail (a failure's attempt count aside).
    public struct Group: Sendable, Hashable {
        public var kind: String
        public var detail: String
        public var fix: Fix
        /// In the report's order.
        public var problems: [Problem]
    }

    /// The problems grouped, so that a hundred alike read as one line: the largest group first,
    /// then by kind and detail.
    public var groups: [Group] {
        var groups: [Group] = []
        var index: [String: Int] = [:]
        for problem in problems {
            let detail = Self.alike(problem.detail)
            let key = "\(problem.kind)\u{0}\(problem.fix.rawValue)\u{0}\(detail)"
            if let at = index[key] {
                groups[at].problems.append(problem)
            } else {
                index[key] = groups.count
                groups.append(Group(kind: problem.kind, detail: detail, fix: problem.fix, problems: [problem]))
            }
        }
        return groups.sorted { ($1.problems.count, $0.kind, $0.detail) < ($0.problems.count, $1.kind, $1.detail) }
    }

    /// A failure's reason without the attempt count a download adds when it gives up.
    static func alike(_ detail: String) -> String {
        guard detail.hasSuffix(" attempts)"), let open = detail.range(of: " (gave up after ", options: .backwards) else { return detail }
        let count = detail[open.upperBound...].dropLast(" attempts)".count)
        return count.allSatisfy(\.isNumber) && !count.isEmpty ? String(detail[..<open.lowerBound]) : detail
    }
}
