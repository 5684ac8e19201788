import Foundation
import NIOConcurrencyHelpers

/// A property list (binary or XML) as plain values: `[String: Any]`, `[Any]`, `String`, `Int`,
/// `Double`, `Bool`, `Data`, `Date`; `nil` when the bytes are not one. A binary list is read by
/// ``BinaryPropertyList``, an XML one by Foundation's `PropertyListDecoder` (not
/// `PropertyListSerialization`, which crashed the process on a malformed list). A list's objects
/// may refer to each other in a cycle or share children without end: past `maxDepth` levels or
/// `maxValues` values the list is refused, not expanded.
enum PropertyListValues {
    static let maxDepth = 32
    static let maxValues = 100_000

    static func read(_ data: Data) -> Any? {
        if data.starts(with: BinaryPropertyList.magic) {
            return BinaryPropertyList.read(data, maxDepth: maxDepth, maxValues: maxValues)
        }
        let decoder = PropertyListDecoder()
        if let budgetKey { decoder.userInfo[budgetKey] = NIOLockedValueBox(maxValues) }
        return (try? decoder.decode(Node.self, from: data))?.value
    }

    private static let budgetKey = CodingUserInfoKey(rawValue: "values left")

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    private struct Node: Decodable {
        let value: Any

        init(from decoder: any Decoder) throws {
            let budget = PropertyListValues.budgetKey.flatMap { decoder.userInfo[$0] as? NIOLockedValueBox<Int> }
            let left = budget?.withLockedValue { left in
                left -= 1
                return left
            }
            guard decoder.codingPath.count <= PropertyListValues.maxDepth, (left ?? 0) >= 0 else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "nested too deep or too large"))
            }
            if var array = try? decoder.unkeyedContainer() {
                var items: [Any] = []
                while !array.isAtEnd { items.append(try array.decode(Node.self).value) }
                value = items
            } else if let object = try? decoder.container(keyedBy: Key.self) {
                var entries: [String: Any] = [:]
                for key in object.allKeys { entries[key.stringValue] = try object.decode(Node.self, forKey: key).value }
                value = entries
            } else {
                value = try Self.scalar(try decoder.singleValueContainer())
            }
        }

        private static func scalar(_ single: any SingleValueDecodingContainer) throws -> Any {
            if let text = try? single.decode(String.self) { return text }
            if let number = try? single.decode(Int.self) { return number }
            if let number = try? single.decode(Double.self) { return number }
            if let flag = try? single.decode(Bool.self) { return flag }
            if let data = try? single.decode(Data.self) { return data }
            if let date = try? single.decode(Date.self) { return date }
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "not a property list value")
        }
    }
}
