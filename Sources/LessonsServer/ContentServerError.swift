import OfflineLessons

/// Why the content server could not start or serve.
public enum ContentServerError: Error, CustomStringConvertible {
    case missingResource(String)
    case didNotStart(String)
    /// Another program listens on the port already.
    case portInUse(host: String, port: Int)

    public var description: String {
        switch self {
        case .missingResource(let name): Message(.serverMissingResource, .text(name)).description
        case .didNotStart(let reason): Message(.serverDidNotStart, .text(reason)).description
        case .portInUse(let host, let port): Message(.serverPortInUse, .number(port), .text(host)).description
        }
    }
}
