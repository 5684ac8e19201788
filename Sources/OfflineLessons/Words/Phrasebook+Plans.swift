extension Phrasebook {
    /// Learning plans (`lessons plan`, `lessons ready`, what `clean` says of a plan's lesson) in English.
    static let englishPlans: [Phrase: String] = [
        .planOwnPaceSettings: "%1$@; %2$@",
        .planOwnPaceDaily: "from %1$@ on %2$@, %3$@ a day",
        .planOwnPaceWeekly: "from %1$@ on %2$@, %3$@ a week",
        .paceOneDaf: "a daf",
        .paceDapim: "%1$@ dapim",
        .paceOneMishna: "a mishna",
        .paceMishnayot: "%1$@ mishnayot",
        .paceOneChapter: "a chapter of Mishna",
        .paceChapters: "%1$@ chapters of Mishna",
        .planOwnPaceNotAMishna: "'%1$@' is not a masechet, a chapter and a mishna: give them as in --from \"Berakhot 1:1\"",
        .planOwnPaceNotAChapter: "'%1$@' is not a masechet and a chapter: give them as in --from \"Berakhot 3\"",
        .planOwnPaceUnknownMishna:
            "no masechet of the Mishna is called as in '%1$@': give its name as `lessons catalog` shows it, e.g. \"Berakhot 1:1\"",
        .planOwnPaceMishnaOutOfRange: "'%1$@': %2$@ has mishnayot %3$@ to %4$@",
        .planOwnPaceChapterOutOfRange: "'%1$@': %2$@ has chapters %3$@ to %4$@",
        .planOwnPaceCountOutOfRange: "a pace learns %2$@ to %3$@ at a time, not %1$@",
        .planSettingsLessons: "the lessons of today and the next %1$@ days ready (%2$@), each kept %3$@ days after its day",
        .planSettingsLessonsUnplayed:
            "the lessons of today and the next %1$@ days ready (%2$@), each kept %3$@ days after its day and until played through",
        .planOwnPaceNotADaf: "'%1$@' is not a masechet and a daf: give them as in --from \"Bava Metzia 2\"",
        .planOwnPaceUnknownMasechet:
            "no masechet of the Bavli is called as in '%1$@': give its name as `lessons today` shows it, e.g. \"Bava Metzia 2\"",
        .planOwnPaceDafOutOfRange: "'%1$@': %2$@ has dapim %3$@ to %4$@",
        .planAheadOutOfRange: "a plan looks %2$@ to %3$@ days ahead, not %1$@",
        .planKeepOutOfRange: "a plan keeps a daf %2$@ to %3$@ days after its day, not %1$@",
        .planNoSuchPlan: "no plan follows %1$@: `lessons plan list` shows those followed",
        .planPastReason: "its %1$@ day was %2$@; the plan keeps a daf %3$@ days after it",
        .planSettings: "the dapim of today and the next %1$@ days ready (%2$@), each kept %3$@ days after its day",
        .planSettingsUnplayed:
            "the dapim of today and the next %1$@ days ready (%2$@), each kept %3$@ days after its day and until played through",
    ]

    /// Learning plans in Spanish.
    static let spanishPlans: [Phrase: String] = [
        .planOwnPaceSettings: "%1$@; %2$@",
        .planOwnPaceDaily: "desde %1$@ el %2$@, %3$@ por día",
        .planOwnPaceWeekly: "desde %1$@ el %2$@, %3$@ por semana",
        .paceOneDaf: "un daf",
        .paceDapim: "%1$@ dapim",
        .paceOneMishna: "una mishná",
        .paceMishnayot: "%1$@ mishnayot",
        .paceOneChapter: "un capítulo de Mishná",
        .paceChapters: "%1$@ capítulos de Mishná",
        .planOwnPaceNotAMishna: "'%1$@' no es una masechet, un capítulo y una mishná: escríbelos como en --from \"Berakhot 1:1\"",
        .planOwnPaceNotAChapter: "'%1$@' no es una masechet y un capítulo: escríbelos como en --from \"Berakhot 3\"",
        .planOwnPaceUnknownMishna:
            "ninguna masechet de la Mishná se llama como en '%1$@': escribe su nombre como lo muestra `lessons catalog`, p. ej. \"Berakhot 1:1\"",
        .planOwnPaceMishnaOutOfRange: "'%1$@': %2$@ tiene las mishnayot %3$@ a %4$@",
        .planOwnPaceChapterOutOfRange: "'%1$@': %2$@ tiene los capítulos %3$@ a %4$@",
        .planOwnPaceCountOutOfRange: "un ritmo estudia de %2$@ a %3$@ cada vez, no %1$@",
        .planSettingsLessons: "las clases de hoy y de los próximos %1$@ días listas (%2$@), cada una guardada %3$@ días después de su día",
        .planSettingsLessonsUnplayed:
            "las clases de hoy y de los próximos %1$@ días listas (%2$@), cada una guardada %3$@ días después de su día y hasta escucharla entera",
        .planOwnPaceNotADaf: "'%1$@' no es una masechet y un daf: escríbelos como en --from \"Bava Metzia 2\"",
        .planOwnPaceUnknownMasechet:
            "ninguna masechet del Bavli se llama como en '%1$@': escribe su nombre como lo muestra `lessons today`, p. ej. \"Bava Metzia 2\"",
        .planOwnPaceDafOutOfRange: "'%1$@': %2$@ tiene los dapim %3$@ a %4$@",
        .planAheadOutOfRange: "un plan mira de %2$@ a %3$@ días por delante, no %1$@",
        .planKeepOutOfRange: "un plan guarda un daf de %2$@ a %3$@ días después de su día, no %1$@",
        .planNoSuchPlan: "ningún plan sigue %1$@: `lessons plan list` muestra los que se siguen",
        .planPastReason: "su día de %1$@ fue el %2$@; el plan guarda un daf %3$@ días después",
        .planSettings: "los dapim de hoy y de los próximos %1$@ días listos (%2$@), cada uno guardado %3$@ días después de su día",
        .planSettingsUnplayed:
            "los dapim de hoy y de los próximos %1$@ días listos (%2$@), cada uno guardado %3$@ días después de su día y hasta escucharlo entero",
    ]
}
