import Foundation

/// Why a legacy container cannot be migrated at all (problems with single entries or files are
/// in the ``MigrationReport`` instead).
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder has neither `Documents/` nor `Library/Caches/`.
    case notAContainer(URL)

    public var description: String {
        switch self {
        case .notAContainer(let url):
            "'\(url.path)' is not a legacy app container: it has neither Documents/ nor Library/Caches/; give the folder that holds them"
        }
    }
}
