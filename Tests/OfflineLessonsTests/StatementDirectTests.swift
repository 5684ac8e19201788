import Foundation
import GRDB
@testable import OfflineLessons
import Testing

/// `Statement.run(_:)`: values bound through SQLite's C API store what GRDB's arguments stored,
/// and a bad statement fails with a `DatabaseError` that names it.
@Suite("Statements bound directly")
struct StatementDirectTests {
    private func table() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (k INTEGER PRIMARY KEY, s TEXT, b BLOB, n INTEGER NOT NULL CHECK (n >= 0))")
        }
        return queue
    }

    @Test("each kind of value is stored as GRDB's arguments store it")
    func values() throws {
        let queue = try table()
        let texts = ["", "ascii", "gemara/247 דף", "a\u{0}b", String(repeating: "long ", count: 1000)]
        let blob = Data([0, 1, 2, 255])
        try queue.write { db in
            for (key, text) in texts.enumerated() {
                try db.cachedStatement(sql: "INSERT INTO t (k, s, b, n) VALUES (?, ?, ?, ?)")
                    .run([BoundValue(key), .text(text), .blob(blob), BoundValue(true)])
                try db.execute(sql: "INSERT INTO t (k, s, b, n) VALUES (?, ?, ?, ?)", arguments: [100 + key, text, blob, true])
            }
            try db.cachedStatement(sql: "INSERT INTO t (k, s, b, n) VALUES (?, ?, ?, ?)")
                .run([BoundValue(50), BoundValue(nil as String?), BoundValue(nil as Int?), BoundValue(false)])
        }
        try queue.read { db in
            for key in texts.indices {
                let direct = try #require(try Row.fetchOne(db, sql: "SELECT CAST(s AS BLOB), typeof(s), b, typeof(b), n FROM t WHERE k = ?", arguments: [key]))
                let grdb = try #require(try Row.fetchOne(db, sql: "SELECT CAST(s AS BLOB), typeof(s), b, typeof(b), n FROM t WHERE k = ?", arguments: [100 + key]))
                #expect(direct == grdb, "text #\(key)")
                if !texts[key].contains("\u{0}") {  // GRDB stores a text up to its first NUL: compared above
                    #expect(direct[0] as Data? ?? Data() == Data(texts[key].utf8), "text #\(key)")
                }
                #expect(direct[1] as String == "text", "an empty text is '' (not NULL)")
            }
            let nulls = try #require(try Row.fetchOne(db, sql: "SELECT typeof(s), typeof(b), n FROM t WHERE k = 50"))
            #expect(nulls[0] as String == "null")
            #expect(nulls[1] as String == "null")
            #expect(nulls[2] as Int == 0)
        }
    }

    @Test("a statement reused after a failure runs with its new values; failures name the statement")
    func failures() throws {
        let queue = try table()
        try queue.write { db in
            let insert = try db.cachedStatement(sql: "INSERT INTO t (k, s, b, n) VALUES (?, ?, ?, ?)")
            #expect(throws: DatabaseError.self) { try insert.run([BoundValue(1), .text("x")]) }
            do {
                try insert.run([BoundValue(1), .text("x"), .null, BoundValue(-1)])
                Issue.record("a CHECK violation did not throw")
            } catch let error as DatabaseError {
                #expect(error.resultCode == .SQLITE_CONSTRAINT)
                #expect(error.sql?.contains("INSERT INTO t") == true)
                #expect(error.message?.contains("CHECK") == true, "\(error)")
            }
            try insert.run([BoundValue(1), .text("kept"), .null, BoundValue(2)])
            #expect(throws: DatabaseError.self) { try insert.run([BoundValue(1), .text("same key"), .null, BoundValue(2)]) }
            #expect(try String.fetchOne(db, sql: "SELECT s FROM t WHERE k = 1") == "kept")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") == 1)
        }
    }
}
