import Foundation

/// An XML property list read into plain values by a small reader of the package's own, every
/// index checked: Foundation's XML property list decoder on Linux crashed the process on a
/// malformed list (found by fuzzing). It reads what Apple's writers write: `dict`, `array`, `key`,
/// `string`, `integer`, `real`, `true`, `false`, `date`, `data`, the five named entities and
/// numeric ones; `nil` for anything else, nested deeper than `maxDepth` or holding more than
/// `maxValues` values.
struct XMLPropertyList {
    private let bytes: [UInt8]
    private var index = 0
    private let maxDepth: Int
    private var valuesLeft: Int

    static func read(_ data: Data, maxDepth: Int, maxValues: Int) -> Any? {
        var reader = XMLPropertyList(bytes: [UInt8](data), maxDepth: maxDepth, valuesLeft: maxValues)
        guard reader.skipProlog(), let tag = reader.tag(), tag.name == "plist", !tag.closing, !tag.empty,
            let value = reader.value(depth: 0), let end = reader.tag(), end.name == "plist", end.closing
        else { return nil }
        reader.skipSpaceAndComments()
        return reader.index == reader.bytes.count ? value : nil
    }

    private struct Tag {
        var name: String
        var closing = false
        var empty = false
    }

    /// Skips the XML declaration, a DOCTYPE, comments and white space before the root element.
    private mutating func skipProlog() -> Bool {
        while true {
            skipSpaceAndComments()
            if starts("<?") {
                guard skip(past: "?>") else { return false }
            } else if starts("<!DOCTYPE") {
                guard skip(past: ">") else { return false }
            } else {
                return true
            }
        }
    }

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            } else if starts("<!--") {
                guard skip(past: "-->") else { return }
            } else {
                return
            }
        }
    }

    private func starts(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        return bytes.count - index >= pattern.count && bytes[index..<index + pattern.count].elementsEqual(pattern)
    }

    /// Moves past the next `text`; false when there is none.
    private mutating func skip(past text: String) -> Bool {
        let pattern = Array(text.utf8)
        while index < bytes.count {
            if starts(text) {
                index += pattern.count
                return true
            }
            index += 1
        }
        return false
    }

    /// The next tag (after white space and comments): its name, whether it closes or is empty.
    private mutating func tag() -> Tag? {
        skipSpaceAndComments()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
        index += 1
        var tag = Tag(name: "")
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            tag.closing = true
            index += 1
        }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        guard index < bytes.count else { return nil }
        var inside = bytes[start..<index]
        index += 1
        if inside.last == UInt8(ascii: "/") {
            tag.empty = true
            inside = inside.dropLast()
        }
        // The name, without attributes (`<plist version="1.0">`).
        let name = inside.prefix { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        tag.name = String(decoding: name, as: UTF8.self)
        return tag
    }

    private mutating func value(depth: Int) -> Any? {
        valuesLeft -= 1
        guard depth <= maxDepth, valuesLeft >= 0, let tag = tag(), !tag.closing else { return nil }
        switch tag.name {
        case "dict": return tag.empty ? [String: Any]() : dictionary(depth: depth)
        case "array": return tag.empty ? [Any]() : array(depth: depth)
        case "true" where tag.empty: return true
        case "false" where tag.empty: return false
        default: break
        }
        guard let text = tag.empty ? "" : self.text(closing: tag.name) else { return nil }
        switch tag.name {
        case "string": return text
        case "integer": return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        case "real": return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
        case "date": return ISO8601DateFormatter().date(from: text.trimmingCharacters(in: .whitespacesAndNewlines))
        case "data": return Data(base64Encoded: text.filter { !$0.isWhitespace })
        default: return nil
        }
    }

    private mutating func dictionary(depth: Int) -> [String: Any]? {
        var entries: [String: Any] = [:]
        while true {
            guard let tag = tag() else { return nil }
            if tag.closing { return tag.name == "dict" ? entries : nil }
            guard tag.name == "key", let key = tag.empty ? "" : text(closing: "key"), let value = value(depth: depth + 1) else {
                return nil
            }
            entries[key] = value
        }
    }

    private mutating func array(depth: Int) -> [Any]? {
        var items: [Any] = []
        while true {
            let mark = index
            if let tag = tag(), tag.closing { return tag.name == "array" ? items : nil }
            index = mark
            guard let item = value(depth: depth + 1) else { return nil }
            items.append(item)
        }
    }

    /// The text up to `</name>`, its entities replaced; `nil` when it is not closed or holds markup.
    private mutating func text(closing name: String) -> String? {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
        let raw = bytes[start..<index]
        guard let end = tag(), end.closing, end.name == name else { return nil }
        return Self.unescaped(String(decoding: raw, as: UTF8.self))
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#NN;` `&#xNN;` replaced; `nil` for another entity.
    static func unescaped(_ text: String) -> String? {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { return nil }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "lt": result += "<"
            case "gt": result += ">"
            case "amp": result += "&"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number: UInt32?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    number = UInt32(entity.dropFirst(2), radix: 16)
                } else if entity.hasPrefix("#") {
                    number = UInt32(entity.dropFirst())
                } else {
                    number = nil
                }
                guard let number, let scalar = Unicode.Scalar(number) else { return nil }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
