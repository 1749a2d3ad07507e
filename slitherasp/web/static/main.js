// slitherasp in the browser: the page's buttons, settings and start. Playing never waits
// for the server (the rules run in the page); hints, answers, grades and new puzzles ask it.

import { board, fit, isZoomed, setView, zoomAt } from "./board.js";
import { BACKEND } from "./config.js";
import { chooseVariant, clearClues, foresee, generate, grade, reduce, second, setMode, updateShare } from "./compose.js";
import { attachKeys, cursor } from "./keys.js";
import {
  check, clearBoard, feedback, hint, openText, pairs, pause, puzzlePayload, repaint, saveNow, solve, step, timer,
} from "./play.js";
import { attach, input } from "./pointer.js";
import { CROSS, LINE } from "./rules.js";
import { call, cancel, failed, isCancelled, status, working } from "./server.js";
import { $, $$, app, changeSetting, lastPlayed, loadSettings, remember, remembered, settings } from "./state.js";

async function share() {
  await updateShare();
  $("#out").value = location.href;
  try { await navigator.clipboard.writeText(location.href); status("Link copied."); } catch (err) { status("The link is below."); }
}

async function exportAs() {
  try {
    $("#out").value = (await call("convert", puzzlePayload({ to: $("#format").value }))).text;
    status(`Written as ${$("#format").value}, below.`);
  } catch (err) { failed(err); }
}

async function exportSvg() {
  try {
    const r = await call("render", puzzlePayload({ links: pairs(LINE), non_links: pairs(CROSS), shade: settings.shade }));
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
    status("The page in your browser makes no PDF pages; the Print button prints the board from your browser "
      + "(and 'slitherasp book' on a computer with slitherasp installed makes printed pages and books).");
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

const ACTIONS = {
  undo: () => step(app.undo, app.redo), redo: () => step(app.redo, app.undo),
  clear: clearBoard, check, hint, solve, pause, reduce, second, grade, share,
  export: exportAs, svg: exportSvg, print: () => window.print(), pdf: printPdf,
  play: () => setMode("play"), compose: () => setMode("compose"),
  "clear-clues": clearClues, crosses: toggleCrosses,
  "zoom-in": () => zoomButton(1.25), "zoom-out": () => zoomButton(0.8), fit: () => board.svg && fit(),
  open: () => open($("#paste").value),
  generate: () => generate(false).then((opened) => opened && afterOpen()), blank: () => generate(true),
  cancel,
};
const WITHOUT_A_BOARD = new Set(["open", "generate", "blank", "cancel", "play", "compose", "print"]);

document.addEventListener("click", (ev) => {
  const button = ev.target.closest("button[data-action]");
  if (!button || !ACTIONS[button.dataset.action]) return;
  if (!app.model && !WITHOUT_A_BOARD.has(button.dataset.action)) return;
  ACTIONS[button.dataset.action]();
});

// -- settings ------------------------------------------------------------------------------------
function showSettings() {
  for (const input of $$("[data-setting]")) {
    const value = settings[input.dataset.setting];
    if (input.type === "checkbox") input.checked = value; else input.value = String(value);
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
  $("#tiling").addEventListener("change", later);
  $("#difficulty").addEventListener("change", later);
  $("#variant").addEventListener("change", () => { chooseVariant($("#variant").value); later(); });
}

// -- start ---------------------------------------------------------------------------------------
$("#file").addEventListener("change", async (ev) => { const f = ev.target.files[0]; if (f) open(await f.text()); });
window.addEventListener("pagehide", saveNow);
window.addEventListener("resize", () => { if (board.svg && !isZoomed()) fit(); });
window.addEventListener("beforeprint", () => { // the whole board, as large as the paper allows
  if (board.svg) { board.before = board.view; setView({ x: 0, y: 0, w: app.model.scene.width, h: app.model.scene.height }); }
});
window.addEventListener("afterprint", () => { if (board.svg && board.before) setView(board.before); });
window.slitherasp = { app, cursor, repaint, timer }; // for the tests, the benchmarks and the curious, in the console

async function fresh() {
  const r = await working("Making a puzzle for you", "generate",
    { tiling: "square", size: "7x7", difficulty: "normal", seed: Math.floor(Math.random() * 1e6) });
  await openText(r.puzzle);
  status("A new 7x7 puzzle, like Loopy's Normal. Drag along the edges to draw the loop.");
}

(async function start() {
  if (BACKEND === "worker" && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch(() => { /* no offline copy: the page still plays online */ });
  }
  loadSettings();
  showSettings();
  keepHelp();
  watchChoices();
  attach($("#board"));
  attachKeys(ACTIONS);
  call("tilings", {}).then((t) => {
    $("#tiling").replaceChildren(...t.tilings.map((name) => new Option(name, name, name === "square", name === "square")));
  }).catch(() => { /* the list stays empty: Generate uses square */ });
  const p = new URLSearchParams(location.search).get("p"), last = lastPlayed();
  try {
    if (p) await openText(p, { keepUrl: true });
    else if (last) await openText(last);
    else await fresh();
  } catch (err) {
    failed(err);
    if (!p && last) { try { await fresh(); } catch (again) { failed(again); } }
  }
  if (app.model) afterOpen();
})();
