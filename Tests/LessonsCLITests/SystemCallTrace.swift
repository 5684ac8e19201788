import Foundation

/// The file-system calls of a process and its threads as `strace -f -y -xx` writes them: each
/// call where it starts, in the order the calls started, with the paths of its descriptors.
struct SystemCallTrace {
    struct Call {
        /// The thread that made the call.
        var thread: Int
        var name: String
        /// The path of the descriptor the call works on (`fsync(3</a/b>)`), if any.
        var descriptorPath: String?
        /// The paths and data given as strings (`rename("a", "b")`), decoded.
        var strings: [[UInt8]]

        var paths: [String] { strings.map { String(decoding: $0, as: UTF8.self) } }

        /// A WAL frame header that ends a transaction: 24 bytes written to a `-wal` file whose
        /// second field (the database's size after the commit) is not zero.
        var isWALCommit: Bool {
            guard name == "pwrite64", descriptorPath?.hasSuffix("-wal") == true, let header = strings.first, header.count == 24
            else { return false }
            return header[4..<8].contains { $0 != 0 }
        }

        var isFlush: Bool { name == "fsync" || name == "fdatasync" }
    }

    /// What `strace` should be asked for: every thread, descriptor paths, strings in hex.
    static let options = [
        "-f", "-y", "-xx", "-qq", "-e", "trace=openat,write,pwrite64,fsync,fdatasync,rename,renameat,renameat2,unlink,unlinkat",
    ]

    var calls: [Call] = []

    init(_ text: String) {
        let start = /^(\d+) +([a-z0-9_]+)\((.*)$/
        let descriptor = /^-?\d+<([^>]*)>/
        let quoted = /"((?:\\x[0-9a-f]{2})*)"/
        for line in text.split(separator: "\n") {
            guard let match = try? start.firstMatch(in: line), let thread = Int(match.1) else { continue }
            let arguments = match.3
            calls.append(
                Call(
                    thread: thread, name: String(match.2),
                    descriptorPath: (try? descriptor.firstMatch(in: arguments)).map { String(decoding: Self.bytes($0.1), as: UTF8.self) },
                    strings: arguments.matches(of: quoted).map { Self.bytes($0.1) }))
        }
    }

    /// `\x2f\x74…` as bytes.
    static func bytes(_ hex: Substring) -> [UInt8] {
        hex.split(separator: "\\", omittingEmptySubsequences: true).compactMap { UInt8($0.dropFirst(), radix: 16) }
    }
}
