/// Why the content server could not start or serve.
public enum ContentServerError: Error, CustomStringConvertible {
    case missingResource(String)
    case didNotStart(String)
    /// Another program listens on the port already.
    case portInUse(host: String, port: Int)

    public var description: String {
        switch self {
        case .missingResource(let name): "the bundled resource \(name) is missing from this build"
        case .didNotStart(let reason): "the content server did not start: \(reason)"
        case .portInUse(let host, let port):
            "the port \(port) on \(host) is in use by another program: choose another with --port, or 0 for a free one"
        }
    }
}
