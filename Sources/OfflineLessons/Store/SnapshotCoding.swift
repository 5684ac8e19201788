import Foundation
import NIOConcurrencyHelpers

/// JSON coding of lesson snapshots as stored in the database (the legacy shape, sorted keys).
enum SnapshotCoding {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    /// A stored lesson: read by ``StoredSnapshotReader`` when it has the stored shape, else by
    /// `JSONDecoder` (which says what is wrong with it).
    static func lesson(from data: Data) throws -> Lesson {
        if let lesson = data.withUnsafeBytes({ StoredSnapshotReader.lesson($0) }) { return lesson }
        return try decode(Lesson.self, from: data)
    }

    /// The stored Shas, read as ``lesson(from:)`` reads a lesson.
    static func shas(from data: Data) throws -> Shas {
        if let shas = data.withUnsafeBytes({ StoredSnapshotReader.shas($0) }) { return shas }
        return try decode(Shas.self, from: data)
    }

    /// Snapshots at or above this count are decoded in parts, at once.
    static let partedDecodeThreshold = 32

    /// Many snapshots, in order. From ``partedDecodeThreshold`` on they are decoded in up to four
    /// parts at once, one per core (a listing read before a download, the full Shas's registered
    /// lessons for `list`: each about 15 µs through `JSONDecoder`, 1 to 2 µs read by
    /// ``StoredSnapshotReader``, on one thread while the others waited). Throws the
    /// error of the first snapshot that does not decode, as a one-by-one decode would.
    ///
    /// Blocking: called inside registry reads, on GRDB's queues, not on the cooperative pool.
    /// The calling thread decodes parts too, so the call never waits for a free thread.
    static func decodeAll<T: Sendable>(_ snapshots: [Data], _ decode: @Sendable (Data) throws -> T) throws -> [T] {
        let parts = snapshots.count < partedDecodeThreshold ? 1 : min(4, ProcessInfo.processInfo.activeProcessorCount)
        guard parts > 1 else { return try snapshots.map(decode) }
        let size = (snapshots.count + parts - 1) / parts
        // Each part's lessons, or the first error of the earliest part that had one (a part stops
        // at its first error, so that one is the first of all).
        let decoded = NIOLockedValueBox<[Int: [T]]>([:])
        let failure = NIOLockedValueBox<(part: Int, error: any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = min(part * size, snapshots.count)..<min((part + 1) * size, snapshots.count)
            do {
                let lessons = try snapshots[range].map(decode)
                decoded.withLockedValue { $0[part] = lessons }
            } catch {
                failure.withLockedValue { failure in
                    if failure.map({ part < $0.part }) ?? true { failure = (part, error) }
                }
            }
        }
        if let failure = failure.withLockedValue({ $0 }) { throw failure.error }
        return decoded.withLockedValue { decoded in (0..<parts).flatMap { decoded[$0] ?? [] } }
    }
}
