/// Names people give each masechet besides its catalog name, keyed by the English catalog name
/// (the server's catalog has no Hebrew). Compared letters only, without case, diacritics,
/// niqqud, geresh or spaces, so each spelling is listed once.
enum MasechetAliases {
    /// The Hebrew name of each masechet, as `shas-structure.json` gives it.
    static let hebrew: [String: String] = [
        // Zeraim
        "Berakhot": "ברכות", "Peah": "פאה", "Demai": "דמאי", "Kilayim": "כלאים", "Sheviit": "שביעית", "Terumot": "תרומות",
        "Maasrot": "מעשרות", "Maaser Sheni": "מעשר שני", "Challah": "חלה", "Orlah": "עורלה", "Bikkurim": "ביכורים",
        // Moed
        "Shabbat": "שבת", "Eruvin": "עירובין", "Pesachim": "פסחים", "Shekalim": "שקלים", "Yoma": "יומא", "Sukkah": "סוכה",
        "Beitzah": "ביצה", "Rosh Hashanah": "ראש השנה", "Taanit": "תענית", "Megillah": "מגילה", "Moed Katan": "מועד קטן",
        "Chagigah": "חגיגה",
        // Nashim
        "Yevamot": "יבמות", "Ketubot": "כתובות", "Nedarim": "נדרים", "Nazir": "נזיר", "Sotah": "סוטה", "Gittin": "גיטין",
        "Kiddushin": "קידושין",
        // Nezikin
        "Bava Kamma": "בבא קמא", "Bava Metzia": "בבא מציעא", "Bava Batra": "בבא בתרא", "Sanhedrin": "סנהדרין", "Makkot": "מכות",
        "Shevuot": "שבועות", "Eduyot": "עדויות", "Avodah Zarah": "עבודה זרה", "Avot": "אבות", "Horayot": "הוריות",
        // Kodashim
        "Zevachim": "זבחים", "Menachot": "מנחות", "Chullin": "חולין", "Bekhorot": "בכורות", "Arakhin": "ערכין", "Temurah": "תמורה",
        "Keritot": "כריתות", "Meilah": "מעילה", "Tamid": "תמיד", "Middot": "מידות", "Kinnim": "קינים",
        // Tohorot
        "Kelim": "כלים", "Oholot": "אהלות", "Negaim": "נגעים", "Parah": "פרה", "Tohorot": "טהרות", "Mikvaot": "מקוואות",
        "Niddah": "נידה", "Makhshirin": "מכשירין", "Zavim": "זבים", "Tevul Yom": "טבול יום", "Yadayim": "ידיים", "Oktzin": "עוקצין",
    ]

    /// Ashkenazi, Sephardi and Spanish transliterations, other Hebrew spellings, and the usual
    /// abbreviations. A spelling belongs to one masechet only.
    static let spellings: [String: [String]] = [
        // Zeraim
        "Berakhot": ["Berachot", "Brachot", "Brakhot", "Berakot", "Berachos", "Brachos", "Brochos", "Berakhos", "Berajot", "Brajot"],
        "Peah": ["Pea", "Peoh"],
        "Demai": ["Dmai", "Demay"],
        "Kilayim": ["Kilaim", "Kilaiim", "כלאיים"],
        "Sheviit": ["Shevi'is", "Sheviis", "Shviis", "Shvi'it", "Shebiit"],
        "Terumot": ["Terumos", "Trumos", "Trumot", "Terumoth"],
        "Maasrot": ["Maaserot", "Maasros", "Maaseros", "Ma'aserot", "Masrot"],
        "Maaser Sheni": ["Maaser Sheini", "Maaser Shaini", "Maser Sheni", "Maasar Sheni"],
        "Challah": ["Chala", "Chalah", "Challa", "Hallah", "Halla", "Jala", "Jalah"],
        "Orlah": ["Orla", "Arlah", "Orloh", "ערלה"],
        "Bikkurim": ["Bikurim", "Bicurim", "בכורים"],
        // Moed
        "Shabbat": ["Shabbos", "Shabos", "Shabat", "Shabbath"],
        "Eruvin": ["Eiruvin", "Erubin", "Eruvim", "ערובין"],
        "Pesachim": ["Pesahim", "Pesajim", "Psachim", "Pesakhim"],
        "Shekalim": ["Shkalim", "Shekolim"],
        "Yoma": ["Ioma", "Yuma"],
        "Sukkah": ["Succah", "Sukka", "Suka", "Succa", "Sukah", "Sucah", "Suca"],
        "Beitzah": ["Beitza", "Betzah", "Betza", "Beitsah", "Beiza", "Beytzah", "Yom Tov"],
        "Rosh Hashanah": ["Rosh Hashana", "Rosh Hashonah", "Rosh Hashono", "Rosh Hashanna", "RH", "ר״ה"],
        "Taanit": ["Taanis", "Taanith", "Tanis"],
        "Megillah": ["Megilla", "Megila", "Meguila", "Meguilah", "Megilah", "מגלה"],
        "Moed Katan": ["Moed Koton", "Moed Kattan", "MK", "מו״ק"],
        "Chagigah": ["Chagiga", "Hagigah", "Hagiga", "Jaguiga", "Jagiga", "Chagigo"],
        // Nashim
        "Yevamot": ["Yevamos", "Yebamot", "Iebamot", "Yevamoth", "Yevomos"],
        "Ketubot": ["Ketubos", "Kesubos", "Kesuvos", "Ketuvot", "Kethuboth", "Ksubos", "Ktubot", "כתבות"],
        "Nedarim": ["Nedorim"],
        "Sotah": ["Sota", "Soteh"],
        "Gittin": ["Gitin", "Guitin", "Guittin", "גטין"],
        "Kiddushin": ["Kidushin", "Qiddushin", "קדושין"],
        // Nezikin
        "Bava Kamma": ["Bava Kama", "Baba Kamma", "Baba Kama", "Bava Qamma", "Baba Qama", "BK", "ב״ק"],
        "Bava Metzia": ["Bava Metziah", "Baba Metzia", "Baba Mezia", "Bava Metsia", "Baba Metsia", "Bava Metziya", "BM", "ב״מ"],
        "Bava Batra": ["Bava Basra", "Baba Batra", "Baba Bathra", "Bava Bathra", "Baba Basra", "BB", "ב״ב"],
        "Makkot": ["Makkos", "Makos", "Makot", "Macot"],
        "Shevuot": ["Shevuos", "Shvuos", "Shevuoth", "Shebuot", "Shvuot"],
        "Eduyot": ["Eduyos", "Ediyot", "Edios", "Eduios", "Eduiot", "Edduyot"],
        "Avodah Zarah": [
            "Avoda Zara", "Avodah Zara", "Avoda Zarah", "Avodo Zoro", "Avoda Zora", "Abodah Zarah", "Aboda Zara", "AZ", "ע״ז",
        ],
        "Avot": ["Avos", "Abot", "Pirkei Avot", "Pirkei Avos", "Pirke Avot", "Pirkey Avot", "פרקי אבות"],
        "Horayot": ["Horayos", "Horaiot", "Horaios", "Horaioth"],
        // Kodashim
        "Zevachim": ["Zevakhim", "Zevahim", "Zevajim", "Zebajim", "Zvachim"],
        "Menachot": ["Menachos", "Menakhot", "Menahot", "Menajot", "Minchos"],
        "Chullin": ["Chulin", "Hullin", "Hulin", "Julin", "Chulim", "חלין"],
        "Bekhorot": ["Bechorot", "Bechoros", "Bekhoros", "Bekorot", "Bejorot"],
        "Arakhin": ["Arachin", "Erchin", "Arajin", "Arakin", "Erkhin"],
        "Temurah": ["Temura", "Tmurah", "Tmura"],
        "Keritot": ["Kerisos", "Krisos", "Kritot", "Kerithoth", "Kereitot", "Kerithot", "Keritut", "כרתות"],
        "Meilah": ["Meila", "Meiloh"],
        "Middot": ["Midot", "Middos", "Midos", "מדות"],
        "Kinnim": ["Kinim", "Kinnin", "Qinnim", "קנים"],
        // Tohorot
        "Kelim": ["Keilim"],
        "Oholot": ["Ohalot", "Oholos", "Ohalos", "Ahilot", "Ohaloth", "אוהלות"],
        "Negaim": ["Negoim"],
        "Parah": ["Para", "Poroh"],
        "Tohorot": ["Taharot", "Tohoros", "Taharos", "Teharot"],
        "Mikvaot": ["Mikvaos", "Mikvaoth", "Mikvot", "מקואות"],
        "Niddah": ["Nidah", "Nida", "Nidda", "נדה"],
        "Makhshirin": ["Machshirin", "Majshirin", "Makshirin"],
        "Zavim": ["Zabim"],
        "Tevul Yom": ["Tevul Iom", "Tvul Yom", "Tebul Yom", "Tebul Iom"],
        "Yadayim": ["Yadaim", "Iadaim", "Yodayim", "ידים"],
        "Oktzin": ["Uktzin", "Uktzim", "Uktsin", "Oktsin", "Ukzin", "עוקצים"],
    ]

    /// Every other name of the masechet whose catalog name is `name` (matched letters only, so a
    /// catalog that writes "BAVA KAMMA" still gets its aliases).
    static func aliases(of name: String) -> [String] {
        byPlainName[MasechetNames.plain(name)] ?? []
    }

    private static let byPlainName: [String: [String]] = {
        var table: [String: [String]] = [:]
        for (name, hebrew) in hebrew { table[MasechetNames.plain(name), default: []].append(hebrew) }
        for (name, others) in spellings { table[MasechetNames.plain(name), default: []] += others }
        return table
    }()
}
