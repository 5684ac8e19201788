import Foundation
internal import GRDB

/// The statements a download runs for every file, prepared once per connection (`cachedStatement`).
extension MediaItem {
    static let whereKey = "type = ? AND id = ? AND medium = ?"

    static func arguments(_ key: MediaKey) -> StatementArguments {
        [key.lesson.type.rawValue, key.lesson.id, key.medium.rawValue]
    }

    /// The row of one item.
    static func fetchOne(_ key: MediaKey, in db: Database) throws -> MediaItem? {
        try fetchOne(db.cachedStatement(sql: "SELECT \(selectionSQL) FROM mediaItem WHERE \(whereKey)"), arguments: arguments(key))
    }

    /// Runs `UPDATE mediaItem SET <assignments> WHERE <key> [AND state != 'complete']`, with
    /// `values` for the assignments' placeholders; returns the number of rows changed.
    static func update(
        _ key: MediaKey, set assignments: String, _ values: StatementArguments = [],
        unlessComplete: Bool, in db: Database
    ) throws -> Int {
        let guardComplete = unlessComplete ? " AND state != 'complete'" : ""
        let statement = try db.cachedStatement(sql: "UPDATE mediaItem SET \(assignments) WHERE \(whereKey)\(guardComplete)")
        try statement.execute(arguments: values + arguments(key))
        return db.changesCount
    }
}
