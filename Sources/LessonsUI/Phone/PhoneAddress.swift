import Foundation

/// The app's address on the network (with its token), once it listens there: what a phone on the
/// same Wi-Fi opens; none when it listens on loopback.
actor PhoneAddress {
    private(set) var url: URL?

    func listening(at network: [URL]) { url = network.first }
}
