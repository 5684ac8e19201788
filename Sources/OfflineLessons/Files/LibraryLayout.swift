import Foundation

/// Where things live under a library root. Paths are derived from (type, id, medium), never
/// stored: `media/gemara/247/audio.mp3` and `media/mishna/247/audio.mp3` can never collide.
struct LibraryLayout: Sendable, Hashable {
    /// The registry database, in the library root.
    static let databaseName = "library.sqlite"
    /// The suffix of a file still being downloaded, next to its destination.
    static let partialSuffix = ".partial"

    let root: URL

    init(root: URL) { self.root = root.standardizedFileURL }

    var databaseURL: URL { root.appendingPathComponent(Self.databaseName) }
    var mediaRoot: URL { root.appendingPathComponent("media", isDirectory: true) }
    /// Where sync moves files it will not keep in place (a wrong size): never deleted.
    var asideFolder: URL { root.appendingPathComponent("aside", isDirectory: true) }

    func folder(for lesson: LessonID) -> URL {
        mediaRoot.appendingPathComponent(lesson.type.rawValue, isDirectory: true)
            .appendingPathComponent(String(lesson.id), isDirectory: true)
    }

    /// The final file of a medium.
    func fileURL(_ lesson: LessonID, _ medium: MediaKind) -> URL {
        folder(for: lesson).appendingPathComponent("\(medium.rawValue).\(medium.fileExtension)")
    }

    /// The partial file a download streams into, next to the final file.
    func partialURL(_ lesson: LessonID, _ medium: MediaKind) -> URL {
        folder(for: lesson).appendingPathComponent("\(medium.rawValue).\(medium.fileExtension)\(Self.partialSuffix)")
    }
}
