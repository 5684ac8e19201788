import Foundation

/// A chapter marker inside a video.
public struct VideoPart: Sendable, Hashable, Codable {
    public var id: Int
    public var partTitle: String
    /// Seconds from the start, as a string (`"312.5"`).
    public var timeLine: String

    public init(id: Int, partTitle: String, timeLine: String) {
        self.id = id
        self.partTitle = partTitle
        self.timeLine = timeLine
    }

    enum CodingKeys: String, CodingKey {
        case id
        case partTitle = "part_title"
        case timeLine = "video_part_time_line"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientInt(.id)
        partTitle = try c.lenientStringIfPresent(.partTitle) ?? ""
        timeLine = try c.lenientStringIfPresent(.timeLine) ?? "0"
    }
}
