/// What `remove` did.
public struct RemovalReport: Sendable, Hashable, Codable {
    public struct Entry: Sendable, Hashable, Codable {
        public var lesson: LessonID
        public var medium: MediaKind
        /// Whether a file was on disk (false: the registry entry was all that was left).
        public var fileDeleted: Bool
        /// The bytes its file held (or holds, in a dry run).
        public var bytes: Int = 0
        /// The item's state before: `queued`, `downloading` or `failed` when it was never downloaded.
        public var state: MediaState?
        /// The item removed.
        public var key: MediaKey { MediaKey(lesson, medium) }
    }
    /// What was removed, or in a dry run what would be.
    public var removed: [Entry] = []
    /// Whether nothing was removed, only said.
    public var dryRun = false
    /// The bytes of the files removed.
    public var bytes: Int { removed.filter(\.fileDeleted).reduce(0) { $0 + $1.bytes } }
}
