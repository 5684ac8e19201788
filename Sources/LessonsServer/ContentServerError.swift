import OfflineLessons

/// Why the content server could not start or serve.
public enum ContentServerError: Error, CustomStringConvertible {
    case missingResource(String)
    case didNotStart(String)
    /// Another program listens on the port already.
    case portInUse(host: String, port: Int)
    /// The host to listen on is no name or address of this machine.
    case notThisMachine(host: String)

    public var description: String {
        switch self {
        case .missingResource(let name): Message(.serverMissingResource, .text(name)).description
        case .didNotStart(let reason): Message(.serverDidNotStart, .text(reason)).description
        case .portInUse(let host, let port): Message(.serverPortInUse, .number(port), .text(host)).description
        case .notThisMachine(let host): Message(.serverNotThisMachine, .text(host)).description
        }
    }
}
