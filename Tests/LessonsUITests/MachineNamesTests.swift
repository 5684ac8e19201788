import Foundation
import Hummingbird
import Testing

@testable import LessonsUI

#if canImport(Glibc)
import Glibc
#endif

/// `lessons ui --host 0.0.0.0`: a browser on another machine names this one by its address or its
/// host name, and gets in; a name another site controls still does not.
@Suite("Web app: the Host check when listening on every address")
struct MachineNamesTests {
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        _ = gethostname(&buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
    }

    @Test("listening on 0.0.0.0 or ::, the machine's host name and interface addresses pass; loopback only, they do not")
    func wildcardAcceptsTheMachine() throws {
        let token = AccessToken("test-token")
        for wildcard in ["0.0.0.0", "::"] {
            let names = AccessGuard<BasicRequestContext>(token: token, listeningHost: wildcard).hostNames
            #expect(names.contains(Self.hostName()), "\(names)")
            #expect(names.contains("127.0.0.1") && names.contains("localhost") && names.contains("[::1]"))
            #expect(!names.contains("evil.example") && !names.contains("0.0.0.0.evil.example"))
            #expect(MachineNames.interfaceAddresses().isSubset(of: names))
        }
        // The loopback interface is among the addresses found, as getifaddrs reports it.
        #expect(MachineNames.interfaceAddresses().contains("127.0.0.1"))
        let loopbackOnly = AccessGuard<BasicRequestContext>(token: token, listeningHost: "127.0.0.1").hostNames
        #expect(loopbackOnly == ["127.0.0.1", "localhost", "[::1]"])
        #expect(AccessGuard<BasicRequestContext>.hostName("[FE80::1]:8080") == "[fe80::1]")
    }

    @Test("the address for a phone: the default route's first, then the others that are up by number; never loopback or link-local")
    func phoneAddressesInOrder() {
        let addresses = MachineNames.networkAddresses(listeningOn: "0.0.0.0")
        #expect(!addresses.contains { $0.hasPrefix("127.") || $0.hasPrefix("169.254.") || $0.hasPrefix("[") }, "\(addresses)")
        #expect(Set(addresses).isSubset(of: MachineNames.interfaceAddresses()))
        if let routed = MachineNames.defaultRouteAddress() {
            #expect(addresses.first == routed, "\(addresses)")
        } else {
            print("no default route here: the addresses are in number order alone")
        }
        let both = MachineNames.networkAddresses(listeningOn: "::")
        #expect(Array(both.prefix(addresses.count)) == addresses, "IPv4 first, in the same order: \(both)")
        #expect(both.dropFirst(addresses.count).allSatisfy { $0.hasPrefix("[") && !$0.hasPrefix("[fe80:") })
        // An address given another way is found as the interfaces give it.
        #expect(MachineNames.canonical("2001:DB8:0::1") == "[2001:db8::1]")
        #expect(MachineNames.canonical("[2001:db8:0:0::1]") == "[2001:db8::1]")
        #expect(MachineNames.canonical("192.168.1.20") == "192.168.1.20" && MachineNames.canonical("box.local") == "box.local")
    }
}
