import Foundation
@testable import OfflineLessons

/// A sink that passes every step on to `inner`, telling `onBytes` how many body bytes each chunk
/// had (after `inner` took them) and `onBodyEnded` when the body is in (before `inner` hears of
/// it): what the test transports that count a fetch's steps wrap their sinks in.
final class ForwardingSink: TransportSink, @unchecked Sendable {
    let inner: any TransportSink
    private let onBytes: @Sendable (Int) -> Void
    private let onBodyEnded: @Sendable () -> Void

    init(_ inner: any TransportSink, onBytes: @escaping @Sendable (Int) -> Void = { _ in },
         onBodyEnded: @escaping @Sendable () -> Void = {}) {
        (self.inner, self.onBytes, self.onBodyEnded) = (inner, onBytes, onBodyEnded)
    }

    func receive(head: TransportResponseHead) async throws { try await inner.receive(head: head) }
    func receiveWithoutWaiting(head: TransportResponseHead) throws -> Bool { try inner.receiveWithoutWaiting(head: head) }
    func receive(bytes: UnsafeRawBufferPointer) throws {
        try inner.receive(bytes: bytes)
        onBytes(bytes.count)
    }
    var checkpointDue: Bool { inner.checkpointDue }
    func checkpoint() async throws { try await inner.checkpoint() }
    func bodyEnded(then done: @escaping @Sendable () -> Void) -> Bool {
        onBodyEnded()
        return inner.bodyEnded(then: done)
    }
}
