import ArgumentParser
import Foundation
import OfflineLessons

extension GlobalOptions {
    /// Opens the library with the configured server (if any) for the catalog and media.
    func openLibrary(concurrency: Int = 3) throws -> LessonLibrary {
        let apiBase = try apiBase()
        let client = apiBase.map { CatalogClient(configuration: .init(apiBase: $0, token: resolvedToken)) }
        let configuration = LessonLibrary.Configuration(
            engine: .init(concurrency: concurrency), mediaBase: try explicitMediaBase())
        do {
            return try LessonLibrary(root: libraryURL, client: client, configuration: configuration)
        } catch {
            throw CommandFailure("cannot open the library at \(libraryURL.path): \(error)", exitCode: CommandFailure.unusable)
        }
    }
}

/// Parses the selector arguments, reporting the first bad one as bad usage.
func parseSelectors(_ texts: [String]) throws -> [LessonSelector] {
    try texts.map { text in
        do {
            return try LessonSelector(parsing: text)
        } catch let error as SelectorError {
            throw CommandFailure(error.description, exitCode: CommandFailure.usage)
        }
    }
}

/// Resolves selectors through the catalog, without duplicates, in the order given.
func resolve(_ selectors: [LessonSelector], in catalog: Catalog) async throws -> [PlacedLesson] {
    var seen = Set<LessonID>()
    var result: [PlacedLesson] = []
    for selector in selectors {
        let lessons: [PlacedLesson]
        do {
            lessons = try await catalog.lessons(for: selector)
        } catch let error as SelectorError {
            throw CommandFailure(error.description, exitCode: CommandFailure.usage)
        }
        for lesson in lessons where seen.insert(lesson.id).inserted { result.append(lesson) }
    }
    return result
}

/// Human sizes: 1.2 MB, 340 KB, 12 B.
func formatBytes(_ bytes: Int) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"]
    var value = Double(bytes), unit = 0
    while value >= 1000, unit < units.count - 1 {
        value /= 1000
        unit += 1
    }
    return unit == 0 ? "\(bytes) B" : String(format: value < 10 ? "%.1f %@" : "%.0f %@", value, units[unit])
}
