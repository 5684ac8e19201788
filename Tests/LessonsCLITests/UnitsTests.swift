import OfflineLessons
import Testing

@testable import lessons

/// Sizes and durations as `clean` reads them: the exact values, and why the rest is refused.
@Suite("Sizes and durations")
struct UnitsTests {
    @Test(
        "sizes: K, M, G, T in powers of 1000 with or without B, KiB to TiB (or Ki to Ti) in powers of 1024, any case, a space allowed",
        arguments: [
            ("2G", 2_000_000_000), ("2GB", 2_000_000_000), ("2gb", 2_000_000_000), ("2 GB", 2_000_000_000), ("2GiB", 2_147_483_648),
            ("2gi", 2_147_483_648), ("500M", 500_000_000), ("500K", 500_000), ("500kib", 512_000), ("1.5g", 1_500_000_000),
            ("1T", 1_000_000_000_000), ("1000000", 1_000_000), ("12B", 12), ("0", 0),
        ])
    func sizes(_ text: String, _ bytes: Int) throws {
        #expect(try Units.bytes(text) == bytes)
    }

    @Test(
        "durations: s, m, h, d, w, and y for 365 days, any case",
        arguments: [
            ("45s", 45), ("90m", 5_400), ("12h", 43_200), ("3d", 259_200), ("2w", 1_209_600), ("1y", 31_536_000), ("3D", 259_200),
            ("1.5h", 5_400), ("30 d", 2_592_000),
        ])
    func durations(_ text: String, _ seconds: Int64) throws {
        #expect(try Units.duration(text) == .seconds(seconds))
    }

    @Test("what is refused, and why")
    func refused() {
        for text in ["-3d", "-1s"] { #expect(throws: Units.Problem.negative, "\(text)") { try Units.duration(text) } }
        for text in ["-2G", "-1"] { #expect(throws: Units.Problem.negative, "\(text)") { try Units.bytes(text) } }
        for text in ["3x", "d", "3", "", "3dd", "1e3s", "3 d s"] {
            #expect(throws: Units.Problem.unreadable, "\(text)") { try Units.duration(text) }
        }
        for text in ["lots", "2 gigs", "2Pb", "2i", "GB", "2.5.1G", "２G"] {
            #expect(throws: Units.Problem.unreadable, "\(text)") { try Units.bytes(text) }
        }
        #expect(throws: Units.Problem.tooLarge) { try Units.bytes("9000000T") }
        #expect(throws: Units.Problem.tooLarge) { try Units.duration("999999999999y") }
    }
}

@Suite("lessons history: sizes in a detail")
struct HistorySizesTests {
    @Test("sizes are said in units, unless two different sizes would read alike")
    func readableSizes() {
        #expect(HistoryCommand.readable("53872 bytes found in place") == formatBytes(53872) + " found in place")
        let close = "sync: 4806 bytes, registered with 4798 bytes"
        #expect(HistoryCommand.readable(close) == close)
        #expect(HistoryCommand.readable("no size here") == "no size here")
    }
}
