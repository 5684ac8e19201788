import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

/// The durable floor of one small file: write, fsync, rename into place, fsync of the folder, and
/// one SQLite commit (GRDB's DatabasePool, WAL, as the library opens its registry). What any
/// crash-safe per-file download must pay at least; the per-file figures of the small-file runs
/// read against it.
extension Bench {
    func durableFloor() async throws {
        guard options.runs("floor") else { return }
        await report.note(
            "The durable floor places one file at a time; `lessons download` runs 3 at once, so where fsync waits on the device (disk) its wall per file can fall below the sequential floor. Compare CPU there."
        )
        for (label, parent, fallback) in [("tmpfs", tmpfs, 730), ("disk", disk, 5_069)] {
            let measured = smallFileCounts.get(label)
            let files = measured?.0 ?? (options.quick ? 120 : fallback)
            let folder = try freshFolder(parent, "floor")
            let (fileOnly, withCommit) = try await offPool { try Self.floor(files: files, in: folder) }
            try? FileManager.default.removeItem(at: folder)
            durableFloorPerFile.set(label, files, wallPerFile: withCommit)
            await report.add(
                Row(
                    benchmark: "durable floor → \(label), \(files) files of 1 KiB: write+fsync+rename+fsync(dir) alone",
                    ours: ms(fileOnly) + " a file", baseline: "—", ratio: "—"))
            if let (_, perFile) = measured {
                await report.add(
                    Row(
                        benchmark: "small files → \(label): our wall per file vs the floor (+ 1 SQLite commit)",
                        ours: ms(perFile), baseline: ms(withCommit), ratio: times(perFile / withCommit)))
            } else {
                await report.add(
                    Row(
                        benchmark: "durable floor → \(label): + 1 SQLite commit a file", ours: ms(withCommit) + " a file",
                        baseline: "—", ratio: "—"))
            }
        }
    }

    /// Seconds per file: the file steps alone, then the file steps and a commit per file.
    static func floor(files: Int, in folder: URL) throws -> (Double, Double) {
        let payload = [UInt8](repeating: 0x5A, count: 1024)
        func place(_ name: String, directory: Int32, dirPath: String) throws {
            let temp = "\(dirPath)/.\(name).part"
            let final = "\(dirPath)/\(name)"
            let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw BenchError.failed("open \(temp): \(errno)") }
            _ = payload.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard fsync(fd) == 0 else { throw BenchError.failed("fsync: \(errno)") }
            close(fd)
            guard rename(temp, final) == 0 else { throw BenchError.failed("rename: \(errno)") }
            guard fsync(directory) == 0 else { throw BenchError.failed("fsync dir: \(errno)") }
        }
        // The file steps alone.
        let plain = folder.appendingPathComponent("plain").path
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        let plainFD = open(plain, O_RDONLY | O_DIRECTORY)
        defer { close(plainFD) }
        let fileOnly =
            try timeSync {
                for index in 0..<files { try place("\(index)_aud.mp3", directory: plainFD, dirPath: plain) }
            } / Double(files)
        // The file steps and one commit each.
        let media = folder.appendingPathComponent("media").path
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        let mediaFD = open(media, O_RDONLY | O_DIRECTORY)
        defer { close(mediaFD) }
        let pool = try DatabasePool(path: folder.appendingPathComponent("registry.sqlite").path)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE item (key TEXT PRIMARY KEY, state TEXT NOT NULL, bytes INTEGER NOT NULL, completed REAL)")
        }
        let withCommit =
            try timeSync {
                for index in 0..<files {
                    let name = "\(index)_aud.mp3"
                    try place(name, directory: mediaFD, dirPath: media)
                    try pool.write { db in
                        try db.execute(
                            sql: "INSERT INTO item (key, state, bytes, completed) VALUES (?, 'complete', 1024, ?)",
                            arguments: [name, Date().timeIntervalSince1970])
                    }
                }
            } / Double(files)
        return (fileOnly, withCommit)
    }
}

/// The floor per file (with its commit), by "tmpfs" / "disk", for the migrate line.
let durableFloorPerFile = SmallFileCounts()
