import Foundation

/// zbarimg (Debian's zbar-tools): the decoder the tests read QR codes back with, as a phone would.
public enum QRReader {
    /// The reason a test that needs zbarimg gives when it is not installed.
    public static let missing = "zbarimg is not installed (apt-get install -y zbar-tools; .ci/run does it)"

    /// Where zbarimg is, when it is installed.
    public static var zbarimg: URL? {
        ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first(where: FileManager.default.isExecutableFile).map(URL.init(fileURLWithPath:))
    }

    /// The bytes of the QR code found in the picture at `picture` (PNG, PBM…), with zbarimg's
    /// trailing newline, if any, taken off; nil when it finds none.
    public static func read(_ picture: URL, with zbarimg: URL) throws -> Data? {
        let output = picture.deletingLastPathComponent().appendingPathComponent("zbarimg-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = try ChildProcess(
            zbarimg, arguments: ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", "-Sbinary", picture.path],
            environment: ProcessInfo.processInfo.environment, currentDirectory: nil, stdout: .file(output), stderr: .null)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let read = try Data(contentsOf: output)
        return read.last == UInt8(ascii: "\n") ? read.dropLast() : read
    }
}
