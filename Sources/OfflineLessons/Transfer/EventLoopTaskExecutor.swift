import NIOCore

/// Runs a task's jobs on one NIO event loop: a download run with this preference runs its steps
/// (the queue, the registry calls' resumptions, each request's start and end) on the thread that
/// reads its responses, instead of handing each one between the cooperative pool and the loop.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
