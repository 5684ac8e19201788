import Foundation
internal import GRDB

/// The registry's side of the player: one `playback` row per lesson.
extension LibraryDatabase {
    static func registerPlayback(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9-playback") { db in
            // Where each lesson was left in the player, and whether it was played through: one row
            // per lesson (audio and video share a position), kept after its files are removed.
            // `duration` is 0 when not known; `playedAt` is NULL for a position imported without
            // a time (the legacy app kept none). Its place in the Shas is kept with it, when known,
            // so that a lesson no longer registered is still named.
            try db.execute(
                sql: """
                    CREATE TABLE playback (
                      type TEXT NOT NULL CHECK (type = 'gemara' OR type = 'mishna'),
                      id INTEGER NOT NULL,
                      medium TEXT CHECK (medium IS NULL OR medium = 'audio' OR medium = 'video'),
                      position REAL NOT NULL CHECK (position >= 0),
                      duration REAL NOT NULL CHECK (duration >= 0),
                      played BOOLEAN NOT NULL DEFAULT 0,
                      playedAt DATETIME,
                      sederId INTEGER,
                      masechetId INTEGER,
                      chapter INTEGER,
                      number INTEGER,
                      PRIMARY KEY (type, id)
                    );
                    CREATE INDEX playback_playedAt ON playback(playedAt);
                    """)
        }
    }

    private static let columns = "type, id, medium, position, duration, played, playedAt, sederId, masechetId, chapter, number"

    /// Records where `lesson` was left, in one transaction. The length is the one given, else the
    /// one recorded before, else the registry's or the catalog's; the position is kept within it.
    /// Once played, a lesson stays played.
    func recordPlayback(_ lesson: LessonID, medium: MediaKind?, position: Double, duration: Double?, at date: Date) async throws
        -> Playback
    {
        try await write { db in
            let before = try Self.playback(lesson, in: db)
            let known = try Self.knownLesson(lesson, in: db)
            let length = [duration, before?.duration?.seconds, known.duration].compactMap { $0 }.first { $0 > 0 } ?? 0
            let position = max(0, length > 0 ? min(position, length) : position)
            let lengthKnown: Duration? = length > 0 ? .seconds(length) : nil
            let played = (before?.played ?? false) || Playback.isPlayed(position: .seconds(position), duration: lengthKnown)
            let record = Playback(
                lesson: lesson, medium: medium, position: .seconds(position), duration: lengthKnown, played: played,
                playedAt: date, place: known.place ?? before?.place)
            try Self.save(record, in: db)
            return record
        }
    }

    /// The playback of `lesson`, if it was ever played (or imported).
    func playback(of lesson: LessonID) async throws -> Playback? {
        try await read { db in try Self.playback(lesson, in: db) }
    }

    /// Every lesson's playback.
    func playbacks() async throws -> [Playback] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM playback ORDER BY type, id").compactMap(Self.playback)
        }
    }

    /// The lessons last played and not played through, most recent first.
    func recentPlaybacks(limit: Int) async throws -> [Playback] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.columns) FROM playback WHERE playedAt IS NOT NULL AND NOT played
                    ORDER BY playedAt DESC, type, id LIMIT ?
                    """,
                arguments: [max(0, limit)]
            ).compactMap(Self.playback)
        }
    }

    /// Imports positions and recently played lessons, in one transaction: a position is written
    /// only where the library has none for the lesson; a recent lesson is given its time only
    /// where none is recorded (a position of the same import included). Returns how many of
    /// each were written: a second import of the same data writes none.
    func importPlaybacks(positions: [Playback], recent: [Playback]) async throws -> (positions: Int, recent: Int) {
        try await write { db in
            var written = (positions: 0, recent: 0)
            for record in positions where try Self.playback(record.lesson, in: db) == nil {
                try Self.save(record, in: db)
                written.positions += 1
            }
            for record in recent {
                if let existing = try Self.playback(record.lesson, in: db) {
                    guard existing.playedAt == nil, let playedAt = record.playedAt else { continue }
                    try db.execute(
                        sql: "UPDATE playback SET playedAt = ? WHERE type = ? AND id = ?",
                        arguments: [playedAt, record.lesson.type.rawValue, record.lesson.id])
                } else {
                    try Self.save(record, in: db)
                }
                written.recent += 1
            }
            return written
        }
    }

    private static func save(_ record: Playback, in db: Database) throws {
        let place = record.place
        try db.execute(
            sql: "INSERT OR REPLACE INTO playback (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                record.lesson.type.rawValue, record.lesson.id, record.medium?.rawValue, record.position.seconds,
                record.duration?.seconds ?? 0, record.played, record.playedAt, place?.placement.sederId,
                place?.placement.masechetId, place?.placement.chapter, place?.number,
            ])
    }

    private static func playback(_ lesson: LessonID, in db: Database) throws -> Playback? {
        try Row.fetchOne(
            db, sql: "SELECT \(columns) FROM playback WHERE type = ? AND id = ?", arguments: [lesson.type.rawValue, lesson.id]
        ).flatMap(playback)
    }

    private static func playback(_ row: Row) -> Playback? {
        guard let type = LessonType(rawValue: row["type"]) else { return nil }
        let duration: Double = row["duration"]
        var place: Playback.PlacedAt?
        if let seder: Int = row["sederId"], let masechet: Int = row["masechetId"], let chapter: Int = row["chapter"],
            let number: Int = row["number"]
        {
            place = .init(placement: Placement(sederId: seder, masechetId: masechet, chapter: chapter), number: number)
        }
        return Playback(
            lesson: LessonID(type, row["id"]), medium: (row["medium"] as String?).flatMap(MediaKind.init(rawValue:)),
            position: .seconds(row["position"] as Double), duration: duration > 0 ? .seconds(duration) : nil, played: row["played"],
            playedAt: row["playedAt"], place: place)
    }

    /// A lesson's length and place as the registry knows them, else as the catalog cache does.
    private static func knownLesson(_ lesson: LessonID, in db: Database) throws -> (duration: Double?, place: Playback.PlacedAt?) {
        let arguments: StatementArguments = [lesson.type.rawValue, lesson.id]
        let row =
            try Row.fetchOne(
                db, sql: "SELECT duration, sederId, masechetId, chapter, number FROM lesson WHERE type = ? AND id = ?",
                arguments: arguments)
            ?? Row.fetchOne(
                db,
                sql: """
                    SELECT json_extract(CAST(json AS TEXT), '$.duration') AS duration, sederId, masechetId, chapter, number
                    FROM catalogLesson WHERE type = ? AND id = ?
                    """,
                arguments: arguments)
        guard let row else { return (nil, nil) }
        let place = Playback.PlacedAt(
            placement: Placement(sederId: row["sederId"], masechetId: row["masechetId"], chapter: row["chapter"]), number: row["number"])
        return (row["duration"] as Double?, place)
    }
}
