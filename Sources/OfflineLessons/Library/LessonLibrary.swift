import Foundation
import Logging

/// The facade an app or the CLI holds, one per library root, and the only public way in: it owns
/// the registry, the media store, the catalog and the download engine, none of which can be
/// reached around it (so nothing can register a file that is not on disk).
///
/// Every call that touches the registry or the disk is `async`: SQLite runs on the database's own
/// queues and file flushes on a thread pool, never on the cooperative pool.
public final class LessonLibrary: Sendable {
    public struct Configuration: Sendable {
        /// Downloads at once.
        public var concurrency: Int
        public var retry: RetryPolicy
        /// Where audio and PDF keys are resolved; `nil` means the API server's origin + `/media/`.
        public var mediaBase: URL?
        /// The clock the registry's times come from (requests, completions, events).
        public var now: @Sendable () -> Date
        /// Open without writing anything (no folder created, no migration): the library can be
        /// listed and inspected, not changed. A library on a read-only disk or folder is opened
        /// this way whatever this says.
        public var readOnly: Bool
        /// For crash tests only: runs between a file's step (placed, moved in, deleted, moved
        /// aside) and the registry write that goes with it, the window a crash test aims its kills at.
        package var beforeCommit: (@Sendable (MediaKey) async -> Void)?

        public init(
            concurrency: Int = 3, retry: RetryPolicy = RetryPolicy(), mediaBase: URL? = nil,
            now: @escaping @Sendable () -> Date = { Date() }, readOnly: Bool = false
        ) {
            self.concurrency = max(1, concurrency)
            self.retry = retry
            self.mediaBase = mediaBase
            self.now = now
            self.readOnly = readOnly
        }

        /// A media base given as text; throws ``LibraryError/invalidMediaBase(_:)`` unless it is an
        /// http(s) URL with a host.
        public static func mediaBase(_ text: String) throws -> URL {
            guard let url = HTTPBase.validated(text) else { throw LibraryError.invalidMediaBase(text) }
            return url
        }
    }

    let layout: LibraryLayout
    let database: LibraryDatabase
    let lessonCatalog: Catalog
    let store: MediaStore
    let engine: DownloadEngine
    /// How media are fetched (also asked for a medium's size, see ``checkedDiscoveries(_:)``).
    let transport: any Transport
    let hub = EventHub()
    /// Cancels, pauses and reorders asked of the queue while runs go on.
    let queueControl: QueueControl
    /// The lesson folders as the last quick sync found them (see ``FolderMemo``).
    let folderMemo = FolderMemo()
    /// The last downloads list and quiet quick sync, while the registry has not changed.
    let readCache = RegistryReadCache()
    let locator: MediaLocator
    let now: @Sendable () -> Date
    /// Runs between a file's step and the registry write that goes with it (crash tests aim there).
    let beforeCommit: (@Sendable (MediaKey) async -> Void)?
    let logger: Logger
    /// Whether the library was opened read-only (asked for, or its disk or folder cannot be written).
    public let isReadOnly: Bool

    /// The registry's file name in a library folder: a folder without it holds no library.
    public static let registryFileName = LibraryLayout.databaseName

    /// Opens (or creates) the library at `root`. Throws ``LibraryError/cannotOpen(root:underlying:)``.
    /// `transport` is made while the registry opens (the default's event loops start meanwhile).
    public init(
        root: URL, client: CatalogClient? = nil, transport: @autoclosure @Sendable () -> any Transport = HTTPTransport(),
        configuration: Configuration = .init(), logger: Logger = .silent
    ) async throws {
        let layout = LibraryLayout(root: root)
        let readOnly = configuration.readOnly || Self.isOnReadOnlyStorage(layout)
        async let opened = BlockingIO.run {
            if readOnly { return try LibraryDatabase.openReadOnly(at: layout.databaseURL.path) }
            try FileManager.default.createDirectory(at: layout.root, withIntermediateDirectories: true)
            return try LibraryDatabase.open(at: layout.databaseURL.path)
        }
        let transport = transport()
        self.transport = transport
        do {
            database = try await opened
        } catch {
            throw LibraryError.cannotOpen(root: layout.root, underlying: error)
        }
        isReadOnly = readOnly
        self.layout = layout
        now = configuration.now
        beforeCommit = configuration.beforeCommit
        lessonCatalog = Catalog(database: database, client: client, now: configuration.now, caches: !readOnly)
        store = MediaStore(layout: layout)
        let base = configuration.mediaBase ?? client.flatMap { HTTPBase.origin(of: $0.configuration.apiBase, path: "/media/") }
        let locator = MediaLocator(mediaBase: base)
        self.locator = locator
        let fetcher = MediaFetcher(
            database: database, store: store, transport: transport, locator: locator,
            retry: configuration.retry, now: configuration.now,
            beforeCommit: configuration.beforeCommit, logger: logger)
        let control = QueueControl()
        queueControl = control
        engine = DownloadEngine(fetcher: fetcher, concurrency: configuration.concurrency, front: { control.frontUnderWay })
        self.logger = logger
    }

    /// The library folder.
    public var root: URL { layout.root }

    /// An existing library whose folder or database this process cannot write (a read-only
    /// disk, mount or folder).
    static func isOnReadOnlyStorage(_ layout: LibraryLayout) -> Bool {
        let database = layout.databaseURL.path
        guard FileManager.default.fileExists(atPath: database) else { return false }
        return access(layout.root.path, W_OK) != 0 || access(database, W_OK) != 0
    }

    /// Throws ``LibraryError/readOnly(_:)`` when the library was opened read-only.
    func checkWritable() throws {
        if isReadOnly { throw LibraryError.readOnly(layout.root) }
    }

    /// Where a medium of a lesson lives once downloaded (`media/<type>/<id>/<medium>.<ext>`).
    public func fileURL(for key: MediaKey) -> URL {
        layout.fileURL(key.lesson, key.medium)
    }

    /// Every download event of this library, from every run (the whole queue), from now on: an
    /// item's events come from the run that downloads it (a run that joined another's download
    /// of the item gets the end of it in its own stream only; cancelling that run leaves the
    /// download going). An observer that falls behind loses the oldest events first.
    public func observe() async -> AsyncStream<DownloadEvent> {
        hub.subscribe()
    }

    /// How many items are being downloaded or waiting for a slot in this library instance.
    public func activeDownloads() async -> Int {
        await engine.activeDownloads
    }

    /// Closes the registry once nothing more is to be done with this library: its write-ahead log
    /// is folded into `library.sqlite`, so that the file alone holds the whole registry (a copy of
    /// it is complete). Every later call that needs the registry fails. Not required: a process
    /// that ends without it loses nothing (the next open replays the log). The CLI calls it
    /// before it exits.
    public func close() async throws {
        try await database.close()
    }

    /// Whether the library holds nothing of the user's: no medium requested, no plan, no place
    /// in the player, no setting (a cached catalog and the screen's token do not count). A command
    /// that made a library and then failed can take such a library away again.
    public func holdsNothing() async throws -> Bool {
        try await database.holdsNothing(ignoring: Self.screenTokenSetting)
    }

    /// Whether a lesson is downloaded (audio or video complete), from the registry alone.
    public func isDownloaded(_ lesson: LessonID) async throws -> Bool {
        try await database.isDownloaded(lesson)
    }
}
