import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Bringing a file that did not come through a download into the library (a legacy import).
extension MediaStore {
    /// How a file came in.
    enum AdoptionMethod: Sendable {
        /// Renamed into place (same file system): the source is gone.
        case renamed
        /// Copied, verified and flushed (another file system): the source is still there, for the
        /// caller to delete once the copy is registered.
        case copied
    }

    /// Moves `source` into the place of `key`, keeping its modification time. On the same file
    /// system a rename; across file systems a copy into the item's partial file (held locked),
    /// flushed, compared byte for byte with the source, then renamed into place. Either way the
    /// folders are flushed, so that the placement survives a crash. Never replaces a file in place.
    func adopt(_ source: URL, as key: MediaKey) async throws -> AdoptionMethod {
        let destination = layout.fileURL(key.lesson, key.medium)
        let partialURL = layout.partialURL(key.lesson, key.medium)
        let folder = layout.folder(for: key.lesson)
        let method: AdoptionMethod = try await BlockingIO.run {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard access(destination.path, F_OK) != 0 else { throw FileError.posix("adopt", destination, EEXIST) }
            if rename(source.path, destination.path) == 0 { return .renamed }
            guard errno == EXDEV else { throw FileError.posix("move into the library", source, errno) }
            let partial = try PartialFile(url: partialURL)
            defer { partial.release() }
            do {
                try Self.copy(source, into: partial)
            } catch {
                _ = unlink(partialURL.path)  // a half copy is nobody's download
                throw error
            }
            guard rename(partialURL.path, destination.path) == 0 else { throw FileError.posix("rename into place", destination, errno) }
            return .copied
        }
        try await flushPlacement(key)
        return method
    }

    /// Copies `source` into `partial` (emptied first), with its modification time, flushes it,
    /// and checks it against the source byte for byte.
    private static func copy(_ source: URL, into partial: PartialFile) throws {
        let input = open(source.path, O_RDONLY)
        guard input >= 0 else { throw FileError.posix("open", source, errno) }
        defer { _ = systemClose(input) }
        let output = partial.fileDescriptor
        try partial.truncate()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            guard count >= 0 else { throw FileError.posix("read", source, errno) }
            if count == 0 { break }
            try buffer.withUnsafeBytes { try partial.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw FileError.posix("stat", source, errno) }
        #if canImport(Darwin)
        var times = [info.st_atimespec, info.st_mtimespec]
        #else
        var times = [info.st_atim, info.st_mtim]
        #endif
        guard futimens(output, &times) == 0 else { throw FileError.posix("set the time of", partial.url, errno) }
        try PartialFile.flush(output, atPath: partial.path)
        let copy = open(partial.path, O_RDONLY)  // the partial file is open for writing only
        guard copy >= 0 else { throw FileError.posix("open", partial.url, errno) }
        defer { _ = systemClose(copy) }
        guard sameBytes(input, copy) else {
            throw FileError.posix("verify the copy of", source, EIO)
        }
    }

    /// Whether two open files have the same bytes (both read from the start).
    private static func sameBytes(_ a: Int32, _ b: Int32) -> Bool {
        var left = [UInt8](repeating: 0, count: 1 << 20)
        var right = left
        var offset: off_t = 0
        while true {
            let n = left.withUnsafeMutableBytes { pread(a, $0.baseAddress, $0.count, offset) }
            let m = right.withUnsafeMutableBytes { pread(b, $0.baseAddress, $0.count, offset) }
            guard n >= 0, m >= 0 else { return false }
            if n != m { return false }
            if n == 0 { return true }
            if left[0..<n] != right[0..<n] { return false }
            offset += off_t(n)
        }
    }
}
