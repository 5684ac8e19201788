/// The help in Spanish, keyed by its English text as it stands in the commands (as gettext keys a
/// translation by its msgid).
extension HelpWords {
    static let spanishCommands: [String: String] = [
        "The catalog is cached in the library database, so it is there offline. It is fetched from the server when nothing is cached or with --refresh; a failed or empty answer never replaces the cached copy.\n\nWith a masechet (named as `download` takes it), its dapim and its mishnayot by chapter, each with its state: downloaded (which media), queued, failed, or not downloaded.\n\nExamples:\n  lessons catalog --server http://127.0.0.1:8080/api/\n  lessons catalog berakhot\n  lessons catalog Bava Kamma\n  lessons catalog --refresh --json":
            "El catálogo se guarda en la base de datos de la biblioteca, así que está disponible sin conexión. Se obtiene del servidor cuando no hay nada guardado o con --refresh; una respuesta fallida o vacía nunca sustituye la copia guardada.\n\nCon una masejet (nombrada como la acepta `download`), sus dapim y sus mishnayot por capítulo, cada una con su estado: descargada (qué medios), en cola, fallida o no descargada.\n\nEjemplos:\n  lessons catalog --server http://127.0.0.1:8080/api/\n  lessons catalog berakhot\n  lessons catalog Bava Kamma\n  lessons catalog --refresh --json",
        "Show the Shas, or one masechet's lessons with their download states.":
            "Muestra el Shas, o las clases de una masejet con su estado de descarga.",
        "A masechet: show its lessons and their states.":
            "Una masejet: muestra sus clases y su estado.",
        "Fetch the Shas from the server even when it is cached.":
            "Obtiene el Shas del servidor aunque esté guardado.",
        "Age counts from each download's completion. With --max-size, the least recently used lessons go first, down to 90% of the quota (so that the next download does not start another sweep). Pinned lessons (`lessons pin`) are never removed; a lesson's PDF goes with its last audio or video. A plan's dapim (`lessons plan`) past its keep period go first; one it still keeps is not removed by age, and last by size (its past dapim first, then those furthest ahead, the day's own daf last). Every removal is logged as expired, with its reason.\n\nExamples:\n  lessons clean --dry-run     # what would go, why, and the bytes freed\n  lessons clean --older-than 7d --max-size 2GiB\n  lessons clean --older-than never --max-size 500M":
            "La antigüedad cuenta desde que se completó cada descarga. Con --max-size se van primero las clases usadas hace más tiempo, hasta el 90% de la cuota (para que la siguiente descarga no empiece otra limpieza). Las clases fijadas (`lessons pin`) nunca se borran; el PDF de una clase se va con su último audio o vídeo. Los dapim de un plan (`lessons plan`) pasado su plazo se van primero; uno que el plan aún guarda no se borra por antigüedad, y por tamaño el último (primero sus dapim pasados, luego los más adelantados, el daf del día al final). Cada borrado queda en el historial como caducado, con su motivo.\n\nEjemplos:\n  lessons clean --dry-run     # qué se iría, por qué, y los bytes liberados\n  lessons clean --older-than 7d --max-size 2GiB\n  lessons clean --older-than never --max-size 500M",
        "Remove downloads by the retention policy: older than 30 days, or beyond a size quota.":
            "Borra descargas según la política de conservación: más de 30 días, o por encima de una cuota de tamaño.",
        "Print what would be removed and the bytes freed; change nothing.":
            "Muestra qué se borraría y los bytes liberados; no cambia nada.",
        "Remove what was completed longer ago than this: 45s, 90m, 12h, 30d, 2w, 1y, or never.":
            "Borra lo que se completó hace más de esto: 45s, 90m, 12h, 30d, 2w, 1y, o never.",
        "Keep the library under this size: 500M, 2G or 2GB (powers of 1000), 2GiB (powers of 1024), bytes, or none. Without it, the quota kept by the Downloads page, if any.":
            "Mantiene la biblioteca por debajo de este tamaño: 500M, 2G o 2GB (potencias de 1000), 2GiB (potencias de 1024), bytes, o none (ninguna). Sin ella, la cuota guardada en la página de Descargas, si la hay.",
        "Starts the demo content server on a free loopback port (no network, nothing to install), fetches the catalog of the whole Shas, downloads Berakhot daf 2-4 (Gemara) and Berakhot chapter 1 mishnayot 1-3 (Mishna) with their PDFs — Gemara 1 and Mishna 1 share an id but never a file — then shows sync at work (a file deleted by hand is found missing, a file dropped into place is adopted, and the history says so), prints the downloads list and where the library is. With --library DIR the demo uses that folder, new or empty, instead of a temporary one.":
            "Arranca el servidor de contenidos de demostración en un puerto libre de loopback (sin red, nada que instalar), obtiene el catálogo de todo el Shas, descarga Berakhot daf 2-4 (Guemará) y Berakhot capítulo 1, mishnayot 1-3 (Mishná) con sus PDF — Guemará 1 y Mishná 1 comparten id pero nunca archivo —, luego muestra la sincronización en acción (un archivo borrado a mano aparece como que falta, un archivo dejado en su sitio se adopta, y el historial lo dice), imprime la lista de descargas y dónde está la biblioteca. Con --library DIR la demostración usa esa carpeta, nueva o vacía, en lugar de una temporal.",
        "A one-command tour: a content server in-process, a fresh temporary library, real downloads.":
            "Una visita en un solo comando: un servidor de contenidos en este proceso, una biblioteca temporal nueva, descargas reales.",
        "Read-only: the drift between the registry and the media folder (what `lessons sync` would do), unknown files, failed and unfinished downloads, and SQLite's integrity check. Problems alike (one kind, one cause) share a line: how many, the cause, a few of the lessons, and what to run to fix them; --json lists every problem. Exit 0 when healthy.\n\nWith --from CONTAINER it examines a legacy app container instead: what `lessons migrate` would recover, and what the legacy app itself would have lost (a registry half dropped for one bad value, media stranded in Library/Caches by a failed upgrade, files that no list showed, ids shared by a Gemara and a Mishna lesson). Exit 1 while there is something to migrate.":
            "Solo lectura: la diferencia entre el registro y la carpeta de medios (lo que haría `lessons sync`), archivos desconocidos, descargas fallidas y sin terminar, y la comprobación de integridad de SQLite. Los problemas parecidos (un tipo, una causa) comparten línea: cuántos, la causa, algunas de las clases y qué ejecutar para resolverlos; --json lista cada problema. Sale con 0 si todo está en orden.\n\nCon --from CONTENEDOR examina en cambio un contenedor de la app anterior: lo que `lessons migrate` recuperaría, y lo que la propia app anterior habría perdido (la mitad de un registro descartada por un solo valor erróneo, medios abandonados en Library/Caches por una actualización fallida, archivos que ninguna lista mostraba, ids compartidos por una clase de Guemará y una de Mishná). Sale con 1 mientras haya algo que migrar.",
        "Diagnose the library without changing it; exit 1 when there are problems.":
            "Diagnostica la biblioteca sin cambiarla; sale con 1 cuando hay problemas.",
        "Examine a legacy app container (the folder holding Documents/ and Library/Caches/).":
            "Examina un contenedor de la app anterior (la carpeta que contiene Documents/ y Library/Caches/).",
        "Each lesson is recorded in the registry (with its place in the Shas) before its first byte is fetched; files are verified, then renamed into place, then registered. An interrupted run (Ctrl-C, a crash, a lost connection) resumes where it stopped: run `lessons download` with no selector to finish pending work. A server that stops answering stops the run with its items still queued (exit 3): run `lessons download` when it is back.\n\nSelectors:\n  a lesson's name, as lists print it        Megillah 2-5  Berakhot 1:3\n  gemara:<masechet>[:<daf>[-<daf>]]         gemara:berakhot:2-11\n  mishna:<masechet>[:<chapter>[:<mishna>]]  mishna:peah:1  mishna:berakhot:2:3\n  gemara/<id>, mishna/<id>                  gemara/247\nA masechet is given by id or named any common way (berakhot, brochos, Berajot, ברכות, BK), or by the start of one name (rosh). Dapim are whole: 2, not 2a.\n\nExamples:\n  export LESSONS_SERVER=http://127.0.0.1:8080/api/\n  lessons download gemara:berakhot:2-11 --media audio\n  lessons download Bava Kamma 2-5 Berakhot 1:3\n  lessons download            # resume whatever is pending":
            "Cada clase se anota en el registro (con su lugar en el Shas) antes de obtener su primer byte; los archivos se verifican, luego se renombran a su sitio y luego se registran. Una descarga interrumpida (Ctrl-C, un fallo, una conexión perdida) continúa donde se quedó: ejecuta `lessons download` sin selector para terminar lo pendiente. Si el servidor deja de responder, la descarga se detiene con sus elementos aún en cola (sale con 3): ejecuta `lessons download` cuando vuelva.\n\nSelectores:\n  el nombre que dan las listas               Megillah 2-5  Berakhot 1:3\n  gemara:<masechet>[:<daf>[-<daf>]]          gemara:berakhot:2-11\n  mishna:<masechet>[:<capítulo>[:<mishna>]]  mishna:peah:1  mishna:berakhot:2:3\n  gemara/<id>, mishna/<id>                   gemara/247\nUna masejet se indica por su id o por cualquier nombre habitual (berakhot, brochos, Berajot, ברכות, BK), o por el comienzo de un nombre (rosh). Los dapim van enteros: 2, no 2a.\n\nEjemplos:\n  export LESSONS_SERVER=http://127.0.0.1:8080/api/\n  lessons download gemara:berakhot:2-11 --media audio\n  lessons download Bava Kamma 2-5 Berakhot 1:3\n  lessons download            # continúa lo que esté pendiente",
        "Download lessons: audio, video or both, with the PDF.":
            "Descarga clases: audio, vídeo o ambos, con el PDF.",
        "What to download (none: resume pending downloads).":
            "Qué descargar (nada: continúa las descargas pendientes).",
        "Which media: audio, video or both. The PDF comes along when the lesson has one.":
            "Qué medios: audio, video o both (ambos). El PDF viene con ellos cuando la clase lo tiene.",
        "Downloads at once (1-16).":
            "Descargas a la vez (1-16).",
        "The most bytes per second for the whole run, as curl takes it: 500K, 2M, 1.5MB.":
            "El máximo de bytes por segundo para toda la descarga, como lo toma curl: 500K, 2M, 1.5MB.",
        "For an app version that still reads the legacy registry: {\"gemara\": {\"<sederId>\": {\"<masechetId>\": [lesson…]}}, \"mishna\": {\"<sederId>\": {\"<masechetId>\": {\"<chapter>\": [lesson…]}}}}, each lesson as it was snapshotted when it was downloaded. The file is written atomically.\n\nExample: lessons export --legacy-json Documents/downloadedLessons.json":
            "Para una versión de la app que todavía lee el registro anterior: {\"gemara\": {\"<sederId>\": {\"<masechetId>\": [clase…]}}, \"mishna\": {\"<sederId>\": {\"<masechetId>\": {\"<chapter>\": [clase…]}}}}, cada clase tal como se guardó al descargarla. El archivo se escribe de forma atómica.\n\nEjemplo: lessons export --legacy-json Documents/downloadedLessons.json",
        "Write the current downloads as the legacy app's downloadedLessons.json.":
            "Escribe las descargas actuales como el downloadedLessons.json de la app anterior.",
        "Where to write downloadedLessons.json (- for standard output).":
            "Dónde escribir downloadedLessons.json (- para la salida estándar).",
        "Every change the library made, with its reason: requested, completed, failed (why), missing, corrupt, moved aside, adopted, discovered, removed. Without a selector, the whole library.\n\nTimes are local (TZ is honoured).\n\nExamples:\n  lessons history gemara:berakhot:2-4\n  lessons history -n 20":
            "Cada cambio que hizo la biblioteca, con su motivo: pedido, completado, falló (por qué), falta, dañado, apartado, adoptado, descubierto, borrado. Sin selector, toda la biblioteca.\n\nLas horas son locales (se respeta TZ).\n\nEjemplos:\n  lessons history gemara:berakhot:2-4\n  lessons history -n 20",
        "The event log, newest first: why each lesson's media are (or are not) there.":
            "El historial, lo más reciente primero: por qué los medios de cada clase están (o no están).",
        "Which lessons (see `lessons download --help` for selectors); none: all.":
            "Qué clases (mira `lessons download --help` para los selectores); ninguna: todas.",
        "Show only the newest N events.":
            "Muestra solo los N eventos más recientes.",
        "Answered from the registry (no server needed), after a quick sync with the media folder (one walk of it, no hashing), so that a file deleted behind the library's back is reported missing and one dropped into place is adopted; the first line says what the sync changed. --no-sync skips it. A lesson is listed when its audio or video is complete; one whose PDF is not downloaded is marked so. In the order of the Shas, grouped; --sort size lists the largest first, --sort recent the last downloaded first (with the time it finished), to see what takes the room.\n\nWith --json: {\"lessons\": [{type, id, name, sederId, masechetId, chapter, page|mishna, media: {audio|video|text: {bytes}}}], \"totalBytes\": N, \"sync\": {actions: [...]}}.":
            "Se responde desde el registro (sin servidor), tras una sincronización rápida con la carpeta de medios (un recorrido, sin calcular hashes), para que un archivo borrado a espaldas de la biblioteca aparezca como que falta y uno dejado en su sitio se adopte; la primera línea dice qué cambió la sincronización. --no-sync la omite. Una clase aparece cuando su audio o su vídeo está completo; la que no tiene el PDF descargado se marca así. En el orden del Shas, agrupadas; --sort size lista primero las más grandes, --sort recent primero las últimas descargadas (con la fecha y hora en que terminaron), para ver qué ocupa el espacio.\n\nCon --json: {\"lessons\": [{type, id, name, sederId, masechetId, chapter, page|mishna, media: {audio|video|text: {bytes}}}], \"totalBytes\": N, \"sync\": {actions: [...]}}.",
        "List downloaded lessons, grouped by seder, masechet and chapter.":
            "Lista las clases descargadas, agrupadas por seder, masejet y capítulo.",
        "The order: shas (grouped by seder, masechet and chapter), size (the largest first) or recent (the last downloaded first).":
            "El orden: shas (agrupadas por seder, masejet y capítulo), size (las más grandes primero) o recent (las últimas descargadas primero).",
        "Do not sync with the media folder first.":
            "No sincroniza antes con la carpeta de medios.",
        "CONTAINER is the app's folder, holding Documents/ and/or Library/Caches/ (both generations are read):\n  downloadedLessons.json in both folders, every shape the old app wrote;\n  gemaraLessons.json, mishnaLessons.json and shas.json, to place files;\n  {id}_aud.mp3, {id}_vid.mp4 and {id}_text.pdf, moved into the library\n  (copied, verified, registered, then deleted across file systems).\nA bare id that is both a Gemara and a Mishna lesson goes to the one whose snapshot has the link; when both have it, the file is left in place and reported. Files it cannot place, and unrelated files, are reported and left untouched. Imported media expire 30 days after their file's modification time, not after the import.\nAfter a run without failures each registry is renamed <name>.migrated. Running it again changes nothing; after a crash it finishes the job.\n\nExamples:\n  lessons migrate --from ~/backup/JabruTouch --dry-run  # the plan only\n  lessons migrate --from ~/backup/JabruTouch --json":
            "CONTENEDOR es la carpeta de la app, con Documents/ y/o Library/Caches/ (se leen ambas generaciones):\n  downloadedLessons.json en ambas carpetas, en cada forma de la app;\n  gemaraLessons.json, mishnaLessons.json y shas.json, para ubicar archivos;\n  {id}_aud.mp3, {id}_vid.mp4 y {id}_text.pdf, movidos a la biblioteca\n  (copiados, verificados, registrados y luego borrados entre discos).\nUn id suelto que es a la vez una clase de Guemará y una de Mishná va a aquella cuya copia guardada tiene el enlace; si ambas lo tienen, el archivo se deja en su sitio y se informa. Los archivos que no puede ubicar, y los ajenos, se informan y no se tocan. Los medios importados caducan 30 días después de la fecha de modificación de su archivo, no de la importación.\nTras una ejecución sin fallos cada registro se renombra <nombre>.migrated. Ejecutarlo de nuevo no cambia nada; tras un fallo termina el trabajo.\n\nEjemplos:\n  lessons migrate --from ~/backup/JabruTouch --dry-run  # solo el plan\n  lessons migrate --from ~/backup/JabruTouch --json",
        "Import the downloads of the legacy app from a copy of its container.":
            "Importa las descargas de la app anterior desde una copia de su contenedor.",
        "Print what would be done; change nothing.":
            "Muestra qué se haría; no cambia nada.",
        "The legacy app container (the folder holding Documents/ and Library/Caches/).":
            "El contenedor de la app anterior (la carpeta que contiene Documents/ y Library/Caches/).",
        "Exempt downloaded lessons from `lessons clean`.":
            "Excluye clases descargadas de `lessons clean`.",
        "Example: lessons pin gemara:berakhot":
            "Ejemplo: lessons pin gemara:berakhot",
        "Which lessons (see `lessons download --help` for selectors).":
            "Qué clases (mira `lessons download --help` para los selectores).",
        "Let `lessons clean` remove lessons again.":
            "Deja que `lessons clean` vuelva a borrar clases.",
        "Example: lessons unpin gemara:berakhot:2-4":
            "Ejemplo: lessons unpin gemara:berakhot:2-4",
        "Without --media, all of a lesson goes. A lesson left with no audio or video loses its PDF too. A pinned lesson goes as well (a pin keeps it from `lessons clean` only). Entries whose files are already gone are removed all the same. Works offline: lessons are found in the registry.\n\nExamples:\n  lessons remove gemara:berakhot:2-4 --media video\n  lessons remove gemara:berakhot --dry-run   # what would go, and how much":
            "Sin --media, se va toda la clase. Una clase que se queda sin audio ni vídeo pierde también su PDF. Una clase fijada se va también (fijarla solo la protege de `lessons clean`). Las entradas cuyos archivos ya no están se borran igualmente. Funciona sin conexión: las clases se buscan en el registro.\n\nEjemplos:\n  lessons remove gemara:berakhot:2-4 --media video\n  lessons remove gemara:berakhot --dry-run   # lo que se iría, y cuánto ocupa",
        "Say what would be removed, and its size; remove nothing.":
            "Dice lo que se borraría, y cuánto ocupa; no borra nada.",
        "Remove downloaded media (files and registry entries together).":
            "Borra medios descargados (archivos y entradas del registro a la vez).",
        "Remove only this medium: audio, video or pdf (also: text).":
            "Borra solo este medio: audio, video o pdf (también: text).",
        "Speaks the legacy lessons API (masechtot_list/, gemara/masechet/{id}/, mishna/masechet/{id}/chapter/{n}/) and serves synthetic media with Range, ETag and HEAD. It prints its API base URL on stdout; give that to other commands with --server. With --token T (or $LESSONS_TOKEN) the lesson listings take only T; otherwise any non-empty token. The Shas and the media are open to anyone who can reach the port, as in the legacy API.\n\nExample:\n  lessons serve --port 8080 &\n  lessons catalog --server http://127.0.0.1:8080/api/":
            "Habla la API de clases anterior (masechtot_list/, gemara/masechet/{id}/, mishna/masechet/{id}/chapter/{n}/) y sirve medios sintéticos con Range, ETag y HEAD. Imprime la URL base de su API en stdout; pásala a los otros comandos con --server. Con --token T (o $LESSONS_TOKEN) los listados de clases solo aceptan T; si no, cualquier token no vacío. El Shas y los medios están abiertos a quien alcance el puerto, como en la API anterior.\n\nEjemplo:\n  lessons serve --port 8080 &\n  lessons catalog --server http://127.0.0.1:8080/api/",
        "Run a content server with the demo catalog of the whole Shas.":
            "Ejecuta un servidor de contenidos con el catálogo de demostración de todo el Shas.",
        "The port to listen on; 0 picks a free one.":
            "El puerto en el que escuchar; 0 elige uno libre.",
        "The address to listen on.":
            "La dirección en la que escuchar.",
        "Scale media sizes: bytes = duration × rate × scale. 1 is realistic (about 29 MB of audio per 30 minutes).":
            "Escala el tamaño de los medios: bytes = duración × tasa × escala. 1 es realista (unos 29 MB de audio por 30 minutos).",
        "States: queued, downloading, complete, failed (with the reason), missing (was complete, file gone), corrupt (was complete, the file had the wrong size: moved aside), not requested, unavailable (the lesson has no such medium). A quick sync of those lessons with their folders runs first (--no-sync skips it); files of other lessons are not looked at.\n\nExample: lessons status gemara:berakhot:2-4 mishna/12":
            "Estados (de cada medio): en cola, descargando, completo, falló (con el motivo), falta (estaba completo, el archivo ya no está), dañado (estaba completo, el archivo tenía un tamaño incorrecto: apartado), no pedido, no disponible (la clase no tiene ese medio). Primero se sincronizan rápidamente esas clases con sus carpetas (--no-sync lo omite); los archivos de otras clases no se miran.\n\nEjemplo: lessons status gemara:berakhot:2-4 mishna/12",
        "Show each medium's state for the selected lessons.":
            "Muestra el estado de cada medio de las clases elegidas.",
        "One walk of the media folder and one read of the registry:\n  registered complete, file gone     → missing (leaves the list)\n  registered complete, wrong size    → corrupt: moved to <library>/aside/\n  not complete, whole file here      → adopted (a crash after its rename)\n  not registered, a known lesson's   → discovered and registered\n  a partial file no download needs   → removed\n  a file the library cannot place    → reported, left as it is\nEvery change is written to the event log with its reason (`lessons history`). A second sync finds nothing to do.\n\nExamples:\n  lessons sync --dry-run      # what it would do; changes nothing\n  lessons sync --repair       # and download what is missing or corrupt again\n  lessons sync --verify       # also check files against MD5 ETags (S3)":
            "Un recorrido de la carpeta de medios y una lectura del registro:\n  completo, archivo ausente          → falta (sale de la lista)\n  completo, tamaño erróneo           → dañado: movido a <biblioteca>/aside/\n  no completo, archivo entero aquí   → adoptado (un fallo tras renombrarlo)\n  no registrado, de clase conocida   → descubierto y registrado\n  parcial que ninguna descarga usa   → borrado\n  archivo que no se puede ubicar     → se informa, se deja como está\nCada cambio se escribe en el historial con su motivo (`lessons history`). Una segunda sincronización no encuentra nada que hacer.\n\nEjemplos:\n  lessons sync --dry-run      # qué haría; no cambia nada\n  lessons sync --repair       # y descarga de nuevo lo que falta o está dañado\n  lessons sync --verify       # además comprueba los ETag MD5 (S3)",
        "Bring the registry and the media folder into agreement, in both directions.":
            "Pone de acuerdo el registro y la carpeta de medios, en ambos sentidos.",
        "Queue missing and corrupt media again and download them.":
            "Vuelve a poner en cola los medios que faltan o están dañados y los descarga.",
        "Hash every complete file whose ETag is a plain MD5 and compare; a mismatch is corrupt (reads every such file).":
            "Calcula el hash de cada archivo completo cuyo ETag es un MD5 simple y lo compara; si no coincide, está dañado (lee cada uno de esos archivos).",
        "Give the address a new token: the address printed before stops working.":
            "Da a la dirección un token nuevo: la dirección impresa antes deja de funcionar.",
        "Serves pages over the library (and the configured server, for the catalog; with the server unreachable it shows the cached catalog and the library, and says so). Prints its address, which carries the library's token: open that one. The token is kept in the library, so the address (and a page left open) still works after a restart; --new-token replaces it, and the old address stops working. It listens on loopback unless --host says otherwise; every request needs the token and a Host that names this machine (loopback; with --host 0.0.0.0, also its own addresses and host name: it prints its address on the network too, with a QR code on a terminal with colours and at the end of the Today page, to open on a phone or another computer on the same Wi-Fi). Ctrl-C stops it; downloads it started stay queued and resume with `lessons download`.\n\nExample:\n  lessons ui --port 8090 --open":
            "Sirve páginas sobre la biblioteca (y el servidor configurado, para el catálogo; si no se llega al servidor muestra el catálogo guardado y la biblioteca, y lo dice). Imprime su dirección, que lleva el token de la biblioteca: abre esa. El token se guarda en la biblioteca, así que la dirección (y una página que quedó abierta) sigue funcionando tras reiniciar; --new-token lo sustituye, y la dirección anterior deja de funcionar. Escucha en loopback salvo que --host diga otra cosa; cada petición necesita el token y un Host que nombre esta máquina (loopback; con --host 0.0.0.0, también sus propias direcciones y su nombre: imprime también su dirección en la red, con un código QR en una terminal con colores y al final de la página Hoy, para abrirla en un teléfono u otro ordenador en la misma Wi-Fi). Ctrl-C la detiene; las descargas que empezó siguen en cola y continúan con `lessons download`.\n\nEjemplo:\n  lessons ui --port 8090 --open",
        "The Downloads screen as a local web app: browse the Shas, download, listen offline, manage storage.":
            "La pantalla de descargas como app web local: recorre el Shas, descarga, escucha sin conexión, administra el espacio.",
        "The address to listen on (loopback by default; anything else exposes the library to the network).":
            "La dirección en la que escuchar (loopback por defecto; cualquier otra expone la biblioteca a la red).",
        "Open the address in the default browser (xdg-open or open).":
            "Abre la dirección en el navegador predeterminado (xdg-open u open).",
        "The library is one folder holding a SQLite registry (the single source of truth) and the media files. Start with `lessons demo` for a tour on a temporary library, or run `lessons serve` in one terminal and point the other commands at it with --server.\n\nLibrary: --library DIR, else $LESSONS_LIBRARY, else $XDG_DATA_HOME/lessons, else ~/.local/share/lessons.\nServer:  --server URL, else $LESSONS_SERVER (the API base, e.g. http://127.0.0.1:8080/api/).\nToken:   --token T, else $LESSONS_TOKEN.\n\nExit codes: 0 success; 1 the operation ran but something failed; 2 bad usage or bad input; 3 the library or server could not be used at all; 130 stopped by Ctrl-C and 143 by SIGTERM (unfinished downloads stay queued); 141 the reader of the output went away (`lessons list | head`).":
            "La biblioteca es una carpeta con un registro SQLite (la única fuente de verdad) y los archivos de medios. Empieza con `lessons demo` para una visita sobre una biblioteca temporal, o ejecuta `lessons serve` en una terminal y apunta los otros comandos a él con --server.\n\nBiblioteca: --library DIR, si no $LESSONS_LIBRARY, si no $XDG_DATA_HOME/lessons, si no ~/.local/share/lessons.\nServidor:   --server URL, si no $LESSONS_SERVER (la base de la API, p. ej. http://127.0.0.1:8080/api/).\nToken:      --token T, si no $LESSONS_TOKEN.\n\nCódigos de salida: 0 éxito; 1 la operación se ejecutó pero algo falló; 2 uso o datos incorrectos; 3 no se pudo usar en absoluto la biblioteca o el servidor; 130 detenido con Ctrl-C y 143 con SIGTERM (las descargas sin terminar siguen en cola); 141 quien leía la salida se fue (`lessons list | head`).",
        "Keep an offline library of Talmud lessons (audio, video, PDF) in sync with a content server.":
            "Mantiene una biblioteca sin conexión de clases de Talmud (audio, vídeo, PDF) sincronizada con un servidor de contenidos.",
        "Default: $LESSONS_LIBRARY, else $XDG_DATA_HOME/lessons, else ~/.local/share/lessons.":
            "Por defecto: $LESSONS_LIBRARY, si no $XDG_DATA_HOME/lessons, si no ~/.local/share/lessons.",
        "Print one JSON document on stdout and nothing else there.":
            "Imprime un solo documento JSON en stdout y nada más ahí.",
        "No colour (also with NO_COLOR set, or when the output is not a terminal).":
            "Sin color (también con NO_COLOR definida o cuando la salida no es una terminal).",
        "Print no progress on stderr.":
            "No imprime progreso en stderr.",
        "The library folder.":
            "La carpeta de la biblioteca.",
        "The server's API base URL, e.g. http://127.0.0.1:8080/api/ (default: $LESSONS_SERVER).":
            "La URL base de la API del servidor, p. ej. http://127.0.0.1:8080/api/ (por defecto: $LESSONS_SERVER).",
        "The API token (default: $LESSONS_TOKEN).":
            "El token de la API (por defecto: $LESSONS_TOKEN).",
        "The media base URL for audio and PDF keys (default: $LESSONS_MEDIA_BASE, else the server's origin + /media/).":
            "La URL base de los medios para las claves de audio y PDF (por defecto: $LESSONS_MEDIA_BASE, si no el origen del servidor + /media/).",
        "A PEM file of certificates to trust besides the system's, for a server behind a private CA (default: $LESSONS_CA_FILE).":
            "Un archivo PEM de certificados en los que confiar además de los del sistema, para un servidor detrás de una CA privada (por defecto: $LESSONS_CA_FILE).",
        "Give each file's MD5 as its ETag, as S3 does, so that `lessons sync --verify` can check files (one pass over a file the first time it is asked for).":
            "Da como ETag de cada archivo su MD5, como hace S3, para que `lessons sync --verify` pueda comprobar archivos (una pasada por un archivo la primera vez que se pide).",

        "Show the queue, pause or resume it, cancel items in it.":
            "Muestra la cola, la pone en pausa o la reanuda, cancela elementos de ella.",
        "The queue is every item requested and not downloaded yet: queued, downloading (here or in another process) or failed, with the reason. A paused queue stays paused, for every process on the library, until it is resumed: downloads under way stop within a second, and a download started meanwhile registers what it is asked and waits.\n\nExamples:\n  lessons queue\n  lessons queue pause\n  lessons queue cancel gemara:berakhot:5-9\n  lessons queue resume && lessons download":
            "La cola es cada elemento pedido y aún no descargado: en cola, descargando (aquí o en otro proceso) o fallido, con el motivo. Una cola en pausa sigue en pausa, para todos los procesos de la biblioteca, hasta que se reanuda: las descargas en curso se detienen en un segundo, y una descarga empezada mientras tanto registra lo que se le pide y espera.\n\nEjemplos:\n  lessons queue\n  lessons queue pause\n  lessons queue cancel gemara:berakhot:5-9\n  lessons queue resume && lessons download",
        "List the queued, downloading and failed items, in the order they are taken.":
            "Lista los elementos en cola, descargando y fallidos, en el orden en que se toman.",
        "Pause the queue: no download starts until it is resumed.":
            "Pone la cola en pausa: ninguna descarga empieza hasta que se reanude.",
        "Let the queue go on; `lessons download` then fetches what waits.":
            "Deja seguir la cola; luego `lessons download` descarga lo que espera.",
        "Take items out of the queue: their downloads stop, and their partial files go.":
            "Saca elementos de la cola: sus descargas se detienen y sus archivos parciales se borran.",
        "Example: lessons queue cancel gemara:berakhot:5-9 --media video":
            "Ejemplo: lessons queue cancel gemara:berakhot:5-9 --media video",
        "Cancel only this medium: audio or video (the PDF goes with them).":
            "Cancela solo este medio: audio o video (el PDF se cancela con ellos).",
        "Today's daf of Daf Yomi, of Daf HaShavua or of your own pace, and the next one, with their state.":
            "El daf de hoy del Daf Yomi, del Daf HaShavua o de tu propio ritmo, y el siguiente, con su estado.",
        "The calendars are computed here, offline: Daf Yomi (a daf a day; the 14th cycle began on 5 January 2020), Daf HaShavua (a daf a week, Sunday to Shabbat) and your own pace, when a plan follows one. Each daf is looked up in the catalog (a listing not cached is fetched from the server); a daf the catalog has no lesson on, such as Shekalim of the Yerushalmi, is named and skipped. With plans followed (`lessons plan`), their calendars only. The day starts at local midnight (TZ is honoured).\n\nExamples: lessons today; lessons today --date 2027-06-08 --json":
            "Los calendarios se calculan aquí, sin conexión: Daf Yomi (un daf al día; el 14.º ciclo empezó el 5 de enero de 2020), Daf HaShavua (un daf a la semana, de domingo a Shabat) y tu propio ritmo, cuando un plan lo sigue. Cada daf se busca en el catálogo (una lista que no está guardada se pide al servidor); un daf del que el catálogo no tiene clase, como Shekalim del Yerushalmi, se nombra y se omite. Con planes que se siguen (`lessons plan`), solo sus calendarios. El día empieza a la medianoche local (se respeta TZ).\n\nEjemplos: lessons today; lessons today --date 2027-06-08 --json",
        "The day to show instead of today, as YYYY-MM-DD.":
            "El día que mostrar en lugar de hoy, como AAAA-MM-DD.",
    ]
}
