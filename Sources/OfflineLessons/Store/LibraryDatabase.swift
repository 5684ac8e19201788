import Foundation
internal import GRDB

/// The library's single source of truth: one SQLite database (WAL mode) holding the catalog cache,
/// the registry of lessons and media items, and the append-only event log.
///
/// Invariants live in the schema (NOT NULL, CHECK, UNIQUE, foreign keys); write methods are
/// transactions that keep them.
///
/// Internal: the library's facade is the only way in, so that nothing can register a file that
/// is not on disk. Every method is async: SQLite runs on GRDB's own queues, never on the
/// cooperative thread pool.
struct LibraryDatabase: Sendable {
    let writer: any DatabaseWriter
    /// A connection of its own, only ever asked SQLite's `PRAGMA data_version` (``version()``):
    /// never the writer's, so that the question waits for no write. `nil` for a read-only or an
    /// in-memory database.
    private let versionReader: DatabaseQueue?

    /// Opens (or creates) the database at `path`, in WAL mode, and migrates it. Blocking: the
    /// library calls it off the cooperative pool.
    static func open(at path: String) throws -> LibraryDatabase {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        // Half a MiB of page cache per connection, not SQLite's 2 MiB: the OS caches the file
        // anyway, and a 10,000-item queue then stays under 64 MiB resident per process.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -512") }
        var readOnly = Configuration()
        readOnly.readonly = true
        readOnly.busyMode = .timeout(10)
        return try withRegistryErrors {
            // The version reader is the connection the check reads with, opened before the pool
            // writes anything (one connection fewer to open); for a new file, after the pool made it.
            let checked: DatabaseQueue?
            do {
                checked = try checkedReader(path, readOnly)
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
                // A write killed mid-way (a first creation, before WAL) left a hot journal, which
                // only a writer rolls back: rolled back, the file is what it was before that write.
                try DatabaseQueue(path: path, configuration: configuration).read { db in
                    _ = try Int.fetchOne(db, sql: "PRAGMA user_version")
                }
                checked = try checkedReader(path, readOnly)
            }
            let pool = try DatabasePool(path: path, configuration: configuration)
            let versionReader = try checked ?? DatabaseQueue(path: path, configuration: readOnly)
            let database = try LibraryDatabase(pool, versionReader: versionReader)
            try database.writer.writeWithoutTransaction { db in
                if try Int32.fetchOne(db, sql: "PRAGMA application_id") != applicationID {
                    try db.execute(sql: "PRAGMA application_id = \(applicationID)")
                }
            }
            return database
        }
    }

    /// A read-only connection to an existing file, once the file is found to be this library's
    /// (``checkBelongsToLibrary(_:reading:)``); `nil` for an empty or absent file.
    private static func checkedReader(_ path: String, _ readOnly: Configuration) throws -> DatabaseQueue? {
        guard fileSize(path) > 0 else { return nil }
        let queue = try DatabaseQueue(path: path, configuration: readOnly)
        try checkBelongsToLibrary(path, reading: queue)
        return queue
    }

    /// Opens an existing library's database read-only (a read-only folder, disk or mount): no
    /// migration, no write. Where SQLite cannot open a WAL database read-only (no `-shm` file and
    /// no right to create one), it is opened as immutable. Throws unless the database is this
    /// library's and fully migrated.
    static func openReadOnly(at path: String) throws -> LibraryDatabase {
        guard FileManager.default.fileExists(atPath: path) else { throw RegistryError.noLibrary(path: path) }
        return try withRegistryErrors {
            let queue = try readOnlyQueue(path)
            try checkBelongsToLibrary(path, reading: queue)
            let complete = try queue.read { db in try migrator.hasCompletedMigrations(db) }
            guard complete else { throw RegistryError.readOnlyNeedsMigration }
            return LibraryDatabase(readOnly: queue)
        }
    }

    /// Runs `body`, turning SQLite's errors into ``RegistryError/database(message:underlying:)``.
    private static func withRegistryErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw RegistryError(error)
        }
    }

    /// A read-only connection; as immutable where SQLite cannot open the WAL database otherwise.
    private static func readOnlyQueue(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
            return queue
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY {
            // Only where the storage is read-only and WAL needs files it cannot create: immutable.
            let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
            return try DatabaseQueue(path: "file:\(escaped)?immutable=1", configuration: configuration)
        }
    }

    private init(readOnly writer: any DatabaseWriter) {
        self.writer = writer
        versionReader = nil
    }

    /// Stamped in the file's header (`PRAGMA application_id`): "OLSN".
    static let applicationID: Int32 = 0x4F4C_534E

    /// Refuses, before anything is written to it, a file that is another application's database:
    /// a different application id, or tables and migrations that are not ours. A library made
    /// before the stamp existed is recognised by its migrations. Reads with `queue`, a read-only
    /// connection to `path`; an empty file (a creation stopped before its first write) passes.
    static func checkBelongsToLibrary(_ path: String, reading queue: DatabaseQueue) throws {
        guard fileSize(path) > 0 else { return }
        let (id, tables, applied) = try queue.read { db in
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            let applied = tables.contains("grdb_migrations") ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
            return (try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0, tables, applied)
        }
        if id == applicationID || (id == 0 && tables.isEmpty) { return }
        // A first creation stopped (a crash, a kill) after GRDB made its migrations table, which it
        // commits on its own, and before the first migration's commit: nothing else is there.
        if id == 0, tables == ["grdb_migrations"], applied.isEmpty { return }
        if id == 0, !applied.isEmpty, Set(applied).isSubset(of: migrator.migrations) { return }
        throw RegistryError.foreignDatabase(path: path, tables: tables)
    }

    /// The size of the file at `path` (not followed if a link), 0 when there is none.
    private static func fileSize(_ path: String) -> Int {
        var status = stat()
        return lstat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// An in-memory database, for tests and previews.
    static func inMemory() throws -> LibraryDatabase {
        try withRegistryErrors { try LibraryDatabase(DatabaseQueue()) }
    }

    init(_ writer: any DatabaseWriter, versionReader: DatabaseQueue? = nil) throws {
        self.writer = writer
        self.versionReader = versionReader
        try Self.migrator.migrate(writer)
    }

    /// Runs a read; SQLite errors become ``RegistryError/database(message:underlying:)``.
    ///
    /// Registry accesses are not cancelled with the calling task (GRDB's async accesses would
    /// be): a cancelled download must still put its item back in the queue, and a placed file must
    /// still be committed. The access runs in a task of its own, awaited here; callers look at
    /// `Task.isCancelled` where they can stop.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let writer = self.writer
        return try await Self.shielded { try await writer.read(body) }
    }

    /// Runs a write transaction; SQLite errors become ``RegistryError/database(message:underlying:)``.
    /// Not cancelled with the calling task (see ``read(_:)``).
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let writer = self.writer
        return try await Self.shielded { try await writer.write(body) }
    }

    /// Runs a write transaction on the calling thread, under the writer's lock (no hop to the
    /// writer's queue and back): for a thread that may block, never the cooperative pool.
    func writeBlocking<T>(_ body: (Database) throws -> T) throws -> T {
        try Self.withRegistryErrors { try writer.write(body) }
    }

    private static func shielded<T: Sendable>(_ access: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            return try await Task { try await access() }.value
        } catch let error as DatabaseError {
            throw RegistryError(error)
        }
    }

    /// What the registry holds, as a value that changes with every commit, this library's and
    /// any other connection's or process's: SQLite's `PRAGMA data_version` on a connection that
    /// never writes (it moves whenever another connection has committed since it last looked; the
    /// pragma starts a read transaction, which in WAL mode reads the shared index). Two equal
    /// versions mean nothing was committed between them, so a read made after the first still
    /// holds: take the version before the read it stands for. A write still in progress is not
    /// committed and no reader sees it. `nil` for a read-only or in-memory database (nothing is
    /// cached there).
    struct Version: Hashable, Sendable {
        var dataVersion: Int
    }

    /// The registry's ``Version`` now (one hop to the version connection's queue; no write waits).
    func version() async throws -> Version? {
        guard let versionReader else { return nil }
        return try await Self.shielded {
            try await versionReader.read { db in Version(dataVersion: try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0)
            }
        }
    }

    /// Folds the write-ahead log into the database file (`wal_checkpoint(TRUNCATE)`: the log is
    /// left empty), then closes every connection. Every later access throws.
    func close() async throws {
        let writer = self.writer
        try await BlockingIO.run {
            try Self.withRegistryErrors {
                if writer is DatabasePool {
                    try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
                }
                try versionReader?.close()
                try writer.close()
            }
        }
    }

    /// SQLite's `PRAGMA integrity_check`: `["ok"]` when the database is sound.
    func integrityCheck() async throws -> [String] {
        try await read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// The names of the migrations applied, in order.
    func appliedMigrations() async throws -> [String] {
        try await read { db in try Self.migrator.appliedMigrations(db) }
    }
}
