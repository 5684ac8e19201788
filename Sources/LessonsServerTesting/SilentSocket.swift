import Foundation

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A TCP socket on a loopback port that is bound but never answers: with `listening`, connections
/// are accepted by the kernel and then hang (a timeout); without, they are refused (unreachable).
public final class SilentSocket: @unchecked Sendable {
    let descriptor: Int32
    public let port: Int
    /// Connections taken by ``nextConnection(withinSeconds:then:)``, kept open and silent until this socket goes.
    private var accepted: [Int32] = []
    private let lock = NSLock()

    public init(listening: Bool) throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EBADF) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, !listening || listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw POSIXError(.EBADF)
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Takes the next connection on a thread of its own, keeps it open without answering, and
    /// calls `then` on that thread at once (however busy the caller's tasks are): `true` once a
    /// client has connected, `false` when none did within `seconds`.
    public func nextConnection(withinSeconds seconds: Int32, then: @escaping @Sendable () -> Void) async -> Bool {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                var ready = poll(&waiting, 1, seconds * 1000)
                while ready < 0, errno == EINTR { ready = poll(&waiting, 1, seconds * 1000) }
                let connection = ready > 0 ? accept(descriptor, nil, nil) : -1
                if connection >= 0 {
                    lock.withLock { accepted.append(connection) }
                    then()
                }
                continuation.resume(returning: connection >= 0)
            }
            thread.start()
        }
    }

    deinit {
        for connection in accepted { close(connection) }
        close(descriptor)
    }
}
