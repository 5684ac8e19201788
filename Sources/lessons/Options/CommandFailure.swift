import Foundation
import OfflineLessons

/// An error the CLI reports with a message and one of the contract's exit codes.
struct CommandFailure: Error {
    static let failed: Int32 = 1
    static let usage: Int32 = 2
    static let unusable: Int32 = 3
    /// stdout's reader went away (128 + SIGPIPE).
    static let readerLeft: Int32 = 141

    var message: String
    var exitCode: Int32

    init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A command that only reads, pointed at a folder with no library.
    static func noLibrary(at root: URL) -> CommandFailure {
        CommandFailure(
            "no library at \(shortened(root.path)): nothing was ever downloaded there. `lessons download <selector>` starts one; --library or LESSONS_LIBRARY names another folder",
            exitCode: unusable)
    }

    /// A path as quoted in a message: a very long one is cut in the middle, so the message stays short.
    static func shortened(_ path: String) -> String {
        path.count <= 160 ? path : path.prefix(80) + "…" + path.suffix(60)
    }

    /// A library error, with its exit code and, where a flag is the remedy, the flag's name.
    init?(classifying error: any Error) {
        switch error {
        case let error as CatalogError:
            switch error {
            case .invalidServerURL: self.init("\(error) (--server or LESSONS_SERVER)", exitCode: Self.usage)
            case .invalidToken: self.init("\(error): pass it with --token or LESSONS_TOKEN", exitCode: Self.unusable)
            case .unreachable: self.init("\(error) (--server or LESSONS_SERVER)", exitCode: Self.unusable)
            case .notCached: self.init("\(error): pass --server URL or set LESSONS_SERVER", exitCode: Self.unusable)
            default: self.init(error.description, exitCode: Self.unusable)
            }
        case let error as SelectorError:
            switch error.remedy {
            case .consultCatalog: self.init("\(error) (`lessons catalog` lists them all)", exitCode: Self.usage)
            case .configureServer: self.init("\(error), or pass --server", exitCode: Self.usage)
            case nil: self.init(error.description, exitCode: Self.usage)
            }
        case let error as LibraryError:
            switch error {
            case .cannotOpen: self.init(error.description, exitCode: Self.unusable)
            case .noMediaBase: self.init("\(error) (--server, or --media-base / LESSONS_MEDIA_BASE)", exitCode: Self.unusable)
            case .invalidMediaBase: self.init("\(error) (--media-base or LESSONS_MEDIA_BASE)", exitCode: Self.usage)
            case .readOnly: self.init(error.description, exitCode: Self.unusable)
            }
        case let error as CertificateFileError:
            self.init("\(error) (--cacert or LESSONS_CA_FILE)", exitCode: Self.usage)
        case let error as MediaLinkError:
            self.init(error.description, exitCode: Self.usage)
        case let error as MigrationError:
            self.init(error.description, exitCode: Self.usage)
        case let error as FileError:
            self.init(error.description, exitCode: Self.unusable)
        case let error as RegistryError:
            self.init(error.description, exitCode: Self.unusable)
        default:
            return nil
        }
    }
}
