/// A gzip stream (RFC 1952) of deflate's stored blocks (RFC 1951 §3.2.4): valid gzip that any
/// decoder reads, made without a compression library, for the content server's
/// ``MediaRequestPlan/gzipsWhenAccepted``.
enum GzipStored {
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]  // magic, deflate, no flags, no time, unknown OS
        var offset = 0
        repeat {
            let count = min(0xFFFF, bytes.count - offset)
            let last = offset + count == bytes.count
            out.append(last ? 1 : 0)  // BFINAL, BTYPE 00 (stored)
            out += littleEndian16(count) + littleEndian16(~count & 0xFFFF)
            out += bytes[offset..<offset + count]
            offset += count
        } while offset < bytes.count
        out += littleEndian32(crc32(bytes)) + littleEndian32(UInt32(truncatingIfNeeded: bytes.count))
        return out
    }

    private static func littleEndian16(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
    }

    private static func littleEndian32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// CRC-32 (IEEE 802.3, reflected, as gzip uses it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
