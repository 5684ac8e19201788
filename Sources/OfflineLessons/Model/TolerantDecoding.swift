import Foundation

/// Readers for the legacy formats, which accept what real servers and old registries send:
/// `null` arrays, integral floats (`1845.0`) and numeric strings (`"12"`) where an integer belongs.
extension KeyedDecodingContainer {
    /// An integer that may arrive as `12`, `12.0` or `"12"`.
    func lenientInt(_ key: Key) throws -> Int {
        // The common case in one lookup (the checks below cost three); anything else as before.
        if let value = try? decode(Int.self, forKey: key) { return value }
        guard contains(key), try !decodeNil(forKey: key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "`\(key.stringValue)` is missing"))
        }
        if let value = try? decode(Double.self, forKey: key) {
            guard value.rounded() == value, abs(value) < 9.0e15 else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self, debugDescription: "`\(key.stringValue)` is \(value), not a whole number")
            }
            return Int(value)
        }
        if let text = try? decode(String.self, forKey: key),
            let value = Int(text.trimmedOfWhitespace)
        {
            return value
        }
        throw DecodingError.typeMismatch(
            Int.self,
            .init(codingPath: codingPath + [key], debugDescription: "`\(key.stringValue)` is not an integer"))
    }

    /// Like ``lenientInt(_:)``, but absent or `null` is `nil`.
    func lenientIntIfPresent(_ key: Key) throws -> Int? {
        do {
            return try decodeIfPresent(Int.self, forKey: key)  // absent, null or an integer: one lookup
        } catch {}
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try lenientInt(key)
    }

    /// A string that may be absent or `null` (both are `nil`); a number is read as its text.
    func lenientStringIfPresent(_ key: Key) throws -> String? {
        do {
            return try decodeIfPresent(String.self, forKey: key)  // absent, null or a string: one lookup
        } catch {}
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let value = try? decode(Int.self, forKey: key) { return String(value) }
        if let value = try? decode(Double.self, forKey: key) { return String(value) }
        throw DecodingError.typeMismatch(
            String.self,
            .init(codingPath: codingPath + [key], debugDescription: "`\(key.stringValue)` is not a string"))
    }

    /// An array that may be absent or `null` (both read as empty).
    func lenientArray<T: Decodable>(_ type: T.Type, _ key: Key) throws -> [T] {
        if let array = try? decodeIfPresent([T].self, forKey: key) { return array }  // one lookup when present
        guard contains(key), try !decodeNil(forKey: key) else { return [] }
        return try decode([T].self, forKey: key)
    }
}

extension Error {
    /// A one-line account of a decoding failure that names the field, for problem reports.
    var decodingSummary: String {
        guard let error = self as? DecodingError else { return String(describing: self) }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "" : " at \(keys.joined(separator: "."))"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "`\(key.stringValue)` is missing\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.debugDescription + path(context)
        @unknown default:
            return String(describing: error)
        }
    }
}
