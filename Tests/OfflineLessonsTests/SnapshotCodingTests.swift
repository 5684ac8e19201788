import Foundation
@testable import OfflineLessons
import Testing

/// Many snapshots decoded in parts at once (``SnapshotCoding/decodeAll(_:_:)``) give what a
/// decode one by one gives: the same lessons in the same order, or the same first error.
@Suite("Snapshots decoded together")
struct SnapshotCodingTests {
    static func snapshot(id: Int) -> Data {
        Data(#"{"id":\#(id),"chapter":\#(id % 7),"duration":\#(id * 3),"audio":"a/\#(id).mp3","page_number":\#(id)}"#.utf8)
    }

    @Test("the lessons in order, below and above the threshold", arguments: [0, 1, SnapshotCoding.partedDecodeThreshold - 1, SnapshotCoding.partedDecodeThreshold, 301])
    func inOrder(count: Int) throws {
        let snapshots = (1...max(count, 1)).prefix(count).map { Self.snapshot(id: $0) }

        let together = try SnapshotCoding.decodeAll(snapshots, SnapshotCoding.lesson(from:))

        let oneByOne = try snapshots.map { try SnapshotCoding.decode(Lesson.self, from: $0) }
        #expect(together == oneByOne)
        #expect(together.map(\.id) == Array(1...max(count, 1)).prefix(count).map { $0 })
    }

    @Test("the first snapshot that does not decode is the one reported, wherever the parts are cut")
    func firstErrorReported() throws {
        var snapshots = (1...301).map { Self.snapshot(id: $0) }
        snapshots[250] = Self.snapshot(id: -250)  // in a later part: decoded at the same time, or first
        snapshots[100] = Self.snapshot(id: -100)
        var expected = ""
        do { _ = try snapshots.map { try SnapshotCoding.decode(Lesson.self, from: $0) } } catch { expected = "\(error)" }
        #expect(expected.contains("-100"))

        for _ in 0..<20 {
            #expect {
                _ = try SnapshotCoding.decodeAll(snapshots, SnapshotCoding.lesson(from:))
            } throws: { error in
                "\(error)" == expected
            }
        }
    }
}
