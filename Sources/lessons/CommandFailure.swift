import ArgumentParser
import GRDB
import OfflineLessons

/// An error the CLI reports with a message and one of the contract's exit codes.
struct CommandFailure: Error {
    static let failed: Int32 = 1
    static let usage: Int32 = 2
    static let unusable: Int32 = 3

    var message: String
    var exitCode: Int32

    init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// The exit code of a library error, when it is one the CLI knows.
    init?(classifying error: any Error) {
        switch error {
        case let error as CatalogError:
            switch error {
            case .invalidServerURL: self.init(error.description, exitCode: Self.usage)
            default: self.init(error.description, exitCode: Self.unusable)
            }
        case let error as MediaLinkError:
            self.init(error.description, exitCode: Self.usage)
        case let error as SelectorError:
            self.init(error.description, exitCode: Self.usage)
        case let error as FileError:
            self.init(error.description, exitCode: Self.unusable)
        case let error as DatabaseError:
            self.init("the library database cannot be used: \(error.message ?? error.description)", exitCode: Self.unusable)
        default:
            return nil
        }
    }
}
