/// A selector that cannot be parsed or resolved.
public struct SelectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What would let the selector resolve, when something other than the selector itself can.
    public enum Remedy: Sendable, Equatable {
        /// Look the names up in the catalog.
        case consultCatalog
        /// Configure a server, so that the Shas can be fetched.
        case configureServer
    }

    public var description: String
    public var remedy: Remedy?
    /// Masechet names the input may have meant, the likeliest first; empty when the error is
    /// not about a name.
    public var suggestions: [String]

    public init(_ description: String, remedy: Remedy? = nil, suggestions: [String] = []) {
        self.description = description
        self.remedy = remedy
        self.suggestions = suggestions
    }
}
