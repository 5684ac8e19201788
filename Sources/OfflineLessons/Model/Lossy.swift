import Foundation

/// An integer read leniently (`12`, `12.0`, `"12"`), for dictionary values.
struct LenientInt: Decodable {
    var value: Int
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let v = try? single.decode(Int.self) {
            value = v
        } else if let d = try? single.decode(Double.self), d.rounded() == d, abs(d) < 9.0e15 {
            value = Int(d)
        } else if let s = try? single.decode(String.self), let v = Int(s) {
            value = v
        } else {
            throw DecodingError.typeMismatch(
                Int.self, .init(codingPath: decoder.codingPath, debugDescription: "not an integer"))
        }
    }
}

/// An element decoded without failing its array: the value, or why it could not be read.
struct Lossy<Value: Decodable>: Decodable {
    var value: Value?
    var error: String?

    init(from decoder: any Decoder) throws {
        do {
            value = try Value(from: decoder)
        } catch {
            self.error = error.decodingSummary
        }
    }
}
