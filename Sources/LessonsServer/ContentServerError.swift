/// Why the content server could not start or serve.
public enum ContentServerError: Error, CustomStringConvertible {
    case missingResource(String)
    case didNotStart(String)

    public var description: String {
        switch self {
        case .missingResource(let name): "the bundled resource \(name) is missing from this build"
        case .didNotStart(let reason): "the content server did not start: \(reason)"
        }
    }
}
