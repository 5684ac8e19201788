/// The help of the learning plans' commands (`plan`, `ready`) in Spanish, keyed by its English text.
extension HelpWords {
    static let spanishPlans: [String: String] = [
        "Follow a learning plan: its lessons downloaded before their day, removed after it.":
            "Sigue un plan de estudio: sus clases descargadas antes de su día y borradas después.",
        """
        A plan follows Daf Yomi (a daf a day), Daf HaShavua (a daf a week) or your own pace: from where you choose, so many dapim, mishnayot or chapters of Mishna a day or a week (dapim in the order Daf Yomi learns the Bavli, the Mishna in the order of the sedarim). `lessons ready` then downloads the lessons of today and of the next days (--ahead), and removes a lesson the plan downloaded once its day is more than --keep past (pinned lessons stay; one the library held before stays too). `lessons clean` removes those first, and removes a lesson the plan still keeps last.

        Examples:
          lessons plan add daf-yomi --ahead 3 --keep 7d --media audio
          lessons plan add own-pace --from "Bava Metzia 2" --every day --count 2
          lessons plan add own-pace --from "Berakhot 1" --unit chapter --every week
          lessons plan list
          lessons plan remove daf-hashavua
        """:
            """
        Un plan sigue el Daf Yomi (un daf al día), el Daf HaShavua (un daf a la semana) o a tu ritmo: desde donde elijas, tantos dapim, mishnayot o capítulos de Mishná por día o por semana (los dapim en el orden en que el Daf Yomi estudia el Bavli, la Mishná en el orden de los sedarim). `lessons ready` descarga entonces las clases de hoy y de los próximos días (--ahead), y borra una clase que el plan descargó cuando su día quedó atrás más de --keep (las clases fijadas se quedan; también una que la biblioteca ya tenía). `lessons clean` borra esas primero, y una clase que el plan aún guarda, la última.

        Ejemplos:
          lessons plan add daf-yomi --ahead 3 --keep 7d --media audio
          lessons plan add own-pace --from "Bava Metzia 2" --every day --count 2
          lessons plan add own-pace --from "Berakhot 1" --unit chapter --every week
          lessons plan list
          lessons plan remove daf-hashavua
        """,
        "Follow a calendar, or change some settings of its plan.": "Sigue un calendario, o cambia parte de la configuración de su plan.",
        """
        A new plan keeps 3 days ahead ready, keeps a daf 7 days after its day and downloads audio, unless told otherwise. For a calendar already followed, only the settings given change. An own pace given --from starts again from there; without --from it goes on from where it stands, a new --count or --every from today's day or week.

        Examples:
          lessons plan add daf-yomi
          lessons plan add daf-yomi --media both
          lessons plan add own-pace --from "Berakhot 1" --unit chapter --every week
          lessons plan add own-pace --count 2
        """:
            """
        Un plan nuevo tiene listos 3 días por delante, guarda un daf 7 días después de su día y descarga audio, salvo que indiques otra cosa. Para un calendario que ya sigues, solo cambia lo que indicas. A tu ritmo con --from empieza de nuevo desde ahí; sin --from sigue desde donde va, con un --count o un --every nuevo desde el día o la semana de hoy.

        Ejemplos:
          lessons plan add daf-yomi
          lessons plan add daf-yomi --media both
          lessons plan add own-pace --from "Berakhot 1" --unit chapter --every week
          lessons plan add own-pace --count 2
        """,
        "The calendar: daf-yomi, daf-hashavua or own-pace.": "El calendario: daf-yomi, daf-hashavua u own-pace (a tu ritmo).",
        "Own pace: where to start, a daf (\"Bava Metzia 2\"), a mishna (\"Berakhot 1:1\") or a chapter (\"Berakhot 3\").":
            "A tu ritmo: dónde empezar, un daf (\"Bava Metzia 2\"), una mishná (\"Berakhot 1:1\") o un capítulo (\"Berakhot 3\").",
        "Own pace: what it counts, `daf`, `mishna` or `chapter` (of Mishna); a daf, or a mishna for \"Berakhot 1:1\", when not given.":
            "A tu ritmo: qué cuenta, `daf`, `mishna` o `chapter` (capítulo de Mishná); un daf, o una mishná para \"Berakhot 1:1\", si no se indica.",
        "Own pace: how many each day or week (1-30); one when not given.":
            "A tu ritmo: cuántos cada día o cada semana (1-30); uno si no se indica.",
        "Own pace: the day of the first daf, as YYYY-MM-DD; today when not given.":
            "A tu ritmo: el día del primer daf, como AAAA-MM-DD; hoy si no se indica.",
        "Own pace: every day or every week; every day when not given.":
            "A tu ritmo: cada día o cada semana; cada día si no se indica.",
        "Days ahead whose dapim are kept ready (0-30); 3 for a new plan.":
            "Días por delante cuyos dapim se tienen listos (0-30); 3 en un plan nuevo.",
        "How long a daf is kept after its day, in whole days: 7d, 2w, 0d; 7d for a new plan.":
            "Cuánto se guarda un daf después de su día, en días enteros: 7d, 2w, 0d; 7d en un plan nuevo.",
        "Keep a daf not played through past --keep, until it is (--no-keep-unplayed: no longer).":
            "Guarda un daf no escuchado entero más allá de --keep, hasta que lo esté (--no-keep-unplayed: ya no).",
        "Which media: audio, video or both; audio for a new plan. The PDF comes along when the lesson has one.":
            "Qué medios: audio, video o both (ambos); audio en un plan nuevo. El PDF viene con ellos cuando la clase lo tiene.",
        "List the plans followed.": "Lista los planes que se siguen.",
        "Stop following a plan; its lessons stay, as any other download.":
            "Deja de seguir un plan; sus clases se quedan, como cualquier otra descarga.",
        "Do what the plans want now: download the coming dapim, remove the past ones.":
            "Hace lo que los planes piden ahora: descarga los dapim que vienen y borra los pasados.",
        """
        For each plan (`lessons plan`): removes the dapim it downloaded whose day is more than its keep period past (pinned lessons stay), then downloads the dapim of today and of its days ahead that are not complete. Run twice, the second run changes nothing; with nothing to do it prints nothing. A paused queue (`lessons queue pause`) is honoured: nothing is fetched. A server that does not answer ends the run with exit 3, its items still queued, for the next run.

        Run it daily, from crontab (crontab -e):
          15 4 * * *  lessons ready --quiet
        or from a systemd user timer (~/.config/systemd/user/lessons-ready.timer, with a .service of Type=oneshot whose ExecStart is `lessons ready --quiet`):
          [Timer]
          OnCalendar=daily
          Persistent=true
        """:
            """
        Para cada plan (`lessons plan`): borra los dapim que descargó cuyo día quedó atrás más que su plazo (las clases fijadas se quedan) y luego descarga los dapim de hoy y de sus días por delante que no estén completos. Ejecutado dos veces, la segunda no cambia nada; sin nada que hacer no imprime nada. Se respeta una cola en pausa (`lessons queue pause`): no se trae nada. Un servidor que no responde termina la ejecución con el código 3, con sus elementos aún en cola, para la siguiente.

        Ejecútalo cada día, desde crontab (crontab -e):
          15 4 * * *  lessons ready --quiet
        o desde un temporizador de usuario de systemd (~/.config/systemd/user/lessons-ready.timer, con un .service de Type=oneshot cuyo ExecStart sea `lessons ready --quiet`):
          [Timer]
          OnCalendar=daily
          Persistent=true
        """,
    ]
}
