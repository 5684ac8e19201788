/// Where a catalog answer came from.
public enum CatalogSource: String, Sendable, Codable {
    case cache
    case server
}
