import Foundation

/// Where things live under a library root. Paths are derived from (type, id, medium), never
/// stored: `media/gemara/247/audio.mp3` and `media/mishna/247/audio.mp3` can never collide.
struct LibraryLayout: Sendable, Hashable {
    /// The registry database, in the library root.
    static let databaseName = "library.sqlite"
    /// The suffix of a file still being downloaded, next to its destination.
    static let partialSuffix = ".partial"

    let root: URL
    /// `media/` under the root, as a path: file paths are made by joining strings, once per
    /// call, not by four URL appends (a download asks for them several times per file).
    let mediaPath: String

    init(root: URL) {
        self.root = root.standardizedFileURL
        mediaPath = self.root.appendingPathComponent("media", isDirectory: true).path
    }

    var databaseURL: URL { root.appendingPathComponent(Self.databaseName) }
    var mediaRoot: URL { URL(fileURLWithPath: mediaPath, isDirectory: true) }
    /// Where sync moves files it will not keep in place (a wrong size): never deleted.
    var asideFolder: URL { root.appendingPathComponent("aside", isDirectory: true) }

    /// The folder of a lesson's files.
    func folderPath(for lesson: LessonID) -> String {
        mediaPath + "/" + lesson.type.rawValue + "/" + String(lesson.id)
    }

    func folder(for lesson: LessonID) -> URL {
        URL(fileURLWithPath: folderPath(for: lesson), isDirectory: true)
    }

    /// The final file of a medium.
    func filePath(_ lesson: LessonID, _ medium: MediaKind) -> String {
        folderPath(for: lesson) + "/" + medium.fileName
    }

    /// The partial file a download streams into, next to the final file.
    func partialPath(_ lesson: LessonID, _ medium: MediaKind) -> String {
        filePath(lesson, medium) + Self.partialSuffix
    }

    /// The final file of a medium.
    func fileURL(_ lesson: LessonID, _ medium: MediaKind) -> URL {
        URL(fileURLWithPath: filePath(lesson, medium), isDirectory: false)
    }

    /// The partial file a download streams into, next to the final file.
    func partialURL(_ lesson: LessonID, _ medium: MediaKind) -> URL {
        URL(fileURLWithPath: partialPath(lesson, medium), isDirectory: false)
    }
}

extension MediaKind {
    /// `audio.mp3`, `video.mp4`, `text.pdf`.
    var fileName: String { rawValue + "." + fileExtension }
}
