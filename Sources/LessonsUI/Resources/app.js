// lessons ui: posts the buttons' actions with this run's token, shows the live feed.
"use strict";
(function () {
  const token = document.querySelector('meta[name="lessons-token"]').content;
  const words = JSON.parse(document.body.dataset.words || "{}");
  const flash = document.getElementById("flash");

  function say(text) { flash.textContent = text; }

  async function post(path) {
    const response = await fetch(path, { method: "POST", headers: { "X-Lessons-Token": token } });
    let answer;
    try { answer = await response.json(); } catch (e) { answer = { ok: false, message: response.statusText }; }
    return answer;
  }

  document.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
    button.disabled = true;
    const answer = await post(button.dataset.action);
    say(answer.message);
    button.disabled = false;
    if (answer.reload) window.location.reload();
  });

  const refresh = document.getElementById("refresh");
  refresh.addEventListener("click", async () => {
    const label = refresh.textContent;
    refresh.textContent = refresh.dataset.busy;
    refresh.disabled = true;
    const answer = await post("/api/sync");
    refresh.textContent = label;
    refresh.disabled = false;
    const report = document.getElementById("refresh-report");
    report.hidden = false;
    report.replaceChildren();
    const head = document.createElement("p");
    head.textContent = (answer.ok ? words.refreshed + " " : "") + answer.message;
    report.appendChild(head);
    const list = document.createElement("ul");
    for (const action of answer.actions || []) {
      const item = document.createElement("li");
      item.textContent = [action.type, action.id, action.medium, action.action].filter((x) => x !== undefined && x !== null).join(" ") + ": " + action.reason;
      list.appendChild(item);
    }
    report.appendChild(list);
  });

  function bytes(n) {
    const units = ["B", "KB", "MB", "GB"];
    let value = n, unit = 0;
    while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit++; }
    return unit === 0 ? n + " B" : value.toFixed(value < 10 ? 1 : 0) + " " + units[unit];
  }

  function stateText(entry) {
    let text = words[entry.state] || entry.state;
    if (entry.state === "downloading" && entry.percent !== null && entry.percent !== undefined) text += " " + entry.percent + "%";
    if (entry.state === "failed" && entry.reason) text += ": " + entry.reason;
    return text;
  }

  function button(label, path) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.dataset.action = path;
    return b;
  }

  function show(entries) {
    const list = document.getElementById("live-list");
    document.getElementById("live-empty").hidden = entries.length > 0;
    list.replaceChildren();
    for (const entry of entries) {
      const item = document.createElement("li");
      item.dataset.key = entry.key;
      item.dataset.state = entry.state;
      const title = document.createElement("div");
      title.textContent = entry.lesson + " " + entry.medium + ": " + stateText(entry);
      item.appendChild(title);
      if (entry.state === "downloading" || entry.state === "queued") {
        const bar = document.createElement("progress");
        bar.max = 100;
        if (entry.percent !== null && entry.percent !== undefined) bar.value = entry.percent;
        item.appendChild(bar);
        const detail = document.createElement("div");
        const parts = [bytes(entry.received) + (entry.expected ? " / " + bytes(entry.expected) : "")];
        if (entry.bytesPerSecond) parts.push(words.rate + " " + bytes(entry.bytesPerSecond) + "/s");
        if (entry.secondsLeft !== null && entry.secondsLeft !== undefined) parts.push(words.timeLeft + " " + entry.secondsLeft + " s");
        detail.textContent = parts.join(" · ");
        item.appendChild(detail);
        if (entry.here) item.appendChild(button(words.cancel, "/api/cancel?key=" + encodeURIComponent(entry.key)));
      }
      if (entry.state === "failed") item.appendChild(button(words.retry, "/api/retry?key=" + encodeURIComponent(entry.key)));
      list.appendChild(item);
      for (const cell of document.querySelectorAll('td[data-key="' + entry.key + '"]')) {
        cell.textContent = stateText(entry);
        cell.dataset.state = entry.state;
        cell.className = "state state-" + entry.state;
      }
    }
  }

  if (window.EventSource) {
    const source = new EventSource("/events");
    source.onmessage = (message) => {
      try { show(JSON.parse(message.data)); } catch (e) { /* a malformed message is skipped */ }
    };
  }
})();
