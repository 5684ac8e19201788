import Foundation
import OfflineLessons

/// The demo catalog: the real Shas from `shas-structure.json`, with a Gemara lesson for every daf
/// of the 37 Bavli masechtot and a Mishna lesson for every mishna. Gemara and Mishna ids each
/// start at 1, so they collide as in production.
public struct DemoCatalog: Sendable {
    public let shas: Shas
    /// Hebrew names by masechet id, used in PDF keys (non-ASCII keys, as in production).
    let hebrewNames: [Int: String]
    let gemara: [Int: [DemoLesson]]
    let mishna: [ChapterKey: [DemoLesson]]
    let byID: [LessonID: DemoLesson]

    struct ChapterKey: Hashable { var masechetId: Int, chapter: Int }

    /// A lesson of the demo catalog, with its media keys (video as a key, made absolute per request).
    struct DemoLesson: Sendable {
        var type: LessonType
        var lesson: Lesson
        var videoKey: String?
        var masechetName: String
    }

    /// Loads the catalog from the bundled `shas-structure.json`.
    public static func bundled(trickyKeys: Bool = false) throws -> DemoCatalog {
        guard let url = Bundle.module.url(forResource: "shas-structure", withExtension: "json") else {
            throw ContentServerError.missingResource("shas-structure.json")
        }
        return try DemoCatalog(structure: Data(contentsOf: url), trickyKeys: trickyKeys)
    }

    /// Builds the catalog from the text of `shas-structure.json`.
    public init(structure: Data, trickyKeys: Bool = false) throws {
        let file = try JSONDecoder().decode(StructureFile.self, from: structure)
        var sedarim: [Seder] = []
        var hebrew: [Int: String] = [:]
        var gemara: [Int: [DemoLesson]] = [:]
        var mishna: [ChapterKey: [DemoLesson]] = [:]
        var masechetId = 0
        var gemaraId = 0
        var mishnaId = 0
        for seder in file.sedarim {
            var masechtot: [Masechet] = []
            for entry in seder.masechtot {
                masechetId += 1
                hebrew[masechetId] = entry.hebrew
                let chapters = entry.mishnayotPerChapter.enumerated().map {
                    ChapterInfo(chapter: $0.offset + 1, mishnayot: $0.element)
                }
                let dapim = entry.bavli.map { Array($0.firstDaf...$0.lastDaf) } ?? []
                masechtot.append(
                    Masechet(
                        id: masechetId, order: entry.order, name: entry.name, chapters: chapters.count,
                        pages: dapim.count, chapterList: chapters))
                let names = Names(name: entry.name, hebrew: entry.hebrew, tricky: trickyKeys)
                gemara[masechetId] = dapim.enumerated().map { index, daf in
                    gemaraId += 1
                    let chapter = 1 + index * chapters.count / max(dapim.count, 1)
                    return Self.lesson(.gemara, id: gemaraId, chapter: chapter, number: daf, names: names)
                }
                for info in chapters {
                    mishna[ChapterKey(masechetId: masechetId, chapter: info.chapter)] = (1..<info.mishnayot + 1).map { number in
                        mishnaId += 1
                        return Self.lesson(.mishna, id: mishnaId, chapter: info.chapter, number: number, names: names)
                    }
                }
            }
            sedarim.append(Seder(id: seder.order, order: seder.order, name: seder.name, masechtot: masechtot))
        }
        self.shas = Shas(sedarim: sedarim)
        self.hebrewNames = hebrew
        self.gemara = gemara
        self.mishna = mishna
        var byID: [LessonID: DemoLesson] = [:]
        for lesson in gemara.values.joined() { byID[LessonID(.gemara, lesson.lesson.id)] = lesson }
        for lesson in mishna.values.joined() { byID[LessonID(.mishna, lesson.lesson.id)] = lesson }
        self.byID = byID
    }

    struct Names { var name: String, hebrew: String, tricky: Bool }

    private static let presenters = [
        Presenter(id: 1, firstName: "Eliezer", lastName: "Cohen", phone: "+54 11 5555 0101", image: "presenters/1.jpg"),
        Presenter(id: 2, firstName: "Moshe", lastName: "Levi", phone: "+54 11 5555 0102", image: "presenters/2.jpg"),
        Presenter(id: 3, firstName: "David", lastName: "Abramov", phone: "+54 11 5555 0103", image: "presenters/3.jpg"),
        Presenter(id: 4, firstName: "Yaakov", lastName: "Mizrahi", phone: "+54 11 5555 0104", image: "presenters/4.jpg"),
        Presenter(id: 5, firstName: "Shmuel", lastName: "Peretz", phone: "+54 11 5555 0105", image: "presenters/5.jpg"),
    ]

    private static func lesson(_ type: LessonType, id: Int, chapter: Int, number: Int, names: Names) -> DemoLesson {
        let seed = SyntheticMedia.seed(LessonID(type, id), .audio, version: 0)
        let duration = 900 + Int(seed % 2700)
        func key(_ medium: MediaKind, _ base: String) -> String {
            let extra = names.tricky ? " 100% A+B #1?" : ""
            return "\(type.rawValue)/\(id)/\(medium.rawValue)/\(base) \(number)\(extra).\(medium.fileExtension)"
        }
        let hasVideo = id % 11 != 0
        let hasText = id % 13 != 0
        let partCount = Int(seed >> 20 % 4)
        let parts = (0..<partCount).map { index in
            VideoPart(
                id: id * 10 + index, partTitle: "Part \(index + 1)",
                timeLine: String(format: "%.1f", Double(duration * index) / Double(partCount)))
        }
        let lesson = Lesson(
            id: id, chapter: chapter, duration: duration,
            pageNumber: type == .gemara ? number : nil, mishna: type == .mishna ? number : nil,
            audio: key(.audio, names.name), page: hasText ? key(.text, names.hebrew) : nil, video: nil,
            videoParts: hasVideo ? parts : [],
            gallery: id % 5 == 0
                ? [GalleryImage(id: id, title: "\(names.name) \(number)", order: 1, image: "gallery/\(type.rawValue)/\(id).jpg")] : [],
            presenter: presenters[id % presenters.count])
        return DemoLesson(type: type, lesson: lesson, videoKey: hasVideo ? key(.video, names.name) : nil, masechetName: names.name)
    }

    /// The Gemara lessons of a masechet, or `nil` for an unknown masechet.
    func gemaraLessons(masechetId: Int) -> [DemoLesson]? { gemara[masechetId] }

    /// The Mishna lessons of a chapter, or `nil` for an unknown masechet or chapter.
    func mishnaLessons(masechetId: Int, chapter: Int) -> [DemoLesson]? {
        mishna[ChapterKey(masechetId: masechetId, chapter: chapter)]
    }

    /// The lesson an address names, if any.
    func lesson(_ id: LessonID) -> DemoLesson? { byID[id] }
}

extension DemoCatalog.DemoLesson {
    /// The key of `medium`, as the media endpoint expects it.
    func key(for medium: MediaKind) -> String? {
        switch medium {
        case .audio: lesson.audio
        case .text: lesson.page
        case .video: videoKey
        }
    }

    /// The lesson as the API sends it, with the video made an absolute URL under `mediaBase`.
    func apiLesson(mediaBase: URL) -> Lesson {
        var copy = lesson
        if let videoKey { copy.video = (try? MediaLocator(mediaBase: mediaBase).url(forKey: videoKey))?.absoluteString }
        return copy
    }
}

/// The shape of `shas-structure.json`.
struct StructureFile: Decodable {
    var sedarim: [SederEntry]
    struct SederEntry: Decodable {
        var order: Int
        var name: String
        var masechtot: [MasechetEntry]
    }
    struct MasechetEntry: Decodable {
        var order: Int
        var name: String
        var hebrew: String
        var mishnayotPerChapter: [Int]
        var bavli: Bavli?
    }
    struct Bavli: Decodable {
        var firstDaf: Int
        var lastDaf: Int
    }
}
