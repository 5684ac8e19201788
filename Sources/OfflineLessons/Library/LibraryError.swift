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

    public var description: String {
        switch self {
        case .cannotOpen(let root, let underlying):
            "cannot open the library at \(root.path): \(Self.reason(underlying))"
        case .noMediaBase(let medium):
            "no media base URL is configured, and \(medium.rawValue) keys are resolved against it: configure a server or a media base"
        case .invalidMediaBase(let text):
            "'\(text)' is not a usable media base URL: give an http(s) URL"
        }
    }

    /// The cause in one short sentence (a Foundation error's POSIX reason, not its dump).
    static func reason(_ error: any Error) -> String {
        if let error = error as? RegistryError { return error.description }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return "\(error)"
    }
}
