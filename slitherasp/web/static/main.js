// slitherasp in the browser: the page's buttons, settings and start. Playing never waits
// for the server (the rules run in the page); hints, answers, grades and new puzzles ask it.
// The first board needs no Python: the board kept from the last visit, or on the static
// site one of its ready puzzles, is drawn at once, and Python starts behind it.

import { board, fit, isZoomed, setView, zoomAt } from "./board.js";
import { BACKEND } from "./config.js";
import { chooseVariant, clearClues, grade, reduce, second, setMode, updateShare } from "./compose.js";
import { openDaily, openYesterday } from "./daily.js";
import { waiting, watchPython } from "./engine.js";
import { ahead, choices, foresee, generate, known, makeAhead, ruleChosen, tilingChosen } from "./generate.js";
import { attachKeys, cursor } from "./keys.js";
import {
  check, clearBoard, feedback, fillLines, hint, openText, pairs, pause, puzzlePayload, repaint, saveNow, showPuzzle, solve,
  step, timer,
} from "./play.js";
import { attach, input } from "./pointer.js";
import { python, started, warm } from "./pyworker.js";
import { firstChoice, readyPuzzle, tilingNames, usualSizes } from "./ready.js";
import { CROSS, LINE } from "./rules.js";
import { call, cancel, failed, isCancelled, status, working } from "./server.js";
import { $, $$, app, changeSetting, keptBoard, lastPlayed, loadSettings, remember, remembered, settings } from "./state.js";
import { clearStats, exportStats, importStats, keepStats } from "./stats.js";
import { acceptTrial, discardTrial, showTrials, startTrial } from "./trial.js";

async function share() {
  if (app.edited && waiting()) status(`Share: ${waiting()}`); // a composed puzzle's link is written by Python
  await updateShare();
  $("#out").value = location.href;
  try { await navigator.clipboard.writeText(location.href); status("Link copied."); } catch (err) { status("The link is below."); }
}

async function exportAs() {
  try {
    $("#out").value = (await working("Writing it", "convert", puzzlePayload({ to: $("#format").value }))).text;
    status(`Written as ${$("#format").value}, below.`);
  } catch (err) { failed(err); }
}

async function exportSvg() {
  try {
    const r = await working("Drawing it", "render", puzzlePayload({ links: pairs(LINE), non_links: pairs(CROSS), shade: settings.shade }));
    const url = URL.createObjectURL(new Blob([r.svg], { type: "image/svg+xml" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: "puzzle.svg" });
    a.click();
    URL.revokeObjectURL(url);
    status("Drawing saved as puzzle.svg.");
  } catch (err) { failed(err); }
}

// A page to print as PDF, laid out as `slitherasp book` lays it out (the server needs its print extra).
async function printPdf() {
  if (BACKEND === "worker") {  // fpdf2 needs Pillow, which Pyodide's core lacks
    status("The page in your browser makes no PDF pages; Print prints the board from your browser "
      + "('slitherasp book' makes printed pages and books where slitherasp is installed).");
    return;
  }
  const paper = /^en-(US|CA)$/.test(navigator.language) ? "letter" : "a4";
  try {
    const r = await working("Making a page to print", "print", puzzlePayload({ paper }));
    const bytes = Uint8Array.from(atob(r.pdf), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    Object.assign(document.createElement("a"), { href: url, download: "puzzle.pdf" }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    status("Saved as puzzle.pdf: a page to print and solve with a pen.");
  } catch (err) {
    if (isCancelled(err)) status("Cancelled.");
    else if (/fpdf2/.test(err.message)) {
      // the server's own advice, which names where it was installed from ('.[print]' in a clone)
      const how = (err.message.match(/pip install '[^']*\[print\]'/) || ["pip install 'slitherasp[print]'"])[0];
      status(`This server cannot make PDF pages: it lacks its print part (whoever runs it can add it with ${how}). `
        + "The Print button prints the board from your browser.");
    } else failed(err);
  }
}

async function open(text) {
  if (!text.trim()) { status("Paste a puzzle into the box first."); return; }
  try { await openText(text); afterOpen(); } catch (err) { if (isCancelled(err)) status("Cancelled."); else failed(err); }
}

function afterOpen() {
  cursor.place = null;
  setMode(app.mode, true);
}

function zoomButton(factor) {
  if (!board.svg) return;
  const box = board.svg.getBoundingClientRect();
  zoomAt(box.left + box.width / 2, box.top + box.height / 2, factor);
}

function toggleCrosses() {
  input.crossMode = !input.crossMode;
  $("[data-action=crosses]").setAttribute("aria-pressed", String(input.crossMode));
  $("[data-action=crosses]").classList.toggle("on", input.crossMode);
}

const newPuzzle = () => generate(false).then((opened) => opened && afterOpen());

const ACTIONS = {
  undo: () => { step(app.undo, app.redo); showTrials(); }, redo: () => { step(app.redo, app.undo); showTrials(); },
  clear: clearBoard, check, hint, solve, pause, reduce, second, grade, share,
  export: exportAs, svg: exportSvg, print: () => window.print(), pdf: printPdf,
  play: () => setMode("play"), compose: () => setMode("compose"),
  "clear-clues": clearClues, crosses: toggleCrosses,
  "zoom-in": () => zoomButton(1.25), "zoom-out": () => zoomButton(0.8), fit: () => board.svg && fit(),
  open: () => open($("#paste").value),
  generate: newPuzzle, new: newPuzzle, blank: () => generate(true),
  daily: () => openDaily().then((opened) => opened && afterOpen()),
  yesterday: () => openYesterday().then((opened) => opened && afterOpen()),
  trial: startTrial, accept: acceptTrial, discard: discardTrial, fill: fillLines,
  "stats-export": exportStats, "stats-clear": clearStats,
  cancel,
};
const WITHOUT_A_BOARD = new Set(["open", "generate", "new", "blank", "cancel", "play", "compose", "print", "daily",
  "yesterday", "stats-export", "stats-clear"]);

document.addEventListener("click", (ev) => {
  const button = ev.target.closest("button[data-action]");
  if (!button || !ACTIONS[button.dataset.action]) return;
  if (!app.model && !WITHOUT_A_BOARD.has(button.dataset.action)) return;
  ACTIONS[button.dataset.action]();
});

// -- settings ------------------------------------------------------------------------------------
function showSettings() {
  for (const control of $$("[data-setting]")) {
    const value = settings[control.dataset.setting];
    if (control.type === "checkbox") control.checked = value; else control.value = String(value);
  }
}

for (const control of $$("[data-setting]")) {
  control.addEventListener(control.type === "range" ? "input" : "change", () => {
    const value = control.type === "checkbox" ? control.checked : control.type === "range" ? +control.value : control.value;
    changeSetting(control.dataset.setting, value);
    if (app.model) feedback({ quiet: true });
  });
}

// How to play is open, on a first visit too, until the player closes it (then closed on later visits).
function keepHelp() {
  const help = $("details.help");
  help.open = remembered("help") !== "closed";
  help.addEventListener("toggle", () => remember("help", help.open ? "open" : "closed"));
}

// The New panel says, as its choices change, whether they would take longer to generate than the time limit.
function watchChoices() {
  let soon = null;
  const later = () => { clearTimeout(soon); soon = setTimeout(foresee, 250); };
  $("#size").addEventListener("input", later);
  $("#tiling").addEventListener("change", () => { tilingChosen(); later(); });
  $("#difficulty").addEventListener("change", later);
  $("#variant").addEventListener("change", () => { chooseVariant($("#variant").value); ruleChosen(); later(); });
  ruleChosen();
}

/** The tilings in the New panel: the site knows them before Python, the server answers them. */
function fillTilings() {
  const fill = (names) => $("#tiling").replaceChildren(...names.map((n) => new Option(n, n, n === "square", n === "square")));
  const names = tilingNames();
  if (names) { fill(names); return; }
  call("tilings", {}).then((t) => { fill(t.tilings); known.sizes = t.sizes || null; })
    .catch(() => { /* the list stays empty: Generate uses square */ });
}

// The board as tall as the window leaves it under the status, however many lines the status takes.
function watchStatus() {
  const line = $(".status-line");
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--status-h", `${line.getBoundingClientRect().height}px`);
    if (board.svg && !isZoomed()) fit();
  }).observe(line);
}

// -- start ---------------------------------------------------------------------------------------
$("#file").addEventListener("change", async (ev) => { const f = ev.target.files[0]; if (f) open(await f.text()); });
$("#stats-file").addEventListener("change", async (ev) => {
  const f = ev.target.files[0];
  if (f) await importStats(f);
  ev.target.value = "";
});
window.addEventListener("pagehide", saveNow);
window.addEventListener("resize", () => { if (board.svg && !isZoomed()) fit(); });
window.addEventListener("beforeprint", () => { // the whole board, as large as the paper allows
  if (board.svg) { board.before = board.view; setView({ x: 0, y: 0, w: app.model.scene.width, h: app.model.scene.height }); }
});
window.addEventListener("afterprint", () => { if (board.svg && board.before) setView(board.before); });
window.slitherasp = { app, cursor, repaint, timer, python, ahead }; // for the tests, the benchmarks and the curious

/** A shared puzzle (or the one last played): at once if this browser kept its board, else
 *  as soon as Python has read it. */
async function openShared(text, keepUrl) {
  const kept = keptBoard(text);
  if (kept) showPuzzle(kept.text, kept.model, { keepUrl });
  else await openText(text, { keepUrl, label: "Opening the puzzle" });
}

/** A first visit's board: one of the site's ready puzzles, or one the server makes. */
async function fresh() {
  const first = firstChoice(), sizes = usualSizes();
  const ready = first && await readyPuzzle(first.tiling, first.level, sizes[first.tiling], { first: true });
  const meta = { tiling: "square", size: "7x7", level: "normal" };
  if (ready) showPuzzle(ready.text, ready.model, { meta: { ...meta, level: ready.grade } });
  else {
    const r = await working("Making a puzzle for you", "generate",
      { tiling: "square", size: "7x7", difficulty: "normal", seed: Math.floor(Math.random() * 1e6), open: true });
    showPuzzle(r.puzzle, r.model, { meta: { ...meta, level: r.grade } });
  }
  status("A new 7x7 puzzle, like Loopy's Normal. Drag along the edges to draw the loop.");
}

/** After the first board is on screen: the offline copy (the static site, once Python
 *  has started) and a puzzle made ahead for New, behind it. */
function behind() {
  if (BACKEND === "worker") {
    const offline = () => "serviceWorker" in navigator && navigator.serviceWorker.register("sw.js").catch(() => {
      /* no offline copy: the page still plays online */
    });
    started().then(offline, offline);
    started().then(() => setTimeout(() => makeAhead(choices()), 3000), () => {});
  } else makeAhead(choices());
}

(async function start() {
  loadSettings();
  showSettings();
  keepHelp();
  fillTilings();
  watchChoices();
  watchStatus();
  watchPython();
  keepStats();
  attach($("#board"));
  attachKeys(ACTIONS);
  const params = new URLSearchParams(location.search), p = params.get("p"), daily = params.get("daily");
  const last = lastPlayed();
  if (BACKEND === "worker") warm(); // Python starts in its worker (another thread) while the board is drawn
  try {
    if (daily) await openDaily({ date: daily, tiling: params.get("tiling"), level: params.get("level") });
    else if (p) await openShared(p, true);
    else if (last) await openShared(last, false);
    else await fresh();
  } catch (err) {
    failed(err);
    if (!p && last) { try { await fresh(); } catch (again) { failed(again); } }
  }
  if (app.model) afterOpen();
  window.slitherasp.firstBoard = { at: performance.now(), python: python.state }; // whether it waited for Python
  requestAnimationFrame(() => setTimeout(behind, 0)); // once the board is painted
})();
