import Foundation

/// A parsed `Range: bytes=…` header (one range; several ranges are answered with the whole body),
/// for the two servers of this package: `lessons serve` and `lessons ui`.
package enum ByteRange: Equatable {
    case satisfiable(Range<Int>)
    case unsatisfiable
    case ignored

    package static func parse(_ header: String, size: Int) -> ByteRange {
        let value = header.trimmedOfWhitespace
        guard value.hasPrefix("bytes="), !value.contains(",") else { return .ignored }
        let spec = value.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2 else { return .ignored }
        let first = Int(spec[0].trimmedOfWhitespace)
        let last = Int(spec[1].trimmedOfWhitespace)
        switch (first, last) {
        case (let start?, let end):
            guard start >= 0 else { return .ignored }
            guard start < size else { return .unsatisfiable }
            let upper = min(size - 1, end ?? size - 1)
            return upper >= start ? .satisfiable(start..<upper + 1) : .ignored
        case (nil, let suffix?):
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .satisfiable(max(0, size - suffix)..<size)
        default:
            return .ignored
        }
    }
}
