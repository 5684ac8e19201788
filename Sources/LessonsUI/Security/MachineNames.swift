import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The names this machine answers to on its network, for the `Host` check when the app listens
/// on every address (`--host 0.0.0.0` or `::`): the address of each of its interfaces (IPv6 in
/// brackets, without a zone) and its host name (also with `.local`). A name another site
/// controls (DNS rebinding) is none of these.
enum MachineNames {
    /// Whether `host` means "every address of this machine".
    static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", "[::]"].contains(host)
    }

    /// Lowercased, as the `Host` check compares them.
    static func all() -> Set<String> {
        var names = interfaceAddresses()
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count) == 0 {
            let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
            if !name.isEmpty {
                names.insert(name)
                if !name.hasSuffix(".local") { names.insert(name + ".local") }
            }
        }
        return names
    }

    /// The addresses another device on the network reaches an app listening on `wildcard` by,
    /// IPv4 first, the default route's first (a Wi-Fi's, not a container bridge's or a VPN's):
    /// every interface's that is up but loopback and link-local ones (an IPv6 link-local address
    /// needs a zone no browser takes) and point-to-point ones; IPv4 alone for `0.0.0.0`.
    static func networkAddresses(listeningOn wildcard: String) -> [String] {
        let up = UInt32(IFF_UP) | UInt32(IFF_RUNNING)
        let pointToPoint = UInt32(IFF_POINTOPOINT)
        let local = ["127.", "[::1]", "[fe80:", "169.254."]
        let reachable = interfaces().filter { address, flags in
            let isUp: Bool = flags & up == up && flags & pointToPoint == 0
            return isUp && !local.contains { address.hasPrefix($0) }
        }.map(\.address)
        let routed = defaultRouteAddress()
        func rank(_ address: String) -> (Int, UInt32) { (address == routed ? 0 : 1, numeric(address)) }
        let ipv4 = Set(reachable.filter { !$0.hasPrefix("[") }).sorted { rank($0) < rank($1) }
        return wildcard == "0.0.0.0" ? ipv4 : ipv4 + Set(reachable.filter { $0.hasPrefix("[") }).sorted()
    }

    /// The IPv4 address this machine sends from by its default route; nil without one. A UDP
    /// socket is connected, which sends nothing.
    static func defaultRouteAddress() -> String? {
        #if canImport(Glibc) || canImport(Musl)
        let datagram = Int32(SOCK_DGRAM.rawValue)
        #else
        let datagram = SOCK_DGRAM
        #endif
        let socket = socket(AF_INET, datagram, 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(9).bigEndian
        guard inet_pton(AF_INET, "192.0.2.1", &remote.sin_addr) == 1 else { return nil }
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, size) }
        }
        var local = sockaddr_in()
        var length = size
        let named = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        guard connected == 0, named == 0, inet_ntop(AF_INET, &local.sin_addr, &text, socklen_t(text.count)) != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A numeric address as the interfaces give it (`2001:DB8:0::1` as `[2001:db8::1]`); any
    /// other host as it is.
    static func canonical(_ host: String) -> String {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var address = in6_addr()
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_pton(AF_INET6, bare, &address) == 1, inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else {
            return host
        }
        return "[" + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "]"
    }

    /// An IPv4 address as a number, to sort by.
    private static func numeric(_ address: String) -> UInt32 {
        address.split(separator: ".").reduce(UInt32(0)) { $0 << 8 | UInt32(UInt8($1) ?? 0) }
    }

    /// The numeric address of each interface (`192.168.1.20`, `[fe80::1]`).
    static func interfaceAddresses() -> Set<String> { Set(interfaces().map(\.address)) }

    /// Each interface's numeric address, with its flags (`IFF_UP`…).
    private static func interfaces() -> [(address: String, flags: UInt32)] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [(address: String, flags: UInt32)] = []
        var next = first
        while let current = next {
            defer { next = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            var text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
            if let zone = text.firstIndex(of: "%") { text = String(text[..<zone]) }
            addresses.append((family == AF_INET6 ? "[\(text)]" : text, current.pointee.ifa_flags))
        }
        return addresses
    }
}
