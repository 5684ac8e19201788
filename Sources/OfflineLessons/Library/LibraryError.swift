import Foundation

/// Why the library could not be opened or configured. Descriptions say what happened and what to
/// do, in the library's words; the underlying cause is kept as an error.
public enum LibraryError: Error, Sendable, CustomStringConvertible {
    /// The library folder or its database could not be opened or created.
    case cannotOpen(root: URL, underlying: any Error)
    /// Audio and PDF keys need a media base URL, and none is configured (no server either).
    case noMediaBase(MediaKind)
    /// A media base URL that is not http(s) with a host.
    case invalidMediaBase(String)
    /// The library was opened read-only: it can be listed, not changed.
    case readOnly(URL)
    /// A storage quota of 0 bytes or less.
    case invalidQuota(Int)

    /// What happened, in `language`.
    public func message(_ language: UserLanguage) -> String { words.text(language) }

    /// What happened, in English.
    public var description: String { message(.en) }

    /// The sentence of the catalog that says what happened, with its values.
    public var words: Message {
        switch self {
        case .cannotOpen(let root, let underlying):
            Message(.libraryCannotOpen, .text(Self.shortened(root.path)), .message(Self.reason(underlying)))
        case .noMediaBase(let medium): Message(.libraryNoMediaBase, .text(medium.rawValue))
        case .invalidMediaBase(let text): Message(.libraryInvalidMediaBase, .text(text))
        case .readOnly(let root): Message(.libraryReadOnly, .text(Self.shortened(root.path)))
        case .invalidQuota(let bytes): Message(.libraryInvalidQuota, .number(bytes))
        }
    }

    /// A path as quoted in a message: a very long one is cut in the middle.
    static func shortened(_ path: String) -> String {
        path.count <= 160 ? path : path.prefix(80) + "…" + path.suffix(60)
    }

    /// The cause in one short sentence: a Foundation error's POSIX reason, not its dump.
    static func reason(_ error: any Error) -> Message {
        if let error = error as? RegistryError { return error.words }
        guard let code = posixCode(of: error) else { return .verbatim("\(error)") }
        switch code {
        case EEXIST, ENOTDIR: return Message(.libraryFileInTheWay)
        case ELOOP: return Message(.libraryLinkLoop)
        case ENAMETOOLONG: return Message(.libraryPathTooLong)
        case EACCES, EPERM: return Message(.permissionDenied)
        default: return .system(code)
        }
    }

    /// The POSIX error code behind a Foundation error, when there is one.
    static func posixCode(of error: any Error) -> Int32? {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
            return posixCode(of: underlying)
        }
        return nil
    }
}
