import Foundation

/// A chapter of a masechet and how many mishnayot it has.
public struct ChapterInfo: Sendable, Hashable, Codable {
    public var chapter: Int
    public var mishnayot: Int

    public init(chapter: Int, mishnayot: Int) {
        self.chapter = chapter
        self.mishnayot = mishnayot
    }

    enum CodingKeys: String, CodingKey {
        case chapter
        case mishnayot = "mishnayots"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        chapter = try c.lenientInt(.chapter)
        mishnayot = try c.lenientInt(.mishnayot)
    }
}
