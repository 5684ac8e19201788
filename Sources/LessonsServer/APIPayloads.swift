import OfflineLessons

/// The legacy envelope, `{success, data, errors}`.
struct APIEnvelope<Payload: Encodable>: Encodable {
    var success: Bool
    var data: Payload
    var errors: [APIErrorBody]
}

struct APIErrorBody: Encodable {
    var field: String
    var message: String
}

struct SederPayload: Encodable { var seder: [Seder] }
struct PagesPayload: Encodable { var pages: [Lesson] }
struct MishnayotPayload: Encodable { var mishnayot: [Lesson] }
struct EmptyPayload: Encodable {}
