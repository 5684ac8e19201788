import Foundation
import NIOConcurrencyHelpers

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file being downloaded: bytes are appended straight to disk, so memory stays flat whatever the
/// file's size. One download owns it; its transport may write to it from an event loop, one step
/// at a time, so the descriptor and size sit behind a lock.
final class PartialFile: Sendable {
    /// Where the file is (a path: a download opens one per attempt, and builds no URL for it).
    let path: String
    /// The file's URL, for messages.
    var url: URL { Self.fileURL(path) }

    private static func fileURL(_ path: String) -> URL { URL(fileURLWithPath: path, isDirectory: false) }
    private struct Handle {
        var descriptor: Int32
        var size: Int
    }
    private let handle: NIOLockedValueBox<Handle>

    /// The bytes written so far.
    var size: Int { handle.withLockedValue { $0.size } }

    /// Opens and locks `url` for appending, creating it (and its folder) when needed.
    convenience init(url: URL) throws {
        try self.init(path: url.path)
    }

    /// Opens and locks the file at `path` for appending, creating it (and its folder) when needed.
    init(path: String) throws {
        self.path = path
        let flags = O_WRONLY | O_CREAT | O_APPEND
        // Twice: a removal may take the (empty) lesson folder away between the two calls.
        var descriptor = open(path, flags, 0o644)
        for _ in 0..<2 where descriptor < 0 && errno == ENOENT {
            try Self.makeFolder(of: path)
            descriptor = open(path, flags, 0o644)
        }
        guard descriptor >= 0 else { throw FileError.posix("open", Self.fileURL(path), errno) }
        // One writer per partial file, across processes and library instances.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            _ = systemClose(descriptor)
            throw code == EWOULDBLOCK ? FileError.inUse(Self.fileURL(path)) : FileError.posix("lock", Self.fileURL(path), code)
        }
        // The lock must be on the file still at this path, not one a finished download renamed
        // away. Its size comes with that look (writes append: no seek to the end is needed).
        guard let size = Self.sizeIfFile(descriptor, at: path) else {
            _ = systemClose(descriptor)
            throw FileError.inUse(Self.fileURL(path))
        }
        handle = NIOLockedValueBox(Handle(descriptor: descriptor, size: size))
    }

    /// Makes the lesson folder of `path` (mode as FileManager's, under the umask): one `mkdir` when
    /// its parent is there, FileManager's intermediate folders otherwise.
    private static func makeFolder(of path: String) throws {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if mkdir(folder, 0o777) == 0 || errno == EEXIST { return }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: folder, isDirectory: true), withIntermediateDirectories: true)
    }

    /// Whether the open file is still the one at `url` (not renamed away, removed or replaced).
    var isAtItsPath: Bool { Self.isFile(fileDescriptor, at: path) }

    /// The open descriptor, for work done off the cooperative pool while this file stays owned
    /// (and open) by its download.
    var fileDescriptor: Int32 { handle.withLockedValue { $0.descriptor } }

    static func isFile(_ descriptor: Int32, at path: String) -> Bool {
        sizeIfFile(descriptor, at: path) != nil
    }

    /// The open file's size, when it is the file at `path`; `nil` otherwise.
    private static func sizeIfFile(_ descriptor: Int32, at path: String) -> Int? {
        var opened = stat()
        var current = stat()
        guard descriptor >= 0, fstat(descriptor, &opened) == 0, stat(path, &current) == 0,
            opened.st_ino == current.st_ino, opened.st_dev == current.st_dev
        else { return nil }
        return Int(opened.st_size)
    }

    /// Whether a download, in any process, holds the lock on the file at `url` (a partial file, or
    /// a final one renamed into place and not yet committed). Never creates the file. The probe's
    /// own shared lock lasts a moment; an exclusive lock attempt at that moment fails as in use.
    static func isLocked(atPath path: String) -> Bool {
        let probe = open(path, O_RDONLY)
        guard probe >= 0 else { return false }
        defer { _ = systemClose(probe) }
        // A shared lock is refused while a writer holds its exclusive one; closing releases it.
        return flock(probe, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    deinit {
        let descriptor = fileDescriptor
        if descriptor >= 0 { _ = systemClose(descriptor) }
    }

    /// Appends bytes; returns the file's size after them.
    @discardableResult
    func append(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        try handle.withLockedValue { handle in
            guard var base = bytes.baseAddress else { return handle.size }
            var left = bytes.count
            while left > 0 {
                let written = write(handle.descriptor, base, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileError.posix("write", url, errno)
                }
                left -= written
                base += written
                handle.size += written
            }
            return handle.size
        }
    }

    /// Throws away what was written so far.
    func truncate() throws {
        try handle.withLockedValue { handle in
            guard handle.size > 0 else { return }  // empty already (the size is kept exactly, under the lock)
            guard ftruncate(handle.descriptor, 0) == 0 else { throw FileError.posix("truncate", url, errno) }
            handle.size = 0
        }
    }

    /// Flushes the open file `descriptor` at `path` to stable storage (blocking).
    static func flush(_ descriptor: Int32, atPath path: String) throws {
        guard fsync(descriptor) == 0 else { throw FileError.posix("flush", fileURL(path), errno) }
    }

    /// Closes without flushing (the bytes stay for a later resume).
    func release() {
        handle.withLockedValue { handle in
            if handle.descriptor >= 0 { _ = systemClose(handle.descriptor) }
            handle.descriptor = -1
        }
    }
}

/// The C library's `close`.
func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.close(fd)
    #elseif canImport(Glibc)
    Glibc.close(fd)
    #else
    Musl.close(fd)
    #endif
}
