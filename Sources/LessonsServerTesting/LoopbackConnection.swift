import Foundation

/// A client TCP connection to a loopback port that sends nothing, closed when released: tests
/// open many to leave a server with connections it has accepted but not yet served.
public final class LoopbackConnection: Sendable {
    public let descriptor: Int32
    /// Whether the connect succeeded.
    public let connected: Bool

    public init(port: Int) {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        descriptor = fd
        connected =
            fd >= 0
            && withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
            } == 0
    }

    deinit { if descriptor >= 0 { close(descriptor) } }
}
