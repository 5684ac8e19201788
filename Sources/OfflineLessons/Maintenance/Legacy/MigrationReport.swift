import Foundation

/// What `migrate` did (or, in a dry run, would do) with a legacy container: every source file is
/// either adopted or named here with the reason it was left in place.
public struct MigrationReport: Sendable, Hashable, Encodable {
    /// A registry or metadata entry that could not be read.
    public struct Rejection: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The document, relative to the container.
        public var source: String
        /// Where in the document (`gemara/1/3[2]`); empty for the whole document.
        public var path: String
        public var reason: String

        public var description: String { words.description }

        /// The rejection in the catalog's words, its reason recognised: said in either language.
        public var words: Message {
            let reason = Message.Argument.message(Phrasebook.recognize(reason))
            return path.isEmpty
                ? Message(.migrateRejectedWhole, .text(source), reason) : Message(.migrateRejectedAt, .text(source), .text(path), reason)
        }
    }

    /// A media file moved (or copied, across file systems) into the library.
    public struct Adoption: Sendable, Hashable, Codable {
        /// The source file, relative to the container.
        public var file: String
        public var lesson: LessonID
        /// "Shabbat 2", "Berakhot 1:3": when the masechet's name is known (the container's or the
        /// library's Shas).
        public var name: String?
        public var medium: MediaKind
        public var bytes: Int
        /// Where its lesson came from: the registry or metadata cache that placed it.
        public var placedBy: String
    }

    /// Why a file was left where it is.
    public enum LeftReason: String, Sendable, Hashable, Codable {
        /// A bare id that names both a Gemara and a Mishna lesson, and both snapshots have the link.
        case ambiguous
        /// No registry or metadata cache lists a lesson with its id.
        case unplaced
        /// Not a legacy media file.
        case unrelated
        /// Another copy of the same medium was adopted.
        case duplicate
        /// The library already has this medium.
        case alreadyInLibrary
        /// A download of this medium is running.
        case beingDownloaded
        /// Moving it failed (see the detail); nothing was lost.
        case failed
    }

    /// A file left in place, and why.
    public struct LeftFile: Sendable, Hashable, Codable, CustomStringConvertible {
        public var file: String
        public var reason: LeftReason
        public var detail: String

        public var description: String { "\(file): \(detail)" }
    }

    /// The container migrated.
    public var container: String
    public var dryRun: Bool
    /// The registries read (`Documents/downloadedLessons.json`, …), migrated ones included.
    public var registriesRead: [String] = []
    public var adopted: [Adoption] = []
    public var rejected: [Rejection] = []
    /// Lessons listed by both registries with different snapshots, and which one was kept.
    public var conflicts: [String] = []
    public var leftInPlace: [LeftFile] = []
    /// Registry entries with no media file in either folder (nothing to import).
    public var listedWithoutFiles: [String] = []
    /// Registries renamed with the `.migrated` suffix (after a run without failures).
    public var registriesRenamed: [String] = []
    /// The legacy player's positions and recently played lessons (their bad entries are in ``rejected``).
    public var playback = PlaybackImport()

    public init(container: String, dryRun: Bool) {
        self.container = container
        self.dryRun = dryRun
    }

    /// Lessons with at least one medium adopted, by type.
    public var gemaraLessons: Int { Set(adopted.filter { $0.lesson.type == .gemara }.map(\.lesson)).count }
    public var mishnaLessons: Int { Set(adopted.filter { $0.lesson.type == .mishna }.map(\.lesson)).count }
    public var bytesMoved: Int { adopted.reduce(0) { $0 + $1.bytes } }
    /// Files whose move failed: the run is then not a success and the registries keep their names.
    public var failures: [LeftFile] { leftInPlace.filter { $0.reason == .failed } }
    public var succeeded: Bool { failures.isEmpty }
    /// Whether the run found nothing to do (a second run after a complete one).
    public var changedNothing: Bool {
        adopted.isEmpty && registriesRenamed.isEmpty && playback.positionsWritten == 0 && playback.recentWritten == 0
    }

    /// The files left in place for `reason`.
    public func left(_ reason: LeftReason) -> [LeftFile] { leftInPlace.filter { $0.reason == reason } }

    enum CodingKeys: String, CodingKey {
        case container, dryRun, succeeded, gemaraLessons, mishnaLessons, bytesMoved, registriesRead, adopted, rejected
        case conflicts, leftInPlace, listedWithoutFiles, registriesRenamed, playback
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(container, forKey: .container)
        try c.encode(dryRun, forKey: .dryRun)
        try c.encode(succeeded, forKey: .succeeded)
        try c.encode(gemaraLessons, forKey: .gemaraLessons)
        try c.encode(mishnaLessons, forKey: .mishnaLessons)
        try c.encode(bytesMoved, forKey: .bytesMoved)
        try c.encode(registriesRead, forKey: .registriesRead)
        try c.encode(adopted, forKey: .adopted)
        try c.encode(rejected, forKey: .rejected)
        try c.encode(conflicts, forKey: .conflicts)
        try c.encode(leftInPlace, forKey: .leftInPlace)
        try c.encode(listedWithoutFiles, forKey: .listedWithoutFiles)
        try c.encode(registriesRenamed, forKey: .registriesRenamed)
        try c.encode(playback, forKey: .playback)
    }
}
