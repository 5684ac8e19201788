import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The media files of a library, laid out by ``LibraryLayout``. Placement is atomic: a file is
/// renamed into place only after it is complete and flushed, then its folder is flushed. The
/// blocking steps (flushes, renames, deletions) run off the cooperative pool.
struct MediaStore: Sendable {
    let layout: LibraryLayout

    /// Opens and locks the partial file of an item for appending.
    func openPartial(_ key: MediaKey) throws -> PartialFile {
        try PartialFile(path: layout.partialPath(key.lesson, key.medium))
    }

    /// The size of an item's partial file, or 0 when there is none.
    func partialSize(_ key: MediaKey) -> Int {
        fileSize(atPath: layout.partialPath(key.lesson, key.medium)) ?? 0
    }

    /// The size of an item's final file, or `nil` when there is none.
    func finalSize(_ key: MediaKey) -> Int? {
        fileSize(atPath: layout.filePath(key.lesson, key.medium))
    }

    /// Flushes a complete partial file, moves it into place and flushes the folders, so that the
    /// rename survives a crash. Never moves a file this download did not write (its own was
    /// removed or replaced meanwhile). `partial` stays open and locked (by its owner) throughout.
    /// `beforeRename` and `then` run on the same thread, just before the rename and last (registry
    /// writes: the whole placement is one trip off the cooperative pool).
    func place(
        _ partial: PartialFile, as key: MediaKey, beforeRename: (@Sendable () throws -> Void)? = nil,
        then: (@Sendable () throws -> Void)? = nil
    ) async throws {
        try await BlockingIO.run {
            try PartialFile.flush(partial.fileDescriptor, atPath: partial.path)
            guard PartialFile.isFile(partial.fileDescriptor, at: partial.path) else {
                throw FileError.posix("rename into place", partial.url, ENOENT)
            }
            try beforeRename?()
            let destination = layout.filePath(key.lesson, key.medium)
            guard rename(partial.path, destination) == 0 else {
                throw FileError.posix("rename into place", URL(fileURLWithPath: destination), errno)
            }
            // The lesson's folder, and the type's folder that holds its entry (it may be new).
            try Self.flushFolder(atPath: layout.folderPath(for: key.lesson))
            try Self.flushFolder(atPath: layout.mediaPath + "/" + key.lesson.type.rawValue)
            try then?()
        }
    }

    /// Throws ``FileError/notAFolder(_:)`` when the media folder, or a type's folder in it, is
    /// there as something other than a folder (a symbolic link to a folder is one): a command
    /// stops before it reads every file as gone or writes anything.
    func checkFolders() throws {
        for path in [layout.mediaPath] + LessonType.allCases.map({ layout.mediaPath + "/" + $0.rawValue }) {
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR { throw FileError.notAFolder(URL(fileURLWithPath: path)) }
        }
    }

    /// Deletes an item's final file and its partial file (unless a download is writing it: that
    /// download then finds the item gone and removes its own partial). Returns whether a final
    /// file was there.
    @discardableResult
    func delete(_ key: MediaKey) async throws -> Bool {
        let final = layout.fileURL(key.lesson, key.medium)
        let existed = fileSize(final) != nil
        if existed { try await BlockingIO.run { try FileManager.default.removeItem(at: final) } }
        do {
            try await deletePartial(key)
        } catch FileError.inUse {
            // Being written right now: its download cleans up.
        }
        removeFolderIfEmpty(key.lesson)
        return existed
    }

    /// A free name in the library's `aside` folder for an item's final file, saying what it was
    /// and when (`aside/gemara-5-audio-1750000000.mp3`), relative to the library root.
    func asideName(for key: MediaKey, at now: Date) async throws -> String {
        let stem = "\(key.lesson.type.rawValue)-\(key.lesson.id)-\(key.medium.rawValue)-\(Int(now.timeIntervalSince1970))"
        let folder = layout.asideFolder
        return try await BlockingIO.run { () throws -> String in
            for attempt in 0..<1000 {
                let name = stem + (attempt == 0 ? "" : "-\(attempt)") + "." + key.medium.fileExtension
                if access(folder.appendingPathComponent(name).path, F_OK) != 0 { return "aside/" + name }
            }
            throw FileError.posix("move aside", folder, EEXIST)
        }
    }

    /// Moves an item's final file to `name` (from ``asideName(for:at:)``), or the next free name
    /// if another took it meanwhile; returns the name used. `link` + `unlink`, never `rename`: a
    /// file set aside earlier under the same name stays.
    @discardableResult
    func moveAside(_ key: MediaKey, to name: String) async throws -> String {
        let source = layout.fileURL(key.lesson, key.medium)
        let root = layout.root
        let folder = layout.asideFolder
        let used = try await BlockingIO.run { () throws -> String in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let base = String(name.dropLast(key.medium.fileExtension.count + 1))
            for attempt in 0..<1000 {
                let candidate = attempt == 0 ? name : base + "-x\(attempt)." + key.medium.fileExtension
                if link(source.path, root.appendingPathComponent(candidate).path) == 0 {
                    guard unlink(source.path) == 0 else { throw FileError.posix("move aside", source, errno) }
                    return candidate
                }
                guard errno == EEXIST else { throw FileError.posix("move aside", source, errno) }
            }
            throw FileError.posix("move aside", source, EEXIST)
        }
        removeFolderIfEmpty(key.lesson)
        return used
    }

    /// Removes a lesson's folder when nothing is left in it. `rmdir` refuses a folder that is not
    /// empty, so a file another download creates at that moment stays.
    func removeFolderIfEmpty(_ lesson: LessonID) {
        _ = rmdir(layout.folder(for: lesson).path)
    }

    /// Lets go of an item's partial file at the end of its download. An empty one is removed
    /// first, under its lock and only while it is still the file at its path, then the lesson's
    /// folder if nothing is left in it; bytes stay for a resume.
    func letGo(_ file: PartialFile, of key: MediaKey) {
        let remove = file.size == 0 && file.isAtItsPath
        if remove { _ = unlink(file.path) }
        file.release()
        if remove { removeFolderIfEmpty(key.lesson) }
    }

    /// Lets go of a partial file whose bytes are worthless (the item is complete or gone).
    func discard(_ file: PartialFile, of key: MediaKey) {
        try? file.truncate()
        letGo(file, of: key)
    }

    /// Whether a download (of this process or another) is writing the item's partial file now.
    func isBeingWritten(_ key: MediaKey) -> Bool {
        PartialFile.isLocked(atPath: layout.partialPath(key.lesson, key.medium))
    }

    /// Whether a download has renamed the item's file into place and not yet committed it (it
    /// holds the file's lock until the registry commit).
    func isBeingPlaced(_ key: MediaKey) -> Bool {
        PartialFile.isLocked(atPath: layout.filePath(key.lesson, key.medium))
    }

    /// Runs `body` holding the item's partial file, as a download does while it claims, writes,
    /// adopts or places the item: none of that happens meanwhile, in this process or another.
    /// `nil` without running it when a download holds the item or is between its rename and commit,
    /// or the partial file cannot be opened (the folder gone, the disk full): the caller leaves its
    /// step for later.
    func holding<T: Sendable>(_ key: MediaKey, _ body: () async throws -> T) async throws -> T? {
        guard let file = try? openPartial(key) else { return nil }
        defer { letGo(file, of: key) }
        guard !isBeingPlaced(key) else { return nil }
        return try await body()
    }

    /// Deletes an item's partial file, if any, once no download is writing it. A waiting
    /// download's probe holds the lock for a moment, so an `inUse` is tried again briefly first;
    /// after 100 ms it is thrown (a download is writing the file).
    func deletePartial(_ key: MediaKey) async throws {
        let url = layout.partialURL(key.lesson, key.medium)
        for attempt in 1...20 {
            guard fileSize(url) != nil else { return }
            do {
                discard(try PartialFile(url: url), of: key)
                return
            } catch FileError.inUse where attempt < 20 {
                await BlockingIO.pause(.milliseconds(5))
            }
        }
    }

    /// Flushes the folders of a file found in place (renamed there by a download that stopped
    /// before its commit), so that adopting it is as durable as placing it.
    func flushPlacement(_ key: MediaKey) async throws {
        let folder = layout.folder(for: key.lesson)
        try await BlockingIO.run {
            try Self.flushFolder(folder)
            try Self.flushFolder(folder.deletingLastPathComponent())
        }
    }

    /// Throws ``FileError/noSpace(_:needed:available:)`` unless the disk holding `file` has room
    /// for `bytes` more, and a margin for the registry's commit.
    func checkRoom(for bytes: Int, at file: PartialFile) throws {
        guard bytes > 0 else { return }
        let margin = 256 * 1024
        var info = statvfs()
        // The open file's own disk (`fstatvfs`: no path to walk); unknown, the write will tell.
        guard fstatvfs(file.fileDescriptor, &info) == 0 else { return }
        let available = Int(clamping: UInt64(info.f_bavail) &* UInt64(info.f_frsize))
        if available < bytes + margin {
            throw FileError.noSpace(file.url, needed: bytes + margin, available: available)
        }
    }

    func fileSize(_ url: URL) -> Int? {
        fileSize(atPath: url.path)
    }

    func fileSize(atPath path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    private static func flushFolder(_ folder: URL) throws {
        try flushFolder(atPath: folder.path)
    }

    static func flushFolder(atPath folder: String) throws {
        let descriptor = open(folder, O_RDONLY)
        guard descriptor >= 0 else { throw FileError.posix("open folder", URL(fileURLWithPath: folder, isDirectory: true), errno) }
        defer { _ = systemClose(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileError.posix("flush folder", URL(fileURLWithPath: folder, isDirectory: true), errno) }
    }
}
