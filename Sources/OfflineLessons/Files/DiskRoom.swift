import NIOConcurrencyHelpers

/// What a library's disk had free at its last reading (`fstatvfs`), less the bytes the files
/// checked against it since are to take: while that leaves a wide margin for the next file,
/// its check needs no reading of its own (a small file's check runs on the event loop that
/// reads every response; `strace -f -c` of a download of 730 small files: 730 `fstatfs` calls,
/// 2 with the estimate). The estimate is only a first refusal: a write that finds the disk full
/// fails as full all the same.
final class DiskRoom: Sendable {
    /// Past a reading this old, or with less than ``slack`` estimated to be left after a file,
    /// the disk is read again.
    static let maximumAge: Duration = .milliseconds(250)
    static let slack = 64 << 20

    private struct Reading {
        var available: Int
        var admitted = 0
        var at: ContinuousClock.Instant
    }
    private let last = NIOLockedValueBox<Reading?>(nil)

    /// Counts `bytes` against the estimate when it leaves ``slack`` after them; `false` when
    /// the disk must be read (``record(available:admitting:)``).
    func admitWithoutReading(_ bytes: Int) -> Bool {
        let now = ContinuousClock.now
        return last.withLockedValue { reading in
            guard let known = reading, now - known.at < Self.maximumAge,
                  known.available - known.admitted - bytes >= Self.slack
            else { return false }
            reading?.admitted += bytes
            return true
        }
    }

    /// A new reading, with `bytes` (a file that fits) counted against it.
    func record(available: Int, admitting bytes: Int) {
        let reading = Reading(available: available, admitted: bytes, at: .now)
        last.withLockedValue { $0 = reading }
    }
}
