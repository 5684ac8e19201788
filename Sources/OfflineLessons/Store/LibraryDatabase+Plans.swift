import Foundation
internal import GRDB

/// The registry's side of learning plans: a `plan` row per calendar followed, and a `planLesson`
/// row per lesson a plan brought in, with the last day of its daf (what `clean` counts from).
extension LibraryDatabase {
    static func registerPlans(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10-plans") { db in
            // `day` is the last day the daf is learned, in days since 1970-01-01. A lesson the
            // library held before its plan asked for it has no row: the plan never removes it.
            try db.execute(
                sql: """
                    CREATE TABLE plan (
                      calendar TEXT PRIMARY KEY NOT NULL CHECK (calendar = 'daf-yomi' OR calendar = 'daf-hashavua'),
                      ahead INTEGER NOT NULL CHECK (ahead >= 0),
                      keepDays INTEGER NOT NULL CHECK (keepDays >= 0),
                      media TEXT NOT NULL CHECK (media = 'audio' OR media = 'video' OR media = 'both'),
                      keepUnplayed BOOLEAN NOT NULL DEFAULT 0,
                      createdAt DATETIME NOT NULL
                    );
                    CREATE TABLE planLesson (
                      calendar TEXT NOT NULL REFERENCES plan(calendar) ON DELETE CASCADE,
                      type TEXT NOT NULL CHECK (type = 'gemara' OR type = 'mishna'),
                      id INTEGER NOT NULL,
                      day INTEGER NOT NULL,
                      PRIMARY KEY (calendar, type, id)
                    );
                    """)
        }
        // One's own pace: its first daf (the masechet as the calendars name it, and the daf), its
        // first day and its period. SQLite cannot change a CHECK, so the table is made anew (the
        // migrator turns foreign keys off while it runs: planLesson's rows stay).
        migrator.registerMigration("v11-own-pace") { db in
            try db.execute(
                sql: """
                    CREATE TABLE plan_v11 (
                      calendar TEXT PRIMARY KEY NOT NULL CHECK (calendar IN ('daf-yomi', 'daf-hashavua', 'own-pace')),
                      ahead INTEGER NOT NULL CHECK (ahead >= 0),
                      keepDays INTEGER NOT NULL CHECK (keepDays >= 0),
                      media TEXT NOT NULL CHECK (media = 'audio' OR media = 'video' OR media = 'both'),
                      keepUnplayed BOOLEAN NOT NULL DEFAULT 0,
                      createdAt DATETIME NOT NULL,
                      paceMasechet TEXT,
                      paceDaf INTEGER,
                      paceBegan INTEGER,
                      paceEvery TEXT CHECK (paceEvery IN ('day', 'week')),
                      CHECK ((calendar = 'own-pace') = (paceMasechet IS NOT NULL AND paceDaf IS NOT NULL AND paceBegan IS NOT NULL AND paceEvery IS NOT NULL))
                    );
                    INSERT INTO plan_v11 (calendar, ahead, keepDays, media, keepUnplayed, createdAt)
                      SELECT calendar, ahead, keepDays, media, keepUnplayed, createdAt FROM plan;
                    DROP TABLE plan;
                    ALTER TABLE plan_v11 RENAME TO plan;
                    """)
        }
        // An own pace of Mishna, or of several at a time: where it starts is kept as it is written
        // ("Bava Metzia 2", "Berakhot 1:1"), with the unit and how many a day or week.
        migrator.registerMigration("v12-pace-units") { db in
            try db.execute(
                sql: """
                    CREATE TABLE plan_v12 (
                      calendar TEXT PRIMARY KEY NOT NULL CHECK (calendar IN ('daf-yomi', 'daf-hashavua', 'own-pace')),
                      ahead INTEGER NOT NULL CHECK (ahead >= 0),
                      keepDays INTEGER NOT NULL CHECK (keepDays >= 0),
                      media TEXT NOT NULL CHECK (media = 'audio' OR media = 'video' OR media = 'both'),
                      keepUnplayed BOOLEAN NOT NULL DEFAULT 0,
                      createdAt DATETIME NOT NULL,
                      paceFrom TEXT,
                      paceUnit TEXT CHECK (paceUnit IN ('daf', 'mishna', 'chapter')),
                      paceCount INTEGER CHECK (paceCount >= 1),
                      paceBegan INTEGER,
                      paceEvery TEXT CHECK (paceEvery IN ('day', 'week')),
                      CHECK ((calendar = 'own-pace') = (paceFrom IS NOT NULL AND paceUnit IS NOT NULL AND paceCount IS NOT NULL
                        AND paceBegan IS NOT NULL AND paceEvery IS NOT NULL))
                    );
                    INSERT INTO plan_v12 (calendar, ahead, keepDays, media, keepUnplayed, createdAt, paceFrom, paceUnit, paceCount, paceBegan, paceEvery)
                      SELECT calendar, ahead, keepDays, media, keepUnplayed, createdAt,
                        CASE WHEN paceMasechet IS NULL THEN NULL ELSE paceMasechet || ' ' || paceDaf END,
                        CASE WHEN paceMasechet IS NULL THEN NULL ELSE 'daf' END,
                        CASE WHEN paceMasechet IS NULL THEN NULL ELSE 1 END,
                        paceBegan, paceEvery FROM plan;
                    DROP TABLE plan;
                    ALTER TABLE plan_v12 RENAME TO plan;
                    """)
        }
        // The round an own pace stands in, kept when its settings change past the end of Shas.
        migrator.registerMigration("v13-pace-round") { db in
            try db.execute(sql: "ALTER TABLE plan ADD COLUMN paceRound INTEGER NOT NULL DEFAULT 1 CHECK (paceRound >= 1)")
        }
    }

    /// The plans followed: Daf Yomi, Daf HaShavua, then one's own pace.
    func plans() async throws -> [LearningPlan] {
        try await read { db in
            guard try db.tableExists("plan") else { return [] }
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM plan")
            return try rows.compactMap { row in
                guard let calendar = try calendar(of: row), let media = MediaChoice(rawValue: row["media"]) else { return nil }
                return LearningPlan(
                    calendar: calendar, ahead: row["ahead"], keepDays: row["keepDays"], media: media, keepUnplayed: row["keepUnplayed"])
            }.sorted { $0.calendar.order < $1.calendar.order }
        }
    }

    /// The calendar of a `plan` row; `nil` for a name this version does not know.
    private func calendar(of row: Row) throws -> DafCalendar? {
        let name: String = row["calendar"]
        guard name == DafCalendar.ownPaceName else { return DafCalendar(rawValue: name) }
        guard let every = OwnPace.Period(rawValue: row["paceEvery"] ?? ""), let unit = StudyUnit(rawValue: row["paceUnit"] ?? "")
        else { return nil }
        return .ownPace(
            try OwnPace(
                from: row["paceFrom"] ?? "", unit: unit, count: row["paceCount"] ?? 1, began: LearningDay(dayNumber: row["paceBegan"] ?? 0),
                every: every, round: row["paceRound"] ?? 1))
    }

    /// Adds `plan`, or changes the settings of the plan of its calendar (its lessons stay its own).
    func savePlan(_ plan: LearningPlan, at now: Date) async throws {
        let pace: OwnPace? = if case .ownPace(let pace) = plan.calendar { pace } else { nil }
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO plan (
                      calendar, ahead, keepDays, media, keepUnplayed, createdAt, paceFrom, paceUnit, paceCount, paceBegan, paceEvery, paceRound)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(calendar) DO UPDATE SET ahead = excluded.ahead, keepDays = excluded.keepDays,
                      media = excluded.media, keepUnplayed = excluded.keepUnplayed, paceFrom = excluded.paceFrom,
                      paceUnit = excluded.paceUnit, paceCount = excluded.paceCount, paceBegan = excluded.paceBegan,
                      paceEvery = excluded.paceEvery, paceRound = excluded.paceRound
                    """,
                arguments: [
                    plan.calendar.rawValue, plan.ahead, plan.keepDays, plan.media.rawValue, plan.keepUnplayed, now, pace?.first.start,
                    pace?.unit.rawValue, pace?.count, pace?.began.dayNumber, pace?.every.rawValue, pace?.round ?? 1,
                ])
        }
    }

    /// Removes the plan of `calendar`; its lessons stay, as any other download. Whether there was one.
    func deletePlan(_ calendar: DafCalendar) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM planLesson WHERE calendar = ?", arguments: [calendar.rawValue])
            try db.execute(sql: "DELETE FROM plan WHERE calendar = ?", arguments: [calendar.rawValue])
            return db.changesCount > 0
        }
    }

    /// Records that `calendar`'s plan wants each lesson until its daf's `day`: a lesson the
    /// registry does not hold yet, or one another plan brought in, becomes the plan's; one the
    /// plan already has gets the new day (the same daf in a later cycle). Lessons held before any
    /// plan asked stay the user's own.
    func claimPlanLessons(_ calendar: DafCalendar, _ lessons: [(LessonID, LearningDay)]) async throws {
        try await write { db in
            for (lesson, day) in lessons {
                let registered = try LessonRecord.matching(lesson).fetchCount(db) > 0
                let planned =
                    try Int.fetchOne(
                        db, sql: "SELECT COUNT(*) FROM planLesson WHERE type = ? AND id = ?", arguments: [lesson.type.rawValue, lesson.id])
                    ?? 0 > 0
                let arguments: StatementArguments = [day.dayNumber, calendar.rawValue, lesson.type.rawValue, lesson.id]
                if registered && !planned {
                    try db.execute(sql: "UPDATE planLesson SET day = ? WHERE calendar = ? AND type = ? AND id = ?", arguments: arguments)
                } else {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO planLesson (day, calendar, type, id) VALUES (?, ?, ?, ?)", arguments: arguments)
                }
            }
        }
    }

    /// Each lesson a plan brought in, with its plan's calendar name and the last day of its daf.
    func planLessons() async throws -> [(calendar: String, lesson: LessonID, day: LearningDay)] {
        try await read { db in
            guard try db.tableExists("planLesson") else { return [] }
            return try Row.fetchAll(db, sql: "SELECT calendar, type, id, day FROM planLesson").compactMap { row in
                guard let type = LessonType(rawValue: row["type"]) else { return nil }
                return (row["calendar"], LessonID(type, row["id"]), LearningDay(dayNumber: row["day"]))
            }
        }
    }
}
