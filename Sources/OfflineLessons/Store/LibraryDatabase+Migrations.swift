internal import GRDB

extension LibraryDatabase {
    /// Append-only named migrations. Never edit a shipped one: add the next.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-catalog") { db in
            try db.create(table: "shasCache") { t in
                t.primaryKey("singleton", .integer).check { $0 == 1 }
                t.column("json", .blob).notNull()
                t.column("fetchedAt", .datetime).notNull()
            }
            try db.create(table: "catalogListing") { t in
                t.column("type", .text).notNull().check { ["gemara", "mishna"].contains($0) }
                t.column("masechetId", .integer).notNull()
                t.column("chapter", .integer).notNull()  // 0 for a Gemara listing (whole masechet)
                t.column("fetchedAt", .datetime).notNull()
                t.column("problemCount", .integer).notNull()
                t.primaryKey(["type", "masechetId", "chapter"])
            }
            try db.create(table: "catalogLesson") { t in
                t.column("type", .text).notNull().check { ["gemara", "mishna"].contains($0) }
                t.column("id", .integer).notNull()
                t.column("sederId", .integer).notNull()
                t.column("masechetId", .integer).notNull()
                t.column("chapter", .integer).notNull()
                t.column("number", .integer).notNull()
                t.column("json", .blob).notNull()
                t.primaryKey(["type", "id"])
            }
            try db.create(index: "catalogLesson_position", on: "catalogLesson", columns: ["type", "masechetId", "chapter", "number"])
        }
        migrator.registerMigration("v2-registry") { db in
            try db.create(table: "lesson") { t in
                t.column("type", .text).notNull().check { ["gemara", "mishna"].contains($0) }
                t.column("id", .integer).notNull()
                t.column("sederId", .integer).notNull()
                t.column("masechetId", .integer).notNull()
                t.column("chapter", .integer).notNull()
                t.column("number", .integer).notNull()
                t.column("json", .blob).notNull()
                t.column("requestedAt", .datetime).notNull()
                t.primaryKey(["type", "id"])
            }
            try db.create(table: "mediaItem") { t in
                t.column("type", .text).notNull()
                t.column("id", .integer).notNull()
                t.column("medium", .text).notNull().check { ["audio", "video", "text"].contains($0) }
                t.column("state", .text).notNull()
                    .check { ["queued", "downloading", "complete", "failed", "missing"].contains($0) }
                t.column("url", .text).notNull()
                t.column("expectedBytes", .integer)
                t.column("receivedBytes", .integer).notNull().defaults(to: 0)
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("lastError", .text)
                t.column("requestedAt", .datetime).notNull()
                t.column("completedAt", .datetime)
                t.column("lastAccessAt", .datetime)
                t.primaryKey(["type", "id", "medium"])
                t.foreignKey(["type", "id"], references: "lesson", onDelete: .cascade)
                t.check(sql: "state != 'complete' OR (completedAt IS NOT NULL AND expectedBytes = receivedBytes)")
            }
            try db.create(index: "mediaItem_state", on: "mediaItem", columns: ["state"])
            try db.create(table: "event") { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("at", .datetime).notNull()
                t.column("type", .text).notNull()
                t.column("id", .integer).notNull()
                t.column("medium", .text)
                t.column("kind", .text).notNull()
                    .check {
                        ["requested", "completed", "failed", "removed", "missing", "adopted", "expired", "imported"]
                            .contains($0)
                    }
                t.column("detail", .text)
            }
            // The log is append-only.
            try db.execute(
                sql: """
                    CREATE TRIGGER event_no_update BEFORE UPDATE ON event
                    BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
                    CREATE TRIGGER event_no_delete BEFORE DELETE ON event
                    BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
                    """)
        }
        migrator.registerMigration("v3-maintenance") { db in
            // New states and event kinds need new CHECK constraints: the two tables are rebuilt
            // (SQLite cannot alter a CHECK), rows copied as they are.
            try db.execute(
                sql: """
                    CREATE TABLE mediaItem_v3 (
                      type TEXT NOT NULL,
                      id INTEGER NOT NULL,
                      medium TEXT NOT NULL CHECK (medium IN ('audio', 'video', 'text')),
                      state TEXT NOT NULL CHECK (state IN ('queued', 'downloading', 'complete', 'failed', 'missing', 'corrupt')),
                      url TEXT NOT NULL,
                      expectedBytes INTEGER,
                      receivedBytes INTEGER NOT NULL DEFAULT 0,
                      etag TEXT,
                      lastModified TEXT,
                      attempts INTEGER NOT NULL DEFAULT 0,
                      lastError TEXT,
                      requestedAt DATETIME NOT NULL,
                      completedAt DATETIME,
                      lastAccessAt DATETIME,
                      PRIMARY KEY (type, id, medium),
                      FOREIGN KEY (type, id) REFERENCES lesson(type, id) ON DELETE CASCADE,
                      CHECK (state != 'complete' OR (completedAt IS NOT NULL AND expectedBytes = receivedBytes))
                    );
                    INSERT INTO mediaItem_v3 SELECT type, id, medium, state, url, expectedBytes, receivedBytes, etag, lastModified,
                      attempts, lastError, requestedAt, completedAt, lastAccessAt FROM mediaItem;
                    DROP TABLE mediaItem;
                    ALTER TABLE mediaItem_v3 RENAME TO mediaItem;
                    CREATE INDEX mediaItem_state ON mediaItem(state);
                    CREATE INDEX mediaItem_completedAt ON mediaItem(completedAt);

                    CREATE TABLE event_v3 (
                      seq INTEGER PRIMARY KEY AUTOINCREMENT,
                      at DATETIME NOT NULL,
                      type TEXT NOT NULL,
                      id INTEGER NOT NULL,
                      medium TEXT,
                      kind TEXT NOT NULL CHECK (kind IN ('requested', 'completed', 'failed', 'removed', 'missing', 'adopted',
                        'expired', 'imported', 'discovered', 'corrupt', 'movedAside', 'pinned', 'unpinned')),
                      detail TEXT
                    );
                    INSERT INTO event_v3 SELECT seq, at, type, id, medium, kind, detail FROM event;
                    DROP TABLE event;
                    ALTER TABLE event_v3 RENAME TO event;
                    CREATE INDEX event_lesson ON event(type, id, seq);
                    CREATE TRIGGER event_no_update BEFORE UPDATE ON event
                    BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
                    CREATE TRIGGER event_no_delete BEFORE DELETE ON event
                    BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;

                    ALTER TABLE lesson ADD COLUMN pinned BOOLEAN NOT NULL DEFAULT 0;
                    """)
        }
        migrator.registerMigration("v4-links") { db in
            // Items keep the link as the server gave it, not a URL resolved against the media base
            // of the day. Each link comes from the lesson's snapshot (`audio`, `video`, `page`);
            // the old URL stays only where a snapshot has none.
            try db.execute(
                sql: """
                    CREATE TABLE mediaItem_v4 (
                      type TEXT NOT NULL,
                      id INTEGER NOT NULL,
                      medium TEXT NOT NULL CHECK (medium IN ('audio', 'video', 'text')),
                      state TEXT NOT NULL CHECK (state IN ('queued', 'downloading', 'complete', 'failed', 'missing', 'corrupt')),
                      link TEXT NOT NULL,
                      expectedBytes INTEGER,
                      receivedBytes INTEGER NOT NULL DEFAULT 0,
                      etag TEXT,
                      lastModified TEXT,
                      attempts INTEGER NOT NULL DEFAULT 0,
                      lastError TEXT,
                      requestedAt DATETIME NOT NULL,
                      completedAt DATETIME,
                      lastAccessAt DATETIME,
                      PRIMARY KEY (type, id, medium),
                      FOREIGN KEY (type, id) REFERENCES lesson(type, id) ON DELETE CASCADE,
                      CHECK (state != 'complete' OR (completedAt IS NOT NULL AND expectedBytes = receivedBytes))
                    );
                    INSERT INTO mediaItem_v4 SELECT m.type, m.id, m.medium, m.state,
                      COALESCE(json_extract(CAST(l.json AS TEXT),
                        CASE m.medium WHEN 'audio' THEN '$.audio' WHEN 'video' THEN '$.video' ELSE '$.page' END), m.url),
                      m.expectedBytes, m.receivedBytes, m.etag, m.lastModified, m.attempts, m.lastError,
                      m.requestedAt, m.completedAt, m.lastAccessAt
                    FROM mediaItem m JOIN lesson l ON l.type = m.type AND l.id = m.id;
                    DROP TABLE mediaItem;
                    ALTER TABLE mediaItem_v4 RENAME TO mediaItem;
                    CREATE INDEX mediaItem_state ON mediaItem(state);
                    CREATE INDEX mediaItem_completedAt ON mediaItem(completedAt);
                    """)
        }
        migrator.registerMigration("v5-lesson-summary") { db in
            // What the downloads list needs of a lesson's snapshot, as columns: its duration, and
            // whether it offers a PDF (a `page` that is not blank). Read from each snapshot once
            // here; written with the snapshot from now on.
            try db.execute(
                sql: """
                    ALTER TABLE lesson ADD COLUMN duration INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE lesson ADD COLUMN offersText BOOLEAN NOT NULL DEFAULT 0;
                    """)
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT type, id, json_extract(CAST(json AS TEXT), '$.duration'), json_extract(CAST(json AS TEXT), '$.page')
                    FROM lesson
                    """)
            let update = try db.makeStatement(sql: "UPDATE lesson SET duration = ?, offersText = ? WHERE type = ? AND id = ?")
            for row in rows {
                let duration: Int = row[2] ?? 0
                let page: String? = row[3]
                try update.execute(arguments: [duration, page.map { !Lesson.isBlank($0) } ?? false, row[0] as String, row[1] as Int])
            }
        }
        migrator.registerMigration("v6-event-rowid") { db in
            // The event log's sequence number without AUTOINCREMENT: rows are never deleted (a
            // trigger forbids it), so the next rowid is already always the highest plus one, and
            // SQLite no longer writes the sqlite_sequence table with every event (one page less in
            // the commit of each completed file). The columns and triggers are v3's, written out
            // again: a migration's SQL is never shared, so that none can change once shipped.
            try db.execute(
                sql: """
                    CREATE TABLE event_v6 (
                      seq INTEGER PRIMARY KEY,
                      at DATETIME NOT NULL,
                      type TEXT NOT NULL,
                      id INTEGER NOT NULL,
                      medium TEXT,
                      kind TEXT NOT NULL CHECK (kind IN ('requested', 'completed', 'failed', 'removed', 'missing', 'adopted',
                        'expired', 'imported', 'discovered', 'corrupt', 'movedAside', 'pinned', 'unpinned')),
                      detail TEXT
                    );
                    INSERT INTO event_v6 SELECT seq, at, type, id, medium, kind, detail FROM event;
                    DROP TABLE event;
                    ALTER TABLE event_v6 RENAME TO event;
                    CREATE INDEX event_lesson ON event(type, id, seq);
                    CREATE TRIGGER event_no_update BEFORE UPDATE ON event
                    BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
                    CREATE TRIGGER event_no_delete BEFORE DELETE ON event
                    BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
                    """)
        }
        migrator.registerMigration("v7-checks-without-lists") { db in
            // The same CHECK constraints as v4's items and v6's events, written as OR chains: SQLite
            // checks `x IN (three or more values)` through a temporary b-tree it builds for every
            // statement that writes the row. Rows are copied as they are.
            try db.execute(
                sql: """
                    CREATE TABLE mediaItem_v7 (
                      type TEXT NOT NULL,
                      id INTEGER NOT NULL,
                      medium TEXT NOT NULL CHECK (medium = 'audio' OR medium = 'video' OR medium = 'text'),
                      state TEXT NOT NULL CHECK (state = 'queued' OR state = 'downloading' OR state = 'complete'
                        OR state = 'failed' OR state = 'missing' OR state = 'corrupt'),
                      link TEXT NOT NULL,
                      expectedBytes INTEGER,
                      receivedBytes INTEGER NOT NULL DEFAULT 0,
                      etag TEXT,
                      lastModified TEXT,
                      attempts INTEGER NOT NULL DEFAULT 0,
                      lastError TEXT,
                      requestedAt DATETIME NOT NULL,
                      completedAt DATETIME,
                      lastAccessAt DATETIME,
                      PRIMARY KEY (type, id, medium),
                      FOREIGN KEY (type, id) REFERENCES lesson(type, id) ON DELETE CASCADE,
                      CHECK (state != 'complete' OR (completedAt IS NOT NULL AND expectedBytes = receivedBytes))
                    );
                    INSERT INTO mediaItem_v7 SELECT type, id, medium, state, link, expectedBytes, receivedBytes, etag,
                      lastModified, attempts, lastError, requestedAt, completedAt, lastAccessAt FROM mediaItem;
                    DROP TABLE mediaItem;
                    ALTER TABLE mediaItem_v7 RENAME TO mediaItem;
                    CREATE INDEX mediaItem_state ON mediaItem(state);
                    CREATE INDEX mediaItem_completedAt ON mediaItem(completedAt);

                    CREATE TABLE event_v7 (
                      seq INTEGER PRIMARY KEY,
                      at DATETIME NOT NULL,
                      type TEXT NOT NULL,
                      id INTEGER NOT NULL,
                      medium TEXT,
                      kind TEXT NOT NULL CHECK (kind = 'requested' OR kind = 'completed' OR kind = 'failed'
                        OR kind = 'removed' OR kind = 'missing' OR kind = 'adopted' OR kind = 'expired'
                        OR kind = 'imported' OR kind = 'discovered' OR kind = 'corrupt' OR kind = 'movedAside'
                        OR kind = 'pinned' OR kind = 'unpinned'),
                      detail TEXT
                    );
                    INSERT INTO event_v7 SELECT seq, at, type, id, medium, kind, detail FROM event;
                    DROP TABLE event;
                    ALTER TABLE event_v7 RENAME TO event;
                    CREATE INDEX event_lesson ON event(type, id, seq);
                    CREATE TRIGGER event_no_update BEFORE UPDATE ON event
                    BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
                    CREATE TRIGGER event_no_delete BEFORE DELETE ON event
                    BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
                    """)
        }
        migrator.registerMigration("v8-queue-control") { db in
            // A download cancelled by the user is an event of its own; the queue's pause is a
            // setting of the library, kept across restarts.
            try db.execute(
                sql: """
                    CREATE TABLE event_v8 (
                      seq INTEGER PRIMARY KEY,
                      at DATETIME NOT NULL,
                      type TEXT NOT NULL,
                      id INTEGER NOT NULL,
                      medium TEXT,
                      kind TEXT NOT NULL CHECK (kind = 'requested' OR kind = 'completed' OR kind = 'failed'
                        OR kind = 'removed' OR kind = 'missing' OR kind = 'adopted' OR kind = 'expired'
                        OR kind = 'imported' OR kind = 'discovered' OR kind = 'corrupt' OR kind = 'movedAside'
                        OR kind = 'pinned' OR kind = 'unpinned' OR kind = 'cancelled'),
                      detail TEXT
                    );
                    INSERT INTO event_v8 SELECT seq, at, type, id, medium, kind, detail FROM event;
                    DROP TABLE event;
                    ALTER TABLE event_v8 RENAME TO event;
                    CREATE INDEX event_lesson ON event(type, id, seq);
                    CREATE TRIGGER event_no_update BEFORE UPDATE ON event
                    BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
                    CREATE TRIGGER event_no_delete BEFORE DELETE ON event
                    BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;

                    CREATE TABLE setting (
                      name TEXT PRIMARY KEY NOT NULL,
                      value TEXT NOT NULL
                    );
                    """)
        }
        registerPlayback(in: &migrator)
        registerPlans(in: &migrator)
        return migrator
    }
}
