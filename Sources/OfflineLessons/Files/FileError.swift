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
    /// The media folder (or a type's folder in it) is something other than a folder: a file.
    case notAFolder(URL)

    /// What happened, in `language`.
    public func message(_ language: UserLanguage) -> String { words.text(language) }

    /// What happened, in English.
    public var description: String { message(.en) }

    /// The sentence of the catalog that says what happened, with its values; the system's reason
    /// is said as the system says it.
    public var words: Message {
        switch self {
        case .posix(let operation, let url, let code):
            Message(
                code == ENOSPC ? .fileFailedDiskFull : .fileFailed, .message(Self.operation(operation)), .text(url.path),
                .message(.system(code)))
        case .inUse(let url): Message(.fileInUse, .text(url.path))
        case .noSpace(let url, let needed, let available):
            Message(.fileNoSpace, .text(url.deletingLastPathComponent().path), .number(needed), .number(available))
        case .notAFolder(let url): Message(.fileNotAFolder, .text(url.path))
        }
    }

    /// An operation as the catalog says it ("open", "rename into place"); one it does not know, as given.
    static func operation(_ operation: String) -> Message {
        Phrase(rawValue: "fileOperation" + operation.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
            .map { Message($0) } ?? .verbatim(operation)
    }

    /// Whether the disk is full (or the quota spent): nothing else can be written either.
    public var isDiskFull: Bool {
        switch self {
        case .posix(_, _, let code): code == ENOSPC || code == EDQUOT
        case .noSpace: true
        case .inUse, .notAFolder: false
        }
    }

    /// Whether retrying cannot help (a full disk, no permission).
    var isFinal: Bool {
        switch self {
        case .posix(_, _, let code): code == ENOSPC || code == EACCES || code == EROFS || code == EDQUOT
        case .noSpace, .notAFolder: true
        case .inUse: false
        }
    }
}
