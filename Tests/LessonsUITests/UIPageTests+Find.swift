import Foundation
import LessonsUI
import OfflineLessons
import Testing

/// The Shas page's search: a masechet or a lesson as people write it opens its page at its place.
extension UIPageTests {
    @Test(
        "find: a name, an abbreviation with a daf, Hebrew with a mishna, a masechet with no Gemara; a name that is none says so, in the page's language"
    )
    func find() async throws {
        try await UIFixture.run { fixture in
            let shas = try await fixture.get("/shas").text
            #expect(shas.contains(#"<form id="find" method="get" action="/shas/find" role="search">"#), "\(shas.prefix(2000))")
            #expect(shas.contains(#"<label for="find-text">Find a masechet or a lesson</label>"#))
            let catalog = try await fixture.library.catalog().shas
            func id(_ name: String) throws -> Int { try #require(catalog.masechtot.first { $0.name == name }?.id) }

            let bavaMetzia = try await fixture.get("/shas/find?q=bava%20metsia")
            #expect(bavaMetzia.header("Location") == "/shas/gemara/\(try id("Bava Metzia"))", "\(bavaMetzia.status)")
            let daf = try #require(try await fixture.get("/shas/find?q=BM%2021").header("Location"))
            let dafPlace = try #require(daf.split(separator: "#").last.map(String.init))
            #expect(daf.hasPrefix("/shas/gemara/\(try id("Bava Metzia"))#lesson-gemara-"))
            let page = try await fixture.get(String(daf.split(separator: "#")[0])).text
            #expect(page.contains(#"<tr id="\#(dafPlace)">"#) && page.contains("Bava Metzia 21"), "the row of Bava Metzia 21")
            let dafRow = page.range(of: #"<tr id="\#(dafPlace)">"#).map { String(page[$0.upperBound...].prefix(200)) } ?? ""
            #expect(dafRow.contains("Bava Metzia 21"), "\(dafRow)")

            let mishna = try #require(
                try await fixture.get("/shas/find?q=\("ברכות 1:3".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
                    .header("Location"))
            #expect(mishna.hasPrefix("/shas/mishna/1#lesson-mishna-"), "\(mishna)")
            #expect(try await fixture.get("/shas/find?q=Kinnim").header("Location") == "/shas/mishna/\(try id("Kinnim"))")
            #expect(try await fixture.get("/shas/find?q=%20").header("Location") == "/shas")
            #expect(try await fixture.get("/shas/find?q=mishna:berakhot:3").header("Location") == "/shas/mishna/1#chapter-3")
            let noDaf = try await fixture.get("/shas/find?q=Berakhot%201")
            #expect(noDaf.status == 400 && noDaf.text.contains("no daf 1; for the Mishna"), "said, not passed over: \(noDaf.status)")
            let beyond = try await fixture.get("/shas/find?q=Berakhot%20100")
            #expect(beyond.header("Location") == "/shas/gemara/1", "a daf it lacks: the masechet's page, which lists its dapim")

            let nothing = try await fixture.get("/shas/find?q=Brakhox%20Zzz")
            #expect(nothing.status == 400)
            #expect(nothing.text.contains("no masechet is called"), "\(nothing.text.suffix(2000))")
            // Said under the search box, which still holds the words, on the Shas page.
            #expect(nothing.text.contains(#"value="Brakhox Zzz" aria-invalid="true" aria-describedby="find-problem">"#))
            let problem = nothing.text.components(separatedBy: #"<p class="problem" id="find-problem" role="alert">"#).last?
                .components(separatedBy: "</p>").first
            #expect(problem?.hasPrefix("no masechet is called") == true, "\(problem ?? "no problem under the box")")
            #expect(nothing.text.contains("</p></form>") && nothing.text.contains(#"<section class="seder""#))
            let spanish = try await fixture.get("/shas/find?q=Zzzyx", headers: [("Accept-Language", "es")])
            #expect(spanish.status == 400 && spanish.text.contains("ninguna masejet se llama"), "\(spanish.text.suffix(2000))")
        }
    }
}
