/// A QR code of a short text (an address), so that a phone's camera opens it: byte mode, error
/// correction level L, versions 1 to 10 (up to 271 bytes), the mask of least penalty (ISO/IEC
/// 18004). `modules[y][x]` is true for a dark module; no quiet zone.
public struct QRCode: Sendable {
    public let modules: [[Bool]]
    public var size: Int { modules.count }
    /// The light modules around the code a camera needs.
    public static let quietZone = 4

    /// Each version's codewords, error correction codewords per block, and blocks (level L).
    private static let versions: [(total: Int, ecc: Int, blocks: Int)] = [
        (26, 7, 1), (44, 10, 1), (70, 15, 1), (100, 20, 1), (134, 26, 1),
        (172, 18, 2), (196, 20, 2), (242, 24, 2), (292, 30, 2), (346, 18, 4),
    ]
    /// The centres of the alignment patterns, by version.
    private static let alignment: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
    ]

    /// `nil` when the text is too long for version 10.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let version = (1...10).first(where: { Self.fits(bytes.count, version: $0) }) else { return nil }
        var matrix = Matrix(version: version)
        matrix.drawFunctionPatterns(alignment: Self.alignment[version - 1])
        matrix.drawCodewords(Self.codewords(bytes, version: version))
        let masked = (0..<8).map { mask in
            var candidate = matrix
            candidate.apply(mask: mask)
            candidate.drawFormat(mask: mask)
            return candidate
        }
        guard let best = masked.min(by: { $0.penalty() < $1.penalty() }) else { return nil }
        modules = best.modules
    }

    private static func dataCodewords(_ version: Int) -> Int {
        let (total, ecc, blocks) = versions[version - 1]
        return total - ecc * blocks
    }

    private static func fits(_ count: Int, version: Int) -> Bool {
        4 + (version < 10 ? 8 : 16) + 8 * count <= dataCodewords(version) * 8
    }

    /// The data (mode, count, bytes, terminator, padding), then each block's error correction,
    /// interleaved.
    private static func codewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for i in (0..<count).reversed() { bits.append((value >> i) & 1 == 1) }
        }
        append(0b0100, 4)
        append(bytes.count, version < 10 ? 8 : 16)
        for byte in bytes { append(Int(byte), 8) }
        let capacity = dataCodewords(version) * 8
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var data = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        for index in 0..<(capacity / 8 - data.count) { data.append(index % 2 == 0 ? 0xEC : 0x11) }

        let (total, ecc, count) = versions[version - 1]
        let shortBlocks = count - total % count
        let shortLength = total / count
        let divisor = ReedSolomon.divisor(degree: ecc)
        var blocks: [[UInt8]] = []
        var start = 0
        for index in 0..<count {
            let length = shortLength - ecc + (index < shortBlocks ? 0 : 1)
            var block = Array(data[start..<start + length])
            start += length
            let correction = ReedSolomon.remainder(block, divisor: divisor)
            if index < shortBlocks { block.append(0) }  // a place the interleaving skips
            blocks.append(block + correction)
        }
        var result: [UInt8] = []
        for i in blocks[0].indices {
            for (j, block) in blocks.enumerated() where i != shortLength - ecc || j >= shortBlocks {
                result.append(block[i])
            }
        }
        return result
    }
}

/// Reed–Solomon error correction over GF(256) with the polynomial 0x11D.
private enum ReedSolomon {
    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for i in result.indices { result[i] ^= multiply(divisor[i], factor) }
        }
        return result
    }

    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for i in (0..<8).reversed() {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= Int((y >> UInt8(i)) & 1) * Int(x)
        }
        return UInt8(z & 0xFF)
    }
}
