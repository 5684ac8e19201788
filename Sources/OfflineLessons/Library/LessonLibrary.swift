import Foundation
import Logging

/// The facade an app or the CLI holds: one per library root. It owns the registry, the media
/// store, the catalog and the download engine.
public actor LessonLibrary {
    public struct Configuration: Sendable {
        public var engine: DownloadEngine.Configuration
        /// Where audio and PDF keys are resolved; `nil` means the API server's origin + `/media/`.
        public var mediaBase: URL?

        public init(engine: DownloadEngine.Configuration = .init(), mediaBase: URL? = nil) {
            self.engine = engine
            self.mediaBase = mediaBase
        }
    }

    public nonisolated let layout: LibraryLayout
    public nonisolated let database: LibraryDatabase
    public nonisolated let catalog: Catalog
    public nonisolated let store: MediaStore
    nonisolated let engine: DownloadEngine
    nonisolated let hub = EventHub()
    nonisolated let locator: MediaLocator?
    nonisolated let logger: Logger

    /// Opens (or creates) the library at `root`.
    public init(root: URL, client: CatalogClient? = nil, transport: any Transport = HTTPTransport(),
                configuration: Configuration = .init(), logger: Logger = .silent) throws {
        layout = LibraryLayout(root: root)
        try FileManager.default.createDirectory(at: layout.root, withIntermediateDirectories: true)
        database = try LibraryDatabase.open(at: layout.databaseURL.path)
        catalog = Catalog(database: database, client: client)
        store = MediaStore(layout: layout)
        engine = DownloadEngine(database: database, store: store, transport: transport, configuration: configuration.engine, logger: logger)
        let base = configuration.mediaBase ?? client.flatMap { Self.defaultMediaBase(apiBase: $0.configuration.apiBase) }
        locator = base.map(MediaLocator.init(mediaBase:))
        self.logger = logger
    }

    /// The server's origin + `/media/`.
    public static func defaultMediaBase(apiBase: URL) -> URL? {
        guard var components = URLComponents(url: apiBase, resolvingAgainstBaseURL: false) else { return nil }
        components.path = "/media/"
        components.query = nil
        components.fragment = nil
        return components.url
    }

    /// Every download event of this library, from every run (the whole queue), from now on.
    public func observe() async -> AsyncStream<DownloadEvent> {
        await hub.subscribe()
    }

    /// How many items are being downloaded or waiting for a slot (0 once a cancelled run has stopped).
    public nonisolated func activeDownloads() async -> Int {
        await engine.activeDownloads
    }

    /// Whether a lesson is downloaded (audio or video complete), from the registry alone.
    public nonisolated func isDownloaded(_ lesson: LessonID) throws -> Bool {
        try database.isDownloaded(lesson)
    }
}
