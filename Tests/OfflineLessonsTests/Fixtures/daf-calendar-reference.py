#!/usr/bin/env python3
"""Writes daf-calendar-reference.json: the Daf Yomi and Daf HaShavua of many dates, as the
python-zmanim port of KosherJava's calculators gives them (pip install zmanim==0.3.1). The
calendar tests compare this package's own calendar with it.

The dates: every day around each Daf Yomi cycle boundary from the 6th cycle on (the 8th is the
one in which Shekalim became the Yerushalmi's 22 dapim), the days of Kinnim, Tamid and Middot in
the 13th and 14th cycles, each 29 February from 1924 to 2100, the Daf HaShavua's first weeks
and its first cycle boundary, and 400 dates drawn with a fixed seed from 1923 to 2100.
"""
import json
import random
from datetime import date, timedelta
from pathlib import Path

from zmanim.limudim.calculators.daf_hashavua_bavli import DafHashavuaBavli
from zmanim.limudim.calculators.daf_yomi_bavli import DafYomiBavli

# zmanim's keys, in the catalog's English names.
NAMES = {
    'berachos': 'Berakhot', 'shabbos': 'Shabbat', 'eruvin': 'Eruvin', 'pesachim': 'Pesachim',
    'shekalim': 'Shekalim', 'yoma': 'Yoma', 'sukkah': 'Sukkah', 'beitzah': 'Beitzah',
    'rosh_hashanah': 'Rosh Hashanah', 'taanis': 'Taanit', 'megillah': 'Megillah',
    'moed_katan': 'Moed Katan', 'chagigah': 'Chagigah', 'yevamos': 'Yevamot', 'kesubos': 'Ketubot',
    'nedarim': 'Nedarim', 'nazir': 'Nazir', 'sotah': 'Sotah', 'gitin': 'Gittin',
    'kiddushin': 'Kiddushin', 'bava_kamma': 'Bava Kamma', 'bava_metzia': 'Bava Metzia',
    'bava_basra': 'Bava Batra', 'sanhedrin': 'Sanhedrin', 'makkos': 'Makkot', 'shevuos': 'Shevuot',
    'avodah_zarah': 'Avodah Zarah', 'horiyos': 'Horayot', 'zevachim': 'Zevachim',
    'menachos': 'Menachot', 'chullin': 'Chullin', 'bechoros': 'Bekhorot', 'arachin': 'Arakhin',
    'temurah': 'Temurah', 'kerisos': 'Keritot', 'meilah': 'Meilah', 'kinnim': 'Kinnim',
    'tamid': 'Tamid', 'midos': 'Middot', 'niddah': 'Niddah',
}


def entry(calculator, day):
    limud = calculator.limud(day)
    if limud is None or limud.unit is None:
        return None
    (name, daf), = limud.unit.components
    return {
        'masechet': NAMES[name], 'daf': daf,
        'cycle': limud.interval.cycle.iteration, 'position': limud.interval.iteration,
    }


def main():
    days = set()
    yomi = DafYomiBavli()
    boundary = date(1923, 9, 11)
    while boundary < date(2100, 1, 1):
        length = 2702 if boundary < date(1975, 6, 24) else 2711
        if boundary.year >= 1960:
            days.update(boundary + timedelta(days=d) for d in range(-3, 4))
        boundary += timedelta(days=length)
    for start in (date(2012, 8, 3), date(2020, 1, 5)):
        # Meilah's last days, Kinnim, Tamid, Middot and the first of Niddah.
        days.update(start + timedelta(days=d) for d in range(2620, 2645))
    days.update(date(year, 2, 29) for year in range(1924, 2101, 4) if year != 2100)
    days.update(date(2005, 3, 2) + timedelta(days=d) for d in range(-1, 15))
    hashavua_end = date(2005, 3, 2) + timedelta(days=2711 * 7 - 4)
    days.update(hashavua_end + timedelta(days=d) for d in range(-8, 9))
    rng = random.Random(5784)
    first, last = date(1923, 9, 11).toordinal(), date(2100, 12, 31).toordinal()
    days.update(date.fromordinal(rng.randint(first, last)) for _ in range(400))
    weekly = DafHashavuaBavli()
    rows = [
        {'date': day.isoformat(), 'dafYomi': entry(yomi, day), 'dafHashavua': entry(weekly, day)}
        for day in sorted(days)
    ]
    out = Path(__file__).with_name('daf-calendar-reference.json')
    lines = ',\n'.join(json.dumps(row, separators=(',', ':')) for row in rows)
    out.write_text('[\n' + lines + '\n]\n')
    print(f'{out}: {len(rows)} dates')


main()
