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
    /// IPv4 first: every interface's but loopback and link-local ones (an IPv6 link-local address
    /// needs a zone no browser takes); IPv4 alone for `0.0.0.0`.
    static func networkAddresses(listeningOn wildcard: String) -> [String] {
        let reachable = interfaceAddresses().filter { address in
            !(address.hasPrefix("127.") || address == "[::1]" || address.hasPrefix("[fe80:") || address.hasPrefix("169.254."))
        }
        let ipv4 = reachable.filter { !$0.hasPrefix("[") }.sorted()
        return wildcard == "0.0.0.0" ? ipv4 : ipv4 + reachable.filter { $0.hasPrefix("[") }.sorted()
    }

    /// The numeric address of each interface (`192.168.1.20`, `[fe80::1]`).
    static func interfaceAddresses() -> Set<String> {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: Set<String> = []
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
            addresses.insert(family == AF_INET6 ? "[\(text)]" : text)
        }
        return addresses
    }
}
