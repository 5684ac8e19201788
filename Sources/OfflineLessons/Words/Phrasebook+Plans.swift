extension Phrasebook {
    /// Learning plans (`lessons plan`, `lessons ready`, what `clean` says of a plan's lesson) in English.
    static let englishPlans: [Phrase: String] = [
        .planOwnPaceSettings: "%1$@; %2$@",
        .planOwnPaceOnly: "--from, --starting and --every belong to own-pace, not to %1$@",
        .planOwnPaceNeedsFrom: "own-pace needs its first daf: --from \"Bava Metzia 2\"",
        .planOwnPaceDaily: "from %1$@ on %2$@, a daf a day",
        .planOwnPaceWeekly: "from %1$@ on %2$@, a daf a week",
        .planOwnPaceNotADaf: "'%1$@' is not a masechet and a daf: give them as in --from \"Bava Metzia 2\"",
        .planOwnPaceUnknownMasechet:
            "no masechet of the Bavli is called as in '%1$@': give its name as `lessons today` shows it, e.g. \"Bava Metzia 2\"",
        .planOwnPaceDafOutOfRange: "'%1$@': %2$@ has dapim %3$@ to %4$@",
        .planAheadOutOfRange: "a plan looks %2$@ to %3$@ days ahead, not %1$@",
        .planKeepOutOfRange: "a plan keeps a daf %2$@ to %3$@ days after its day, not %1$@",
        .planNoSuchPlan: "no plan follows %1$@: `lessons plan list` shows those followed",
        .planPastReason: "its %1$@ day was %2$@; the plan keeps a daf %3$@ days after it",
        .planAdded: "%1$@: followed from now on: %2$@",
        .planChanged: "%1$@: the plan's settings are changed: %2$@",
        .planSettings: "the dapim of today and the next %1$@ days ready (%2$@), each kept %3$@ days after its day",
        .planSettingsUnplayed:
            "the dapim of today and the next %1$@ days ready (%2$@), each kept %3$@ days after its day and until played through",
        .planNone: "no plan is followed: `lessons plan add daf-yomi` adds one",
        .planRemoved: "%1$@: no longer followed; its lessons stay, as any other download",
        .planNextStep: "`lessons ready` fetches what the plans want now: run it daily (`lessons ready --help` shows how)",
        .planKeepWholeDays: "--keep takes whole days (7d, 2w, 0d), not '%1$@'",
        .readyQueuePaused: "the queue is paused: nothing was fetched; `lessons queue resume` lets the plans fetch again",
        .readyFetched: "%1$@: ready: %2$@",
        .readyNotReady: "%1$@: not ready: %2$@",
    ]

    /// Learning plans in Spanish.
    static let spanishPlans: [Phrase: String] = [
        .planOwnPaceSettings: "%1$@; %2$@",
        .planOwnPaceOnly: "--from, --starting y --every son de own-pace, no de %1$@",
        .planOwnPaceNeedsFrom: "own-pace necesita su primer daf: --from \"Bava Metzia 2\"",
        .planOwnPaceDaily: "desde %1$@ el %2$@, un daf por día",
        .planOwnPaceWeekly: "desde %1$@ el %2$@, un daf por semana",
        .planOwnPaceNotADaf: "'%1$@' no es una masechet y un daf: escríbalos como en --from \"Bava Metzia 2\"",
        .planOwnPaceUnknownMasechet:
            "ninguna masechet del Bavli se llama como en '%1$@': escriba su nombre como lo muestra `lessons today`, p. ej. \"Bava Metzia 2\"",
        .planOwnPaceDafOutOfRange: "'%1$@': %2$@ tiene los dapim %3$@ a %4$@",
        .planAheadOutOfRange: "un plan mira de %2$@ a %3$@ días por delante, no %1$@",
        .planKeepOutOfRange: "un plan guarda un daf de %2$@ a %3$@ días después de su día, no %1$@",
        .planNoSuchPlan: "ningún plan sigue %1$@: `lessons plan list` muestra los que se siguen",
        .planPastReason: "su día de %1$@ fue el %2$@; el plan guarda un daf %3$@ días después",
        .planAdded: "%1$@: se sigue desde ahora: %2$@",
        .planChanged: "%1$@: se cambió la configuración del plan: %2$@",
        .planSettings: "los dapim de hoy y de los próximos %1$@ días listos (%2$@), cada uno guardado %3$@ días después de su día",
        .planSettingsUnplayed:
            "los dapim de hoy y de los próximos %1$@ días listos (%2$@), cada uno guardado %3$@ días después de su día y hasta escucharlo entero",
        .planNone: "no se sigue ningún plan: `lessons plan add daf-yomi` añade uno",
        .planRemoved: "%1$@: ya no se sigue; sus clases se quedan, como cualquier otra descarga",
        .planNextStep: "`lessons ready` trae lo que los planes necesitan ahora: ejecútelo cada día (`lessons ready --help` explica cómo)",
        .planKeepWholeDays: "--keep admite días enteros (7d, 2w, 0d), no '%1$@'",
        .readyQueuePaused: "la cola está en pausa: no se trajo nada; `lessons queue resume` deja que los planes vuelvan a traer",
        .readyFetched: "%1$@: listas: %2$@",
        .readyNotReady: "%1$@: no listas: %2$@",
    ]
}
