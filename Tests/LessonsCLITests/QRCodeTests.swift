import ChildProcesses
import Foundation
import LessonsUI
import Testing

@testable import lessons

/// The QR code `lessons ui` draws for a phone: read back by a real decoder (zbarimg, from
/// Debian's zbar-tools) from a picture of its modules, at every size an address takes.
@Suite("QR codes")
struct QRCodeTests {
    static let token = String(repeating: "0123456789abcdef", count: 4)

    @Test(
        "zbarimg reads back what was encoded: a word, an IPv4 address with its token, a long IPv6 one (version 7 and up), 260 bytes (version 10)",
        arguments: [
            ("lessons", 1),
            ("http://192.168.1.20:8090/?token=\(token)", 5),
            ("http://[2001:db8:85a3:1234:5678:8a2e:370:7334]:65535/?token=\(token)&lang=es&back=/shas/gemara/1", 7),
            (String(repeating: "Berakhot 2 ", count: 23) + "ברכות", 10),
        ])
    func readsBack(_ text: String, version: Int) throws {
        guard let zbarimg = QRReader.zbarimg else {
            let reason = "QR code test skipped: \(QRReader.missing)"
            if ProcessInfo.processInfo.environment["CI"] == "true" { throw CLITestFailure(description: reason) }
            print(reason)
            return
        }
        let code = try #require(QRCode(text))
        #expect(code.size == version * 4 + 17, "the smallest version that holds it")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("code.pbm")
        try Self.pbm(code).write(to: picture, atomically: true, encoding: .utf8)
        let read = try QRReader.read(picture, with: zbarimg)
        #expect(read == Data(text.utf8), "\(read.map { String(decoding: $0, as: UTF8.self) } ?? "no code found")")
    }

    @Test("a text longer than version 10 takes has no code; the terminal's lines are black on white, two rows a line")
    func limits() throws {
        #expect(QRCode(String(repeating: "x", count: 272)) == nil)
        let code = try #require(QRCode("http://192.168.1.20:8090/?token=\(Self.token)"))
        let lines = code.terminalLines()
        #expect(lines.count == (code.size + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
    }

    /// The modules as a plain PBM picture, four pixels a module, in a quiet zone of four modules.
    static func pbm(_ code: QRCode) -> String {
        let scale = 4
        let side = (code.size + 8) * scale
        var rows: [String] = ["P1", "\(side) \(side)"]
        for y in 0..<side {
            let row = (0..<side).map { x -> String in
                let (column, line) = (x / scale - 4, y / scale - 4)
                let dark = (0..<code.size).contains(column) && (0..<code.size).contains(line) && code.modules[line][column]
                return dark ? "1" : "0"
            }
            rows.append(row.joined(separator: " "))
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
