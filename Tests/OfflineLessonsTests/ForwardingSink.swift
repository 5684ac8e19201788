import Foundation

@testable import OfflineLessons

/// A sink that passes every step on to `inner`, telling `onBytes` how many body bytes each chunk
/// had (after `inner` took them): what the test transports that count a fetch's steps wrap their
/// sinks in.
final class ForwardingSink: TransportSink, @unchecked Sendable {
    let inner: any TransportSink
    private let onBytes: @Sendable (Int) -> Void

    init(_ inner: any TransportSink, onBytes: @escaping @Sendable (Int) -> Void = { _ in }) {
        (self.inner, self.onBytes) = (inner, onBytes)
    }

    func receive(head: TransportResponseHead) throws { try inner.receive(head: head) }
    func receive(bytes: UnsafeRawBufferPointer) throws {
        try inner.receive(bytes: bytes)
        onBytes(bytes.count)
    }
    var checkpointDue: Bool { inner.checkpointDue }
    func checkpoint() async throws { try await inner.checkpoint() }
}
