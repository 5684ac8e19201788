/// What `remove` did.
public struct RemovalReport: Sendable, Hashable, Codable {
    public struct Entry: Sendable, Hashable, Codable {
        public var lesson: LessonID
        public var medium: MediaKind
        /// Whether a file was on disk (false: the registry entry was all that was left).
        public var fileDeleted: Bool
    }
    public var removed: [Entry] = []
}
