import Foundation

/// A property list (binary or XML) as plain values: `[String: Any]`, `[Any]`, `String`, `Int`,
/// `Double`, `Bool`, `Data`, `Date`; `nil` when the bytes are not one. Both forms are read by
/// readers of the package's own (``BinaryPropertyList``, ``XMLPropertyList``): Foundation's on
/// Linux crashed the process or read outside a malformed list. A list's objects may refer to each
/// other in a cycle or share children without end: past `maxDepth` levels or `maxValues` values
/// the list is refused, not expanded.
enum PropertyListValues {
    static let maxDepth = 32
    static let maxValues = 100_000

    static func read(_ data: Data) -> Any? {
        if data.starts(with: BinaryPropertyList.magic) {
            return BinaryPropertyList.read(data, maxDepth: maxDepth, maxValues: maxValues)
        }
        return XMLPropertyList.read(data, maxDepth: maxDepth, maxValues: maxValues)
    }
}
