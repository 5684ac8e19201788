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

    public var description: String {
        switch self {
        case .cannotOpen(let root, let underlying):
            "cannot open the library at \(Self.shortened(root.path)): \(Self.reason(underlying))"
        case .noMediaBase(let medium):
            "no media base URL is configured, and \(medium.rawValue) keys are resolved against it: configure a server or a media base"
        case .invalidMediaBase(let text):
            "'\(text)' is not a usable media base URL: give an http(s) URL"
        case .readOnly(let root):
            "the library at \(Self.shortened(root.path)) is read-only (its disk or folder cannot be written): it can be listed, not changed"
        }
    }

    /// A path as quoted in a message: a very long one is cut in the middle.
    static func shortened(_ path: String) -> String {
        path.count <= 160 ? path : path.prefix(80) + "…" + path.suffix(60)
    }

    /// The cause in one short sentence: a Foundation error's POSIX reason, not its dump.
    static func reason(_ error: any Error) -> String {
        if let error = error as? RegistryError { return error.description }
        guard let code = posixCode(of: error) else { return "\(error)" }
        switch code {
        case EEXIST, ENOTDIR: return "a file is in the way (the library must be a folder)"
        case ELOOP: return "too many levels of symbolic links"
        case ENAMETOOLONG: return "the path is too long"
        case EACCES, EPERM: return "permission denied"
        default: return String(cString: strerror(code)).lowercased()
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
