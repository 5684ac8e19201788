import Foundation

/// Why a legacy container cannot be migrated at all (problems with single entries or files are
/// in the ``MigrationReport`` instead).
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder has neither `Documents/` nor `Library/Caches/`.
    case notAContainer(URL)
    /// Nothing is at that path.
    case noSuchFolder(URL)

    /// What happened, in `language`.
    public func message(_ language: UserLanguage) -> String { words.text(language) }

    /// What happened, in English.
    public var description: String { message(.en) }

    /// The sentence of the catalog that says what happened, with its values.
    public var words: Message {
        switch self {
        case .notAContainer(let url): Message(.migrationNotAContainer, .text(url.path))
        case .noSuchFolder(let url): Message(.migrationNoSuchFolder, .text(url.path))
        }
    }
}
