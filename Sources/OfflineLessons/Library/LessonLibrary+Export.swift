import Foundation

extension LessonLibrary {
    /// The downloads as the legacy `downloadedLessons.json`, for a caller that writes it itself.
    public func legacyRegistryDocument() async throws -> Data {
        try LegacyExporter.document(try await database.registeredLessons()).0
    }

    /// Writes the current downloads as a legacy `downloadedLessons.json` at `url`, for an app
    /// version that still reads it: a file atomically (a reader never sees half of it), through a
    /// symbolic link to the file it names (the link stays), and straight into a device or a pipe
    /// (`/dev/stdout`), which are never replaced.
    public func exportLegacyRegistry(to url: URL) async throws -> LegacyExportReport {
        let (data, gemara, mishna) = try LegacyExporter.document(try await database.registeredLessons())
        try await BlockingIO.run {
            let target = Self.linkedFile(url)
            var info = stat()
            let isFileOrNothing = stat(target.path, &info) != 0 || (info.st_mode & S_IFMT) == S_IFREG
            try data.write(to: target, options: isFileOrNothing ? .atomic : [])
        }
        return LegacyExportReport(path: url.path, gemaraLessons: gemara, mishnaLessons: mishna, bytes: data.count)
    }

    /// The file `url` names through its symbolic links, followed one by one (a link's target may
    /// not exist yet: it is made there).
    static func linkedFile(_ url: URL) -> URL {
        var current = url
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else { return current }
            current =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination) : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        return current
    }
}
