import Foundation

/// The per-run secret that every request of the app's own pages carries: random, 256 bits,
/// printed only in the app's URL.
struct AccessToken: Sendable, Hashable {
    let value: String

    init(_ value: String) { self.value = value }

    /// A fresh random token (hex).
    static func random() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return AccessToken(bytes.map { String(format: "%02x", $0) }.joined())
    }

    /// Whether `candidate` is the token, in time independent of where they differ.
    func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let a = Array(value.utf8)
        let b = Array(candidate.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
