import Foundation

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    var trimmedOfWhitespace: String {
        trimmingCharacters(in: .whitespaces)
    }
}
