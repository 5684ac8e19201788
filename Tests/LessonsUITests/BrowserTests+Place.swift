import Foundation
import Testing

/// The reader keeps their place: what Refresh found is said where they are looking, and the
/// language switch comes back to the same spot of the same page.
extension BrowserTests {
    @Test("on a phone, scrolled down a masechet: Refresh says its result at the foot of the screen; the language switch keeps the place")
    func keepsThePlace() async throws {
        try await UIFixture.run { fixture in
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.emulate(width: 390, height: 844, mobile: true)
                try await browser.open("\(fixture.base)/shas/gemara/1")
                #expect(try await browser.wait("document.querySelector('#lesson-gemara-40')"))
                try await browser.run("window.scrollTo(0, 2500)")
                let before = try #require(try await browser.run("return window.scrollY") as? NSNumber).doubleValue
                #expect(before > 2000, "the page scrolls: \(before)")
                try await browser.click("#refresh")
                let flash = "document.getElementById('flash')"
                let seen = "\(flash).textContent !== '' && \(flash).getBoundingClientRect().bottom <= window.innerHeight"
                #expect(try await browser.wait(seen), "the result is said on screen")
                try await browser.click("#language")
                #expect(try await browser.wait("document.readyState === 'complete' && document.documentElement.lang === 'es'"))
                let after = try #require(try await browser.run("return window.scrollY") as? NSNumber).doubleValue
                #expect(abs(after - before) < 50, "back at \(before), not \(after)")
            }
        }
    }
}
