import Crypto
import NIOConcurrencyHelpers
import OfflineLessons

/// Deterministic synthetic media: the bytes of (type, id, medium, version) are a pure function of
/// those and the offset, so any range can be produced without storing files, and a test can
/// compare a download with what the server serves. Audio is a WAV of quiet noise (8-bit mono at
/// 16 kHz: the 16,000 bytes a second of ``bytesPerSecond(_:)``), which a browser's player plays;
/// video and PDFs are noise.
public struct SyntheticMedia: Sendable, Hashable {
    public let lesson: LessonID
    public let medium: MediaKind
    /// Bumped when a fault changes the ETag: new version, new content.
    public let version: Int
    public let size: Int

    /// Bytes per second of lesson at scale 1 (audio 128 kbit/s, video 2 Mbit/s, PDF ~40 B/s).
    static func bytesPerSecond(_ medium: MediaKind) -> Double {
        switch medium {
        case .audio: 16_000
        case .video: 250_000
        case .text: 40
        }
    }

    public init(lesson: LessonID, medium: MediaKind, duration: Int, scale: Double, version: Int = 0) {
        self.lesson = lesson
        self.medium = medium
        self.version = version
        let scaled = Double(duration) * Self.bytesPerSecond(medium) * scale
        self.size = max(1024, Int(scaled.rounded()))
    }

    var seed: UInt64 { Self.seed(lesson, medium, version: version) }

    static let largestHashed = 256 << 20

    /// An opaque ETag, unique per version and size (`w` marks audio as a WAV: a partial file of
    /// the noise older servers gave is not resumed with these bytes).
    public var etag: String { "\"\(String(seed, radix: 16))\(medium == .audio ? "w" : "")-\(size)\"" }

    /// The ETag to send: ``md5ETag`` when the server gives MD5s, else ``etag``.
    func etag(md5: Bool) -> String { md5 ? md5ETag : etag }

    /// The MD5 of the bytes, quoted, as S3 gives for a single-part upload (so that a client can
    /// verify a file against it), computed once per version and size. A file over 256 MiB gets a
    /// multipart-style ETag (``etag``), as S3 gives for a large upload: not an MD5.
    public var md5ETag: String {
        guard size <= Self.largestHashed else { return etag }
        let id = ETagCache.Key(seed: seed, size: size)
        if let known = ETagCache.shared.withLockedValue({ $0[id] }) { return known }
        var md5 = Insecure.MD5()
        var offset = 0
        while offset < size {
            let end = min(size, offset + (1 << 20))
            md5.update(data: bytes(offset..<end))
            offset = end
        }
        let etag = "\"\(md5.finalize().map { String(format: "%02x", $0) }.joined())\""
        ETagCache.shared.withLockedValue { $0[id] = etag }
        return etag
    }

    /// A fixed date per version: the synthetic files never change unless their version does.
    public var lastModified: String { "Mon, \(String(format: "%02d", 1 + 7 * (version % 4))) Jan 2024 00:00:00 GMT" }

    /// The bytes in `range` (clamped to the file).
    public func bytes(_ range: Range<Int>) -> [UInt8] {
        let lower = max(0, range.lowerBound)
        let upper = min(size, range.upperBound)
        guard lower < upper else { return [] }
        var out = [UInt8](repeating: 0, count: upper - lower)
        let seed = self.seed
        out.withUnsafeMutableBufferPointer { buffer in
            var offset = lower
            var block = UInt64(offset / 8)
            var word = Self.mix(seed &+ block)
            while offset < upper {
                let shift = UInt64(offset % 8) * 8
                buffer[offset - lower] = UInt8(truncatingIfNeeded: word >> shift)
                offset += 1
                if offset % 8 == 0 {
                    block += 1
                    word = Self.mix(seed &+ block)
                }
            }
            guard medium == .audio else { return }
            let header = Self.wavHeader(size: size)
            for offset in lower..<upper {
                // Samples within 4 steps of silence (128): a quiet hiss.
                buffer[offset - lower] =
                    offset < header.count ? header[offset] : 124 &+ (buffer[offset - lower] & 0x07)
            }
        }
        return out
    }

    /// The 44-byte header of a WAV file of `size` bytes: PCM, one channel, 16,000 samples of 8 bits a second.
    static func wavHeader(size: Int) -> [UInt8] {
        func little(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let samples = size - 44
        return Array("RIFF".utf8) + little(36 + samples, 4) + Array("WAVEfmt ".utf8) + little(16, 4) + little(1, 2)
            + little(1, 2) + little(16_000, 4) + little(16_000, 4) + little(1, 2) + little(8, 2) + Array("data".utf8)
            + little(samples, 4)
    }

    /// All the bytes: for tests.
    public var allBytes: [UInt8] { bytes(0..<size) }

    static func seed(_ lesson: LessonID, _ medium: MediaKind, version: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(lesson.type.rawValue)/\(lesson.id)/\(medium.rawValue)/\(version)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return mix(hash)
    }

    /// splitmix64's finaliser.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// The ETags computed so far, by content (seed and size).
enum ETagCache {
    struct Key: Hashable {
        var seed: UInt64
        var size: Int
    }
    /// NIO's lock (a pthread mutex), not `Synchronization.Mutex`: ThreadSanitizer does not see
    /// the latter's futex-based locking on Linux and reported the cache as a race in CI.
    static let shared = NIOLockedValueBox<[Key: String]>([:])
}
