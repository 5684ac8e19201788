import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespaces)`, the same result, without Foundation's character-set
    /// work when neither end is a space (nearly every header value and number): that work was
    /// about 1 % of a small file's CPU.
    var trimmedOfWhitespace: String {
        let bytes = utf8
        if let first = bytes.first, let last = bytes.last, Self.isVisibleASCII(first), Self.isVisibleASCII(last) {
            return String(self)
        }
        return trimmingCharacters(in: .whitespaces)
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }
}
