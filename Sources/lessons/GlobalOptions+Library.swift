import Foundation
import OfflineLessons

extension GlobalOptions {
    /// Opens the library with the configured server (if any) for the catalog and media.
    func openLibrary(concurrency: Int = 3) async throws -> LessonLibrary {
        let client = try apiBase().map { CatalogClient(configuration: $0) }
        let configuration = LessonLibrary.Configuration(concurrency: concurrency, mediaBase: try explicitMediaBase())
        return try await LessonLibrary(root: libraryURL, client: client, configuration: configuration)
    }

    /// The API client's configuration, or `nil` when no server is configured. Throws on an unusable URL.
    func apiBase() throws -> CatalogClient.Configuration? {
        guard let text = setting(server, "LESSONS_SERVER") else { return nil }
        return try CatalogClient.Configuration(apiBase: text, token: resolvedToken)
    }

    /// The media base given by `--media-base` or `$LESSONS_MEDIA_BASE`; `nil` lets the library use
    /// the server's origin + `/media/`.
    func explicitMediaBase() throws -> URL? {
        try setting(mediaBase, "LESSONS_MEDIA_BASE").map(LessonLibrary.Configuration.mediaBase)
    }
}

/// Parses the selector arguments; a bad one is reported as bad usage (``SelectorError``).
func parseSelectors(_ texts: [String]) throws -> [LessonSelector] {
    try texts.map(LessonSelector.init(parsing:))
}
