@testable import OfflineLessons
import Testing

/// The estimate of a disk's free space that spares most room checks a reading of the disk.
@Suite("Disk room estimate")
struct DiskRoomTests {
    @Test("files are let through without a reading only while the estimate keeps the slack after them")
    func estimate() {
        let room = DiskRoom()
        #expect(!room.admitWithoutReading(1), "never read: the disk is read")
        let mib = 1 << 20
        room.record(available: DiskRoom.slack + 3 * mib, admitting: 0)
        #expect(room.admitWithoutReading(mib))
        #expect(room.admitWithoutReading(mib))
        #expect(room.admitWithoutReading(mib))
        #expect(!room.admitWithoutReading(1), "the slack would be touched: read again")
        // A reading that counts the file it was taken for.
        room.record(available: DiskRoom.slack + 2 * mib, admitting: mib)
        #expect(room.admitWithoutReading(mib))
        #expect(!room.admitWithoutReading(1))
        // A small disk is read for every file.
        room.record(available: DiskRoom.slack - 1, admitting: 0)
        #expect(!room.admitWithoutReading(1))
    }

    @Test("a reading older than the maximum age is not trusted")
    func age() async throws {
        let room = DiskRoom()
        room.record(available: 1 << 40, admitting: 0)
        #expect(room.admitWithoutReading(1))
        try await Task.sleep(for: DiskRoom.maximumAge + .milliseconds(50))
        #expect(!room.admitWithoutReading(1))
    }
}
