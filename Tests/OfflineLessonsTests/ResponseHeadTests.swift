@testable import OfflineLessons
import Testing

/// What a download reads of a response's head.
@Suite("Response head")
struct ResponseHeadTests {
    @Test("the media type of a Content-Type is what splitting at ';' gives first", arguments: [
        "", "audio/mpeg", "audio/mpeg; charset=binary", "text/html;charset=utf-8", ";", ";;", ";a;b", "  ;x", "a;", "a;;b",
        "application/pdf ; name=\"x;y\"", "תוכן/קול;x", "e\u{301};x",
    ])
    func mediaType(_ contentType: String) {
        let split = contentType.split(separator: ";").first.map(String.init) ?? contentType
        #expect(TransportResponseHead.mediaType(of: contentType) == split)
    }

    @Test("a ';' is a separator even before a combining mark (read by byte, as HTTP does)")
    func combiningMark() {
        #expect(TransportResponseHead.mediaType(of: ";\u{301}") == "\u{301}")
        #expect(TransportResponseHead.mediaType(of: "audio/mpeg;\u{301}") == "audio/mpeg")
    }

    @Test("a transport's reading: a name received twice reads as its last value, by lookup and in `headers`")
    func receivedFields() {
        let head = TransportResponseHead(status: 206, lowercasedFields: [
            .init(name: "etag", value: "\"v1\""), .init(name: "content-length", value: "10"), .init(name: "etag", value: "\"v2\""),
        ])
        #expect(head["ETag"] == "\"v2\"")
        #expect(head["content-length"] == "10")
        #expect(head["content-range"] == nil)
        #expect(head.headers == ["etag": "\"v2\"", "content-length": "10"])
        let same = TransportResponseHead(status: 206, lowercasedFields: [.init(name: "content-length", value: "10"), .init(name: "etag", value: "\"v2\"")])
        #expect(head == same, "equal whatever the order")
        #expect(Set([head, same]).count == 1)
        var changed = head
        changed.headers = ["etag": "\"v3\""]
        #expect(changed["etag"] == "\"v3\"")
        #expect(changed["content-length"] == nil)
        #expect(changed != head)
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
