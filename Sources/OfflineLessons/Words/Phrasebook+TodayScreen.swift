extension Phrasebook {
    /// Every sentence of the screen in English (never stored, so never recognised).
    static let englishScreen = englishScreenPages.merging(englishTodayScreen) { first, _ in first }
    /// Every sentence of the screen in Spanish.
    static let spanishScreen = spanishScreenPages.merging(spanishTodayScreen) { first, _ in first }

    /// The Today page of `lessons ui` in English.
    static let englishTodayScreen: [Phrase: String] = [
        .screenToday: "Today",
        .screenTomorrow: "Tomorrow",
        .screenThisWeek: "This week",
        .screenNextWeek: "Next week",
        .screenPlanFollowed: "Followed: %1$@.",
        .screenPlanNotFollowed: "Not followed: its dapim are not made ready ahead.",
        .screenFollow: "Follow",
        .screenFollowNamed: "Follow %1$@ with these settings",
        .screenStopFollowing: "Stop following",
        .screenStopFollowingNamed: "Stop following %1$@",
        .screenMakeReady: "Make ready now",
        .screenMakeReadyNamed: "Download now what the plans want",
        .screenFollowedNow: "%1$@ is followed: press Make ready now, or run `lessons ready` daily",
        .screenStoppedNow: "%1$@ is no longer followed; its lessons stay",
        .screenReadyRequested: "%1$@ lesson(s) requested for the plans",
        .screenReadyNothing: "Everything the plans want is downloaded",
        .screenNoCalendar: "No calendar named '%1$@': daf-yomi, daf-hashavua or own-pace",
        .screenNoPeriod: "An own pace goes a daf every day or every week, not '%1$@'",
        .screenPlanSettingsOf: "The settings of the %1$@ plan",
        .screenDaysAhead: "Days ahead",
        .screenOwnPaceOffer:
            "Learn at your own pace: from a daf you choose, a daf a day or a week, in the order Daf Yomi learns the Bavli.",
        .screenFollowOwnPace: "Follow your own pace",
        .screenFirstDaf: "First daf",
        .screenFirstDay: "From",
        .screenDafEvery: "A daf every",
        .screenEveryDay: "day",
        .screenEveryWeek: "week",
        .screenDaysKept: "Days kept after its day",
        .screenKeepUntilPlayed: "Then a daf goes",
        .screenGoesAnyway: "whether played or not",
        .screenGoesOncePlayed: "once played through",
        .screenSave: "Save",
        .screenPlanSaved: "%1$@: the plan's settings are saved",
    ]

    /// The Today page of `lessons ui` in Spanish.
    static let spanishTodayScreen: [Phrase: String] = [
        .screenToday: "Hoy",
        .screenTomorrow: "Mañana",
        .screenThisWeek: "Esta semana",
        .screenNextWeek: "La semana que viene",
        .screenPlanFollowed: "Se sigue: %1$@.",
        .screenPlanNotFollowed: "No se sigue: sus dapim no se preparan con antelación.",
        .screenFollow: "Seguir",
        .screenFollowNamed: "Seguir %1$@ con esta configuración",
        .screenStopFollowing: "Dejar de seguir",
        .screenStopFollowingNamed: "Dejar de seguir %1$@",
        .screenMakeReady: "Preparar ahora",
        .screenMakeReadyNamed: "Descargar ahora lo que piden los planes",
        .screenFollowedNow: "%1$@ se sigue: pulse Preparar ahora, o ejecute `lessons ready` cada día",
        .screenStoppedNow: "%1$@ ya no se sigue; sus clases se quedan",
        .screenReadyRequested: "%1$@ clase(s) pedidas para los planes",
        .screenReadyNothing: "Todo lo que piden los planes está descargado",
        .screenNoCalendar: "Ningún calendario se llama '%1$@': daf-yomi, daf-hashavua u own-pace",
        .screenNoPeriod: "Un ritmo propio va de un daf por día o por semana, no '%1$@'",
        .screenPlanSettingsOf: "La configuración del plan de %1$@",
        .screenDaysAhead: "Días por delante",
        .screenOwnPaceOffer:
            "Estudie a su propio ritmo: desde el daf que elija, un daf al día o a la semana, en el orden en que el Daf Yomi estudia el Bavli.",
        .screenFollowOwnPace: "Seguir su propio ritmo",
        .screenFirstDaf: "Primer daf",
        .screenFirstDay: "Desde el",
        .screenDafEvery: "Un daf cada",
        .screenEveryDay: "día",
        .screenEveryWeek: "semana",
        .screenDaysKept: "Días guardado después de su día",
        .screenKeepUntilPlayed: "Luego un daf se va",
        .screenGoesAnyway: "se haya escuchado o no",
        .screenGoesOncePlayed: "una vez escuchado entero",
        .screenSave: "Guardar",
        .screenPlanSaved: "%1$@: se guardó la configuración del plan",
    ]
}
