import Foundation
import OfflineLessons
import Testing

extension BrowserTests {
    @Test(
        "Today in the browser, on a desktop and a phone, in both languages: the day's daf shown; Follow with its settings makes it a plan")
    func todayPage() async throws {
        try await UIFixture.run { fixture in
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                #expect(try await browser.wait("document.getElementById('day') && document.title.startsWith('Today')"), "the home page")
                for (width, height, mobile) in [(1280, 900, false), (390, 844, true)] {
                    try await browser.emulate(width: width, height: height, mobile: mobile)
                    for (language, title, tomorrow) in [
                        // The next daf's one lesson names it in its row: the heading says when.
                        ("en", "Daf Yomi: Arakhin 11", "The day after"),
                        ("es", "Daf Yomi: Arakhin 11", "El día siguiente"),
                    ] {
                        try await browser.open("\(fixture.base)/lang/\(language)?back=/today?date=2026-11-28")
                        #expect(try await browser.wait("document.getElementById('plan-daf-yomi-title')"))
                        #expect(try await browser.text("#plan-daf-yomi-title") == title, "\(language) \(width)")
                        #expect(try await browser.text("#plan-daf-yomi-next h3") == tomorrow, "\(language) \(width)")
                        let widths = try #require(
                            try await browser.run("return [innerWidth, document.documentElement.scrollWidth]") as? [Int])
                        #expect(widths[1] <= widths[0], "no sideways scroll: \(language) at \(width) px: \(widths)")
                    }
                }
                try await browser.open("\(fixture.base)/lang/en?back=/today")
                #expect(try await browser.wait("document.getElementById('plan-daf-yomi-follow')"))
                _ = try await browser.run("document.querySelector('#plan-daf-yomi-settings input[name=ahead]').value = '5'")
                try await browser.click("#plan-daf-yomi-follow")
                #expect(try await browser.wait("document.getElementById('plan-daf-yomi-stop')"), "reloaded with the plan")
                #expect(try await fixture.library.plans() == [LearningPlan(calendar: .dafYomi, ahead: 5)])
            }
        }
    }

    @Test(
        "one's own pace in the browser, on a phone: two chapters of Mishna a week chosen in its form, then shown in both languages")
    func ownPacePage() async throws {
        try await UIFixture.run { fixture in
            try await withBrowser { browser in
                try await browser.open(fixture.app.url.absoluteString)
                try await browser.emulate(width: 390, height: 844, mobile: true)
                try await browser.open("\(fixture.base)/lang/en?back=/today?date=2026-11-30")
                #expect(try await browser.wait("document.getElementById('plan-own-pace-follow')"))
                #expect(try await browser.text("#plan-own-pace-title") == "Own pace")
                // A place that is none: said under the fields, the start marked and focused, the page kept.
                _ = try await browser.run(
                    """
                    document.querySelector('#plan-own-pace details').open = true;
                    document.querySelector('#plan-own-pace-settings input[name=from]').value = 'xyz';
                    """)
                try await browser.click("#plan-own-pace-follow")
                #expect(try await browser.wait("document.getElementById('plan-own-pace-problem').textContent.length > 0"))
                #expect(
                    try await browser.text("#plan-own-pace-problem") == "'xyz' is not a masechet and a daf: give them as \"Bava Metzia 2\"")
                #expect(
                    try await browser.run(
                        "return document.activeElement.name + ' ' + document.activeElement.getAttribute('aria-invalid')") as? String
                        == "from true")
                _ = try await browser.run(
                    """
                    document.querySelector('#plan-own-pace details').open = true;
                    document.querySelector('#plan-own-pace-settings input[name=from]').value = 'berachot 1';
                    document.querySelector('#plan-own-pace-settings input[name=count]').value = '2';
                    document.querySelector('#plan-own-pace-settings select[name=unit]').value = 'chapter';
                    document.querySelector('#plan-own-pace-settings input[name=began]').value = '2026-11-29';
                    document.querySelector('#plan-own-pace-settings select[name=every]').value = 'week';
                    """)
                try await browser.click("#plan-own-pace-follow")
                #expect(try await browser.wait("document.getElementById('plan-own-pace-stop')"), "reloaded with the plan")
                let plan = try #require(try await fixture.library.plans().first)
                guard case .ownPace(let pace) = plan.calendar else { throw PlanError.noSuchPlan("own-pace") }
                #expect(pace.first.start == "Berakhot 1:1" && pace.unit == .chapter && pace.count == 2)
                #expect(pace.every == .week && pace.began.iso == "2026-11-29")
                for (language, title, next) in [
                    ("en", "Own pace: Berakhot 1:1–2:8", "The week after: Berakhot 3:1–4:7"),
                    ("es", "A tu ritmo: Berakhot 1:1–2:8", "La semana siguiente: Berakhot 3:1–4:7"),
                ] {
                    try await browser.open("\(fixture.base)/lang/\(language)?back=/today?date=2026-11-30")
                    #expect(try await browser.wait("document.getElementById('plan-own-pace-title')"))
                    #expect(try await browser.text("#plan-own-pace-title") == title, "\(language)")
                    #expect(try await browser.text("#plan-own-pace-next h3") == next, "\(language)")
                    let widths = try #require(try await browser.run("return [innerWidth, document.documentElement.scrollWidth]") as? [Int])
                    #expect(widths[1] <= widths[0], "no sideways scroll: \(language): \(widths)")
                }
            }
        }
    }
}
