// rt admin: the dashboard page. Live from `rt admin` (state, history and logs over server-sent events from /events),
// or from the snapshot an export embeds (id="rt-snapshot"), then read-only and offline.
(function () {
  "use strict";

  const WINDOW = 900; // seconds of history kept, as the runtime keeps them
  const MAX_LOG_ENTRIES = 20000;
  const SHOWN_LOG_ENTRIES = 500;
  const LEVELS = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };
  const COLOURS = ["#0a58a8", "#c2410c", "#15803d", "#7e22ce", "#be123c", "#0e7490", "#854d0e", "#4338ca", "#9d174d",
    "#166534", "#1d4ed8", "#b45309"];
  const CHARTS = [
    { key: "elu", title: "ELU (%)", scale: v => v * 100 },
    { key: "cpu", title: "CPU (% of all processors)", scale: v => v * 100 },
    { key: "heapUsed", title: "Heap used (MB)", scale: v => v / 1048576 },
    { key: "rss", title: "Resident memory (MB)", scale: v => v / 1048576 },
    { key: "requests", title: "Requests per second", scale: v => v },
    { key: "p99", title: "p99 latency (ms)", scale: v => v },
  ];

  const $ = id => document.getElementById(id);
  const snapshotElement = $("rt-snapshot");
  const snapshot = snapshotElement ? JSON.parse(snapshotElement.textContent) : null;
  const tokenMeta = document.querySelector('meta[name="rt-admin-token"]');
  const token = tokenMeta ? tokenMeta.content : "";

  let state = null;
  const history = { times: [], series: [], rows: new Map() }; // rows: "svc:N:pid" -> {service, worker, pid, data}
  let charts = [];
  let chartKeys = "";
  const logs = [];
  let firstLogIndex = null;
  let olderIndexes = null;
  let renderPending = false;
  const lastOf = new Map(); // "service:worker" -> its newest log entry
  const CONTINUATION = /^(\s+at \S|\s*Caused by: |\s+\.\.\. \d+ (more|common frames omitted)|\s*Suppressed: )/;

  // ---- formatting ----
  const text = (value) => (value === null || value === undefined ? "" : String(value));
  const fixed = (value, digits) => (value === null || value === undefined || Number.isNaN(value) ? "–" : value.toFixed(digits));
  const percent = (value) => (value === null || value === undefined ? "–" : (value * 100).toFixed(1) + " %");
  function bytes(value) {
    if (value === null || value === undefined) return "–";
    const mb = value / 1048576;
    return mb >= 1024 ? (mb / 1024).toFixed(2) + " GB" : mb.toFixed(1) + " MB";
  }
  function duration(seconds) {
    if (seconds === null || seconds === undefined) return "–";
    const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = Math.floor(seconds % 60);
    return h > 0 ? `${h}h ${m}m` : m > 0 ? `${m}m ${s}s` : `${s}s`;
  }
  const clock = (millis) => new Date(millis).toLocaleTimeString(undefined, { hour12: false }) + "." +
    String(millis % 1000).padStart(3, "0");
  function element(tag, attributes, ...children) {
    const node = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([name, value]) => {
      if (value === false || value === null || value === undefined) return;
      if (name === "onclick") node.addEventListener("click", value);
      else node.setAttribute(name, value === true ? "" : value);
    });
    children.flat().forEach(child => node.append(child instanceof Node ? child : text(child)));
    return node;
  }

  /**
   * Puts ROWS (each a tr with a data-key) into TBODY, keeping every row and cell that did not change: the tables are
   * drawn again every second, and a cell replaced under the keyboard's focus would lose it.
   */
  function reconcile(tbody, rows) {
    const existing = new Map([...tbody.children].map(row => [row.dataset.key, row]));
    rows.forEach((row, index) => {
      const old = existing.get(row.dataset.key);
      existing.delete(row.dataset.key);
      let target = row;
      if (old && old.children.length === row.children.length) {
        [...row.attributes].forEach(a => { if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value); });
        [...row.children].forEach((cell, i) => {
          const before = old.children[i];
          if (before.outerHTML !== cell.outerHTML) before.replaceWith(cell);
        });
        target = old;
      } else if (old) {
        old.remove();
      }
      if (tbody.children[index] !== target) tbody.insertBefore(target, tbody.children[index] || null);
    });
    existing.forEach(row => row.remove());
  }

  function say(message, error) {
    const status = $("status");
    status.textContent = message;
    status.className = error ? "error" : "";
  }

  // ---- talking to rt admin ----
  async function getJson(path) {
    const response = await fetch(path, { credentials: "same-origin" });
    const body = await response.json();
    if (!response.ok) throw new Error(body.message || response.statusText);
    return body;
  }

  function confirmAction(question) {
    const dialog = $("confirm");
    $("confirm-text").textContent = question;
    return new Promise(resolve => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
      dialog.returnValue = "cancel";
      dialog.showModal();
      $("confirm-cancel").focus();
    });
  }

  /** Asks first, then POSTs with the token in its header; says how it went. */
  async function act(question, path, body, done) {
    if (!(await confirmAction(question))) {
      say("Cancelled.");
      return;
    }
    say("Working: " + question.replace(/\?$/, "…"));
    try {
      const response = await fetch(path, {
        method: "POST", credentials: "same-origin",
        headers: { "X-RT-Admin-Token": token, "Content-Type": "application/json" },
        body: body === undefined ? "" : JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.message || response.statusText);
      say(done(answer) || "Done.");
    } catch (e) {
      say("Failed: " + e.message, true);
    }
  }

  function download(answer) {
    const link = element("a", { href: answer.download, download: answer.name });
    document.body.append(link);
    link.click();
    link.remove();
    return `Downloading ${answer.name} (${bytes(answer.bytes)}).`;
  }

  // ---- the tables ----
  function renderState() {
    if (!state) return;
    const runtime = state.runtime;
    $("rt-name").textContent = runtime.name || "(unnamed)";
    document.title = "rt admin: " + (runtime.name || "");
    const facts = [["Version", runtime.rtVersion], ["PID", runtime.pid], ["Uptime", duration(runtime.uptimeSeconds)],
      ["URL", runtime.url ? element("a", { href: runtime.url }, runtime.url) : "–"],
      ["Configuration", runtime.configFile || runtime.projectDir], ["Java", runtime.javaVersion]];
    $("runtime").replaceChildren(...facts.map(([name, value]) => element("div", {}, element("dt", {}, name), element("dd", {}, value))));
    renderServices();
    renderWorkers();
    renderScheduler();
    renderCache();
    fillLogFilters();
  }

  function services() {
    return state && state.services && state.services.services ? state.services.services : [];
  }

  function renderServices() {
    const entrypointUrl = state.runtime.url;
    reconcile($("services-body"), services().map(service => {
      const documents = [];
      // only these kinds answer /openapi-schema and /graphql-schema (a gateway's worker has neither)
      if (["service", "db"].includes(service.type)) {
        documents.push(element("a", { href: `/api/services/${encodeURIComponent(service.id)}/openapi`, target: "_blank" }, "OpenAPI"));
        documents.push(" ", element("a", { href: `/api/services/${encodeURIComponent(service.id)}/graphql`, target: "_blank" }, "GraphQL schema"));
        if (service.entrypoint && entrypointUrl) {
          documents.push(" ", element("a", { href: entrypointUrl + "/graphiql", target: "_blank" }, "GraphiQL"));
        }
      }
      return element("tr", { "data-key": service.id, "data-service": service.id },
        element("th", { scope: "row" }, service.id, service.entrypoint ? element("span", { class: "entrypoint", title: "the entrypoint: served publicly" }, "entrypoint") : ""),
        element("td", {}, service.type),
        element("td", { class: "number" }, service.workers),
        element("td", { class: "state state-" + service.status }, service.status),
        element("td", { class: "number" }, service.restarts),
        element("td", {}, documents),
        element("td", { class: "action" }, element("button", {
          type: "button", class: "danger", "data-action": "restart",
          onclick: () => act(`Restart every worker of ${service.id}, one at a time?`,
            `/api/services/${encodeURIComponent(service.id)}/restart`, undefined, () => `Restarted ${service.id}.`),
        }, "Restart…")));
    }));
  }

  /** The newest non-empty figure of each series of a worker's row. */
  function latest(service, worker, pid) {
    const row = history.rows.get(`${service}:${worker}:${pid}`);
    const values = {};
    history.series.forEach((name, s) => {
      values[name] = null;
      if (!row) return;
      for (let i = row.data[s].length - 1; i >= 0 && i >= row.data[s].length - 3; i--) {
        if (row.data[s][i] !== null) { values[name] = row.data[s][i]; break; }
      }
    });
    return values;
  }

  function renderWorkers() {
    const rows = [];
    services().forEach(service => (service.processes || []).forEach(process => {
      const values = latest(service.id, process.worker, process.pid);
      const label = `${service.id}:${process.worker}`;
      const status = process.unhealthy && process.status === "started" ? "unhealthy" : process.status;
      rows.push(element("tr", { "data-key": label, "data-worker": label, "data-pid": process.pid, "data-state": status },
        element("th", { scope: "row" }, label),
        element("td", { class: "number" }, process.pid),
        element("td", { class: "state state-" + status }, status),
        element("td", { class: "number" }, process.status === "spare" ? "–" : duration(process.uptimeSeconds)),
        element("td", { class: "number" }, percent(values.elu)),
        element("td", { class: "number" }, bytes(values.heapUsed) + " / " + bytes(values.heapTotal)),
        element("td", { class: "number" }, bytes(values.rss)),
        element("td", { class: "number" }, percent(values.cpu)),
        element("td", { class: "number" }, fixed(values.requests, 1)),
        element("td", { class: "number" }, fixed(values.p50, 2) + " / " + fixed(values.p99, 2) + " ms"),
        element("td", { class: "number" }, fixed(values.errors, 1)),
        element("td", { class: "action" }, process.status !== "started" ? "" : [
          element("button", { type: "button", "data-action": "heap-dump", onclick: () => act(
            `Take a heap dump of ${label} (pid ${process.pid})? The worker pauses while it is written.`,
            `/api/services/${encodeURIComponent(label)}/heap-dump`, undefined, download) }, "Heap dump…"),
          element("button", { type: "button", "data-action": "profile", onclick: () => act(
            `Record 10 seconds of JFR on ${label} (pid ${process.pid})?`,
            `/api/services/${encodeURIComponent(label)}/profile?durationMillis=10000`, undefined, download) }, "JFR 10 s…"),
        ])));
    }));
    reconcile($("workers-body"), rows);
  }

  function renderScheduler() {
    const jobs = state.scheduler && state.scheduler.jobs ? state.scheduler.jobs : [];
    const when = (iso) => (iso ? new Date(iso).toLocaleString() : "–");
    const button = (job, action, label) => element("button", { type: "button", "data-action": action, onclick: () => act(
      `${label} the job ${job.name}?`, `/api/scheduler/${encodeURIComponent(job.name)}/${action}`, undefined,
      answer => `${label}: ${job.name}` + (answer.job && answer.job.success !== undefined ? (answer.job.success ? " succeeded." : " failed.") : ".")) }, label + "…");
    reconcile($("scheduler-body"), jobs.length === 0
      ? [element("tr", { "data-key": "" }, element("td", { colspan: 7 }, "No scheduled jobs."))]
      : jobs.map(job => element("tr", { "data-key": job.name, "data-job": job.name },
        element("th", { scope: "row" }, job.name), element("td", {}, job.cron), element("td", {}, when(job.lastExecutedAt)),
        element("td", {}, job.lastStatus || "–"), element("td", {}, job.paused ? "–" : when(job.nextRunAt)),
        element("td", {}, job.paused ? "yes" : "no"),
        element("td", { class: "action" }, job.paused ? button(job, "resume", "Resume") : button(job, "pause", "Pause"),
          button(job, "run", "Run now")))));
  }

  function renderCache() {
    const cache = state.httpCache || {};
    const facts = !cache.enabled ? [["HTTP cache", "not configured (httpCache)"]] : [
      ["Hit ratio", cache.hits + cache.misses === 0 ? "–" : (100 * cache.hits / (cache.hits + cache.misses)).toFixed(1) + " %"],
      ["Hits", cache.hits], ["Misses", cache.misses], ["Entries", cache.entries], ["Size", bytes(cache.bytes)],
      ["Stored", cache.stored], ["Too large", cache.tooLarge]];
    $("cache-facts").replaceChildren(...facts.map(([name, value]) => element("div", {}, element("dt", {}, name), element("dd", {}, value))));
    $("invalidate").hidden = !cache.enabled;
  }

  // ---- history and charts ----
  /** Adds the columns of a /history answer (the whole window, or the seconds since the last). */
  function addHistory(answer) {
    if (!answer || answer.length === 0) return;
    history.series = answer.series;
    if (history.times.length === 0) history.times.push(answer.start);
    // the columns are consecutive seconds: add the missing ones up to the answer's newest, blank for every row
    for (let t = history.times[history.times.length - 1] + 1; t < answer.start + answer.length; t++) {
      history.times.push(t);
      history.rows.forEach(row => row.data.forEach(values => values.push(null)));
    }
    const first = history.times[0], total = history.times.length;
    answer.workers.forEach(worker => {
      const key = `${worker.service}:${worker.worker}:${worker.pid}`;
      let row = history.rows.get(key);
      if (!row) {
        row = { service: worker.service, worker: worker.worker, pid: worker.pid, data: answer.series.map(() => new Array(total).fill(null)) };
        history.rows.set(key, row);
      }
      worker.data.forEach((values, s) => values.forEach((value, i) => {
        const index = answer.start + i - first;
        if (index >= 0 && index < total) row.data[s][index] = value;
      }));
    });
    const excess = history.times.length - WINDOW;
    if (excess > 0) {
      history.times.splice(0, excess);
      history.rows.forEach(row => row.data.forEach(values => values.splice(0, excess)));
    }
    history.rows.forEach((row, key) => { if (row.data.every(values => values.every(v => v === null))) history.rows.delete(key); });
    $("charts").dataset.columns = history.times.length;
    drawCharts();
  }

  function drawCharts() {
    const keys = [...history.rows.keys()].sort();
    const grid = $("chart-grid");
    if (keys.join() !== chartKeys) {
      chartKeys = keys.join();
      charts.forEach(chart => chart.plot.destroy());
      grid.replaceChildren();
      charts = CHARTS.map(spec => {
        const box = element("figure", { class: "chart", "data-chart": spec.key }, element("h3", {}, spec.title));
        grid.append(box);
        const width = Math.max(320, box.clientWidth - 14);
        const plot = new uPlot({
          width, height: 200, legend: { live: false },
          scales: { x: { time: true } },
          series: [{}].concat(keys.map((key, i) => {
            const row = history.rows.get(key);
            return { label: `${row.service}:${row.worker}`, stroke: COLOURS[i % COLOURS.length], width: 1.5, spanGaps: false,
              points: { show: false } };
          })),
          axes: [{ stroke: "#1b1f24" }, { stroke: "#1b1f24", size: 56 }],
        }, chartData(spec, keys), box);
        box.setAttribute("aria-label", spec.title + " over the last 15 minutes, one line per worker");
        return { spec, plot };
      });
      return;
    }
    charts.forEach(chart => chart.plot.setData(chartData(chart.spec, keys)));
  }

  function chartData(spec, keys) {
    const s = history.series.indexOf(spec.key);
    return [history.times.slice()].concat(keys.map(key =>
      history.rows.get(key).data[s].map(v => (v === null ? null : spec.scale(v)))));
  }

  // ---- logs ----
  function addLog(line, atStart) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch (e) {
      entry = { level: 30, msg: line };
    }
    const message = entry.msg !== undefined ? entry.msg : entry.message !== undefined ? entry.message : JSON.stringify(entry);
    const record = { time: typeof entry.time === "number" ? entry.time : Date.parse(entry.time) || 0, level: entry.level || 30,
      name: entry.name || "", worker: entry.worker === undefined ? "" : String(entry.worker), message: text(message),
      received: Date.now() };
    const who = record.name + ":" + record.worker;
    const previous = atStart ? null : lastOf.get(who);
    if (previous && CONTINUATION.test(record.message) && record.time - previous.time < 5000) {
      // the rest of a stack trace the runtime handed on apart (it paused mid-trace): one entry, as written
      previous.message += "\n" + record.message;
      previous.level = Math.max(previous.level, record.level);
      scheduleLogRender();
      return;
    }
    if (!atStart) lastOf.set(who, record);
    if (atStart) logs.unshift(record); else logs.push(record);
    if (logs.length > MAX_LOG_ENTRIES) logs.splice(0, logs.length - MAX_LOG_ENTRIES);
    scheduleLogRender();
  }

  function scheduleLogRender() {
    if (renderPending) return;
    renderPending = true;
    setTimeout(() => { renderPending = false; renderLogs(); }, 100);
  }

  function renderLogs() {
    const service = $("log-service").value, worker = $("log-worker").value;
    const level = Number($("log-level").value), search = $("log-search").value.toLowerCase();
    const matching = logs.filter(entry => entry.level >= level && (!service || entry.name === (service === "(runtime)" ? "" : service))
      && (!worker || entry.worker === worker) && (!search || entry.message.toLowerCase().includes(search)));
    const shown = matching.slice(-SHOWN_LOG_ENTRIES);
    const list = $("log-list");
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren(...shown.map(entry => element("li", { class: /\n\s+at \S/.test(entry.message) ? "trace" : "",
      "data-time": entry.time, "data-received": entry.received },
      element("span", { class: "time" }, entry.time ? clock(entry.time) : ""),
      element("span", { class: "level level-" + entry.level }, LEVELS[entry.level] || entry.level),
      element("span", { class: "who" }, entry.name ? entry.name + (entry.worker !== "" ? ":" + entry.worker : "") : "rt"),
      element("pre", {}, entry.message))));
    if (atBottom) list.scrollTop = list.scrollHeight;
    $("log-count").textContent = `${shown.length} shown of ${matching.length} matching, ${logs.length} kept`;
  }

  function fillLogFilters() {
    const fill = (select, values) => {
      const current = select.value;
      const existing = [...select.options].map(o => o.value).slice(1).join();
      if (existing === values.join()) return;
      select.replaceChildren(element("option", { value: "" }, "all"), ...values.map(v => element("option", { value: v }, v)));
      select.value = values.includes(current) ? current : "";
    };
    fill($("log-service"), ["(runtime)"].concat(services().map(s => s.id)));
    const workers = new Set();
    services().forEach(s => (s.processes || []).forEach(p => workers.add(String(p.worker))));
    logs.forEach(entry => { if (entry.worker !== "") workers.add(entry.worker); });
    fill($("log-worker"), [...workers].sort((a, b) => a - b));
  }

  async function loadOlderLogs() {
    if (snapshot) return;
    try {
      if (olderIndexes === null) {
        const answer = await getJson("/api/logs/indexes");
        olderIndexes = answer.indexes.filter(i => firstLogIndex === null || i < firstLogIndex);
      }
      const index = olderIndexes.pop();
      if (index === undefined) {
        say("No older log file is kept.");
        $("log-older").disabled = true;
        return;
      }
      const response = await fetch(`/api/logs/${index}`, { credentials: "same-origin" });
      const lines = (await response.text()).split("\n").filter(line => line.trim() !== "");
      for (let i = lines.length - 1; i >= 0; i--) addLog(lines[i], true);
      say(`Loaded log file ${index} (${lines.length} entries).`);
    } catch (e) {
      say("Could not load older logs: " + e.message, true);
    }
  }

  // ---- wiring ----
  function wire() {
    ["log-service", "log-worker", "log-level"].forEach(id => $(id).addEventListener("change", renderLogs));
    $("log-search").addEventListener("input", scheduleLogRender);
    $("log-filters").addEventListener("submit", event => event.preventDefault());
    $("log-older").addEventListener("click", loadOlderLogs);
    $("reload").addEventListener("click", () => act("Reload the runtime? Every service stops, the configuration is read again and everything starts anew.",
      "/api/reload", undefined, () => "Reloading the runtime."));
    $("invalidate").addEventListener("submit", event => {
      event.preventDefault();
      const tags = $("invalidate-tags").value.split(",").map(t => t.trim()).filter(t => t);
      if (tags.length === 0) { say("Name one tag or more to invalidate.", true); return; }
      act(`Remove every cached response tagged ${tags.join(", ")}?`, "/api/http-cache/invalidate", { tags },
        () => `Invalidated ${tags.join(", ")}.`);
    });
    window.addEventListener("resize", () => { chartKeys = ""; drawCharts(); });
  }

  function follow() {
    const events = new EventSource("/events");
    events.addEventListener("hello", event => { firstLogIndex = JSON.parse(event.data).firstLogIndex; });
    events.addEventListener("log", event => addLog(event.data, false));
    events.addEventListener("history", event => { addHistory(JSON.parse(event.data)); renderWorkers(); });
    events.addEventListener("state", event => { state = JSON.parse(event.data); renderState(); });
    events.addEventListener("problem", event => say(JSON.parse(event.data).message, true));
    events.addEventListener("reloaded", () => {
      document.body.dataset.reloads = Number(document.body.dataset.reloads || 0) + 1;
      say("The runtime has reloaded: its services started anew.");
    });
    events.addEventListener("end", () => { say("The runtime has stopped.", true); events.close(); });
    events.onerror = () => { if (events.readyState === EventSource.CLOSED) say("Lost the connection to rt admin.", true); };
  }

  async function start() {
    wire();
    if (snapshot) {
      document.body.classList.add("exported");
      $("exported").hidden = false;
      $("exported").textContent = "Exported " + new Date(snapshot.exportedAt).toLocaleString() + " (a snapshot; nothing here is live)";
      state = snapshot.state;
      addHistory(snapshot.history);
      renderState();
      snapshot.logs.forEach(line => addLog(line, false));
      $("config-text").textContent = JSON.stringify(snapshot.config, null, 2);
      $("log-older").hidden = true;
      return;
    }
    try {
      state = await getJson("/api/state");
      addHistory(await getJson("/api/history"));
      renderState();
    } catch (e) {
      say("Could not read the runtime: " + e.message, true);
    }
    follow();
    getJson("/api/config").then(config => { $("config-text").textContent = JSON.stringify(config, null, 2); })
      .catch(e => { $("config-text").textContent = "Could not read the configuration: " + e.message; });
  }

  start();
})();
