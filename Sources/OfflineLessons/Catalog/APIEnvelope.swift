import Foundation

/// The legacy API envelope.
struct Envelope<Payload: Decodable>: Decodable {
    var success: Bool
    var data: Payload?
    var errors: [APIError]

    struct APIError: Decodable {
        var field: String?
        var message: String?
    }

    enum CodingKeys: String, CodingKey { case success, data, errors }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        success = try c.decode(Bool.self, forKey: .success)
        errors = (try? c.lenientArray(APIError.self, .errors)) ?? []
        if success {
            data = try c.decodeIfPresent(Payload.self, forKey: .data)
        } else {
            data = try? c.decodeIfPresent(Payload.self, forKey: .data)
        }
    }

    var messages: [String] {
        errors.compactMap { error in
            guard let message = error.message else { return nil }
            return error.field.map { "\($0): \(message)" } ?? message
        }
    }

    var mentionsInvalidToken: Bool {
        !success && errors.contains { $0.message?.trimmingCharacters(in: .whitespaces) == "Invalid token." }
    }
}

struct ShasPayload: Decodable {
    var shas: Shas
    init(from decoder: any Decoder) throws { shas = try Shas(from: decoder) }
}

struct GemaraPayload: Decodable {
    var pages: [LessonList.Entry]
    enum CodingKeys: String, CodingKey { case pages }
    init(from decoder: any Decoder) throws {
        pages = try decoder.container(keyedBy: CodingKeys.self).lenientArray(LessonList.Entry.self, .pages)
    }
}

struct MishnaPayload: Decodable {
    var mishnayot: [LessonList.Entry]
    enum CodingKeys: String, CodingKey { case mishnayot }
    init(from decoder: any Decoder) throws {
        mishnayot = try decoder.container(keyedBy: CodingKeys.self).lenientArray(LessonList.Entry.self, .mishnayot)
    }
}
