import Foundation

/// MD5 (RFC 1321), streaming. Not for security: S3 gives a single-part object's MD5 as its ETag,
/// and `sync --verify` compares a file's MD5 with the ETag recorded when it was downloaded.
package struct MD5: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() { pending.reserveCapacity(64) }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            offset = take
            if pending.count == 64 {
                pending.withUnsafeBytes { compress($0) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        while bytes.count - offset >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 64)]))
            offset += 64
        }
        if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
    }

    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let array = Array(bytes)
        array.withUnsafeBytes { update($0) }
    }

    /// The digest as 32 lowercase hex digits.
    package mutating func finalize() -> String {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: (55 &- pending.count) & 63)
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) }
        let saved = length
        update(tail)
        length = saved
        let words = [state.0, state.1, state.2, state.3]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
            .map { String(format: "%02x", $0) }.joined()
    }

    /// The MD5 of a whole buffer.
    package static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var md5 = MD5()
        md5.update(bytes)
        return md5.finalize()
    }

    private static let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                           5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                           4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                           6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }

    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { m in
            for i in 0..<16 { m[i] = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
            compress(words: UnsafeBufferPointer(m))
        }
    }

    private mutating func compress(words m: UnsafeBufferPointer<UInt32>) {
        var (a, b, c, d) = state
        for i in 0..<64 {
            var f: UInt32
            let g: Int
            switch i {
            case 0..<16: f = (b & c) | (~b & d); g = i
            case 16..<32: f = (d & b) | (~d & c); g = (5 * i + 1) % 16
            case 32..<48: f = b ^ c ^ d; g = (3 * i + 5) % 16
            default: f = c ^ (b | ~d); g = (7 * i) % 16
            }
            f = f &+ a &+ Self.constants[i] &+ m[g]
            a = d
            d = c
            c = b
            b = b &+ ((f << Self.shifts[i]) | (f >> (32 - Self.shifts[i])))
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
}

extension MD5 {
    /// The MD5 of a file, read in 1 MiB blocks (blocking: run it off the cooperative pool);
    /// `progress` gets the bytes read after each block.
    package static func file(at url: URL, progress: (Int) -> Void = { _ in }) throws -> String {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw FileError.posix("open", url, errno) }
        defer { _ = systemClose(descriptor) }
        var md5 = MD5()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileError.posix("read", url, errno) }
            if count == 0 { return md5.finalize() }
            buffer.withUnsafeBytes { md5.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            progress(count)
        }
    }

    /// The MD5 an ETag states, when it is a plain one (`"<32 hex digits>"`, as S3 gives for a
    /// single-part upload); `nil` for a weak, multipart or other ETag.
    package static func digest(inETag etag: String) -> String? {
        var text = Substring(etag)
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = text.dropFirst().dropLast() }
        guard text.count == 32, text.allSatisfy(\.isHexDigit) else { return nil }
        return text.lowercased()
    }
}
