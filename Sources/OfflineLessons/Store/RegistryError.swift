import Foundation
internal import GRDB

/// A registry or catalog-cache operation that could not be carried out.
public enum RegistryError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The item is not in the registry (never requested, or removed).
    case notRegistered(MediaKey)
    /// An empty Shas is never cached: it would replace a good copy.
    case emptyShas
    /// A row the schema should have prevented (a value no version of the library writes).
    case unreadableRow(String)
    /// The file is another application's database (its tables are listed, a few of them): it is
    /// left as it is.
    case foreignDatabase(path: String, tables: [String])
    /// There is no library here (no database file), and a read-only open creates none.
    case noLibrary(path: String)
    /// A read-only library made by an older version: it must be opened once with write access.
    case readOnlyNeedsMigration
    /// SQLite refused: the file is not a database, is locked, read-only, full, or corrupt.
    /// `message` is SQLite's own sentence; `underlying` is the error itself.
    case database(message: String, underlying: any Error)

    init(_ error: DatabaseError) {
        self = .database(message: error.message ?? "SQLite error \(error.resultCode.rawValue)", underlying: error)
    }

    /// What happened, in `language`.
    public func message(_ language: UserLanguage) -> String { words.text(language) }

    /// What happened, in English.
    public var description: String { message(.en) }

    /// The sentence of the catalog that says what happened, with its values.
    public var words: Message {
        switch self {
        case .notRegistered(let key): Message(.registryNotRegistered, .text("\(key)"))
        case .emptyShas: Message(.registryEmptyShas)
        case .unreadableRow(let detail): Message(.registryUnreadableRow, .text(detail))
        case .noLibrary(let path):
            Message(
                .registryNoLibrary, .text(URL(fileURLWithPath: path).deletingLastPathComponent().path),
                .text(URL(fileURLWithPath: path).lastPathComponent))
        case .readOnlyNeedsMigration: Message(.registryNeedsMigration)
        case .foreignDatabase(let path, let tables):
            Message(
                .registryForeign, .text(URL(fileURLWithPath: path).lastPathComponent),
                .text(tables.prefix(4).joined(separator: ", ") + (tables.count > 4 ? ", …" : "")))
        case .database(let message, _): Message(.registryDatabase, .text(message))
        }
    }

    /// Whether trying again may succeed: another connection held the database (`SQLITE_BUSY`,
    /// `SQLITE_LOCKED`) longer than the busy timeout.
    public var isTransient: Bool {
        guard case .database(_, let underlying) = self, let error = underlying as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// Whether the database could not grow: the disk is full (`SQLITE_FULL`).
    public var isDiskFull: Bool {
        guard case .database(_, let underlying) = self, let error = underlying as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_FULL
    }

    public static func == (lhs: RegistryError, rhs: RegistryError) -> Bool {
        switch (lhs, rhs) {
        case (.notRegistered(let a), .notRegistered(let b)): a == b
        case (.emptyShas, .emptyShas), (.readOnlyNeedsMigration, .readOnlyNeedsMigration): true
        case (.unreadableRow(let a), .unreadableRow(let b)): a == b
        case (.foreignDatabase(let a, let x), .foreignDatabase(let b, let y)): a == b && x == y
        case (.noLibrary(let a), .noLibrary(let b)): a == b
        case (.database(let a, _), .database(let b, _)): a == b
        default: false
        }
    }
}
