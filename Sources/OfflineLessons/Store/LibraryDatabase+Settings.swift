internal import GRDB

/// The library's settings: a name and a text value each, kept across restarts.
extension LibraryDatabase {
    func setting(_ name: String) async throws -> String? {
        // A registry opened read-only may predate the table: no setting then.
        try await read { db in
            try db.tableExists("setting") ? String.fetchOne(db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [name]) : nil
        }
    }

    /// Sets `name` to `value`; `nil` removes it.
    func setSetting(_ name: String, _ value: String?) async throws {
        try await write { db in
            if let value {
                try db.execute(
                    sql: "INSERT INTO setting (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                    arguments: [name, value])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE name = ?", arguments: [name])
            }
        }
    }
}
