/// A fragment of HTML. Interpolated strings and numbers are escaped; only another `HTML` value
/// goes in as markup, so a page cannot interpolate text unescaped by accident.
struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    private(set) var markup: String

    init(stringLiteral value: String) { markup = value }
    init(stringInterpolation: Interpolation) { markup = stringInterpolation.markup }
    /// Markup that is trusted as it is (literals of this target only).
    private init(trusted markup: String) { self.markup = markup }

    var description: String { markup }

    static let empty: HTML = ""

    /// The fragments, one after the other.
    static func join(_ parts: some Sequence<HTML>, separator: HTML = .empty) -> HTML {
        HTML(trusted: parts.map(\.markup).joined(separator: separator.markup))
    }

    struct Interpolation: StringInterpolationProtocol {
        var markup = ""
        init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity * 2) }
        mutating func appendLiteral(_ literal: String) { markup += literal }
        mutating func appendInterpolation(_ html: HTML) { markup += html.markup }
        mutating func appendInterpolation(_ text: String) { markup += HTML.escape(text) }
        mutating func appendInterpolation(_ text: Substring) { markup += HTML.escape(String(text)) }
        mutating func appendInterpolation(_ number: Int) { markup += String(number) }
        mutating func appendInterpolation(_ value: some CustomStringConvertible) { markup += HTML.escape(value.description) }
    }

    /// Escapes text for element content and quoted attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}

extension Sequence {
    /// Each element rendered, joined.
    func html(_ render: (Element) throws -> HTML) rethrows -> HTML {
        HTML.join(try map(render))
    }
}
