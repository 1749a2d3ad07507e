// Playing: opening a puzzle, every change to the board (one undo step per click or
// drag), the live checks after each change, the timer, and Check, Hint and Solve.

import { buildGraph } from "./graph.js";
import {
  celebrate, clearMarks, draw, ghost, markCell, markEdge, paintAll, paintEdges, paintFaces, paintFeedback, shade,
} from "./board.js";
import { analyse, CROSS, EMPTY, follow, insideFaces, LINE, mostAtADot, problems, solvedWords } from "./rules.js";
import { ruleOf, ruleWords } from "./variants.js";
import { boardStatus, failed, reason, restate, status, working } from "./server.js";
import { $, app, keepBoard, keptProgress, saveProgress, settings } from "./state.js";

// -- opening -------------------------------------------------------------------------------------
/** Open a puzzle given as text: Python reads it ("open"), then the page draws it. */
export async function openText(text, { keepUrl = false, mode = "play", meta = null, label = "Opening" } = {}) {
  showPuzzle(text, await working(label, "open", { puzzle: text }), { keepUrl, mode, meta });
}

/** Draw and play `model` (what "open" answers for `text`: a ready puzzle of the site, the
 *  board kept from the last visit, a puzzle made ahead) without asking Python; `meta`:
 *  what the page knows of where it came from ({tiling, size, level, daily}). */
export function showPuzzle(text, model, { keepUrl = false, mode = "play", meta = null } = {}) {
  app.text = text; app.model = model; app.g = buildGraph(model);
  app.clues = model.clues.slice(); app.edited = false;
  app.variant = model.variant ? model.variant.name : ""; app.animals = model.animals.slice();
  if ($("#variant")) $("#variant").value = app.variant;
  app.state = new Array(model.edges.length).fill(EMPTY);
  app.marks = new Array(model.cells.length).fill(0);
  app.undo = []; app.redo = []; app.solved = false; app.revealed = false;
  app.trials = []; app.depth = { e: new Uint8Array(model.edges.length), f: new Uint8Array(model.cells.length) };
  app.mode = mode;
  const kept = mode === "play" ? keptProgress() : null;
  if (kept) {
    app.state = kept.state; if (kept.marks) app.marks = kept.marks;
    app.solved = kept.solved; app.revealed = kept.revealed;
  }
  app.meta = { tiling: model.tiling || null, size: null, level: null, daily: null, ...(kept?.meta || {}), ...(meta || {}) };
  app.hints = kept?.hints || 0; app.recorded = !!kept?.recorded;
  keepBoard(text, model);
  document.body.dataset.mode = mode;
  setClock(kept ? kept.seconds : 0);
  draw();
  feedback({ quiet: true });
  keepTime(); // and saves: the puzzle last played opens next time
  fillFormats();
  if (!keepUrl) history.replaceState(null, "", `?p=${encodeURIComponent(model.share)}`);
  reason("");
  status(opening());
  howToPlay();
  sayRule();
  document.dispatchEvent(new Event("opened"));
}

/** The board's rule, said over the board for a variant (the New panel may have kept a
 *  rule from an earlier puzzle: this one's is in sight). */
function sayRule() {
  const said = $("[data-role=board-rule]");
  if (said) said.textContent = app.model.variant ? app.model.variant.title : "";
}

const CLASSIC = $("[data-role=rule]")?.textContent;

/** How to play starts with the rule of the puzzle on the board (a variant's own). */
function howToPlay() {
  const said = $("[data-role=rule]");
  if (said) said.textContent = app.model.variant ? `${app.model.variant.title}: ${ruleWords(rule())}` : CLASSIC;
}

function opening() {
  if (app.revealed) return app.solved ? REPLAYED : "The answer was shown on this board: Clear to play it again, untimed.";
  if (app.solved) return `Solved already, in ${clock(timer.seconds())}.`;
  const faces = `${app.model.cells.length} faces`;
  if (!hasClues()) return `${faces} and no clues yet: Compose gives the faces clues.`;
  const variant = app.model.variant ? `A ${app.model.variant.title}. ${ruleWords(rule())} ` : "";
  return `${variant}${faces}. Drag along the edges to draw lines; ${tap()} a face's middle to mark it.`;
}

const REPLAYED = "The loop is complete. (The answer was shown on this board, so this is untimed and no record.)";

/** A board with clues is a puzzle; one without, a patch to compose on (any loop fits it). */
export function hasClues() { return app.clues.some((k) => k !== null && k !== undefined) || app.animals.some(Boolean); }

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
  const entry = group !== null && last && last.group === group ? last : { group, before: new Map(), depths: new Map() };
  if (entry !== last) app.undo.push(entry);
  app.redo = [];
  const edges = [], faces = [], depth = app.trials.length;
  const set = ([kind, i, value]) => {
    const list = kind === "e" ? app.state : app.marks;
    if (!entry.before.has(kind + i)) { entry.before.set(kind + i, list[i]); entry.depths.set(kind + i, app.depth[kind][i]); }
    list[i] = value;
    app.depth[kind][i] = depth; // a trial's marks in its colour
    (kind === "e" ? edges : faces).push(i);
  };
  changes.forEach(set);
  if (autoFollow && settings.follow && app.variant !== "lither") { // trees do not follow
    for (const [kind, i, value] of changes) {
      if (kind === "e" && value === LINE) follow(app.g, app.state, i).forEach((f) => set(["e", f, LINE]));
    }
  }
  changed(edges, faces);
}

function changed(edges, faces) {
  app.changes++;
  clearMarks(); reason("");
  paintEdges(edges); paintFaces(faces);
  feedback();
  restate();
  saveSoon();
}

/** Undo (or redo, with the lists swapped) one step. */
export function step(from, to) {
  const entry = from.pop();
  if (!entry || timer.paused) return;
  const back = { group: null, before: new Map(), depths: new Map() };
  const edges = [], faces = [];
  for (const [key, value] of entry.before) {
    const kind = key[0], i = +key.slice(1), list = kind === "e" ? app.state : app.marks;
    back.before.set(key, list[i]); back.depths.set(key, app.depth[kind][i]);
    list[i] = value;
    app.depth[kind][i] = entry.depths.get(key) ?? 0;
    (kind === "e" ? edges : faces).push(i);
  }
  to.push(back);
  while (app.trials.length && app.trials[app.trials.length - 1].at > app.undo.length) app.trials.pop(); // undone past its start
  changed(edges, faces);
}

/** Every undecided edge a line (the l key): for a board whose crosses leave only the
 *  loop; refused while a dot would get more than two lines. */
export function fillLines() {
  if (!app.model || app.mode !== "play" || timer.paused) return;
  const open = app.state.flatMap((s, e) => (s === EMPTY ? [e] : []));
  if (!open.length) return;
  const most = mostAtADot(app.g, app.state);
  if (most > 2 && app.variant !== "lither") {
    status(`The crosses leave more than the loop: a dot still has ${most} ways to go. Cross out the rest, then press l.`);
    return;
  }
  edit(open.map((e) => ["e", e, LINE]));
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
  const an = analyse(app.g, app.state, app.clues, rule());
  app.analysis = an;
  paintFeedback(an, errors);
  shade(settings.shade ? insideFaces(app.g, app.state) : null);
  if (app.mode !== "play") return an;
  const solved = an.solved && hasClues();
  if (solved !== app.solved) {
    app.solved = solved;
    keepTime();
    if (solved && !quiet && !app.revealed) {
      celebrate();
      const how = an.subtracted ? " (your crosses leave exactly the loop)" : "";
      saySolved(`Solved in ${clock(timer.seconds())}${how}! ${solvedWords(rule())}`);
      document.dispatchEvent(new CustomEvent("solved", { detail: { seconds: timer.seconds() } }));
    } else if (solved && !quiet) {
      saySolved(REPLAYED);
    }
  }
  return an;
}

/** The board's rule (variants.js), null for Slitherlink. */
export function rule() { return ruleOf(app.variant, app.model.sides, app.animals); }

/** "Solved" holds as long as the board is (and stays beside what an action says meanwhile). */
function saySolved(message) { boardStatus(message, () => (app.solved ? message : null), { sticky: true }); }

export function check() {
  const an = feedback({ errors: true });
  if (app.solved) { saySolved(`Solved! ${solvedWords(rule())}`); return; }
  if (!hasClues()) { boardStatus("This board has no clues yet, so any one loop fits it: Compose gives it clues."); return; }
  const parts = problems(an);
  if (parts.length) {
    const text = parts.join("; ");
    boardStatus(`${text.charAt(0).toUpperCase()}${text.slice(1)} (in red).`);
  } else if (!an.lines) {
    boardStatus("Nothing drawn yet, so nothing is wrong.");
  } else {
    const trees = app.variant === "lither";
    boardStatus(`No rule is broken so far; ${an.unmet} clue${an.unmet === 1 ? "" : "s"} still want${an.unmet === 1 ? "s" : ""} lines`
      + `${an.pieces > 1 && !trees ? `, and ${an.pieces} pieces of line must join into one loop` : ""}`
      + `${trees && an.pieces < 2 ? ", and the lines must make two or more trees" : ""}.`);
  }
}

// -- the timer -----------------------------------------------------------------------------------
// It times play alone: it runs in Play on a board with clues until the player solves it,
// and stands still while composing, while paused and once the answer has been shown (then
// it is not green: green is for a puzzle the player solved). Clues changed by composing
// make a new puzzle, timed from 0.
export const timer = {
  base: 0, since: null, tick: null, paused: false, clues: "",
  seconds() { return Math.floor(this.base + (this.since ? (Date.now() - this.since) / 1000 : 0)); },
};

export function clock(s) { return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; }

function showClock() { $("[data-role=timer]").textContent = clock(timer.seconds()); }

/** The timer, stopped, at `seconds` of the puzzle on the board (its clues as they are). */
function setClock(seconds) {
  run(false);
  timer.base = seconds; timer.clues = puzzleKey(); timer.paused = false;
  document.body.classList.remove("paused");
}

function run(on) {
  if (on === (timer.since !== null)) return;
  timer.base = timer.seconds();
  timer.since = on ? Date.now() : null;
  clearInterval(timer.tick);
  if (on) timer.tick = setInterval(showClock, 1000);
}

/** What makes the board's puzzle: its rule, clues and animals. */
function puzzleKey() { return `${app.variant}|${app.clues.join()}|${app.animals.join()}`; }

/** Start or stop the timer as the board now is (after opening, a change of mode, solving,
 *  pausing or showing the answer). */
export function keepTime() {
  if (timer.clues !== puzzleKey()) { // composed into a new puzzle
    setClock(0);
    app.revealed = false;
  }
  run(app.mode === "play" && hasClues() && !app.solved && !app.revealed && !timer.paused);
  document.body.classList.toggle("solved", app.solved && !app.revealed);
  showClock();
  saveNow();
}

/** Pause (the board is hidden meanwhile) or go on. */
export function pause() {
  if (!app.model || app.solved) return;
  timer.paused = !timer.paused;
  document.body.classList.toggle("paused", timer.paused);
  keepTime();
  status(timer.paused ? "Paused. Press the timer (or p) to go on." : "Go on.");
}

// -- asking the server ---------------------------------------------------------------------------
export function puzzlePayload(extra = {}) {
  const payload = { puzzle: app.text, ...extra };
  if (app.mode === "compose" || app.edited) {
    payload.clues = app.clues;
    payload.variant = app.variant || "classic";
    if (app.variant.startsWith("sheep-wolf")) payload.animals = app.animals;
  }
  return payload;
}

export function pairs(value) { return app.model.edges.filter((_, e) => app.state[e] === value); }

export function index(pairList) {
  const at = new Map(app.model.edges.map((p, e) => [p.join(","), e]));
  return pairList.map((p) => at.get(p.join(",")) ?? at.get([p[1], p[0]].join(",")));
}

function cellIndex(name) { return app.model.cells.indexOf(String(name)); }

export async function hint() {
  if (app.variant) { // the API would refuse: say it here, without asking
    status("Hints follow a person's rules, and those here are classic Slitherlink's: this variant has none. "
      + "Check says what is broken; Solve shows the answer.");
    return;
  }
  const asked = app.changes;
  try {
    const r = await working("Looking for the next step", "hint", puzzlePayload({ links: pairs(LINE), non_links: pairs(CROSS) }));
    clearMarks();
    app.hints++;
    saveSoon();
    document.dispatchEvent(new Event("hinted"));
    if (app.changes !== asked) { status("The board changed while the hint was on its way: ask again."); return; }
    const wrong = [...index(r.wrong.links), ...index(r.wrong.non_links)];
    if (r.verdict === "solved" || r.solved) boardStatus("Solved: there is nothing left to do.");
    else if (wrong.length) sayMarks(wrong, wrongWords);
    else if (r.verdict === "conflict") sayMarks(index(r.conflicting), conflictWords);
    else if (r.verdict === "unsolvable") status("This puzzle has no answer.");
    else if (r.verdict === "unknown") boardStatus("No hint in time: the puzzle is too hard to hint within the time limit.");
    else if (!r.step) boardStatus("No step follows from this board: the puzzle has more than one answer.");
    else sayStep(r.step);
  } catch (err) { failed(err); }
}

function wrongWords(n) {
  return `${n} of your marks ${n === 1 ? "is" : "are"} in no answer (marked in red). Undo or clear ${n === 1 ? "it" : "them"}.`;
}

function conflictWords(n, all) { return all ? "These marks (in red) fit no answer together: one of them is wrong." : null; }

/** Say `words(n, all)` of the marks on `edges` (in red) that are still as they were:
 *  n of them, all of them or not; none left, the status goes away. */
function sayMarks(edges, words) {
  const was = edges.map((e) => [e, app.state[e]]);
  const still = () => {
    const left = was.filter(([e, s]) => app.state[e] === s).map(([e]) => e);
    if (!left.length) return null;
    left.forEach((e) => ghost(e, "wrong"));
    return words(left.length, left.length === was.length);
  };
  boardStatus(still(), still);
}

/** A hint's step: what it settles (in green), what it rests on (in orange) and why. It
 *  holds while what it rests on is on the board, and shows what is left of it to draw. */
function sayStep(s) {
  const marks = (links, crosses) => [...index(links).map((e) => [e, LINE]), ...index(crosses).map((e) => [e, CROSS])];
  const rests = marks(s.reason.links, s.reason.non_links), settles = marks(s.settles.links, s.settles.non_links);
  const clues = s.reason.clues.length, from = [clues && `the clue${clues > 1 ? "s" : ""} in orange`,
    rests.length && "the marks in orange"].filter(Boolean).join(" and ");
  const still = () => {
    const left = settles.filter(([e, v]) => app.state[e] !== v);
    if (!left.length || rests.some(([e, v]) => app.state[e] !== v)) return null;
    rests.forEach(([e]) => ghost(e, "reason"));
    s.reason.clues.forEach((name) => markCell(cellIndex(name), "reason"));
    left.forEach(([e, v]) => ghost(e, v === LINE ? "line" : "cross"));
    reason(`Why: ${from || "the rules alone"}, by ${s.reason.rules.join(", ")}.`);
    const what = [count(left, LINE, "line", "lines"), count(left, CROSS, "cross", "crosses")].filter(Boolean).join(" and ");
    return `Hint (${s.level}): ${what}${left.length < settles.length ? " left" : ""}, shown in green.`;
  };
  boardStatus(still(), still);
}

function count(marks, value, one, many) {
  const n = marks.filter(([, v]) => v === value).length;
  return n ? `${n} ${n === 1 ? one : many}` : "";
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
    if (!r.links.length) { boardStatus(r.result === "UNSATISFIABLE" ? "This puzzle has no answer." : "No answer found in time."); return; }
    const lines = new Set(index(r.links));
    app.revealed = true;
    edit(app.state.map((s, e) => ["e", e, lines.has(e) ? LINE : s === CROSS ? CROSS : EMPTY])); // lines, and the crosses you made
    lines.forEach((e) => markEdge(e, "answer"));
    keepTime();
    boardStatus(r.unique ? "The answer, which is the only one." : r.unique === false
      ? "An answer; the puzzle has more than one." : "An answer (whether it is the only one was not settled in time).");
  } catch (err) { failed(err); }
}

export function setShade(on) { settings.shade = on; feedback(); }

export function repaint() { paintAll(); feedback(); }

