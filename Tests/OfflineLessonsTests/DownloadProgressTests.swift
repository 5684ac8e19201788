import Foundation
import Testing

@testable import OfflineLessons

@Suite("Download progress: totals, rate and time left by bytes")
struct DownloadProgressTests {
    let start = ContinuousClock.now
    let audio1 = MediaKey(LessonID(.gemara, 1), .audio), text1 = MediaKey(LessonID(.gemara, 1), .text)
    let audio2 = MediaKey(LessonID(.mishna, 1), .audio), text2 = MediaKey(LessonID(.mishna, 1), .text)

    func at(_ seconds: Double) -> ContinuousClock.Instant { start + .seconds(seconds) }

    func approximately(_ duration: Duration?, _ seconds: Double) -> Bool {
        guard let duration else { return false }
        return abs(duration.seconds - seconds) < 0.001
    }

    @Test("the time left is by bytes: a waiting audio counts as an audio, not as a PDF")
    func etaByBytes() {
        var progress = DownloadProgress(startedAt: start)
        for key in [audio1, text1, audio2, text2] { progress.record(.queued(key), at: start) }
        #expect(progress.estimatedTimeLeft(at: at(1)) == nil, "no size and no rate known yet")
        progress.record(.progress(audio1, received: 0, expected: 1_000_000), at: at(0))
        progress.record(.progress(audio1, received: 500_000, expected: 1_000_000), at: at(1))
        #expect(progress.bytesTransferred == 500_000)
        // Left: 500 kB of audio1, ~1 MB for audio2 (the audio average), PDFs unknown so as big as audio.
        #expect(progress.estimatedBytesLeft == 500_000 + 3 * 1_000_000)
        progress.record(.completed(audio1, bytes: 1_000_000, alreadyPresent: false), at: at(2))
        progress.record(.progress(text1, received: 0, expected: 10_000), at: at(2))
        progress.record(.completed(text1, bytes: 10_000, alreadyPresent: false), at: at(2))
        #expect(progress.bytesTransferred == 1_010_000)
        #expect(progress.completed == 2 && progress.finished == 2 && progress.queued == 4)
        // Left: audio2 ~1 MB, text2 ~10 kB; the rate is 1,010,000 B over 2 s.
        #expect(progress.estimatedBytesLeft == 1_010_000)
        #expect(approximately(progress.estimatedTimeLeft(at: at(2)), 2))
        #expect(progress.fractionDone == 0.5)
    }

    @Test("a resumed file counts only the bytes this run transfers")
    func resumeCountsNewBytes() {
        var progress = DownloadProgress(startedAt: start)
        progress.record(.queued(audio1), at: start)
        progress.record(.progress(audio1, received: 800, expected: 1_000), at: at(0))
        #expect(progress.bytesTransferred == 0)
        progress.record(.progress(audio1, received: 900, expected: 1_000), at: at(1))
        #expect(progress.bytesTransferred == 100)
        #expect(approximately(progress.estimatedTimeLeft(of: audio1, at: at(1)), 1), "100 B/s, 100 B left")
        progress.record(.completed(audio1, bytes: 1_000, alreadyPresent: false), at: at(2))
        #expect(progress.bytesTransferred == 200)
        #expect(progress.active.isEmpty && progress.completed == 1)
        #expect(progress.estimatedBytesLeft == 0)
    }

    @Test("a restart from zero counts its new bytes; items complete already do not count as files of the run")
    func restartAndAlreadyPresent() {
        var progress = DownloadProgress(startedAt: start)
        progress.record(.queued(audio1), at: start)
        progress.record(.completed(text1, bytes: 5_000, alreadyPresent: true), at: start)
        #expect(progress.completed == 0 && progress.queued == 1)
        progress.record(.progress(audio1, received: 0, expected: 1_000), at: at(0))
        progress.record(.progress(audio1, received: 600, expected: 1_000), at: at(1))
        progress.record(.progress(audio1, received: 0, expected: 1_000), at: at(1))  // the server's copy changed
        progress.record(.progress(audio1, received: 300, expected: 1_000), at: at(2))
        #expect(progress.bytesTransferred == 900)
        progress.record(.failed(audio1, reason: "x"), at: at(3))
        #expect(progress.failed == 1 && progress.finished == 1 && progress.active.isEmpty)
    }

    @Test("a stalled transfer gives a capped estimate, not an overflow")
    func stalled() {
        var progress = DownloadProgress(startedAt: start)
        progress.record(.queued(audio1), at: start)
        progress.record(.progress(audio1, received: 0, expected: Int(Int32.max)), at: start)
        progress.record(.progress(audio1, received: 1, expected: Int(Int32.max)), at: start + .seconds(1_000_000_000))
        let left = progress.estimatedTimeLeft(at: start + .seconds(1_000_000_000))
        #expect(left == .seconds(DownloadProgress.longestEstimate))
    }
}
