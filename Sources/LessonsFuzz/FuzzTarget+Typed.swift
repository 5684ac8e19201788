#if DEBUG
import Foundation
import OfflineLessons

@testable import LessonsUI

/// Readers of what people type or a browser sends: sizes and durations (`clean`, `plan add`,
/// `--limit-rate`) and the web app's request parts.
extension FuzzTarget {
    /// A size, a duration or a rate: what is accepted is not negative, reads the same in any case
    /// and between spaces, and a number of bytes written out reads back as itself.
    static func units(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let variants = [text.uppercased(), " \(text) "]
        if let bytes = try? Units.bytes(text) {
            require(bytes >= 0, "'\(text)' read as \(bytes) bytes")
            for variant in variants { require((try? Units.bytes(variant)) == bytes, "'\(variant)' is not \(bytes) bytes as '\(text)' is") }
            require((try? Units.bytes("\(bytes)")) == bytes, "\(bytes) written out does not read back")
        }
        if let duration = try? Units.duration(text) {
            require(duration >= .zero, "'\(text)' read as \(duration)")
            for variant in variants {
                require((try? Units.duration(variant)) == duration, "'\(variant)' is not \(duration) as '\(text)' is")
            }
        }
        if let rate = Units.rate(text) {
            require(rate >= 0, "'\(text)' read as a rate of \(rate)")
        }
    }

    /// The web app's request parts: each is read or refused with a 400 that says what was given;
    /// an item read, written out again, reads as itself; `Accept-Language` picks Spanish only
    /// when the header names it.
    static func requestInput(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        do {
            let key = try RequestInput.item(text)
            require((try? RequestInput.item("\(key.lesson)/\(key.medium.rawValue)")) == key, "item '\(text)' read as \(key)")
        } catch {
            requireRefusal(error, of: text)
        }
        do {
            let number = try RequestInput.number(text, .text("n"))
            require(number >= 0 && number < 1_000_000 && Int(text) == number, "'\(text)' read as the number \(number)")
        } catch {
            requireRefusal(error, of: text)
        }
        do {
            if let quota = try RequestInput.quota(text) { require(quota > 0, "'\(text)' read as a quota of \(quota) MB") }
        } catch {
            requireRefusal(error, of: nil)
        }
        let language = UserLanguage(acceptLanguage: text)
        require(language == .en || text.lowercased().contains("es"), "'\(text)' chose Spanish")
        require(UserLanguage(acceptLanguage: text + ", fr;q=0") == language, "a refused language after '\(text)' changed the choice")
    }

    /// A refusal is a 400 whose sentence, in both languages, quotes what was given.
    private static func requireRefusal(_ error: any Error, of given: String?) {
        guard let failure = error as? RouteFailure else {
            require(false, "a request part refused with \(error), not a 400")
            return
        }
        require(failure.status == .badRequest, "a request part refused with \(failure.status)")
        for language in [UserLanguage.en, .es] {
            let sentence = failure.message(language)
            require(!sentence.isEmpty, "a refusal without a sentence in \(language)")
            if let given, !given.isEmpty { require(sentence.contains(given), "the refusal of '\(given)' does not quote it: \(sentence)") }
        }
    }
}
#endif
