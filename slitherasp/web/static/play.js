// Playing: opening a puzzle, every change to the board (one undo step per click or
// drag), the live checks after each change, the timer, and Check, Hint and Solve.

import { buildGraph } from "./graph.js";
import {
  celebrate, clearMarks, draw, ghost, markCell, markEdge, paintAll, paintEdges, paintFaces, paintFeedback, shade,
} from "./board.js";
import { analyse, CROSS, EMPTY, follow, insideFaces, LINE, problems } from "./rules.js";
import { call, failed, reason, status, working } from "./server.js";
import { $, app, keptProgress, saveProgress, settings } from "./state.js";

// -- opening -------------------------------------------------------------------------------------
export async function openText(text, { keepUrl = false, mode = "play" } = {}) {
  const model = await working("Opening", "open", { puzzle: text });
  app.text = text; app.model = model; app.g = buildGraph(model);
  app.clues = model.clues.slice(); app.edited = false;
  app.state = new Array(model.edges.length).fill(EMPTY);
  app.marks = new Array(model.cells.length).fill(0);
  app.undo = []; app.redo = []; app.solved = false; app.revealed = false;
  app.mode = mode;
  const kept = mode === "play" ? keptProgress() : null;
  if (kept) { app.state = kept.state; if (kept.marks) app.marks = kept.marks; app.solved = kept.solved; }
  document.body.dataset.mode = mode;
  draw();
  feedback({ quiet: true });
  startTimer(kept ? kept.seconds : 0);
  if (app.solved) stopTimer(); else saveNow(); // the puzzle last played opens next time
  fillFormats();
  if (!keepUrl) history.replaceState(null, "", `?p=${encodeURIComponent(model.share)}`);
  status(app.solved ? `Solved already, in ${clock(timer.seconds())}.`
    : `${model.cells.length} faces. Drag along the edges to draw lines; ${tap()} a face's middle to mark it.`);
  reason("");
  document.dispatchEvent(new Event("opened"));
}

function tap() { return matchMedia("(pointer: coarse)").matches ? "tap" : "click"; }

function fillFormats() {
  $("#format").replaceChildren(...app.model.formats.map((f) => new Option(f, f)));
}

// -- changes and undo ----------------------------------------------------------------------------
/**
 * Change the board: `changes` are [kind, index, value] with kind "e" (edge state) or
 * "f" (face mark). Changes with the same `group` (one drag) make one undo step;
 * `follow`: continue new lines as Loopy's auto-follow does (when that setting is on).
 */
export function edit(changes, { group = null, follow: autoFollow = false } = {}) {
  if (!app.model || app.mode !== "play" || timer.paused) return;
  const last = app.undo[app.undo.length - 1];
  const entry = group !== null && last && last.group === group ? last : { group, before: new Map() };
  if (entry !== last) app.undo.push(entry);
  app.redo = [];
  const edges = [], faces = [];
  const set = ([kind, i, value]) => {
    const list = kind === "e" ? app.state : app.marks;
    if (!entry.before.has(kind + i)) entry.before.set(kind + i, list[i]);
    list[i] = value;
    (kind === "e" ? edges : faces).push(i);
  };
  changes.forEach(set);
  if (autoFollow && settings.follow) {
    for (const [kind, i, value] of changes) {
      if (kind === "e" && value === LINE) follow(app.g, app.state, i).forEach((f) => set(["e", f, LINE]));
    }
  }
  changed(edges, faces);
}

function changed(edges, faces) {
  clearMarks(); reason("");
  paintEdges(edges); paintFaces(faces);
  feedback();
  saveSoon();
}

/** Undo (or redo, with the lists swapped) one step. */
export function step(from, to) {
  const entry = from.pop();
  if (!entry || timer.paused) return;
  const back = { group: null, before: new Map() };
  const edges = [], faces = [];
  for (const [key, value] of entry.before) {
    const kind = key[0], i = +key.slice(1), list = kind === "e" ? app.state : app.marks;
    back.before.set(key, list[i]);
    list[i] = value;
    (kind === "e" ? edges : faces).push(i);
  }
  to.push(back);
  changed(edges, faces);
}

export function clearBoard() {
  edit([...app.state.map((s, e) => ["e", e, EMPTY]).filter(([, e]) => app.state[e] !== EMPTY),
    ...app.marks.map((m, c) => ["f", c, 0]).filter(([, c]) => app.marks[c])]);
}

let saving = null;
function saveSoon() {
  clearTimeout(saving);
  saving = setTimeout(() => saveProgress(timer.seconds()), 300);
}
export function saveNow() { clearTimeout(saving); saveProgress(timer.seconds()); }

// -- live feedback -------------------------------------------------------------------------------
/** Run the rules on the board and show what they say; say "solved" the moment it is. */
export function feedback({ errors = settings.live, quiet = false } = {}) {
  if (!app.model) return null;
  const an = analyse(app.g, app.state, app.clues);
  app.analysis = an;
  paintFeedback(an, errors);
  shade(settings.shade ? insideFaces(app.g, app.state) : null);
  if (app.mode !== "play") return an;
  if (an.solved && !app.solved) {
    app.solved = true;
    stopTimer();
    if (!quiet && !app.revealed) {
      celebrate();
      status(`Solved in ${clock(timer.seconds())}! One loop, and every clue holds.`);
    }
  } else if (!an.solved && app.solved) {
    app.solved = false;
    if (!app.revealed) startTimer(timer.seconds());
  }
  return an;
}

export function check() {
  const an = feedback({ errors: true });
  if (an.solved) { status("Solved! One loop, and every clue holds."); return; }
  const parts = problems(an);
  if (parts.length) {
    const text = parts.join("; ");
    status(`${text.charAt(0).toUpperCase()}${text.slice(1)} (in red).`);
  } else if (!an.lines) {
    status("Nothing drawn yet, so nothing is wrong.");
  } else {
    status(`No rule is broken so far; ${an.unmet} clue${an.unmet === 1 ? "" : "s"} still want${an.unmet === 1 ? "s" : ""} lines`
      + `${an.pieces > 1 ? `, and ${an.pieces} pieces of line must join into one loop` : ""}.`);
  }
}

// -- the timer -----------------------------------------------------------------------------------
export const timer = {
  base: 0, since: null, tick: null, paused: false,
  seconds() { return Math.floor(this.base + (this.since ? (Date.now() - this.since) / 1000 : 0)); },
};

export function clock(s) { return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; }

function showClock() { $("[data-role=timer]").textContent = clock(timer.seconds()); }

export function startTimer(seconds) {
  clearInterval(timer.tick);
  timer.base = seconds; timer.since = Date.now(); timer.paused = false;
  document.body.classList.remove("paused", "stopped");
  showClock();
  timer.tick = setInterval(showClock, 1000);
}

export function stopTimer() {
  timer.base = timer.seconds(); timer.since = null;
  clearInterval(timer.tick);
  showClock();
  document.body.classList.add("stopped");
  saveNow();
}

/** Pause (the board is hidden meanwhile) or go on. */
export function pause() {
  if (!app.model || app.solved) return;
  if (timer.paused) { startTimer(timer.base); status("Go on."); return; }
  stopTimer();
  document.body.classList.remove("stopped");
  timer.paused = true;
  document.body.classList.add("paused");
  status("Paused. Press the timer (or p) to go on.");
}

// -- asking the server ---------------------------------------------------------------------------
export function puzzlePayload(extra = {}) {
  const payload = { puzzle: app.text, ...extra };
  if (app.mode === "compose" || app.edited) payload.clues = app.clues;
  return payload;
}

export function pairs(value) { return app.model.edges.filter((_, e) => app.state[e] === value); }

export function index(pairList) {
  const at = new Map(app.model.edges.map((p, e) => [p.join(","), e]));
  return pairList.map((p) => at.get(p.join(",")) ?? at.get([p[1], p[0]].join(",")));
}

function cellIndex(name) { return app.model.cells.indexOf(String(name)); }

export async function hint() {
  try {
    const r = await working("Looking for the next step", "hint", puzzlePayload({ links: pairs(LINE), non_links: pairs(CROSS) }));
    clearMarks();
    const wrong = [...index(r.wrong.links), ...index(r.wrong.non_links)];
    if (r.verdict === "solved" || r.solved) { status("Solved: there is nothing left to do."); return; }
    if (wrong.length) {
      wrong.forEach((e) => ghost(e, "wrong"));
      status(`${wrong.length} of your marks ${wrong.length === 1 ? "is" : "are"} in no answer (marked in red). Undo or clear ${wrong.length === 1 ? "it" : "them"}.`);
      return;
    }
    if (r.verdict === "conflict") {
      index(r.conflicting).forEach((e) => ghost(e, "wrong"));
      status("These marks (in red) fit no answer together: one of them is wrong.");
      return;
    }
    if (r.verdict === "unsolvable") { status("This puzzle has no answer."); return; }
    if (r.verdict === "unknown") { status("No hint in time: the puzzle is too hard to hint within 20 seconds."); return; }
    if (!r.step) { status("No step follows from this board: the puzzle has more than one answer."); return; }
    showStep(r.step);
  } catch (err) { failed(err); }
}

function showStep(s) {
  index(s.reason.links).forEach((e) => ghost(e, "reason"));
  index(s.reason.non_links).forEach((e) => ghost(e, "reason"));
  s.reason.clues.forEach((name) => markCell(cellIndex(name), "reason"));
  index(s.settles.links).forEach((e) => ghost(e, "line"));
  index(s.settles.non_links).forEach((e) => ghost(e, "cross"));
  const n = s.settles.links.length, x = s.settles.non_links.length;
  const what = [n && `${n} line${n > 1 ? "s" : ""}`, x && `${x} cross${x > 1 ? "es" : ""}`].filter(Boolean).join(" and ");
  status(`Hint (${s.level}): ${what}, shown in green.`);
  const clues = s.reason.clues.length, marks = s.reason.links.length + s.reason.non_links.length;
  const from = [clues && `the clue${clues > 1 ? "s" : ""} in orange`, marks && "the marks in orange"].filter(Boolean).join(" and ");
  reason(`Why: ${from || "the rules alone"}, by ${s.reason.rules.join(", ")}.`);
}

let askedToSolve = 0;

/** Solve asks first: the answer shows on the second press within five seconds. */
export async function solve() {
  if (Date.now() - askedToSolve > 5000) {
    askedToSolve = Date.now();
    $("[data-action=solve]").textContent = "Show answer";
    setTimeout(() => { $("[data-action=solve]").textContent = "Solve"; }, 5000);
    status("Show the answer? Press Solve again (or s) within 5 seconds.");
    return;
  }
  askedToSolve = 0;
  $("[data-action=solve]").textContent = "Solve";
  try {
    const r = await working("Solving", "solve", puzzlePayload({ unique: true }));
    if (!r.links.length) { status(r.result === "UNSATISFIABLE" ? "This puzzle has no answer." : "No answer found in time."); return; }
    const lines = new Set(index(r.links));
    app.revealed = true;
    edit(app.state.map((_, e) => ["e", e, lines.has(e) ? LINE : CROSS]));
    lines.forEach((e) => markEdge(e, "answer"));
    stopTimer();
    status(r.unique ? "The answer, which is the only one." : r.unique === false
      ? "An answer; the puzzle has more than one." : "An answer (whether it is the only one was not settled in time).");
  } catch (err) { failed(err); }
}

export function setShade(on) { settings.shade = on; feedback(); }

export function repaint() { paintAll(); feedback(); }

