import Foundation

/// The current downloads as the legacy app's `downloadedLessons.json` (legacy-system.md §4), for
/// an app version that still reads it: `{"gemara": {"<sederId>": {"<masechetId>": [lesson…]}},
/// "mishna": {"<sederId>": {"<masechetId>": {"<chapter>": [lesson…]}}}}`, keys stringified, each
/// lesson its snapshot in the legacy shape (absent optionals omitted, `last_name` written right).
struct LegacyExporter {
    struct Registry: Encodable {
        var gemara: [String: [String: [Lesson]]] = [:]
        var mishna: [String: [String: [String: [Lesson]]]] = [:]
    }

    /// The registry document for the downloaded lessons (audio or video complete), in catalog order.
    static func document(_ lessons: [(lesson: PlacedLesson, items: [MediaItem])]) throws -> (data: Data, gemara: Int, mishna: Int) {
        var registry = Registry()
        var gemara = 0
        var mishna = 0
        let downloaded = lessons.filter { _, items in items.contains { $0.state == .complete && $0.key.medium != .text } }
            .map(\.lesson).sorted { ($0.placement.chapter, $0.number, $0.lesson.id) < ($1.placement.chapter, $1.number, $1.lesson.id) }
        for placed in downloaded {
            let seder = String(placed.placement.sederId)
            let masechet = String(placed.placement.masechetId)
            switch placed.type {
            case .gemara:
                registry.gemara[seder, default: [:]][masechet, default: []].append(placed.lesson)
                gemara += 1
            case .mishna:
                registry.mishna[seder, default: [:]][masechet, default: [:]][String(placed.placement.chapter), default: []].append(
                    placed.lesson)
                mishna += 1
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try encoder.encode(registry), gemara, mishna)
    }
}

/// What `export --legacy-json` wrote.
public struct LegacyExportReport: Sendable, Hashable, Codable {
    public var path: String
    public var gemaraLessons: Int
    public var mishnaLessons: Int
    public var bytes: Int
}
