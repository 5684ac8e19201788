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
        var folder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root.path, isDirectory: &folder), !folder.boolValue {
            return CommandFailure(say(.cliLibraryIsAFile, .text(shortened(root.path))), exitCode: usage)
        }
        return CommandFailure(say(.cliNoLibrary, .text(shortened(root.path))), exitCode: unusable)
    }

    /// A sentence of the command line in the terminal's language.
    static func say(_ key: CommandPhrase, _ arguments: Message.Argument...) -> String {
        Terminal.say(Message(key, arguments: arguments))
    }

    /// A path as quoted in a message: a very long one is cut in the middle, so the message stays short.
    static func shortened(_ path: String) -> String {
        path.count <= 160 ? path : path.prefix(80) + "…" + path.suffix(60)
    }

    /// A library error in the terminal's language, with its exit code and, where a flag is the
    /// remedy, the flag's name.
    init?(classifying error: any Error) {
        func with(_ remedy: CommandPhrase, _ words: Message) -> String { Terminal.say(Message(remedy, .message(words))) }
        switch error {
        case let error as CatalogError:
            switch error {
            case .invalidServerURL: self.init(with(.remedyServer, error.words), exitCode: Self.usage)
            case .invalidToken, .noToken: self.init(with(.remedyToken, error.words), exitCode: Self.unusable)
            case .httpStatus(404, let path) where path == "masechtot_list/":
                self.init(with(.remedyAPIBase, error.words), exitCode: Self.unusable)
            case .unreachable: self.init(with(.remedyServer, error.words), exitCode: Self.unusable)
            case .notCached: self.init(with(.remedyServerURL, error.words), exitCode: Self.unusable)
            default: self.init(Terminal.say(error.words), exitCode: Self.unusable)
            }
        case let error as SelectorError:
            switch error.remedy {
            case .consultCatalog: self.init(with(.remedyCatalog, error.words), exitCode: Self.usage)
            case .configureServer: self.init(with(.remedyPassServer, error.words), exitCode: Self.usage)
            case nil: self.init(Terminal.say(error.words), exitCode: Self.usage)
            }
        case let error as LibraryError:
            switch error {
            case .cannotOpen: self.init(Terminal.say(error.words), exitCode: Self.unusable)
            case .noMediaBase: self.init(with(.remedyMediaBaseOrServer, error.words), exitCode: Self.unusable)
            case .invalidMediaBase: self.init(with(.remedyMediaBase, error.words), exitCode: Self.usage)
            case .readOnly: self.init(Terminal.say(error.words), exitCode: Self.unusable)
            case .invalidQuota: self.init(Terminal.say(error.words), exitCode: Self.usage)
            }
        case let error as CertificateFileError:
            self.init(with(.remedyCACert, error.words), exitCode: Self.usage)
        case let error as MediaLinkError:
            self.init(Terminal.say(error.words), exitCode: Self.usage)
        case let error as MigrationError:
            self.init(Terminal.say(error.words), exitCode: Self.usage)
        case let error as PlanError:
            self.init(Terminal.say(error.words), exitCode: Self.usage)
        case let error as FileError:
            self.init(Terminal.say(error.words), exitCode: Self.unusable)
        case let error as RegistryError:
            self.init(Terminal.say(error.words), exitCode: Self.unusable)
        default:
            return nil
        }
    }
}
