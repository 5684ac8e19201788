/// A selector that cannot be parsed or resolved.
public struct SelectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What would let the selector resolve, when something other than the selector itself can.
    public enum Remedy: Sendable, Equatable {
        /// Look the names up in the catalog.
        case consultCatalog
        /// Configure a server, so that the Shas can be fetched.
        case configureServer
    }

    /// The sentence of the catalog that says what is wrong, with its values.
    public var words: Message
    public var remedy: Remedy?
    /// Masechet names the input may have meant, the likeliest first; empty when the error is
    /// not about a name.
    public var suggestions: [String]

    public init(_ words: Message, remedy: Remedy? = nil, suggestions: [String] = []) {
        self.words = words
        self.remedy = remedy
        self.suggestions = suggestions
    }

    /// An error said in the same words in every language.
    public init(_ description: String, remedy: Remedy? = nil, suggestions: [String] = []) {
        self.init(.verbatim(description), remedy: remedy, suggestions: suggestions)
    }

    /// What is wrong, in `language`.
    public func message(_ language: UserLanguage) -> String { words.text(language) }

    /// What is wrong, in English.
    public var description: String { message(.en) }
}
