import ChildProcesses
import Foundation
import LessonsUI
import Testing

/// The Today page of an app that listens on every address ends with its address on the network
/// and a QR code of it, for a phone on the same Wi-Fi.
@Suite("Web app: the address for a phone")
struct UIPhoneAddressTests {
    @Test(
        "listening on every address, Today ends with the address on the network and its QR code, in both languages; on that address alone, with it; on loopback, with neither"
    )
    func todayGivesTheAddress() async throws {
        try await UIFixture.run(host: "0.0.0.0") { fixture in
            guard let network = fixture.app.networkURLs.first else {
                Self.noNetwork()
                return
            }
            for (language, words) in [("en", "Open on a phone"), ("es", "Abrir en un teléfono")] {
                let page = try await fixture.get("/today", headers: [("Accept-Language", language)]).text
                #expect(page.contains("<details class=\"plan-details on-a-phone\" id=\"on-a-phone\"><summary><span>\(words)</span>"))
                #expect(page.contains("href=\"\(network.absoluteString)\" id=\"phone-address\""), "the network address, with its token")
                #expect(page.contains("<svg class=\"qr-code\""))
            }
            // Listening on that network address alone, it is the one given.
            try await UIFixture.run(host: try #require(network.host)) { alone in
                #expect(alone.app.networkURLs == [alone.app.url])
                let page = try await alone.get("/today").text
                #expect(page.contains("href=\"\(alone.app.url.absoluteString)\" id=\"phone-address\""))
            }
        }
        try await UIFixture.run { fixture in
            #expect(fixture.app.networkURLs.isEmpty)
            let page = try await fixture.get("/today").text
            #expect(!page.contains("on-a-phone") && !page.contains("qr-code"), "on loopback no phone reaches it")
        }
    }

    /// A machine with no address but loopback has no address for a phone: nothing to test there.
    static func noNetwork() {
        print("test skipped: this machine has no address on a network, none for a phone to open")
    }
}

extension BrowserTests {
    @Test(
        "a camera reads the Today page's QR code: zbarimg finds the address on the network in a screenshot of the page, on a desktop and a phone, where the open section fits the screen"
    )
    func codeReadsBack() async throws {
        guard let zbarimg = QRReader.zbarimg else {
            if BrowserSupport.inCI { throw Browser.Failure(description: "QR code test: \(QRReader.missing)") }
            print("QR code test skipped: \(QRReader.missing)")
            return
        }
        try await UIFixture.run(host: "0.0.0.0") { fixture in
            guard let network = fixture.app.networkURLs.first else {
                UIPhoneAddressTests.noNetwork()
                return
            }
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                let folder = try TemporaryDirectory()
                for (width, height, mobile) in [(1280, 900, false), (390, 844, true)] {
                    let at = "at \(width) px"
                    try await browser.emulate(width: width, height: height, mobile: mobile)
                    try await browser.open(fixture.base + "/today")
                    #expect(try await browser.wait("document.querySelector('#on-a-phone')"))
                    try await browser.run(
                        "document.querySelector('#on-a-phone').open = true; document.querySelector('.qr-code').scrollIntoView({block: 'center'})"
                    )
                    let widths = try #require(try await browser.run("return [innerWidth, document.documentElement.scrollWidth]") as? [Int])
                    // A desktop's scroll bar takes its width from scrollWidth: no more than innerWidth.
                    #expect(widths.count == 2 && widths[1] <= widths[0], "\(at), the open section scrolls sideways: \(widths)")
                    let picture = folder.url.appendingPathComponent("today-\(width).png")
                    try await browser.screenshot().write(to: picture)
                    let read = try QRReader.read(picture, with: zbarimg)
                    #expect(
                        read == Data(network.absoluteString.utf8),
                        "\(at): \(read.map { String(decoding: $0, as: UTF8.self) } ?? "no code found")")
                    if AxeSupport.enabled {
                        let violations = try await browser.axeViolations()
                        #expect(violations.isEmpty, "\(at), with the section open: \(violations)")
                    }
                }
            }
        }
    }
}
