/// Recognises a web page or an XML error document by its first bytes, whatever `Content-Type`
/// the server sent with it: a 404 page served as `audio/mpeg` is not a lesson.
enum MarkupSniffer {
    /// What such documents start with, after optional whitespace or a byte-order mark.
    static let openings = ["<!doctype", "<html", "<head", "<body", "<?xml", "<error"].map { Array($0.utf8) }

    /// Whether `bytes`, the start of a body, is markup.
    static func isMarkup(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        return openings.contains { opening in
            guard bytes.count - start >= opening.count else { return false }
            return opening.indices.allSatisfy { index in
                let byte = bytes[start + index]
                // ASCII letters compare case-insensitively.
                let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                return lowered == opening[index]
            }
        }
    }
}
