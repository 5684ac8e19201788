import Foundation
import Testing

@testable import OfflineLessons
@testable import lessons

/// The progress total of `lessons download`: a failed file is not a done one, and no time left
/// is promised while the server does not answer.
@Suite("download progress line")
struct ProgressLineTests {
    let start = ContinuousClock.now

    func key(_ id: Int) -> MediaKey { MediaKey(LessonID(.gemara, id), .audio) }

    @Test("3 queued, 1 completed, 1 failed: 1/3 files, 1 failed")
    func failedNotDone() {
        var progress = DownloadProgress(startedAt: start)
        for id in 1...3 { progress.record(.queued(key(id)), at: start) }
        progress.record(.progress(key(1), received: 0, expected: 1000), at: start)
        progress.record(.completed(key(1), bytes: 1000, alreadyPresent: false), at: start + .seconds(1))
        progress.record(.failed(key(2), reason: "the server answered HTTP 404"), at: start + .seconds(1))
        let line = ProgressDisplay.totalLine(progress, start + .seconds(2))
        #expect(line.contains(" 1/3 files, 1 failed, "), "\(line)")
        #expect(line.contains("ETA"), "\(line)")
    }

    @Test("while the server does not answer: no ETA, the run waits for it; bytes again bring the ETA back")
    func waitingForServer() {
        var progress = DownloadProgress(startedAt: start)
        for id in 1...3 { progress.record(.queued(key(id)), at: start) }
        progress.record(.progress(key(1), received: 0, expected: 1000), at: start)
        progress.record(.progress(key(1), received: 500, expected: 1000), at: start + .seconds(1))
        progress.record(.serverNotAnswering(reason: "connection refused"), at: start + .seconds(2))
        let waiting = ProgressDisplay.totalLine(progress, start + .seconds(3))
        #expect(waiting.contains(" 0/3 files, 500 B") && waiting.hasSuffix(", 166 B/s, waiting for the server"), "\(waiting)")
        progress.record(.progress(key(1), received: 600, expected: 1000), at: start + .seconds(4))
        let again = ProgressDisplay.totalLine(progress, start + .seconds(5))
        #expect(again.contains(", ETA ") && !again.contains("waiting"), "\(again)")
    }
}
