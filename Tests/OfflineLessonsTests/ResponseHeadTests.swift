import Testing

@testable import OfflineLessons

/// What a download reads of a response's head.
@Suite("Response head")
struct ResponseHeadTests {
    @Test(
        "the media type of a Content-Type is what splitting at ';' gives first",
        arguments: [
            "", "audio/mpeg", "audio/mpeg; charset=binary", "text/html;charset=utf-8", ";", ";;", ";a;b", "  ;x", "a;", "a;;b",
            "application/pdf ; name=\"x;y\"", "תוכן/קול;x", "e\u{301};x",
        ])
    func mediaType(_ contentType: String) {
        let split = contentType.split(separator: ";").first.map(String.init) ?? contentType
        #expect(TransportResponseHead.mediaType(of: contentType) == split)
    }

    @Test("header names are read whatever their case")
    func names() {
        let head = TransportResponseHead(status: 200, headers: ["Content-Type": "audio/mpeg", "ETAG": "\"v1\""])
        #expect(head["content-type"] == "audio/mpeg")
        #expect(head["Content-Type"] == "audio/mpeg")
        #expect(head["etag"] == "\"v1\"")
        #expect(head["last-modified"] == nil)
    }
}
