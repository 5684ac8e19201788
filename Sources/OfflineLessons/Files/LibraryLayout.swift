import Foundation

/// Where things live under a library root. Paths are derived from (type, id, medium), never
/// stored: `media/gemara/247/audio.mp3` and `media/mishna/247/audio.mp3` can never collide.
public struct LibraryLayout: Sendable, Hashable {
    /// The registry database, in the library root.
    public static let databaseName = "library.sqlite"
    /// The suffix of a file still being downloaded, next to its destination.
    public static let partialSuffix = ".partial"

    public let root: URL

    public init(root: URL) { self.root = root.standardizedFileURL }

    public var databaseURL: URL { root.appendingPathComponent(Self.databaseName) }
    public var mediaRoot: URL { root.appendingPathComponent("media", isDirectory: true) }

    /// `media/<type>/<id>/<medium>.<ext>`, relative to the root.
    public static func relativePath(_ lesson: LessonID, _ medium: MediaKind) -> String {
        "media/\(lesson.type.rawValue)/\(lesson.id)/\(medium.rawValue).\(medium.fileExtension)"
    }

    public func folder(for lesson: LessonID) -> URL {
        mediaRoot.appendingPathComponent(lesson.type.rawValue, isDirectory: true)
            .appendingPathComponent(String(lesson.id), isDirectory: true)
    }

    /// The final file of a medium.
    public func fileURL(_ lesson: LessonID, _ medium: MediaKind) -> URL {
        folder(for: lesson).appendingPathComponent("\(medium.rawValue).\(medium.fileExtension)")
    }

    /// The partial file a download streams into, next to the final file.
    public func partialURL(_ lesson: LessonID, _ medium: MediaKind) -> URL {
        folder(for: lesson).appendingPathComponent("\(medium.rawValue).\(medium.fileExtension)\(Self.partialSuffix)")
    }
}
