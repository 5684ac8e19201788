import Foundation

/// Why a legacy lesson object was refused, in the catalog's words: its masechet, the field, the
/// value found there as JSON writes it (`"abc"`, `12.5`, `null`) and what belongs there.
enum LegacyFieldProblem {
    /// The sentence for a decoding failure of `object` (the lesson as read from JSON).
    static func reason(_ error: any Error, in object: Any, masechet: Message) -> Message {
        guard let decoding = error as? DecodingError else { return .verbatim(error.decodingSummary) }
        let path: [any CodingKey]
        var needed: Message?
        switch decoding {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            path = context.codingPath
            needed = kind(type)
        case .dataCorrupted(let context): path = context.codingPath
        @unknown default: return .verbatim(error.decodingSummary)
        }
        let field = Self.field(path)
        switch value(at: path, in: object) {
        case nil: return Message(.legacyFieldMissing, .message(masechet), .text(field))
        case is NSNull: return Message(.legacyFieldNull, .message(masechet), .text(field), .message(needed ?? Message(.legacyWholeNumber)))
        case let found?:
            // The lenient readers refuse a number only when it is not whole.
            if needed == nil, found is NSNumber { needed = Message(.legacyWholeNumber) }
            guard let needed else { return Message(.legacyFieldUnreadable, .message(masechet), .text(field), .text(json(found))) }
            return Message(.legacyFieldValue, .message(masechet), .text(field), .text(json(found)), .message(needed))
        }
    }

    /// `video_part[0].id`.
    static func field(_ path: [any CodingKey]) -> String {
        path.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
    }

    /// The value at `path` in a JSON object, or `nil` where there is none.
    static func value(at path: [any CodingKey], in object: Any) -> Any? {
        path.reduce(Optional(object)) { current, key in
            if let index = key.intValue, let list = current as? [Any] { return list.indices.contains(index) ? list[index] : nil }
            return (current as? [String: Any])?[key.stringValue]
        }
    }

    /// A value as JSON writes it, cut to 40 characters.
    static func json(_ value: Any) -> String {
        switch value {
        case let text as String:
            let quoted =
                (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]))
                .map { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) } ?? "\"\(text)\""
            return quoted.count > 40 ? String(quoted.prefix(39)) + "…\"" : quoted
        case is [Any]: return "[…]"
        case is [String: Any]: return "{…}"
        default: return "\(value)"
        }
    }

    private static func kind(_ type: Any.Type) -> Message {
        switch type {
        case is Int.Type, is Int64.Type, is Int32.Type: Message(.legacyWholeNumber)
        case is Double.Type, is Float.Type: Message(.legacyNumber)
        case is String.Type: Message(.legacyText)
        case is Bool.Type: Message(.legacyTrueOrFalse)
        case is [Any].Type: Message(.legacyList)
        default: Message(.legacyObject)
        }
    }
}
