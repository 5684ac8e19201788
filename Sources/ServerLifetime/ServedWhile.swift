import Logging
import ServiceLifecycle

/// Runs an HTTP server (any `Service`) as a child of a task group while the group's owner works,
/// then stops it gracefully: the server stops accepting, answers what it has accepted, closes
/// its idle connections, and only then ends.
///
/// Cancelling a server's task instead can leave a connection it has accepted but not yet served,
/// and NIO traps on it ("Deinited NIOAsyncWriter without calling finish()", swift-nio #3481):
/// this crashed a test process under ThreadSanitizer. A server still busy `grace` after the
/// graceful stop (a stalled request, an endless stream) is cancelled then; by that time it
/// accepts nothing, so nothing is left half-accepted.
public struct ServedWhile: Sendable {
    private let serviceGroup: ServiceGroup
    private let ended: AsyncStream<Void>

    /// Starts `service` in `group`; `onEnd` runs when the service has ended (also when it never
    /// started). Stop it with ``stop(in:grace:)``.
    public init<Child: Sendable>(
        _ service: some Service, in group: inout ThrowingTaskGroup<Child?, any Error>,
        onEnd: @escaping @Sendable () -> Void
    ) {
        let serviceGroup = ServiceGroup(
            configuration: .init(
                services: [service], gracefulShutdownSignals: [],
                logger: Logger(label: "served-while", factory: { _ in SwiftLogNoOpLogHandler() })))
        let (ended, end) = AsyncStream<Void>.makeStream()
        group.addTask {
            defer {
                onEnd()
                end.finish()
            }
            try await serviceGroup.run()
            return nil
        }
        self.serviceGroup = serviceGroup
        self.ended = ended
    }

    /// Stops the service gracefully and waits until it has ended, or `grace` has passed; then
    /// cancels what is left in `group` (the service if it is still busy, and any other child).
    public func stop<Child: Sendable>(in group: inout ThrowingTaskGroup<Child?, any Error>, grace: Duration = .seconds(5)) async {
        await serviceGroup.triggerGracefulShutdown()
        let ended = self.ended
        await withTaskGroup(of: Void.self) { race in
            race.addTask { for await _ in ended {} }
            race.addTask { try? await Task.sleep(for: grace) }
            await race.next()
            race.cancelAll()
        }
        group.cancelAll()
    }
}
