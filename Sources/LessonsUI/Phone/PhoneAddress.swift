import Foundation

/// The app's address on the network (with its token), once it listens on every address: what a
/// phone on the same Wi-Fi opens; none when it listens on loopback or one address alone.
actor PhoneAddress {
    private(set) var url: URL?

    func listening(at network: [URL]) { url = network.first }
}
