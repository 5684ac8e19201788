import GRDB
@testable import OfflineLessons
import Testing

/// Rows inserted many to a statement: all of them, in order, whatever their number.
@Suite("Insert batches")
struct InsertBatchTests {
    @Test("every row is inserted once, in the order added, across statements", arguments: [0, 1, 63, 64, 65, 130, 200])
    func rows(_ count: Int) throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (seq INTEGER PRIMARY KEY, n INTEGER NOT NULL, s TEXT)")
            var batch = InsertBatch(into: "t", columns: ["n", "s"])
            for n in 0..<count { batch.append([BoundValue(n), n % 3 == 0 ? .null : .text("row \(n)")]) }
            try batch.flush(in: db)
            try batch.flush(in: db)  // nothing left: nothing more
            let rows = try Row.fetchAll(db, sql: "SELECT n, s FROM t ORDER BY seq")
            #expect(rows.map { $0[0] as Int } == Array(0..<count))
            #expect(rows.map { $0[1] as String? } == (0..<count).map { $0 % 3 == 0 ? nil : "row \($0)" })
        }
    }

    @Test("a row of the wrong width fails with a database error, and the batch's transaction rolls back")
    func wrongWidth() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (n INTEGER NOT NULL, s TEXT)") }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                var batch = InsertBatch(into: "t", columns: ["n", "s"])
                batch.append([BoundValue(1), .text("a")])
                batch.append([BoundValue(2)])
                try batch.flush(in: db)
            }
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") } == 0)
    }
}
