import Foundation
import NIOConcurrencyHelpers

/// The stored JSON of the cached catalog lessons a library last read, kept so that a request for
/// those lessons records each snapshot as it is stored instead of encoding the lesson again (about
/// 9 µs a lesson with `JSONEncoder`, `perf record` of a run of 365 lessons). A snapshot is taken
/// only for a lesson equal to the one read; any other is encoded as before.
final class SnapshotMemo: Sendable {
    /// At most this many lessons are kept (the whole Gemara is 2,684; about 1 KB each, lesson and
    /// JSON); past it the memo starts over, and lessons read before are encoded as before.
    static let capacity = 4_096
    private let entries = NIOLockedValueBox<[LessonID: (lesson: Lesson, json: Data)]>([:])

    /// Keeps the snapshots of lessons just read from the catalog cache.
    func remember(_ read: [(placed: PlacedLesson, json: Data)]) {
        entries.withLockedValue { entries in
            if entries.count + read.count > Self.capacity { entries.removeAll(keepingCapacity: true) }
            for (placed, json) in read.prefix(Self.capacity) { entries[placed.id] = (placed.lesson, json) }
        }
    }

    /// The stored JSON of `placed`'s lesson, when the lesson last read under its identity is equal to it.
    func json(for placed: PlacedLesson) -> Data? {
        entries.withLockedValue { entries in
            guard let entry = entries[placed.id], entry.lesson == placed.lesson else { return nil }
            return entry.json
        }
    }
}
