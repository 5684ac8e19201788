import Foundation

/// The secret a library's screens carry in their address (`lessons ui`), kept in the registry so
/// that a page left open, or an address bookmarked on a phone, still works after a restart.
extension LessonLibrary {
    static let screenTokenSetting = "screenToken"

    /// The kept token, or a new random one (256 bits, hex) kept from now on when none is kept or
    /// `renew` is true. A read-only library keeps nothing: each call gives a new token.
    public func screenToken(renew: Bool = false) async throws -> String {
        if !renew, let kept = try await database.setting(Self.screenTokenSetting), kept.count == 64 { return kept }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
        if !isReadOnly { try await database.setSetting(Self.screenTokenSetting, token) }
        return token
    }
}
