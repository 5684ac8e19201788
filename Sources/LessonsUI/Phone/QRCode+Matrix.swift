extension QRCode {
    /// The grid being drawn: its modules, and which of them are the function patterns' (finders,
    /// timing, alignment, format and version), which neither data nor mask touch.
    struct Matrix {
        let version: Int
        let size: Int
        var modules: [[Bool]]
        var isFunction: [[Bool]]

        init(version: Int) {
            self.version = version
            size = version * 4 + 17
            modules = Array(repeating: Array(repeating: false, count: size), count: size)
            isFunction = modules
        }

        mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
            modules[y][x] = dark
            isFunction[y][x] = true
        }

        mutating func drawFunctionPatterns(alignment: [Int]) {
            for i in 0..<size {
                set(6, i, i % 2 == 0)
                set(i, 6, i % 2 == 0)
            }
            for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { drawFinder(x, y) }
            let last = alignment.count - 1
            for (i, x) in alignment.enumerated() {
                for (j, y) in alignment.enumerated() where !((i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)) {
                    for dy in -2...2 {
                        for dx in -2...2 { set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                    }
                }
            }
            drawFormat(mask: 0)  // reserves the format's modules; drawn again once the mask is chosen
            drawVersion()
        }

        /// A finder pattern with its light separator, clipped to the grid.
        private mutating func drawFinder(_ x: Int, _ y: Int) {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    let distance = max(abs(dx), abs(dy))
                    set(x + dx, y + dy, distance != 2 && distance != 4)
                }
            }
        }

        /// Level L and the mask, with their BCH code, twice; and the dark module.
        mutating func drawFormat(mask: Int) {
            let data = 0b01 << 3 | mask
            var remainder = data
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            let bits = (data << 10 | remainder) ^ 0x5412
            func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
            for i in 0...5 { set(8, i, bit(i)) }
            set(8, 7, bit(6))
            set(8, 8, bit(7))
            set(7, 8, bit(8))
            for i in 9..<15 { set(14 - i, 8, bit(i)) }
            for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
            for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
            set(8, size - 8, true)
        }

        /// From version 7: the version with its BCH code, twice.
        private mutating func drawVersion() {
            guard version >= 7 else { return }
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for i in 0..<18 {
                let dark = (bits >> i) & 1 == 1
                let (a, b) = (size - 11 + i % 3, i / 3)
                set(a, b, dark)
                set(b, a, dark)
            }
        }

        /// The codewords' bits in the zigzag of column pairs, right to left, skipping the timing column.
        mutating func drawCodewords(_ codewords: [UInt8]) {
            var index = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                for vertical in 0..<size {
                    for j in 0..<2 {
                        let x = right - j
                        let upward = (right + 1) & 2 == 0
                        let y = upward ? size - 1 - vertical : vertical
                        guard !isFunction[y][x], index < codewords.count * 8 else { continue }
                        modules[y][x] = (codewords[index >> 3] >> UInt8(7 - index & 7)) & 1 == 1
                        index += 1
                    }
                }
                right -= 2
            }
        }

        mutating func apply(mask: Int) {
            for y in 0..<size {
                for x in 0..<size where !isFunction[y][x] {
                    let flip =
                        switch mask {
                        case 0: (x + y) % 2 == 0
                        case 1: y % 2 == 0
                        case 2: x % 3 == 0
                        case 3: (x + y) % 3 == 0
                        case 4: (x / 3 + y / 2) % 2 == 0
                        case 5: x * y % 2 + x * y % 3 == 0
                        case 6: (x * y % 2 + x * y % 3) % 2 == 0
                        default: ((x + y) % 2 + x * y % 3) % 2 == 0
                        }
                    if flip { modules[y][x].toggle() }
                }
            }
        }

        /// The standard's penalty, without its finder-like rule: runs of five or more alike in a
        /// row or column, 2×2 blocks alike, and the balance of dark and light.
        func penalty() -> Int {
            var score = 0
            for line in modules + (0..<size).map({ x in modules.map { $0[x] } }) {
                var run = 1
                for i in 1..<size {
                    if line[i] == line[i - 1] {
                        run += 1
                    } else {
                        if run >= 5 { score += run - 2 }
                        run = 1
                    }
                }
                if run >= 5 { score += run - 2 }
            }
            for y in 0..<size - 1 {
                for x in 0..<size - 1 {
                    let colour = modules[y][x]
                    if modules[y][x + 1] == colour && modules[y + 1][x] == colour && modules[y + 1][x + 1] == colour { score += 3 }
                }
            }
            let dark = modules.reduce(0) { $0 + $1.count(where: { $0 }) }
            let total = size * size
            score += max(0, (abs(dark * 20 - total * 10) + total - 1) / total - 1) * 10
            return score
        }
    }
}
