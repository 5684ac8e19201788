import Foundation
import OfflineLessons
import Testing

/// The Today page over HTTP: each calendar's daf for the day and the next one, named, with its
/// state and place in the cycle, in both languages; following a calendar, stopping, making the
/// plans ready; bad input answered with a 400 that says what was wrong.
@Suite("Web app: Today")
struct UITodayTests {
    @Test("the home page is Today: each calendar's daf and the next, where it stands in its cycle, in English and Spanish")
    func page() async throws {
        try await UIFixture.run { fixture in
            #expect(try await fixture.get("/").header("Location") == "/today")
            let page = try await fixture.get("/today?date=2026-11-28")
            #expect(page.status == 200)
            for text in [
                "Shabbat, 28 November 2026", "Daf Yomi: Arakhin 11", "day 2520 of 2711, cycle 14", "<h3>That day</h3>",
                "<h3>The day after</h3>", ">Arakhin 12</th>",
                "Daf HaShavua: Nazir 20", "week 1135 of 2711, cycle 1; 22 November to 28 November", "<h3>That week</h3>",
                "<h3>The week after</h3>", ">Nazir 21</th>",
                "Not followed: its dapim are not made ready ahead.", "Download Arakhin 11, audio",
            ] {
                #expect(page.text.contains(text), "\(text)")
            }
            #expect(!page.text.contains("id=\"make-ready\""), "no plan: nothing to make ready")
            let spanish = try await fixture.get("/today?date=2026-11-28", headers: [("Accept-Language", "es")])
            for text in [
                "Shabat, 28 de noviembre de 2026", "día 2520 de 2711, ciclo 14", "<h3>Ese día</h3>", "<h3>El día siguiente</h3>",
                "<h3>Esa semana</h3>",
            ] {
                #expect(spanish.text.contains(text), "\(text)")
            }
            // A day whose daf the catalog has no lesson on: named and skipped.
            let shekalim = try await fixture.get("/today?date=2021-03-23")
            #expect(shekalim.text.contains("Daf Yomi: Shekalim 2"))
            #expect(shekalim.text.contains("not in the catalog, which has no Gemara of Shekalim: skipped"))
            let shas = try await fixture.library.catalog().shas
            let masechet = try #require(shas.masechtot.first { $0.name == "Shekalim" })
            #expect(shekalim.text.contains("<a href=\"/shas/mishna/\(masechet.id)\">The Mishna of Shekalim</a>"), "a link to its Mishna")
        }
    }

    @Test("an own pace through dapim the catalog has no lesson of says so when followed, not that all is downloaded")
    func followWithoutLessons() async throws {
        try await UIFixture.run { fixture in
            let follow = try await fixture.post("/api/plan/follow?calendar=own-pace&from=Shekalim%202&unit=daf&count=1&every=day")
            #expect(follow.status == 200, "\(follow.text)")
            #expect(
                follow.text.contains("Nothing to download: the catalog has no lessons for the plans' coming days; Today says what"),
                "\(follow.text)")
            #expect(!follow.text.contains("Everything the plans want is downloaded"))
            let spanish = try await fixture.post("/api/plan/ready", headers: [("Accept-Language", "es")])
            #expect(spanish.text.contains("Nada que descargar: el catálogo no tiene clases para "), "\(spanish.text)")
        }
    }

    @Test(
        "follow a calendar: its days requested at once, its plan shown first with its settings; ready again, nothing left; stop following it"
    )
    func followAndReady() async throws {
        try await UIFixture.run { fixture in
            // Followed, its days are requested at once.
            let follow = try await fixture.post("/api/plan/follow?calendar=daf-hashavua")
            #expect(
                follow.status == 200 && follow.text.contains("Daf HaShavua is followed: ")
                    && ["1 lesson requested", "2 lessons requested"].contains { follow.text.contains($0 + " for the plans") },
                "this week's daf, and next week's within 3 days: \(follow.text)")
            #expect(try await fixture.library.plans() == [LearningPlan(calendar: .dafHashavua)])
            let page = try await fixture.get("/today").text
            #expect(
                page.contains(
                    "Followed: downloads the dapim of this week and of the weeks that start within the next 3 days (audio), each kept 7 days after its day."
                ), "a weekly calendar's settings speak of weeks")
            #expect(page.contains("id=\"make-ready\"") && page.contains("id=\"plan-daf-hashavua-stop\""))
            let first = try #require(page.range(of: "id=\"plan-daf-hashavua\""))
            let second = try #require(page.range(of: "id=\"plan-daf-yomi\""))
            #expect(first.lowerBound < second.lowerBound, "the plan's calendar first")
            let plan = LearningPlan(calendar: .dafHashavua)
            let end = ContinuousClock.now + .seconds(60)
            var work = try await fixture.library.work(of: plan, on: fixture.library.today(), fetchingWithin: nil)
            while !work.missing.isEmpty, ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(100))
                work = try await fixture.library.work(of: plan, on: fixture.library.today(), fetchingWithin: nil)
            }
            #expect(work.missing.isEmpty && !work.portions.isEmpty)
            let lesson = try #require(work.portions.first?.lessons.first)
            #expect(try await fixture.get("/today").text.contains("Play \(lesson.name)"))
            let again = try await fixture.post("/api/plan/ready")
            #expect(again.text.contains("Everything the plans want is downloaded"), "\(again.text)")
            let stop = try await fixture.post("/api/plan/stop?calendar=daf-hashavua")
            #expect(stop.status == 200 && stop.text.contains("Daf HaShavua is no longer followed; its lessons stay"))
            #expect(try await fixture.library.plans().isEmpty)
            #expect(try await fixture.library.isDownloaded(LessonID(lesson.type, lesson.id)), "its lessons stay")
        }
    }

    @Test("the plan's settings: followed with them, shown in the form, saved again; out of range refused with the range")
    func settingsForm() async throws {
        try await UIFixture.run { fixture in
            let follow = try await fixture.post("/api/plan/follow?calendar=daf-yomi&ahead=1&keep=14&media=both&unplayed=1")
            #expect(follow.status == 200 && follow.text.contains("Daf Yomi is followed"), "\(follow.text)")
            #expect(
                try await fixture.library.plans() == [
                    LearningPlan(calendar: .dafYomi, ahead: 1, keepDays: 14, media: .both, keepUnplayed: true)
                ])
            let page = try await fixture.get("/today").text
            for text in [
                "name=\"ahead\" min=\"0\" max=\"30\" value=\"1\"", "name=\"keep\" min=\"0\" max=\"3650\" value=\"14\"",
                "<option value=\"both\" selected>", "<option value=\"1\" selected>only once played through</option>", "Save",
            ] {
                #expect(page.contains(text), "\(text)")
            }
            let saved = try await fixture.post("/api/plan/follow?calendar=daf-yomi&ahead=2&keep=7&media=audio")
            #expect(saved.text.contains("Daf Yomi: the plan's settings are saved"), "\(saved.text)")
            #expect(try await fixture.library.plans() == [LearningPlan(calendar: .dafYomi, ahead: 2)])
            let far = try await fixture.post("/api/plan/follow?calendar=daf-yomi&ahead=31")
            #expect(far.status == 400 && far.text.contains("a plan looks 0 to 30 days ahead, not 31"), "\(far.text)")
            let media = try await fixture.post("/api/plan/follow?calendar=daf-yomi&media=tape")
            #expect(media.status == 400 && media.text.contains("media must be audio, video or both"), "\(media.text)")
            #expect(try await fixture.library.plans() == [LearningPlan(calendar: .dafYomi, ahead: 2)], "refused: unchanged")
        }
    }

    @Test("a calendar that is none, a day that is no day, a plan that is not followed: 400 saying what was wrong")
    func badInput() async throws {
        try await UIFixture.run { fixture in
            let calendar = try await fixture.post("/api/plan/follow?calendar=daf-bavli")
            #expect(calendar.status == 400 && calendar.text.contains("No calendar named 'daf-bavli': daf-yomi, daf-hashavua or own-pace"))
            let day = try await fixture.get("/today?date=2026-02-30")
            #expect(day.status == 400 && day.text.contains("2026-02-30&#39; is not a day: give it as YYYY-MM-DD"), "\(day.text)")
            let stop = try await fixture.post("/api/plan/stop?calendar=daf-yomi")
            #expect(stop.status == 400 && stop.text.contains("no plan follows daf-yomi"), "\(stop.text)")
            #expect(try await fixture.library.plans().isEmpty)
        }
    }

    @Test("a followed own pace's form changes how many and how often: it goes on from where it stands")
    func ownPaceChanged() async throws {
        try await UIFixture.run { fixture in
            let began = try #require(LearningDay(iso: "2026-11-22"))
            let old = try OwnPace(from: "Berakhot 2", began: began, every: .day)
            try await fixture.library.setPlan(LearningPlan(calendar: .ownPace(old)))
            let page = try await fixture.get("/today").text
            #expect(page.contains(#"<input type="number" name="count" min="1""#) && page.contains(#"value="1" required>"#), "\(page)")
            #expect(page.contains(#"<select name="every"><option value="day" selected>"#), "how often, as followed")
            let changed = try await fixture.post(
                "/api/plan/follow?calendar=own-pace&from=Berakhot%202&began=2026-11-22&unit=daf&round=1&count=2&every=day&ahead=3&keep=7&media=audio"
            )
            #expect(changed.status == 200 && changed.text.contains("Own pace: the plan's settings are saved"), "\(changed.text)")
            guard case .ownPace(let pace) = try await fixture.library.plans().first?.calendar else {
                throw PlanError.noSuchPlan("own-pace")
            }
            let today = fixture.library.today()
            #expect(pace.count == 2 && pace.every == .day)
            #expect(pace == (try old.continuing(on: today, count: 2)), "from today's place on: \(pace.first.name)")
            #expect(
                DafCalendar.ownPace(pace).portion(on: today)?.name.hasPrefix(DafCalendar.ownPace(old).portion(on: today)?.name ?? "-")
                    == true,
                "today's daf stays today's")
            // The same form from another tab (its start older than the plan's now), a new period only:
            // it goes on from the plan as it stands, not from the form's start.
            #expect(try await fixture.get("/today").text.contains(#"<input type="hidden" name="goes-on" value="1">"#))
            let stale = try await fixture.post(
                "/api/plan/follow?calendar=own-pace&from=Berakhot%202&began=2026-11-22&unit=daf&round=1&count=2&every=week&goes-on=1")
            #expect(stale.status == 200, "\(stale.text)")
            guard case .ownPace(let weekly) = try await fixture.library.plans().first?.calendar else {
                throw PlanError.noSuchPlan("own-pace")
            }
            #expect(weekly == (try pace.continuing(on: today, every: .week)), "\(weekly.first.name), \(weekly.began.iso)")
        }
    }

    @Test("follow one's own pace: its section named in both languages, its settings kept when the form is saved again; stopped")
    func ownPace() async throws {
        try await UIFixture.run { fixture in
            let follow = try await fixture.post("/api/plan/follow?calendar=own-pace&from=Bava%20Metzia%202&began=2026-11-22&every=week")
            #expect(follow.status == 200 && follow.text.contains("Own pace is followed"), "\(follow.text)")
            let page = try await fixture.get("/today?date=2026-11-30")
            for text in [
                "Own pace: Bava Metzia 3", "week 2 of the plan, 29 November to 5 December; daf 1519 of 2711 of the Bavli",
                "<h3>That week</h3>", "<h3>The week after</h3>", "id=\"plan-own-pace-stop\"", "Stop following your own pace",
                "Plan settings for your own pace",
                "<input type=\"hidden\" name=\"from\" value=\"Bava Metzia 2\">", "name=\"began\" value=\"2026-11-22\"",
            ] {
                #expect(page.text.contains(text), "\(text)")
            }
            let spanish = try await fixture.get("/today?date=2026-11-30", headers: [("Accept-Language", "es")])
            #expect(spanish.text.contains("A tu ritmo: Bava Metzia 3") && spanish.text.contains("semana 2 del plan"))
            #expect(spanish.text.contains("Dejar de seguir tu propio ritmo") && !page.text.contains("following Own pace"))
            // The form sends its hidden settings along: saved again, the pace is the same.
            let saved = try await fixture.post(
                "/api/plan/follow?calendar=own-pace&from=Bava%20Metzia%202&began=2026-11-22&every=week&ahead=5&keep=3&media=audio")
            #expect(saved.status == 200, "\(saved.text)")
            let plan = try #require(try await fixture.library.plans().first)
            guard case .ownPace(let pace) = plan.calendar else { throw PlanError.noSuchPlan("own-pace") }
            #expect(pace.first.name == "Bava Metzia 2" && pace.every == .week && plan.ahead == 5)
            let bad = try await fixture.post("/api/plan/follow?calendar=own-pace&from=Meilah%2030")
            #expect(bad.status == 400 && bad.text.contains("Meilah has dapim 2-22"), "\(bad.text)")
            // A pace in its second round keeps it when its settings are saved from the page.
            let second = try OwnPace(from: "Berakhot 2", began: try #require(LearningDay(iso: "2026-11-22")), every: .day, round: 2)
            try await fixture.library.setPlan(LearningPlan(calendar: .ownPace(second)))
            let round = try await fixture.get("/today?date=2026-11-30")
            #expect(round.text.contains(#"<input type="hidden" name="round" value="2">"#), "\(round.text)")
            #expect(round.text.contains("daf 9 of 2711 of the Bavli, round 2"), "\(round.text)")
            let resaved = try await fixture.post(
                "/api/plan/follow?calendar=own-pace&from=Berakhot%202&began=2026-11-22&every=day&round=2&ahead=4&keep=3&media=audio")
            #expect(resaved.status == 200, "\(resaved.text)")
            guard case .ownPace(let kept) = try await fixture.library.plans().first?.calendar else {
                throw PlanError.noSuchPlan("own-pace")
            }
            #expect(kept.round == 2 && kept == second)
            let stop = try await fixture.post("/api/plan/stop?calendar=own-pace")
            #expect(stop.status == 200 && stop.text.contains("Own pace is no longer followed"), "\(stop.text)")
            #expect(try await fixture.library.plans().isEmpty)
        }
    }

    @Test("an own pace of mishnayot: followed from the form's fields, named as a range in both languages; a bad unit is a 400")
    func ownPaceOfMishnayot() async throws {
        try await UIFixture.run { fixture in
            let follow = try await fixture.post(
                "/api/plan/follow?calendar=own-pace&from=Berakhot%209:4&unit=mishna&count=3&began=2026-11-29&every=day")
            #expect(follow.status == 200, "\(follow.text)")
            let page = try await fixture.get("/today?date=2026-11-30")
            for text in [
                "Own pace: Peah 1:2–4", "day 2 of the plan; mishnayot 59–61 of 4187 of the Mishna", "<h3>That day</h3>",
                "The day after: Peah 1:5–2:1", "<input type=\"hidden\" name=\"unit\" value=\"mishna\">",
                "<input type=\"number\" name=\"count\" min=\"1\" max=\"\(OwnPace.countRange.upperBound)\" value=\"3\" required>",
            ] {
                #expect(page.text.contains(text), "\(text)")
            }
            let spanish = try await fixture.get("/today?date=2026-11-30", headers: [("Accept-Language", "es")])
            #expect(spanish.text.contains("A tu ritmo: Peah 1:2–4") && spanish.text.contains("mishnayot 59–61 de 4187 de la Mishná"))
            let bad = try await fixture.post("/api/plan/follow?calendar=own-pace&from=Berakhot%201&unit=page")
            #expect(
                bad.status == 400 && bad.text.contains("counts dapim (daf), mishnayot (mishna) or chapters of Mishna (chapter), not 'page'")
            )
            let many = try await fixture.post("/api/plan/follow?calendar=own-pace&from=Berakhot%201:1&count=31")
            #expect(many.status == 400 && many.text.contains("a pace learns 1 to 30 at a time, not 31"), "\(many.text)")
        }
    }

    @Test("another day's page: titled with its date, that day and the day after, no Make ready; the days around it linked; Stop asks first")
    func anotherDay() async throws {
        try await UIFixture.run { fixture in
            #expect(try await fixture.post("/api/plan/follow?calendar=daf-yomi").status == 200)
            let today = try await fixture.get("/today").text
            #expect(today.contains(#"id="nav-today" aria-current="page""#) && today.contains(#"id="make-ready""#))
            #expect(today.contains(#"data-confirm="Stop following Daf Yomi? Its lessons stay.""#), "\(today)")
            #expect(today.contains(#"id="day-before""#) && today.contains(#"id="day-after""#) && !today.contains(#"id="back-to-today""#))
            let other = try await fixture.get("/today?date=2027-01-05").text
            #expect(other.contains("<title>Tuesday, 5 January 2027 · lessons</title>"), "\(other.prefix(600))")
            #expect(other.contains("<h3>That day</h3>") && other.contains("<h3>The day after</h3>"))
            #expect(!other.contains(#"id="make-ready""#) && other.contains(#"id="back-to-today""#))
            #expect(
                other.contains(#"href="/today?date=2027-01-04" id="day-before""#)
                    && other.contains(#"href="/today?date=2027-01-06" id="day-after""#))
            let spanish = try await fixture.get("/today?date=2027-01-05", headers: [("Accept-Language", "es-AR")]).text
            #expect(spanish.contains("<h3>Ese día</h3>") && spanish.contains("Día anterior"))
        }
    }

    @Test("the player has a message for a file the browser cannot play, hidden until then")
    func playerProblem() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara:berakhot:2")
            let page = try await fixture.get("/play/gemara/1").text
            #expect(page.contains(#"id="player-problem" role="alert" hidden"#), "\(page)")
            #expect(page.contains("This browser cannot play the file of Berakhot 2"))
        }
    }
}
