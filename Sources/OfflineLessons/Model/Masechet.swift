import Foundation

/// A tractate. `pages` is its daf count; 0 means it has no Gemara.
public struct Masechet: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    public var order: Int
    public var name: String
    /// Number of chapters (perakim).
    public var chapters: Int
    /// Number of dapim with Gemara; 0 for a masechet without Bavli Gemara.
    public var pages: Int
    /// Mishnayot per chapter.
    public var chapterList: [ChapterInfo]

    public init(id: Int, order: Int, name: String, chapters: Int, pages: Int, chapterList: [ChapterInfo]) {
        self.id = id
        self.order = order
        self.name = name
        self.chapters = chapters
        self.pages = pages
        self.chapterList = chapterList
    }

    enum CodingKeys: String, CodingKey {
        case id, order, name, chapters, pages
        case chapterList = "chapters_list"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientInt(.id)
        order = try c.lenientIntIfPresent(.order) ?? id
        name = try c.lenientStringIfPresent(.name) ?? ""
        pages = try c.lenientIntIfPresent(.pages) ?? 0
        // `chapters_list` is an array of {chapter, mishnayots} from the API, a dict in stored copies.
        if let list = try? c.lenientArray(ChapterInfo.self, .chapterList) {
            chapterList = list
        } else {
            let dict = try c.decode([String: LenientInt].self, forKey: .chapterList)
            chapterList = try dict.map { key, count in
                guard let chapter = Int(key) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .chapterList, in: c, debugDescription: "chapter key \"\(key)\" is not a number")
                }
                return ChapterInfo(chapter: chapter, mishnayot: count.value)
            }
        }
        chapterList.sort { $0.chapter < $1.chapter }
        chapters = try c.lenientIntIfPresent(.chapters) ?? chapterList.count
    }

    /// The number of mishnayot in `chapter`, when known.
    public func mishnayot(inChapter chapter: Int) -> Int? {
        chapterList.first { $0.chapter == chapter }?.mishnayot
    }
}
