// slitherasp in the browser: play, compose and solve on the scene the server draws.
// Playing needs no server round trip; check, hint, solve and composing ask the API.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const $ = (sel) => document.querySelector(sel);
const STATES = ["empty", "line", "cross"];

const app = {
  text: null,        // the puzzle as text (what the API reads)
  model: null,       // /api/open's answer: scene, edges, cells, clues, cell_edges, share
  clues: null,       // current clues (compose mode edits them)
  state: [],         // per edge: 0 empty, 1 line, 2 cross
  undo: [], redo: [],
  mode: "play",
  shade: false,
  started: 0,
  timer: null,
  pending: null,     // AbortController of the running request
};

function status(message) { $("[data-role=status]").textContent = message; }
function reason(message) { $("[data-role=reason]").textContent = message || ""; }

async function call(action, payload, { cancellable = false } = {}) {
  const control = new AbortController();
  if (cancellable) { app.pending = control; $("[data-action=cancel]").classList.remove("hidden"); }
  try {
    const response = await fetch(`/api/${action}`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload), signal: control.signal,
    });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
    return data;
  } finally {
    if (cancellable) { app.pending = null; $("[data-action=cancel]").classList.add("hidden"); }
  }
}

function puzzlePayload(extra = {}) {
  const payload = { puzzle: app.text, ...extra };
  if (app.mode === "compose" || app.edited) payload.clues = app.clues;
  return payload;
}

function pairs(state) {
  return app.model.edges.filter((_, e) => app.state[e] === state);
}

// -- opening ---------------------------------------------------------------------------
async function openText(text, { keepUrl = false } = {}) {
  status("Opening…");
  try {
    const model = await call("open", { puzzle: text });
    app.text = text; app.model = model; app.clues = model.clues.slice(); app.edited = false;
    app.state = new Array(model.edges.length).fill(0);
    app.undo = []; app.redo = [];
    restore();
    draw();
    fillFormats();
    startTimer();
    if (!keepUrl) history.replaceState(null, "", `?p=${encodeURIComponent(model.share)}`);
    status(`${model.cells.length} cells, ${model.edges.length} edges. Click an edge to draw.`);
  } catch (err) {
    status(err.message);
  }
}

function storageKey() { return `slitherasp:${app.model.share}`; }

function save() {
  if (!app.model) return;
  try {
    localStorage.setItem(storageKey(), JSON.stringify({ state: app.state, seconds: elapsed() }));
  } catch (err) { /* storage full or off: playing goes on */ }
}

function restore() {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey()) || "null");
    if (saved && saved.state && saved.state.length === app.state.length) {
      app.state = saved.state;
      app.started = Date.now() - 1000 * (saved.seconds || 0);
      return;
    }
  } catch (err) { /* a bad entry: start afresh */ }
  app.started = Date.now();
}

// -- drawing ---------------------------------------------------------------------------
function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function draw() {
  const scene = app.model.scene;
  const svg = el("svg", { viewBox: `0 0 ${scene.width} ${scene.height}`, role: "img" });
  const faces = el("g", {}, svg);
  for (const f of scene.faces) {
    const poly = el("polygon", {
      points: f.points.map((p) => p.join(",")).join(" "), class: "face", "data-face": f.cell,
    }, faces);
    poly.addEventListener("click", () => faceClicked(f.cell));
  }
  const grid = el("g", {}, svg);
  const marks = el("g", {}, svg);
  const hits = el("g", {}, svg);
  for (const e of scene.edges) {
    el("line", { x1: e.a[0], y1: e.a[1], x2: e.b[0], y2: e.b[1], class: "grid" }, grid);
    const g = el("g", { "data-edge": e.index, "data-state": "empty" }, marks);
    el("line", { x1: e.a[0], y1: e.a[1], x2: e.b[0], y2: e.b[1], class: "line hidden" }, g);
    const mx = (e.a[0] + e.b[0]) / 2, my = (e.a[1] + e.b[1]) / 2, d = 0.12;
    const cross = el("g", { class: "cross hidden" }, g);
    el("line", { x1: mx - d, y1: my - d, x2: mx + d, y2: my + d }, cross);
    el("line", { x1: mx - d, y1: my + d, x2: mx + d, y2: my - d }, cross);
    const hit = el("line", {
      x1: e.a[0], y1: e.a[1], x2: e.b[0], y2: e.b[1], class: "hit", "data-hit": e.index,
    }, hits);
    hit.addEventListener("click", (ev) => edgeClicked(e.index, ev.shiftKey ? "cross" : "cycle"));
    hit.addEventListener("contextmenu", (ev) => { ev.preventDefault(); edgeClicked(e.index, "cross"); });
  }
  const dots = el("g", {}, svg);
  for (const p of scene.dots) el("circle", { cx: p[0], cy: p[1], r: 0.05, class: "dot" }, dots);
  el("g", { id: "clues" }, svg);
  $("#board").replaceChildren(svg);
  drawClues();
  paint();
}

function drawClues() {
  const scene = app.model.scene;
  const group = $("#clues");
  group.replaceChildren();
  const centre = {};
  for (const t of scene.texts) if (t.kind === "clue" && t.cell !== null) centre[t.cell] = t;
  for (const f of scene.faces) {
    const k = app.clues[f.cell];
    if (k === null || k === undefined) continue;
    const at = centre[f.cell] ? centre[f.cell].at : polygonCentre(f.points);
    const size = centre[f.cell] ? centre[f.cell].size : scene.clue_size;
    const t = el("text", { x: at[0], y: at[1], "font-size": size, class: "clue", "data-clue": f.cell }, group);
    t.textContent = String(k);
  }
  for (const f of document.querySelectorAll("[data-face]")) f.classList.toggle("composing", app.mode === "compose");
}

function polygonCentre(points) {
  const n = points.length;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}

function paint() {
  for (const g of document.querySelectorAll("[data-edge]")) {
    const name = STATES[app.state[+g.dataset.edge]];
    g.dataset.state = name;
    g.querySelector(".line").classList.toggle("hidden", name !== "line");
    g.querySelector(".cross").classList.toggle("hidden", name !== "cross");
  }
  shade();
}

function shade() {
  const faces = document.querySelectorAll("[data-face]");
  faces.forEach((f) => f.classList.remove("inside"));
  if (!app.shade || !app.model) return;
  // faces on the other side of an odd number of lines from the outside are inside
  const cellEdges = app.model.cell_edges;
  const edgeCells = new Map();
  cellEdges.forEach((es, c) => es.forEach((e) => edgeCells.set(e, [...(edgeCells.get(e) || []), c])));
  const side = new Array(cellEdges.length).fill(null);
  const queue = [];
  edgeCells.forEach((cells, e) => { if (cells.length === 1 && side[cells[0]] === null) { side[cells[0]] = app.state[e] === 1 ? 1 : 0; queue.push(cells[0]); } });
  while (queue.length) {
    const c = queue.shift();
    for (const e of cellEdges[c]) for (const d of edgeCells.get(e)) {
      if (d !== c && side[d] === null) { side[d] = side[c] ^ (app.state[e] === 1 ? 1 : 0); queue.push(d); }
    }
  }
  faces.forEach((f) => f.classList.toggle("inside", side[+f.dataset.face] === 1));
}

function clearMarks() {
  document.querySelectorAll(".reason-edge,.settled-edge,.wrong-edge,.answer").forEach((n) => n.classList.remove("reason-edge", "settled-edge", "wrong-edge", "answer"));
  document.querySelectorAll(".face.reason").forEach((n) => n.classList.remove("reason"));
  document.querySelectorAll(".clue.reason,.clue.wrong").forEach((n) => n.classList.remove("reason", "wrong"));
  document.querySelectorAll(".forced").forEach((n) => n.remove());
  reason("");
}

// -- playing ---------------------------------------------------------------------------
function edgeClicked(e, how) {
  if (app.mode !== "play") return;
  const before = app.state[e];
  const after = how === "cross" ? (before === 2 ? 0 : 2) : (before + 1) % 3;
  setEdges([[e, after]]);
}

function setEdges(changes) {
  const undo = changes.map(([e]) => [e, app.state[e]]);
  for (const [e, s] of changes) app.state[e] = s;
  app.undo.push(undo); app.redo = [];
  clearMarks(); paint(); save();
}

function step(from, to) {
  const changes = from.pop();
  if (!changes) return;
  to.push(changes.map(([e]) => [e, app.state[e]]));
  for (const [e, s] of changes) app.state[e] = s;
  clearMarks(); paint(); save();
}

function index(pairsList) {
  const at = new Map(app.model.edges.map((p, e) => [p.join(","), e]));
  return pairsList.map((p) => at.get(p.join(",")) ?? at.get([p[1], p[0]].join(",")));
}

async function check() {
  try {
    const r = await call("check", puzzlePayload({ links: pairs(1) }));
    clearMarks();
    if (r.valid) { status("Solved! Every rule holds."); stopTimer(); return; }
    for (const v of r.violations) {
      if (v.vertex !== undefined) {
        app.model.edges.forEach((p, e) => { if (app.state[e] === 1 && p.includes(String(v.vertex))) markEdge(e, "wrong-edge"); });
      }
      if (v.cell !== undefined) document.querySelector(`[data-clue="${app.model.cells.indexOf(String(v.cell))}"]`)?.classList.add("wrong");
    }
    status(`${r.violations.length} problem${r.violations.length === 1 ? "" : "s"}: ${r.violations.slice(0, 3).map((v) => v.message).join("; ")}`);
  } catch (err) { status(err.message); }
}

function markEdge(e, cls) {
  const g = document.querySelector(`[data-edge="${e}"]`);
  if (!g) return;
  g.querySelector(".line").classList.add(cls);
  g.querySelectorAll(".cross line").forEach((n) => n.classList.add(cls));
}

async function hint() {
  try {
    status("Thinking…");
    const r = await call("hint", puzzlePayload({ links: pairs(1), non_links: pairs(2) }));
    clearMarks();
    const wrong = [...index(r.wrong.links), ...index(r.wrong.non_links)];
    if (wrong.length) {
      wrong.forEach((e) => markEdge(e, "wrong-edge"));
      status(`${wrong.length} mark${wrong.length === 1 ? " is" : "s are"} in no answer (in red).`);
      return;
    }
    if (r.solved) { status("Solved."); return; }
    if (!r.step) { status("No step follows from this board: the puzzle has more than one answer."); return; }
    showStep(r.step);
  } catch (err) { status(err.message); }
}

function showStep(s) {
  for (const e of index(s.reason.links)) markEdge(e, "reason-edge");
  for (const e of index(s.reason.non_links)) markEdge(e, "reason-edge");
  for (const name of s.reason.clues) {
    const c = app.model.cells.indexOf(String(name));
    document.querySelector(`[data-face="${c}"]`)?.classList.add("reason");
    document.querySelector(`[data-clue="${c}"]`)?.classList.add("reason");
  }
  const settle = [...index(s.settles.links).map((e) => [e, "line"]), ...index(s.settles.non_links).map((e) => [e, "cross"])];
  for (const [e, kind] of settle) {
    const g = document.querySelector(`[data-edge="${e}"]`);
    const ghost = el("line", { x1: 0, y1: 0, x2: 0, y2: 0, class: "forced settled-edge" }, g);
    const hit = document.querySelector(`[data-hit="${e}"]`);
    ["x1", "y1", "x2", "y2"].forEach((k) => ghost.setAttribute(k, hit.getAttribute(k)));
    if (kind === "cross") ghost.setAttribute("stroke-dasharray", "0.04 0.08");
  }
  const what = [s.settles.links.length && `${s.settles.links.length} line${s.settles.links.length > 1 ? "s" : ""}`,
    s.settles.non_links.length && `${s.settles.non_links.length} cross${s.settles.non_links.length > 1 ? "es" : ""}`].filter(Boolean).join(" and ");
  status(`Hint (${s.level}): ${what}, in green.`);
  const from = [s.reason.clues.length && `the clue${s.reason.clues.length > 1 ? "s" : ""} in orange`,
    (s.reason.links.length + s.reason.non_links.length) && "the marks in orange"].filter(Boolean).join(" and ") || "the rules alone";
  reason(`Why: ${from}, by ${s.reason.rules.join(", ")}.`);
}

async function solve() {
  try {
    status("Solving…");
    const r = await call("solve", puzzlePayload({ unique: true }), { cancellable: true });
    clearMarks();
    if (!r.links.length) { status(r.result === "UNSATISFIABLE" ? "No answer." : `No answer found (${r.result}).`); return; }
    const lines = new Set(index(r.links));
    setEdges(app.state.map((_, e) => [e, lines.has(e) ? 1 : 2]));
    lines.forEach((e) => markEdge(e, "answer"));
    status(r.unique ? "Solved: the answer is unique." : r.unique === false ? "Solved: there is more than one answer." : "Solved (uniqueness not proved in time).");
    stopTimer();
  } catch (err) { status(err.name === "AbortError" ? "Cancelled." : err.message); }
}

// -- composing -------------------------------------------------------------------------
let liveTimer = null;

function faceClicked(c) {
  if (app.mode !== "compose") return;
  const sides = app.model.cell_edges[c].length;
  const k = app.clues[c];
  app.clues[c] = k === null ? 0 : k >= sides ? null : k + 1;
  app.edited = true;
  drawClues();
  clearTimeout(liveTimer);
  liveTimer = setTimeout(live, 150);
}

async function live() {
  try {
    const r = await call("solve", puzzlePayload({ unique: true, forced: true }));
    clearMarks();
    const given = app.clues.filter((k) => k !== null).length;
    if (!r.links.length) { status(`${given} clues: no answer.`); return; }
    if (r.unique) {
      drawForced(index(r.links));
      status(`${given} clues: unique. The answer is dashed.`);
    } else if (r.forced) {
      drawForced(index(r.forced.links));
      status(`${given} clues: more than one answer. Dashed: the ${r.forced.links.length} lines every answer has.`);
    } else {
      status(`${given} clues: more than one answer.`);
    }
    updateShare();
  } catch (err) { status(err.message); }
}

function drawForced(edges) {
  for (const e of edges) {
    const hit = document.querySelector(`[data-hit="${e}"]`);
    const ghost = el("line", { class: "forced" }, document.querySelector(`[data-edge="${e}"]`));
    ["x1", "y1", "x2", "y2"].forEach((k) => ghost.setAttribute(k, hit.getAttribute(k)));
  }
}

async function second() {
  try {
    const r = await call("solve", puzzlePayload({ unique: true }));
    clearMarks();
    if (r.answers.length < 2) { status(r.answers.length ? "There is no second answer: unique." : "No answer."); return; }
    drawForced(index(r.answers[1]));
    status("A second answer, dashed.");
  } catch (err) { status(err.message); }
}

async function reduce() {
  try {
    status("Removing clues…");
    const r = await call("reduce", puzzlePayload(), { cancellable: true });
    app.clues = r.clues; app.edited = true;
    drawClues();
    await live();
  } catch (err) { status(err.message); }
}

async function grade() {
  try {
    const r = await call("grade", puzzlePayload());
    status(r.grade ? `Grade: ${r.human_grade} for a person (score ${r.human_score}), ${r.grade} for the solver.` : "No grade: the puzzle does not have exactly one answer.");
  } catch (err) { status(err.message); }
}

async function updateShare() {
  if (!app.edited) return;
  try {
    const r = await call("share", puzzlePayload());
    history.replaceState(null, "", `?p=${encodeURIComponent(r.text)}`);
  } catch (err) { /* keep the old link */ }
}

function setMode(mode) {
  app.mode = mode;
  document.querySelectorAll(".mode").forEach((b) => b.classList.toggle("on", b.dataset.action === mode));
  $("#play-bar").classList.toggle("hidden", mode !== "play");
  $("#compose-bar").classList.toggle("hidden", mode !== "compose");
  if (app.model) { drawClues(); clearMarks(); }
  status(mode === "compose" ? "Compose: click a face to set its clue (again for the next number)." : "Play: click an edge.");
}

// -- timer, share, export ----------------------------------------------------------------
function elapsed() { return Math.floor((Date.now() - app.started) / 1000); }
function startTimer() {
  clearInterval(app.timer);
  app.timer = setInterval(() => {
    const s = elapsed();
    $("[data-role=timer]").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }, 1000);
}
function stopTimer() { clearInterval(app.timer); save(); }

function fillFormats() {
  $("#format").replaceChildren(...app.model.formats.map((f) => new Option(f, f)));
}

async function share() {
  await updateShare();
  const link = location.href;
  $("#out").value = link;
  try { await navigator.clipboard.writeText(link); status("Link copied."); } catch (err) { status("Link below."); }
}

async function exportAs() {
  try { $("#out").value = (await call("convert", puzzlePayload({ to: $("#format").value }))).text; status(`Exported as ${$("#format").value}.`); } catch (err) { status(err.message); }
}

async function exportSvg() {
  try {
    const r = await call("render", puzzlePayload({ links: pairs(1), non_links: pairs(2), shade: app.shade }));
    const url = URL.createObjectURL(new Blob([r.svg], { type: "image/svg+xml" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: "puzzle.svg" });
    a.click(); URL.revokeObjectURL(url);
    status("SVG saved.");
  } catch (err) { status(err.message); }
}

async function generate(blank) {
  const payload = { tiling: $("#tiling").value, size: $("#size").value, seed: Math.floor(Math.random() * 1e6), difficulty: $("#difficulty").value };
  try {
    status(blank ? "Making a blank patch…" : "Generating… (Cancel stops it)");
    const r = await call(blank ? "tiling" : "generate", payload, { cancellable: true });
    await openText(r.puzzle);
    if (blank) setMode("compose");
    else status(`New puzzle: ${r.clues} clues, ${r.grade || "ungraded"} for a person` +
      (r.timed_out ? " (the time limit stopped the clue removal: some clues may be spare)." : "."));
  } catch (err) { status(err.name === "AbortError" ? "Cancelled." : err.message); }
}

// -- wiring ------------------------------------------------------------------------------
const ACTIONS = {
  undo: () => step(app.undo, app.redo), redo: () => step(app.redo, app.undo),
  clear: () => setEdges(app.state.map((_, e) => [e, 0])),
  check, hint, solve, reduce, second, grade, share,
  export: exportAs, svg: exportSvg,
  play: () => setMode("play"), compose: () => setMode("compose"),
  "clear-clues": () => { app.clues = app.clues.map(() => null); app.edited = true; drawClues(); live(); },
  open: () => openText($("#paste").value),
  generate: () => generate(false), blank: () => generate(true),
  cancel: () => app.pending && app.pending.abort(),
};

document.addEventListener("click", (ev) => {
  const button = ev.target.closest("button[data-action]");
  if (button && ACTIONS[button.dataset.action]) {
    if (!app.model && !["open", "generate", "blank", "cancel", "play", "compose"].includes(button.dataset.action)) return;
    ACTIONS[button.dataset.action]();
  }
});
$("[data-action=shade]").addEventListener("change", (ev) => { app.shade = ev.target.checked; shade(); });
$("#file").addEventListener("change", async (ev) => { const f = ev.target.files[0]; if (f) openText(await f.text()); });
document.addEventListener("keydown", (ev) => {
  if (ev.target.matches("textarea, input, select") || !app.model) return;
  const key = ev.key.toLowerCase();
  if ((ev.ctrlKey || ev.metaKey) && key === "z") { ev.preventDefault(); ACTIONS.undo(); return; }
  if ((ev.ctrlKey || ev.metaKey) && key === "y") { ev.preventDefault(); ACTIONS.redo(); return; }
  const keys = { u: "undo", r: "redo", c: "check", h: "hint", s: "solve" };
  if (!ev.ctrlKey && !ev.metaKey && keys[key]) ACTIONS[keys[key]]();
});

(async function start() {
  try {
    const t = await call("tilings", {});
    $("#tiling").replaceChildren(...t.tilings.map((name) => new Option(name, name, name === "square", name === "square")));
  } catch (err) { /* the list stays empty */ }
  const p = new URLSearchParams(location.search).get("p");
  if (p) await openText(p, { keepUrl: true });
})();
