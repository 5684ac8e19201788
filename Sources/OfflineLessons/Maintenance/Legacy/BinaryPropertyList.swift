import Foundation

/// A binary property list (`bplist00`) read into plain values, every offset and length checked
/// against the bytes: Foundation's binary reader on Linux read past the end of a malformed list
/// (AddressSanitizer: a stack-buffer underflow, and a different value on each read). `nil` for
/// anything malformed, nested deeper than `maxDepth` or holding more than `maxValues` values.
struct BinaryPropertyList {
    static let magic = Array("bplist00".utf8)

    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int
    private let maxDepth: Int
    private var valuesLeft: Int

    static func read(_ data: Data, maxDepth: Int, maxValues: Int) -> Any? {
        let bytes = [UInt8](data)
        guard bytes.count >= magic.count + 32, bytes.starts(with: magic) else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = integer(bytes, at: trailer + 8, size: 8, below: trailer),
            let top = integer(bytes, at: trailer + 16, size: 8, below: trailer),
            let table = integer(bytes, at: trailer + 24, size: 8, below: trailer),
            count > 0, top < count, count <= (trailer - table) / offsetSize
        else { return nil }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            guard let offset = integer(bytes, at: table + index * offsetSize, size: offsetSize, below: table),
                offset >= magic.count
            else { return nil }
            offsets.append(offset)
        }
        var list = BinaryPropertyList(
            bytes: bytes, offsets: offsets, referenceSize: referenceSize, maxDepth: maxDepth, valuesLeft: maxValues)
        return list.object(top, depth: 0, end: table)
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, when those bytes end by `within`
    /// (the whole list by default) and the value is below `limit`.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int, within: Int? = nil, below limit: Int) -> Int? {
        guard offset >= 0, size >= 1, size <= 8, offset <= (within ?? bytes.count) - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        guard value < UInt64(max(limit, 0)) else { return nil }
        return Int(value)
    }

    private mutating func object(_ reference: Int, depth: Int, end: Int) -> Any? {
        valuesLeft -= 1
        guard depth <= maxDepth, valuesLeft >= 0, reference >= 0, reference < offsets.count else { return nil }
        let start = offsets[reference]
        guard start < end else { return nil }
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return false
            case 0x09: return true
            default: return nil
            }
        case 0x1:
            return signed(at: start + 1, size: 1 << low, end: end)
        case 0x2:
            return real(at: start + 1, size: 1 << low, end: end)
        case 0x3:
            guard marker == 0x33, let seconds = real(at: start + 1, size: 8, end: end), seconds.isFinite else { return nil }
            return Date(timeIntervalSinceReferenceDate: seconds)
        case 0x4:
            guard let (first, count) = length(low, after: start, end: end), first <= end - count else { return nil }
            return Data(bytes[first..<first + count])
        case 0x5:
            guard let (first, count) = length(low, after: start, end: end), first <= end - count else { return nil }
            return String(bytes: bytes[first..<first + count], encoding: .ascii)
        case 0x6:
            guard let (first, count) = length(low, after: start, end: end), count <= (end - first) / 2 else { return nil }
            let units = (0..<count).map { UInt16(bytes[first + 2 * $0]) << 8 | UInt16(bytes[first + 2 * $0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        case 0xA, 0xC:
            guard let references = references(low, after: start, times: 1, end: end) else { return nil }
            var items: [Any] = []
            for reference in references {
                guard let item = object(reference, depth: depth + 1, end: end) else { return nil }
                items.append(item)
            }
            return items
        case 0xD:
            guard let references = references(low, after: start, times: 2, end: end) else { return nil }
            let half = references.count / 2
            var entries: [String: Any] = [:]
            for index in 0..<half {
                guard let key = object(references[index], depth: depth + 1, end: end) as? String,
                    let value = object(references[half + index], depth: depth + 1, end: end)
                else { return nil }
                entries[key] = value
            }
            return entries
        default:
            return nil
        }
    }

    /// Where an object's contents start and its count: the marker's low nibble, or 0xF and an
    /// integer object after the marker.
    private func length(_ low: Int, after start: Int, end: Int) -> (first: Int, count: Int)? {
        guard low == 0xF else { return (start + 1, low) }
        guard start + 1 < end, bytes[start + 1] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[start + 1] & 0x0F)
        guard let count = Self.integer(bytes, at: start + 2, size: size, within: end, below: end) else { return nil }
        return (start + 2 + size, count)
    }

    /// The object references of an array or set (`times` 1) or a dictionary (keys then values, 2).
    private func references(_ low: Int, after start: Int, times: Int, end: Int) -> [Int]? {
        guard let (first, count) = length(low, after: start, end: end), count <= (end - first) / (referenceSize * times) else {
            return nil
        }
        var result: [Int] = []
        result.reserveCapacity(count * times)
        for index in 0..<count * times {
            var value: UInt64 = 0
            for byte in bytes[first + index * referenceSize..<first + (index + 1) * referenceSize] { value = value << 8 | UInt64(byte) }
            guard value < UInt64(offsets.count) else { return nil }
            result.append(Int(value))
        }
        return result
    }

    private func signed(at offset: Int, size: Int, end: Int) -> Int? {
        guard size <= 8, offset >= 0, offset <= end - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        // 8-byte integers are signed; shorter ones unsigned.
        return size == 8 ? Int(Int64(bitPattern: value)) : Int(value)
    }

    private func real(at offset: Int, size: Int, end: Int) -> Double? {
        guard size == 4 || size == 8, offset >= 0, offset <= end - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        return size == 4 ? Double(Float(bitPattern: UInt32(value))) : Double(bitPattern: value)
    }
}
