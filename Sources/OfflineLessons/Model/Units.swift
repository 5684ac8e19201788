import Foundation

/// Durations and sizes as people type them: a number, an optional space, a unit, in any case.
public enum Units {
    /// Why a size or a duration was refused.
    public enum Problem: Error, Sendable, Equatable {
        /// Not a number followed by a known unit.
        case unreadable
        /// Below zero.
        case negative
        /// Beyond what can be counted (in seconds, or in bytes).
        case tooLarge
    }

    /// `45s`, `90m`, `12h`, `3d`, `2w`, `1y` (365 days); decimals allowed (`1.5h`).
    public static func duration(_ text: String) throws(Problem) -> Duration {
        let seconds: [String: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800, "y": 31_536_000]
        let (value, unit) = try split(text)
        guard let factor = seconds[unit] else { throw .unreadable }
        let total = value * factor
        guard total < 9.0e15 else { throw .tooLarge }
        return .milliseconds(Int64((total * 1000).rounded()))
    }

    /// `500K`, `500M`, `2G`, `1.5g`: powers of 1000, as `2KB`, `2MB`, `2GB`, `2TB` are (the `B` is
    /// optional); `2KiB`, `2MiB`, `2GiB`, `2TiB` (or `2Gi`): powers of 1024; `2B` or `2`: bytes.
    public static func bytes(_ text: String) throws(Problem) -> Int {
        var (value, unit) = try split(text)
        if unit.hasSuffix("b") { unit.removeLast() }
        let binary = unit.hasSuffix("i")
        if binary { unit.removeLast() }
        guard let power = ["", "k", "m", "g", "t"].firstIndex(of: unit), !(binary && power == 0) else { throw .unreadable }
        let total = value * pow(binary ? 1024 : 1000, Double(power))
        guard total < 9.0e18 else { throw .tooLarge }
        return Int(total)
    }

    /// The number and the lower-cased unit after it (letters only, maybe after one space).
    private static func split(_ text: String) throws(Problem) -> (value: Double, unit: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        guard number.contains(where: \.isNumber), let value = Double(number), value.isFinite, unit.allSatisfy(\.isLetter) else {
            throw .unreadable
        }
        guard value >= 0 else { throw .negative }
        return (value, unit)
    }
}

extension Units {
    /// A rate as curl's `--limit-rate` takes it: `500K`, `2M`, `1G` (powers of 1024, as curl
    /// counts them), or any size ``bytes(_:)`` reads (`1.5MB`, `300000`).
    public static func rate(_ text: String) -> Int? {
        let factors: [Character: Double] = ["k": 1024, "m": 1_048_576, "g": 1_073_741_824]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let last = trimmed.last, let factor = factors[Character(last.lowercased())], let value = Double(trimmed.dropLast()),
            value.isFinite, value > 0, value * factor < 9.0e18
        {
            return Int(value * factor)
        }
        return try? bytes(trimmed)
    }
}
