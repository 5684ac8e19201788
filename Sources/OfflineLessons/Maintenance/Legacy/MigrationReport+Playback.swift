import Foundation

extension MigrationReport {
    /// What a migration did (or would do) with the legacy player's data: the positions of
    /// `LessonWatched` and the recently played lessons of `lastWatchedLessons.json`. Every entry
    /// read is placed, ambiguous, unplaced, or rejected (in the report's ``MigrationReport/rejected``).
    public struct PlaybackImport: Sendable, Hashable, Codable {
        /// A position placed on a lesson.
        public struct Position: Sendable, Hashable, Codable {
            public var lesson: LessonID
            public var seconds: Double
            /// The entry it came from (`Library/Preferences/app.plist: LessonWatched[2]`).
            public var entry: String
        }

        /// The documents read, relative to the container.
        public var documents: [String] = []
        /// Position entries read (placed, ambiguous, unplaced and rejected together).
        public var positionsRead = 0
        public var positions: [Position] = []
        /// Positions whose bare id names both a Gemara and a Mishna lesson, which nothing tells apart.
        public var ambiguous: [String] = []
        /// Positions whose id no registry, metadata cache or recent list names.
        public var unplaced: [String] = []
        /// Positions new to the library (written, or to be written in a dry run); 0 on a second run.
        public var positionsWritten = 0
        /// Recently played entries read (accepted and rejected together).
        public var recentRead = 0
        /// The recently played lessons, most recent first.
        public var recent: [LessonID] = []
        /// Recently played lessons new to the library's list.
        public var recentWritten = 0

        public init() {}
    }
}
