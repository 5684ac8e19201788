import Foundation

extension LessonLibrary {
    /// The downloads as the legacy `downloadedLessons.json`, for a caller that writes it itself.
    public func legacyRegistryDocument() async throws -> Data {
        try LegacyExporter.document(try await database.registeredLessons()).0
    }

    /// Writes the current downloads as a legacy `downloadedLessons.json` at `url` (atomically: a
    /// reader never sees half a file), for an app version that still reads it.
    public func exportLegacyRegistry(to url: URL) async throws -> LegacyExportReport {
        let (data, gemara, mishna) = try LegacyExporter.document(try await database.registeredLessons())
        try await BlockingIO.run { try data.write(to: url, options: .atomic) }
        return LegacyExportReport(path: url.path, gemaraLessons: gemara, mishnaLessons: mishna, bytes: data.count)
    }
}
