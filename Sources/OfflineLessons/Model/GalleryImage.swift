import Foundation

/// An image of the lesson's gallery (not part of the offline bundle).
public struct GalleryImage: Sendable, Hashable, Codable {
    public var id: Int
    public var title: String
    public var order: Int
    /// S3 key of the image.
    public var image: String

    public init(id: Int, title: String, order: Int, image: String) {
        self.id = id
        self.title = title
        self.order = order
        self.image = image
    }

    enum CodingKeys: String, CodingKey { case id, title, order, image }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientInt(.id)
        title = try c.lenientStringIfPresent(.title) ?? ""
        order = try c.lenientIntIfPresent(.order) ?? 0
        image = try c.lenientStringIfPresent(.image) ?? ""
    }
}
