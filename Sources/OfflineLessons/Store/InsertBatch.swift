internal import GRDB

/// Rows for one table, inserted many to a statement (`INSERT INTO t (a, b) VALUES (?, ?), (?, ?), …`)
/// when ``flush(in:)`` is called, in the order they were added: a registration of 730 items ran
/// two statements an item (its row and its event), each with SQLite's own cost of starting and
/// ending a statement and a lookup of the prepared statement by its text.
struct InsertBatch {
    /// Rows a statement inserts at most.
    static let rowsPerStatement = 64

    private let prefix: String
    private let placeholders: String
    private let width: Int
    private var values: [BoundValue] = []

    init(into table: String, columns: [String]) {
        prefix = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        placeholders = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        width = columns.count
    }

    /// A row's values, in the order of the columns.
    mutating func append(_ row: [BoundValue]) {
        values += row
    }

    /// Inserts the rows added since the last flush (inside the caller's transaction). A row of the
    /// wrong width fails its statement (a `DatabaseError` naming it).
    mutating func flush(in db: Database) throws {
        var start = 0
        while start < values.count {
            let rows = max(1, min(Self.rowsPerStatement, (values.count - start) / width))
            let end = min(values.count, start + rows * width)
            let sql = prefix + Array(repeating: placeholders, count: rows).joined(separator: ", ")
            try db.cachedStatement(sql: sql).run(Array(values[start..<end]))
            start = end
        }
        values.removeAll(keepingCapacity: true)
    }
}
