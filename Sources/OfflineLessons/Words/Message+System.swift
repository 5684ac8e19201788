import Foundation

extension Message {
    /// The system's reason for an `errno` value, in the reader's language for the ones people
    /// meet (a missing file, a full or read-only disk, a lost connection); any other as the system
    /// says it.
    public static func system(_ code: Int32) -> Message {
        switch code {
        case ENOENT: Message(.systemNoSuchFile)
        case ENOSPC: Message(.systemNoSpace)
        case EROFS: Message(.systemReadOnly)
        case ENOTDIR: Message(.systemNotAFolder)
        case EISDIR: Message(.systemIsAFolder)
        case EEXIST: Message(.systemExists)
        case EIO: Message(.systemIO)
        case EPIPE: Message(.systemBrokenPipe)
        case ECONNRESET: Message(.systemConnectionReset)
        case ETIMEDOUT: Message(.systemTimedOut)
        case EHOSTUNREACH: Message(.systemHostUnreachable)
        case ENETUNREACH: Message(.systemNetworkUnreachable)
        case EMFILE, ENFILE: Message(.systemTooManyFiles)
        case EDQUOT: Message(.systemQuota)
        case ENOTEMPTY: Message(.systemNotEmpty)
        case EBUSY: Message(.systemBusy)
        case EACCES, EPERM: Message(.permissionDenied)
        default: .verbatim(String(cString: strerror(code)).lowercased())
        }
    }
}
