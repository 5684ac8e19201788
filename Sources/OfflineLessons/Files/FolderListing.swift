import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One folder's entries from `readdir`, sorted by name, each file with its size and modification
/// time from one `fstatat` relative to the open folder (no path resolved twice). Links are
/// followed, as the media store follows them. Blocking: run it off the cooperative pool.
enum FolderListing {
    struct Entry: Sendable {
        var name: String
        var isDirectory: Bool
        var isRegularFile: Bool
        /// `nil` for a folder (not asked for) or an entry gone since the listing.
        var size: Int?
        var modified: Date?
    }

    /// The entries of `path`; a missing folder has none. With `statFolders`, folders get their
    /// size and time too (else they cost no `stat`). Throws ``FileError/posix(_:_:_:)`` when the
    /// folder cannot be read.
    static func read(_ path: String, statFolders: Bool = false) throws -> [Entry] {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return [] }
            throw FileError.posix("list", URL(fileURLWithPath: path), errno)
        }
        return try list(descriptor, path: path, statFolders: statFolders)
    }

    /// The entries of the folder `name` in the open folder `parent` at `parentPath` (no path
    /// looked up from the root again); a folder gone since its parent was listed has none.
    static func read(_ name: String, in parent: Int32, parentPath: String, statFolders: Bool = false) throws -> [Entry] {
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return [] }
            throw FileError.posix("list", URL(fileURLWithPath: parentPath + "/" + name), errno)
        }
        return try list(descriptor, path: parentPath + "/" + name, statFolders: statFolders)
    }

    /// Runs `body` with the folder at `path` open and its entries; a missing folder is empty.
    static func withFolder(_ path: String, _ body: (Int32, [Entry]) throws -> Void) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return }
            throw FileError.posix("list", URL(fileURLWithPath: path), errno)
        }
        let kept = dup(descriptor)  // `list` closes its own
        guard kept >= 0 else {
            let code = errno
            _ = systemClose(descriptor)
            throw FileError.posix("list", URL(fileURLWithPath: path), code)
        }
        defer { _ = systemClose(kept) }
        try body(kept, try list(descriptor, path: path, statFolders: false))
    }

    /// Lists the open folder `opened` (closed when done).
    private static func list(_ opened: Int32, path: @autoclosure () -> String, statFolders: Bool) throws -> [Entry] {
        guard let folder = fdopendir(opened) else {
            let code = errno
            _ = systemClose(opened)
            throw FileError.posix("list", URL(fileURLWithPath: path()), code)
        }
        defer { closedir(folder) }
        let descriptor = dirfd(folder)
        var entries: [Entry] = []
        // readdir says "the end" and "an error" both with NULL; errno tells them apart (a listing
        // cut short by an error must not look like a folder whose files are gone).
        while true {
            errno = 0
            guard let raw = readdir(folder) else {
                if errno != 0 { throw FileError.posix("list", URL(fileURLWithPath: path()), errno) }
                break
            }
            let name = withUnsafePointer(to: &raw.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            if raw.pointee.d_type == UInt8(DT_DIR), !statFolders {
                entries.append(Entry(name: name, isDirectory: true, isRegularFile: false))
                continue
            }
            // A file, a link or a type readdir does not say: one stat, following links.
            var info = stat()
            guard fstatat(descriptor, name, &info, 0) == 0 else { continue }  // gone since the listing
            let kind = info.st_mode & S_IFMT
            #if canImport(Darwin)
            let seconds = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
            #else
            let seconds = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            #endif
            entries.append(
                Entry(
                    name: name, isDirectory: kind == S_IFDIR, isRegularFile: kind == S_IFREG,
                    size: Int(info.st_size), modified: Date(timeIntervalSince1970: seconds)))
        }
        return entries.sorted { $0.name < $1.name }
    }
}
