/// Durations and sizes as people type them.
enum Units {
    /// `30d`, `12h`, `90m`, `45s`, `2w`.
    static func duration(_ text: String) -> Duration? {
        guard let unit = text.last, let value = Int(text.dropLast()), value >= 0 else { return nil }
        let seconds: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        guard let key = unit.lowercased().first, let factor = seconds[key] else { return nil }
        let (total, overflow) = value.multipliedReportingOverflow(by: factor)
        return overflow ? nil : .seconds(total)
    }

    /// `2GiB`, `500MB`, `1.5GB`, `1000000` (bytes).
    static func bytes(_ text: String) -> Int? {
        let units: [(String, Double)] = [
            ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("TiB", 1_099_511_627_776),
            ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("TB", 1e12), ("B", 1),
        ]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            guard let value = Double(text.dropLast(suffix.count)), value.isFinite, value >= 0,
                value * factor < 9.0e18
            else { return nil }
            return Int(value * factor)
        }
        return Int(text).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// A rate as curl's `--limit-rate` takes it: `500K`, `2M`, `1G` (powers of 1024), or any
    /// size `bytes(_:)` reads (`1.5MB`, `300000`).
    static func rate(_ text: String) -> Int? {
        let factors: [Character: Double] = ["k": 1024, "m": 1_048_576, "g": 1_073_741_824]
        if let last = text.last, let factor = factors[Character(last.lowercased())], let value = Double(text.dropLast()),
            value.isFinite, value > 0, value * factor < 9.0e18
        {
            return Int(value * factor)
        }
        return bytes(text)
    }
}
