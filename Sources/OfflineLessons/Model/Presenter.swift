import Foundation

/// The teacher. The legacy app stored the last name under `phone`; this reads `last_name` when it
/// is there and never derives it from `phone`.
public struct Presenter: Sendable, Hashable, Codable {
    public var id: Int?
    public var firstName: String?
    public var lastName: String?
    public var phone: String?
    public var image: String?

    public init(id: Int? = nil, firstName: String? = nil, lastName: String? = nil, phone: String? = nil, image: String? = nil) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.image = image
    }

    enum CodingKeys: String, CodingKey {
        case id, phone, image
        case firstName = "first_name"
        case lastName = "last_name"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientIntIfPresent(.id)
        firstName = try c.lenientStringIfPresent(.firstName)
        lastName = try c.lenientStringIfPresent(.lastName)
        phone = try c.lenientStringIfPresent(.phone)
        image = try c.lenientStringIfPresent(.image)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(firstName, forKey: .firstName)
        try c.encodeIfPresent(lastName, forKey: .lastName)
        try c.encodeIfPresent(phone, forKey: .phone)
        try c.encodeIfPresent(image, forKey: .image)
    }

    /// "First Last", from the names that are present.
    public var displayName: String {
        [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
