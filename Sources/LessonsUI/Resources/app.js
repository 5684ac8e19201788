// lessons ui: posts the buttons' actions with the app's token, shows the live feed.
"use strict";
(function () {
  const token = document.querySelector('meta[name="lessons-token"]').content;
  const words = JSON.parse(document.body.dataset.words || "{}");
  const flash = document.getElementById("flash");

  // An action's message stands at the foot of the screen, wherever the page is scrolled to, until
  // it is tapped or a while has passed.
  let flashTimer = 0;
  function say(text) {
    flash.textContent = text;
    clearTimeout(flashTimer);
    if (text) flashTimer = setTimeout(() => { flash.textContent = ""; }, 12000);
  }
  flash.addEventListener("click", () => say(""));

  // An action's message outlives the reload that shows its result.
  function reloadSaying(text) {
    try { sessionStorage.setItem("lessons-flash", text || ""); } catch (e) { /* storage may be off */ }
    window.location.reload();
  }
  try {
    const kept = sessionStorage.getItem("lessons-flash");
    sessionStorage.removeItem("lessons-flash");
    if (kept) say(kept);
  } catch (e) { /* storage may be off */ }

  // The language switch comes back to the same place on the page.
  const here = location.pathname + location.search;
  document.getElementById("language").addEventListener("click", () => {
    try { sessionStorage.setItem("lessons-scroll", JSON.stringify({ here, y: window.scrollY })); } catch (e) { /* storage may be off */ }
  });
  try {
    const scroll = JSON.parse(sessionStorage.getItem("lessons-scroll") || "null");
    sessionStorage.removeItem("lessons-scroll");
    if (scroll && scroll.here === here) window.scrollTo(0, scroll.y);
  } catch (e) { /* storage may be off */ }

  // An action's answer; when the app does not answer at all, a sentence saying so (and the page
  // starts trying to reach it again).
  async function post(path) {
    let response;
    try {
      response = await fetch(path, { method: "POST", headers: { "X-Lessons-Token": token } });
    } catch (e) {
      connectionLost();
      return { ok: false, message: words.unsent, reload: false };
    }
    let answer;
    try { answer = await response.json(); } catch (e) { answer = { ok: false, message: response.statusText }; }
    return answer;
  }

  // The app itself stopped answering: said politely, then tried again with a growing wait
  // (1, 2, 4 … 30 s); once it answers, the page is shown again from it.
  const connection = document.getElementById("connection");
  let lost = false;
  let source = null;

  async function appAnswers() {
    try {
      await fetch("/favicon.ico", { cache: "no-store" });
      return true;
    } catch (e) {
      return false;
    }
  }

  function connectionLost() {
    if (lost) return;
    lost = true;
    if (source) source.close();
    tryAgain(0);
  }

  function tryAgain(attempt) {
    const seconds = Math.min(30, 2 ** attempt);
    connection.textContent = (words.connectionLost || "").replace("%s", String(seconds));
    setTimeout(async () => {
      if (await appAnswers()) {
        connection.textContent = words.connectionBack || "";
        window.location.reload();
      } else {
        tryAgain(attempt + 1);
      }
    }, seconds * 1000);
  }

  document.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
    button.disabled = true;
    const answer = await post(button.dataset.action);
    say(answer.message);
    button.disabled = false;
    if (answer.reload) reloadSaying(answer.message);
  });

  // A form that acts (a plan's settings): its fields go in the action's query, posted with the token.
  document.addEventListener("submit", async (event) => {
    const form = event.target.closest("form[data-action]");
    if (!form) return;
    event.preventDefault();
    // A space goes as %20: the server reads a "+" in a query as itself ("Bava Metzia 2").
    const query = new URLSearchParams(new FormData(form)).toString().replace(/\+/g, "%20");
    const submit = form.querySelector('button[type="submit"]');
    if (submit) submit.disabled = true;  // one tap, one request
    const answer = await post(form.dataset.action + (form.dataset.action.includes("?") ? "&" : "?") + query);
    if (submit) submit.disabled = false;
    // A refusal stands under the fields it is about, and the place to start is marked and focused.
    const problem = form.querySelector(".form-problem");
    const start = form.querySelector('input[name="from"]:not([type="hidden"])');
    if (problem) problem.textContent = answer.ok ? "" : answer.message || "";
    if (start) start.setAttribute("aria-invalid", answer.ok ? "false" : "true");
    if (!answer.ok && problem) {
      if (start) start.focus();
      return;
    }
    say(answer.message);
    if (answer.reload) reloadSaying(answer.message);
  });

  // The Downloads selection: a chapter's or a masechet's box checks its lessons; the form's
  // button asks what goes, confirms once naming it, and removes it all in one request.
  const selection = document.getElementById("selection");
  if (selection) {
    // Boxes a browser checks again on its own (back, reload) count as checked.
    const noteSelecting = () =>
      document.body.classList.toggle("selecting", selection.querySelector("input.pick:checked") !== null);
    window.addEventListener("pageshow", noteSelecting);
    selection.addEventListener("change", (event) => {
      const box = event.target;
      if (box.matches("input.pick[data-group]")) {
        for (const other of selection.querySelectorAll("input.pick")) {
          if ((other.dataset.in || "").split(" ").includes(box.dataset.group)) other.checked = box.checked;
        }
      }
      // With something checked, Remove selected stays in reach at the foot of the screen.
      noteSelecting();
    });
    selection.addEventListener("submit", async (event) => {
      event.preventDefault();
      const query = new URLSearchParams(new FormData(selection)).toString();
      let preview;
      try {
        preview = await (await fetch("/api/remove-preview?" + query, { headers: { "X-Lessons-Token": token } })).json();
      } catch (e) { preview = { ok: false, message: "" }; }
      if (!preview.ok) { say(preview.message); return; }
      if (!window.confirm(preview.message)) return;
      const answer = await post("/api/remove-selected?" + query);
      say(answer.message);
      if (answer.reload) reloadSaying(answer.message);
    });
  }

  const refresh = document.getElementById("refresh");
  refresh.addEventListener("click", async () => {
    const labels = [...refresh.querySelectorAll("span")];
    const idle = labels.map((label) => label.textContent);
    for (const label of labels) label.textContent = refresh.dataset.busy;
    refresh.disabled = true;
    const answer = await post("/api/sync");
    labels.forEach((label, i) => (label.textContent = idle[i]));
    refresh.disabled = false;
    const report = document.getElementById("refresh-report");
    report.hidden = false;
    report.replaceChildren();
    const head = document.createElement("p");
    const said = answer.message ? answer.message.charAt(0).toUpperCase() + answer.message.slice(1) : "";
    head.textContent = (answer.ok ? words.refreshed + " " : "") + said;
    report.appendChild(head);
    // Said at the foot of the screen too: the report at the top may be scrolled out of sight.
    say(head.textContent);
    const list = document.createElement("ul");
    for (const action of answer.actions || []) {
      const item = document.createElement("li");
      item.textContent = action.what + ": " + action.action + " — " + action.reason;
      list.appendChild(item);
    }
    report.appendChild(list);
  });

  // The live panel is a drawer on a phone: the header's button opens and closes it.
  const toggle = document.getElementById("live-toggle");
  toggle.addEventListener("click", () => {
    const open = document.body.classList.toggle("live-open");
    toggle.setAttribute("aria-expanded", String(open));
    // Opened, its heading shows just below the header (which stays at the top, whatever its height).
    if (open) {
      const top = document.getElementById("live").getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, Math.max(0, top - document.querySelector("header").offsetHeight - 8));
    }
  });

  // Sizes as the server writes them (UserLanguage.size): decimal units, the page's decimal mark.
  function bytes(n) {
    const units = ["B", "KB", "MB", "GB", "TB"];
    let value = n, unit = 0;
    while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit++; }
    if (unit === 0) return n + " B";
    return value.toFixed(value < 10 ? 1 : 0).replace(".", words.decimal || ".") + " " + units[unit];
  }

  function icon(name) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "icon");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", "#i-" + name);
    svg.appendChild(use);
    return svg;
  }

  function stateIcon(state) {
    if (state === "failed" || state === "missing" || state === "corrupt") return "failed";
    if (state === "removed") return "remove";
    return ["complete", "downloading", "queued"].includes(state) ? state : "not-requested";
  }

  // A queued item while the queue is paused reads "paused": the panel and the pages say the
  // queue is paused once, above.
  function stateText(entry) {
    let text = entry.waitsForResume ? words.paused : entry.waitsForServer ? words.waitsForServer : words[entry.state] || entry.state;
    if (entry.state === "downloading" && entry.percent !== null && entry.percent !== undefined) text += " " + entry.percent + "%";
    if (entry.state === "failed" && entry.reason) text += ": " + entry.reason;
    return text;
  }

  function button(label, name, iconName, path) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.action = path;
    b.setAttribute("aria-label", name);
    b.appendChild(icon(iconName));
    const text = document.createElement("span");
    text.textContent = label;
    b.appendChild(text);
    return b;
  }

  // A medium's state with its icon, as the server renders it.
  function stateContent(entry) {
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = stateText(entry);
    return [icon(stateIcon(entry.state)), label];
  }

  // A lesson whose audio or video just completed gets its Play link and Remove button at once,
  // as the page would render them.
  function offerPlay(entry) {
    const [type, id] = entry.key.split("/");
    const actions = document.querySelector("#lesson-" + type + "-" + id + " td.row-actions");
    if (!actions || actions.querySelector("a.play")) return;
    const play = document.createElement("a");
    play.href = "/play/" + type + "/" + id;
    play.className = "button play";
    play.setAttribute("aria-label", words.playNamed.replace("{}", entry.name));
    play.title = play.getAttribute("aria-label");
    play.appendChild(icon("play"));
    const label = document.createElement("span");
    label.textContent = words.play;
    play.appendChild(label);
    // Where a page shows it: before the history link, so that no button moves under a thumb.
    const history = actions.querySelector("a.history");
    const box = history ? history.parentElement : actions.querySelector(".actions") || actions;
    box.insertBefore(play, history);
    if (!actions.querySelector('button[data-action^="/api/remove"]')) {
      const remove = button(words.remove, words.removeNamed.replace("{}", entry.name), "remove", "/api/remove?lesson=" + type + "/" + id);
      remove.classList.add("action");
      remove.title = remove.getAttribute("aria-label");
      remove.dataset.confirm = words.removeConfirmNamed.replace("{}", entry.name);
      box.appendChild(remove);
    }
  }

  let lastSummary = "";
  let summarised = false;

  // The Queue page follows the downloads: when the live counts change, its list is read again
  // from the app (at most every 2 s), so that what finished leaves it and what was asked elsewhere
  // joins it; not while a control of the list has the keyboard's focus.
  let queueRead = 0;
  function followQueue() {
    const page = document.getElementById("queue-page");
    if (!page || queueRead) return;
    queueRead = setTimeout(async () => {
      queueRead = 0;
      if (page.contains(document.activeElement) && document.activeElement !== document.body) return followQueue();
      try {
        const response = await fetch(location.href, { cache: "no-store" });
        if (!response.ok) return;
        const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("queue-page");
        if (fresh) page.replaceChildren(...fresh.childNodes);
      } catch (e) { /* the live feed says when the app is gone */ }
    }, 2000);
  }

  // The panel's rows: items complete, or queued with nothing received, of one lesson and said
  // alike, share one ("Berakhot 5 audio, PDF: paused"), so that a long queue reads a line a lesson.
  function rows(entries) {
    const rows = [];
    const shared = new Map();
    for (const entry of entries) {
      const lesson = entry.key.slice(0, entry.key.lastIndexOf("/"));
      const plain = entry.state === "complete" || (entry.state === "queued" && !(entry.received > 0));
      const together = lesson + " " + stateText(entry);
      if (plain && shared.has(together)) { shared.get(together).entries.push(entry); continue; }
      const row = { entries: [entry] };
      if (plain) shared.set(together, row);
      rows.push(row);
    }
    return rows;
  }

  // While the queue is paused: said once, above the items, with the way to resume it (hidden on a
  // page that says it itself).
  function pausedNote(entries) {
    if (!entries.some((e) => e.waitsForResume)) return [];
    const note = document.createElement("li");
    note.id = "live-paused";
    const text = document.createElement("span");
    text.textContent = words.queuePaused;
    note.append(text, button(words.resumeAll, words.resumeAll, "retry", "/api/queue/resume"));
    return [note];
  }

  function show(entries) {
    const list = document.getElementById("live-list");
    document.getElementById("live-empty").hidden = entries.length > 0;
    list.replaceChildren(...pausedNote(entries));
    const counts = {};
    for (const entry of entries) counts[entry.state] = (counts[entry.state] || 0) + 1;
    for (const row of rows(entries)) {
      const entry = row.entries[0];
      const media = row.entries.map((e) => words[e.medium] || e.medium).join(", ");
      const what = entry.name + " " + media;
      const item = document.createElement("li");
      item.dataset.keys = row.entries.map((e) => e.key).join(" ");
      if (row.entries.length === 1) item.dataset.key = entry.key;
      item.dataset.state = entry.state;
      item.className = "state-" + entry.state;
      const title = document.createElement("div");
      title.className = "title";
      const text = document.createElement("span");
      text.textContent = what + ": " + stateText(entry);
      title.append(icon(stateIcon(entry.state)), text);
      item.appendChild(title);
      if (entry.state === "downloading" || (entry.state === "queued" && !entry.waitsForServer)) {
        // A queued item has a bar only when an earlier attempt left part of it.
        if (entry.state === "downloading" || entry.received > 0) {
          const bar = document.createElement("progress");
          bar.max = 100;
          bar.setAttribute("aria-label", words.progress + " " + what);
          if (entry.percent !== null && entry.percent !== undefined) bar.value = entry.percent;
          item.appendChild(bar);
          const detail = document.createElement("div");
          const parts = [bytes(entry.received) + (entry.expected ? " / " + bytes(entry.expected) : "")];
          if (entry.bytesPerSecond) parts.push(words.rate + " " + bytes(entry.bytesPerSecond) + "/s");
          if (entry.secondsLeft !== null && entry.secondsLeft !== undefined) parts.push(words.timeLeft + " " + entry.secondsLeft + " s");
          detail.textContent = parts.join(" · ");
          item.appendChild(detail);
        }
        // Cancel beside the name of an item that has no bar: one line an item in a long queue.
        const under = item.querySelector("progress") ? item : title;
        // The line's own items, those of this app: not the lesson's others, shown on lines of their own.
        const mine = row.entries.filter((e) => e.here).map((e) => "key=" + encodeURIComponent(e.key));
        if (mine.length) under.appendChild(button(words.cancel, words.cancel + " " + what, "cancel", "/api/cancel?" + mine.join("&")));
      }
      if (entry.state === "failed") item.appendChild(button(words.retry, words.retry + " " + what, "retry", "/api/retry?key=" + encodeURIComponent(entry.key)));
      list.appendChild(item);
    }
    for (const entry of entries) {
      if (entry.state === "complete" && entry.medium !== "text") offerPlay(entry);
      for (const cell of document.querySelectorAll('td[data-key="' + entry.key + '"]')) {
        cell.replaceChildren(...stateContent(entry));
        cell.dataset.state = entry.state;
        cell.className = "state state-" + entry.state + (entry.waitsForServer ? " waits" : "");
      }
    }
    // The header counts what is under way: not what waits for the queue to be resumed.
    const active = (counts.downloading || 0) + entries.filter((e) => e.state === "queued" && !e.waitsForResume).length;
    document.getElementById("live-count").textContent = active > 0 ? String(active) : "";
    // Said politely, and only when the counts change (not at every percent).
    const summary = ["downloading", "queued", "complete", "failed"].filter((s) => counts[s]).map((s) => counts[s] + " " + words[s]).join(", ");
    if (summary !== lastSummary || !summarised) {
      // The first summary is the page's own; every change after it is followed.
      if (summarised) followQueue();
      summarised = true;
      lastSummary = summary;
      document.getElementById("live-status").textContent = summary ? words.live + ": " + summary : "";
    }
  }

  // The player: opens where the lesson was left, and saves the position every 5 s while
  // playing, on pause and seek, and when the page is left (a keepalive request outlives it).
  // A PDF viewer may take the focus as its frame loads, scrolling the page down to it: until the
  // reader moves, the player's page stays at its top (title, way back, controls).
  const pdfFrame = document.getElementById("pdf");
  if (pdfFrame) {
    let moved = false;
    for (const type of ["wheel", "touchstart", "keydown", "mousedown"]) {
      window.addEventListener(type, () => { moved = true; }, { once: true, passive: true });
    }
    const back = () => { if (!moved && window.scrollY > 0) window.scrollTo(0, 0); };
    pdfFrame.addEventListener("load", () => { back(); setTimeout(back, 300); setTimeout(back, 1000); });
    window.addEventListener("blur", () => setTimeout(back, 0));  // the focus went into the frame
    // A viewer slow to start (a busy phone) scrolls later: for its first 10 s, undone at once.
    const until = Date.now() + 10000;
    window.addEventListener("scroll", () => { if (Date.now() < until) back(); }, { passive: true });
  }

  const player = document.getElementById("player");
  if (player) {
    const start = parseFloat(player.dataset.start || "0") || 0;
    let resumed = false;
    let saved = start;
    let sentAt = 0;
    const resume = () => {
      if (start > 0 && player.currentTime < 1) player.currentTime = isFinite(player.duration) ? Math.min(start, player.duration) : start;
      resumed = true;
    };
    if (player.readyState >= 1) resume(); else player.addEventListener("loadedmetadata", resume, { once: true });
    // A file the browser cannot play is said, with the way to its history (and a download again):
    // that History button then stands for the one below the controls.
    const problem = document.getElementById("player-problem");
    const sayProblem = () => {
      if (!problem) return;
      problem.hidden = false;
      const other = document.querySelector(".links a.history");
      if (other) other.hidden = true;
    };
    player.addEventListener("error", sayProblem);
    if (player.error) sayProblem();

    const save = (leaving) => {
      const position = player.currentTime;
      if (!resumed || !isFinite(position) || Math.abs(position - saved) < 0.25) return;
      saved = position;
      sentAt = Date.now();
      const duration = isFinite(player.duration) ? player.duration : 0;
      const path = "/api/playback?lesson=" + encodeURIComponent(player.dataset.lesson) + "&medium=" + encodeURIComponent(player.dataset.medium) +
        "&position=" + position.toFixed(3) + "&duration=" + duration.toFixed(3);
      fetch(path, { method: "POST", headers: { "X-Lessons-Token": token }, keepalive: leaving, credentials: "same-origin" }).catch(() => {});
    };
    player.addEventListener("timeupdate", () => { if (!player.paused && Date.now() - sentAt >= 5000) save(false); });
    player.addEventListener("pause", () => save(false));
    player.addEventListener("seeked", () => { if (player.paused) save(false); });
    window.addEventListener("pagehide", () => save(true));
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") save(true); });

    for (const b of document.querySelectorAll("button[data-skip]")) {
      b.addEventListener("click", () => {
        const to = player.currentTime + parseFloat(b.dataset.skip);
        player.currentTime = Math.max(0, isFinite(player.duration) ? Math.min(to, player.duration) : to);
      });
    }
    const speeds = document.querySelectorAll("button[data-rate]");
    const setRate = (rate) => {
      player.playbackRate = rate;
      player.defaultPlaybackRate = rate;
      for (const b of speeds) b.setAttribute("aria-pressed", String(parseFloat(b.dataset.rate) === rate));
    };
    for (const b of speeds) {
      b.addEventListener("click", () => {
        const rate = parseFloat(b.dataset.rate);
        setRate(rate);
        try { localStorage.setItem("lessons-rate", String(rate)); } catch (e) { /* storage may be off */ }
      });
    }
    let kept = NaN;
    try { kept = parseFloat(localStorage.getItem("lessons-rate")); } catch (e) { /* storage may be off */ }
    if ([...speeds].some((b) => parseFloat(b.dataset.rate) === kept)) setRate(kept);
  }

  if (window.EventSource) {
    source = new EventSource("/events");
    source.onmessage = (message) => {
      try { show(JSON.parse(message.data)); } catch (e) { /* a malformed message is skipped */ }
    };
    // The content server's status: the banner comes and goes with it.
    source.addEventListener("server", (message) => {
      let status;
      try { status = JSON.parse(message.data); } catch (e) { return; }
      const banner = document.getElementById("offline");
      if (status.offline && !banner) document.getElementById("refresh-report").insertAdjacentHTML("afterend", status.banner);
      if (!status.offline && banner) banner.remove();
    });
    // Whether the queue is paused, here or elsewhere: the banner comes and goes with it (the
    // Queue page has its own notice, read again with its list; the player has none).
    source.addEventListener("queue", (message) => {
      let status;
      try { status = JSON.parse(message.data); } catch (e) { return; }
      const banner = document.getElementById("paused-banner");
      const own = location.pathname.startsWith("/queue") || location.pathname.startsWith("/play/");
      if (status.paused && !banner && !own) {
        (document.getElementById("offline") || document.getElementById("refresh-report")).insertAdjacentHTML("afterend", status.banner);
      }
      if (!status.paused && banner) banner.remove();
      followQueue();  // the Queue page says the pause in its own notice
    });
    // The stream also ends when its lifetime is over: only an app that does not answer is lost.
    source.onerror = async () => {
      if (!lost && !(await appAnswers())) connectionLost();
    };
  }
})();
