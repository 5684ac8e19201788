import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One pass over a library's media folder: every file with its size and modification time, and
/// the item its path names under ``LibraryLayout`` (`media/<type>/<id>/<medium>.<ext>`, or that
/// name + `.partial`). A path the layout does not name is kept, unplaced, to be reported.
struct DirectorySnapshot: Sendable {
    struct Entry: Sendable, Hashable {
        /// Relative to the library root: `media/gemara/3/audio.mp3`.
        var path: String
        var size: Int
        var modified: Date
        /// The item the path names, or `nil` for a file the layout does not name.
        var key: MediaKey?
        var isPartial: Bool
    }

    var entries: [Entry]

    /// Final files by item.
    var finals: [MediaKey: Entry] {
        Dictionary(entries.compactMap { entry in entry.isPartial ? nil : entry.key.map { ($0, entry) } }, uniquingKeysWith: { a, _ in a })
    }

    /// Partial files by item.
    var partials: [MediaKey: Entry] {
        Dictionary(entries.compactMap { entry in entry.isPartial ? entry.key.map { ($0, entry) } : nil }, uniquingKeysWith: { a, _ in a })
    }

    /// Files the layout does not name.
    var unplaced: [Entry] { entries.filter { $0.key == nil } }

    /// Walks `media/` once (blocking: run it off the cooperative pool). A missing media folder is
    /// an empty library.
    static func take(of layout: LibraryLayout) throws -> DirectorySnapshot {
        var entries: [Entry] = []
        let media = layout.mediaRoot.path
        for typeName in try names(in: media) {
            let typeFolder = media + "/" + typeName
            guard isDirectory(typeFolder) else {
                entries += file(at: typeFolder, relative: "media/\(typeName)", key: nil, isPartial: false)
                continue
            }
            let type = LessonType(rawValue: typeName)
            for idName in try names(in: typeFolder) {
                let lessonFolder = typeFolder + "/" + idName
                let relativeFolder = "media/\(typeName)/\(idName)"
                guard isDirectory(lessonFolder) else {
                    entries += file(at: lessonFolder, relative: relativeFolder, key: nil, isPartial: false)
                    continue
                }
                let lesson = type.flatMap { type in Int(idName).flatMap { $0 > 0 && String($0) == idName ? LessonID(type, $0) : nil } }
                for name in try names(in: lessonFolder) {
                    let (medium, isPartial) = lesson == nil ? (nil, false) : Self.medium(named: name)
                    let key = medium.flatMap { medium in lesson.map { MediaKey($0, medium) } }
                    entries += file(at: lessonFolder + "/" + name, relative: relativeFolder + "/" + name, key: key, isPartial: isPartial)
                }
            }
        }
        return DirectorySnapshot(entries: entries)
    }

    /// `audio.mp3` → audio; `audio.mp3.partial` → audio, partial; anything else → `nil`.
    static func medium(named name: String) -> (MediaKind?, Bool) {
        for medium in MediaKind.allCases {
            let final = "\(medium.rawValue).\(medium.fileExtension)"
            if name == final { return (medium, false) }
            if name == final + LibraryLayout.partialSuffix { return (medium, true) }
        }
        return (nil, false)
    }

    private static func names(in folder: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch CocoaError.fileReadNoSuchFile {
            return []
        } catch let error as CocoaError where (error.underlying as? POSIXError)?.code == .ENOENT {
            return []
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The entry for a regular file (a folder in a file's place is unplaced). Links are followed,
    /// as the media store follows them, so that both see the same files.
    private static func file(at path: String, relative: String, key: MediaKey?, isPartial: Bool) -> [Entry] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        let regular = (info.st_mode & S_IFMT) == S_IFREG
        #if canImport(Darwin)
        let seconds = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        let seconds = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
        return [Entry(path: relative, size: Int(info.st_size), modified: Date(timeIntervalSince1970: seconds),
                      key: regular ? key : nil, isPartial: regular && isPartial)]
    }
}
