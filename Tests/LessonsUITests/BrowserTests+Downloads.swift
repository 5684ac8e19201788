import Foundation
import OfflineLessons
import Testing

/// The Downloads page in a browser: a chapter's box checks its lessons; several lessons go in
/// one removal, after one confirmation that names them.
extension BrowserTests {
    @Test("select several lessons on the Downloads page and remove them with one confirmation")
    func removeSeveralThroughThePage() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-7")
            let chosen = [LessonID(.gemara, 1), LessonID(.gemara, 2), LessonID(.gemara, 4)]
            let size = try await fixture.library.downloads(sync: false).filter { chosen.contains($0.lessonID) }.reduce(0) { $0 + $1.bytes }
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString.replacingOccurrences(of: "/?token", with: "/downloads?token"))
                #expect(try await browser.wait("document.querySelector('#download-gemara-6')"))
                // The chapter's box checks and unchecks every lesson of the chapter.
                let chapterBox = "input.pick[value=\"chapter:gemara/1/1\"]"
                let rowsChecked = "[...document.querySelectorAll('tr input.pick')].map(b => b.checked)"
                try await browser.click(chapterBox)
                #expect(try await browser.run("return \(rowsChecked)") as? [Bool] == Array(repeating: true, count: 6))
                try await browser.click(chapterBox)
                #expect(try await browser.run("return \(rowsChecked)") as? [Bool] == Array(repeating: false, count: 6))
                // Every confirmation is said yes to, and kept across the reload that follows.
                try await browser.run(
                    """
                    window.confirm = (text) => {
                      const said = JSON.parse(sessionStorage.getItem('confirms') || '[]');
                      said.push(text);
                      sessionStorage.setItem('confirms', JSON.stringify(said));
                      return true;
                    };
                    """)
                for id in chosen { try await browser.click("#download-gemara-\(id.id) input.pick") }
                try await browser.click("#remove-selected")
                #expect(
                    try await browser.wait("document.readyState === 'complete' && document.querySelector('#download-gemara-1') === null"))
                let confirms = try await browser.run("return JSON.parse(sessionStorage.getItem('confirms') || '[]')") as? [String]
                #expect(confirms == ["Remove Berakhot 2, Berakhot 3 and 1 more (\(UserLanguage.en.size(size)))?"])
                for id in [3, 5, 6] {
                    #expect(try await browser.run("return document.querySelector('#download-gemara-\(id)') !== null") as? Bool == true)
                }
            }
            let left = try await fixture.library.downloads(sync: false, includingMissing: true).map(\.lessonID)
            #expect(left == [LessonID(.gemara, 3), LessonID(.gemara, 5), LessonID(.gemara, 6)])
        }
    }

    @Test("on a phone, a lesson checked far down the Downloads page has Remove selected in reach at the foot of the screen")
    func removeSelectedInReach() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2-9")
            try await withBrowser { browser in
                try await browser.emulate(width: 390, height: 844, mobile: true)
                try await browser.open(fixture.app.url.absoluteString.replacingOccurrences(of: "/?token", with: "/downloads?token"))
                #expect(try await browser.wait("document.querySelector('#download-gemara-8')"))
                let inView = """
                    const r = document.getElementById('remove-selected').getBoundingClientRect();
                    return r.top >= 0 && r.bottom <= window.innerHeight
                    """
                try await browser.run("document.querySelector('#download-gemara-8').scrollIntoView({block: 'center'})")
                #expect(try await browser.run(inView) as? Bool == false, "out of reach before: the test shows nothing otherwise")
                try await browser.run("document.querySelector('#download-gemara-8 input.pick').click()")
                #expect(try await browser.run(inView) as? Bool == true, "in reach once a lesson is checked")
                try await browser.run("document.querySelector('#download-gemara-8 input.pick').click()")
                #expect(try await browser.run(inView) as? Bool == false, "back in its place with nothing checked")
            }
        }
    }
}
