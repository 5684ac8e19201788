import Crypto
import Foundation

/// MD5 digests, for comparing a file with the ETag its server gave. Not for security: S3 gives a
/// single-part object's MD5 as its ETag, and `sync --verify` compares a file's MD5 with it.
package enum MD5Digest {
    /// The MD5 of a whole buffer, as 32 lowercase hex digits.
    package static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        hex(Insecure.MD5.hash(data: Array(bytes)))
    }

    /// The MD5 of a file, read in 1 MiB blocks (blocking: run it off the cooperative pool);
    /// `progress` gets the bytes read after each block.
    package static func file(at url: URL, progress: (Int) -> Void = { _ in }) throws -> String {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw FileError.posix("open", url, errno) }
        defer { _ = systemClose(descriptor) }
        var md5 = Insecure.MD5()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileError.posix("read", url, errno) }
            if count == 0 { return hex(md5.finalize()) }
            buffer.withUnsafeBytes { md5.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
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

    private static func hex(_ digest: Insecure.MD5Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
