import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file-system operation that failed, with the path and the system's reason.
public enum FileError: Error, Sendable, CustomStringConvertible {
    case posix(String, URL, Int32)
    /// Another download (another process or library instance) is writing this file.
    case inUse(URL)
    /// Not enough free space on the disk holding `url` for a file of known size.
    case noSpace(URL, needed: Int, available: Int)

    public var description: String {
        switch self {
        case .posix(let operation, let url, let code):
            let reason = String(cString: strerror(code))
            let advice = code == ENOSPC ? " (the disk is full: free some space and run the command again)" : ""
            return "cannot \(operation) \(url.path): \(reason)\(advice)"
        case .inUse(let url):
            return "\(url.path) is being downloaded by another process"
        case .noSpace(let url, let needed, let available):
            return "the disk holding \(url.deletingLastPathComponent().path) is full: \(needed) bytes needed, \(available) free"
        }
    }

    /// Whether the disk is full (or the quota spent): nothing else can be written either.
    public var isDiskFull: Bool {
        switch self {
        case .posix(_, _, let code): code == ENOSPC || code == EDQUOT
        case .noSpace: true
        case .inUse: false
        }
    }

    /// Whether retrying cannot help (a full disk, no permission).
    var isFinal: Bool {
        switch self {
        case .posix(_, _, let code): code == ENOSPC || code == EACCES || code == EROFS || code == EDQUOT
        case .noSpace: true
        case .inUse: false
        }
    }
}
