// The page's one mutable object, the player's settings and what is kept in the browser
// (localStorage): the settings, each puzzle's progress, and the puzzle last played.

export const $ = (sel) => document.querySelector(sel);
export const $$ = (sel) => [...document.querySelectorAll(sel)];

export const app = {
  text: null,        // the puzzle as text (what the API reads)
  model: null,       // /api/open's answer: scene, edges, cells, clues, cell_edges, share
  g: null,           // the graph built from it (graph.js)
  clues: null,       // current clues (composing edits them)
  variant: "",       // the board's rule: a variant's name (variants.js), "" for Slitherlink
  animals: [],       // per cell: null, "sheep" or "wolf" (Sheep-Wolf; composing edits them)
  state: [],         // per edge: 0 empty, 1 line, 2 cross
  marks: [],         // per cell: 0 none, 1 inside, 2 outside
  undo: [], redo: [],
  changes: 0,        // changes of the board so far (an answer asked before one is out of date)
  mode: "play",
  edited: false,     // clues changed since opening
  solved: false,      // the player has solved it (the timer stops, green)
  revealed: false,    // Solve has shown the answer on this board (the timer stops, not green)
  analysis: null,    // the last rules.analyse
  meta: {},          // where the puzzle came from: {tiling, size, level, daily} (statistics, the daily)
  hints: 0,          // hints asked on this puzzle
  recorded: false,   // its solve is in the statistics
};

export const DEFAULTS = {
  theme: "auto",      // auto (follows the system), light, dark
  palette: "standard", // standard or colour-blind
  width: 1,           // line width, as a multiple of the usual
  live: true,         // show broken rules as they happen
  follow: false,      // Loopy's auto-follow
  timer: true,        // show the timer
  shade: false,       // shade the inside of the lines
  faint: false,       // crosses drawn as faint lines (Loopy's look), not as X's
};

export const settings = { ...DEFAULTS };

export function loadSettings() {
  try {
    const kept = JSON.parse(localStorage.getItem("slitherasp:settings") || "{}");
    for (const k of Object.keys(DEFAULTS)) if (typeof kept[k] === typeof DEFAULTS[k]) settings[k] = kept[k];
  } catch (err) { /* a bad entry: the defaults */ }
  applySettings();
}

export function changeSetting(name, value) {
  settings[name] = value;
  try { localStorage.setItem("slitherasp:settings", JSON.stringify(settings)); } catch (err) { /* off */ }
  applySettings();
}

function applySettings() {
  const root = document.documentElement;
  if (settings.theme === "auto") delete root.dataset.theme; else root.dataset.theme = settings.theme;
  root.dataset.palette = settings.palette;
  root.style.setProperty("--line-scale", String(settings.width));
  root.classList.toggle("no-timer", !settings.timer);
  root.classList.toggle("faint", settings.faint);
}

// -- progress per puzzle ---------------------------------------------------------------------
function key() { return `slitherasp:${app.model.share}`; }

export function saveProgress(seconds) {
  if (!app.model || app.mode !== "play") return;
  try {
    const kept = { state: app.state, marks: app.marks, seconds, solved: app.solved, revealed: app.revealed,
      meta: app.meta, hints: app.hints, recorded: app.recorded };
    localStorage.setItem(key(), JSON.stringify(kept));
    localStorage.setItem("slitherasp:last", app.model.share);
  } catch (err) { /* storage full or off: playing goes on */ }
}

/** The kept progress of the opened puzzle: {state, marks, seconds, solved, revealed,
 *  meta, hints, recorded} or null. */
export function keptProgress() {
  try {
    const kept = JSON.parse(localStorage.getItem(key()) || "null");
    if (kept && Array.isArray(kept.state) && kept.state.length === app.state.length) {
      const marks = Array.isArray(kept.marks) && kept.marks.length === app.marks.length ? kept.marks : null;
      const meta = kept.meta && typeof kept.meta === "object" ? kept.meta : null;
      return { state: kept.state, marks, seconds: +kept.seconds || 0, solved: !!kept.solved, revealed: !!kept.revealed,
        meta, hints: +kept.hints || 0, recorded: !!kept.recorded };
    }
  } catch (err) { /* a bad entry: start afresh */ }
  return null;
}

// -- the board kept for the next visit -------------------------------------------------------
// The last board opened, as drawn (what "open" answered), so that the next visit shows it
// at once, before Python (the static site) or the server answers anything.
const BOARD = "slitherasp:board";

export function keepBoard(text, model) {
  try {
    const kept = JSON.parse(localStorage.getItem(BOARD) || "null");
    if (kept && kept.share === model.share && kept.text === text) return;
    localStorage.setItem(BOARD, JSON.stringify({ text, share: model.share, model }));
  } catch (err) { /* too large or storage off: the next visit asks for it again */ }
}

/** The board kept at the last visit, if it is the puzzle `text` (its text or share
 *  text): {text, model}, or null. */
export function keptBoard(text) {
  try {
    const kept = JSON.parse(localStorage.getItem(BOARD) || "null");
    if (kept && kept.model && (kept.share === text || kept.text === text)) return kept;
  } catch (err) { /* a bad entry: ask again */ }
  return null;
}

/** What the page remembers under `key` (null: nothing, or storage is off). */
export function remembered(key) {
  try { return localStorage.getItem(`slitherasp:${key}`); } catch (err) { return null; }
}

export function remember(key, value) {
  try { localStorage.setItem(`slitherasp:${key}`, value); } catch (err) { /* off: forgotten */ }
}

export function lastPlayed() { return remembered("last"); }
