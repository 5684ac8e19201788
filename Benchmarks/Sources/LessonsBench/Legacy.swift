import Foundation
import OfflineLessons

/// The legacy app's registry, `downloadedLessons.json` (legacy-system.md §4):
/// `{"gemara": {"<seder>": {"<masechet>": [lesson]}}, "mishna": {"<seder>": {"<masechet>": {"<chapter>": [lesson]}}}}`.
struct LegacyRegistry: @unchecked Sendable {
    var gemara: [String: [String: [Any]]] = [:]
    var mishna: [String: [String: [String: [Any]]]] = [:]
    var count = 0

    mutating func add(type: LessonType, seder: Int, masechet: Int, chapter: Int, lesson: [String: Any]) {
        switch type {
        case .gemara: gemara["\(seder)", default: [:]]["\(masechet)", default: []].append(lesson)
        case .mishna: mishna["\(seder)", default: [:]]["\(masechet)", default: [:]]["\(chapter)", default: []].append(lesson)
        }
        count += 1
    }

    mutating func add(_ placed: PlacedLesson) throws {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(placed.lesson))
        guard let lesson = object as? [String: Any] else { throw BenchError.failed("a lesson did not encode as an object") }
        add(
            type: placed.type, seder: placed.placement.sederId, masechet: placed.placement.masechetId,
            chapter: placed.placement.chapter, lesson: lesson)
    }

    /// The legacy app's save: the whole registry serialised and written atomically.
    func write(to url: URL) throws {
        let data = try JSONSerialization.data(withJSONObject: ["gemara": gemara, "mishna": mishna])
        try data.write(to: url, options: .atomic)
    }

    /// A synthetic Gemara lesson snapshot with legacy keys (ids far above the catalog's).
    static func syntheticGemara(id: Int, daf: Int, pdf: Bool) -> [String: Any] {
        var lesson: [String: Any] = [
            "id": id, "chapter": 1, "duration": 1800, "page_number": daf, "audio": "gemara/\(id)/audio/Daf \(daf).mp3",
            "video_part": [], "gallery": [],
            "presenter": [
                "id": 1, "first_name": "Eliezer", "last_name": "Cohen", "phone": "+54 11 5555 0101", "image": "presenters/1.jpg",
            ],
        ]
        if pdf { lesson["page"] = "gemara/\(id)/text/Daf \(daf).pdf" }
        return lesson
    }
}

/// A legacy app container on disk: `Documents/downloadedLessons.json` and `Documents/{id}_aud.mp3`,
/// `{id}_text.pdf`, as `LessonLibrary.migrate(from:)` reads it.
enum LegacyContainer {
    static let fileBytes = Data(repeating: 0x5A, count: 1024)

    /// `count` synthetic Gemara lessons (ids from 100,001, spread over the real masechtot), audio
    /// (and PDF when `pdf`) each.
    static func synthetic(at root: URL, count: Int, pdf: Bool, shas: Shas) throws -> LegacyRegistry {
        let documents = root.appendingPathComponent("Documents", isDirectory: true)
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Library/Caches"), withIntermediateDirectories: true)
        let places = shas.sedarim.flatMap { seder in seder.masechtot.map { (seder.id, $0.id) } }
        var registry = LegacyRegistry()
        for index in 0..<count {
            let id = 100_001 + index
            let (seder, masechet) = places[index % places.count]
            registry.add(
                type: .gemara, seder: seder, masechet: masechet, chapter: 1,
                lesson: LegacyRegistry.syntheticGemara(id: id, daf: 2 + index / places.count, pdf: pdf))
            try fileBytes.write(to: documents.appendingPathComponent("\(id)_aud.mp3"))
            if pdf { try fileBytes.write(to: documents.appendingPathComponent("\(id)_text.pdf")) }
        }
        try registry.write(to: documents.appendingPathComponent("downloadedLessons.json"))
        return registry
    }

    /// The catalog's own lessons (snapshots as the API gave them), audio and PDF (when the lesson has one) each.
    @discardableResult
    static func catalog(at root: URL, lessons: [PlacedLesson]) throws -> Int {
        let documents = root.appendingPathComponent("Documents", isDirectory: true)
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Library/Caches"), withIntermediateDirectories: true)
        var registry = LegacyRegistry()
        var files = 0
        for placed in lessons {
            try registry.add(placed)
            if placed.lesson.audio != nil {
                try fileBytes.write(to: documents.appendingPathComponent("\(placed.lesson.id)_aud.mp3"))
                files += 1
            }
            if placed.lesson.page != nil {
                try fileBytes.write(to: documents.appendingPathComponent("\(placed.lesson.id)_text.pdf"))
                files += 1
            }
        }
        try registry.write(to: documents.appendingPathComponent("downloadedLessons.json"))
        return files
    }
}
