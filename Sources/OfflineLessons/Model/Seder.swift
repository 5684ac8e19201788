import Foundation

/// An order of the Mishnah.
public struct Seder: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    public var order: Int
    public var name: String
    public var masechtot: [Masechet]
    /// Masechtot dropped while reading, and why.
    var problems: [String] = []

    public init(id: Int, order: Int, name: String, masechtot: [Masechet]) {
        self.id = id
        self.order = order
        self.name = name
        self.masechtot = masechtot
    }

    enum CodingKeys: String, CodingKey {
        case id, order, name
        case masechtot = "masechet"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientInt(.id)
        order = try c.lenientIntIfPresent(.order) ?? id
        name = try c.lenientStringIfPresent(.name) ?? ""
        let entries = try c.lenientArray(Lossy<Masechet>.self, .masechtot)
        masechtot = entries.compactMap(\.value)
        problems = entries.enumerated().compactMap { index, entry in entry.error.map { "masechet \(index): \($0)" } }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(order, forKey: .order)
        try c.encode(name, forKey: .name)
        try c.encode(masechtot, forKey: .masechtot)
    }
}
