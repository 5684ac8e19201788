import OfflineLessons
import Testing

@testable import LessonsUI

@Suite("Web app: HTML and words")
struct HTMLTests {
    @Test("interpolated text is escaped; only HTML values go in as markup")
    func escaping() {
        let name = "<script>alert('x')</script> & \"q\""
        let html: HTML = "<p title=\"\(name)\">\(name)</p>"
        #expect(
            html.markup
                == "<p title=\"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;</p>"
        )
        let inner: HTML = "<b>\(name)</b>"
        let outer: HTML = "<div>\(inner)</div>"
        #expect(outer.markup.hasPrefix("<div><b>&lt;script"))
    }

    @Test("Accept-Language picks Spanish or English by weight")
    func acceptLanguage() {
        #expect(UserLanguage(acceptLanguage: "es-AR,es;q=0.9") == .es)
        #expect(UserLanguage(acceptLanguage: "en-US,es;q=0.5") == .en)
        #expect(UserLanguage(acceptLanguage: "fr, es;q=0.2") == .es)
        #expect(UserLanguage(acceptLanguage: "fr") == .en)
        #expect(UserLanguage(acceptLanguage: nil) == .en)
        #expect(UserLanguage(acceptLanguage: "es;q=0") == .en)
    }

    @Test("the library's phrases are the app's words")
    func sharedWords() {
        #expect(UIText.refresh(.es) == UserPhrase.refreshTitle.text(.es))
        #expect(UIText.removeConfirm(.en) == UserPhrase.deleteConfirmation.text(.en))
        for text in UIText.allCases { #expect(!text(.es).isEmpty && !text(.en).isEmpty) }
    }

    @Test("a Range header is parsed as one range, or ignored")
    func ranges() {
        #expect(ByteRange.parse("bytes=0-9", size: 100) == .satisfiable(0..<10))
        #expect(ByteRange.parse("bytes=90-", size: 100) == .satisfiable(90..<100))
        #expect(ByteRange.parse("bytes=-5", size: 100) == .satisfiable(95..<100))
        #expect(ByteRange.parse("bytes=100-", size: 100) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=0-1,5-6", size: 100) == .ignored)
        #expect(ByteRange.parse("items=0-1", size: 100) == .ignored)
    }
}
