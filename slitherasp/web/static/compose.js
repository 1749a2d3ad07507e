// Composing: clues set by clicks or number keys, the answers they allow shown after each
// change, and the long jobs (Second answer, Remove redundant clues, Grade) with a working
// state, a Cancel button and their results in words.

import { clearMarks, drawClues, ghost } from "./board.js";
import { feedback, index, keepTime, openText, puzzlePayload } from "./play.js";
import { call, Cancelled, failed, isCancelled, reason, status, working } from "./server.js";
import { attachSetter, orbitOf, paintClick } from "./setter.js";
import { $, $$, app } from "./state.js";

if ($("#symmetry")) attachSetter();

export function setMode(mode, quiet = false) {
  app.mode = mode;
  document.body.dataset.mode = mode;
  $$(".mode").forEach((b) => b.classList.toggle("on", b.dataset.action === mode));
  $("#play-bar").classList.toggle("hidden", mode !== "play");
  $("#compose-bar").classList.toggle("hidden", mode !== "compose");
  if (app.model) { drawClues(); clearMarks(); feedback(); keepTime(); } // the timer times play alone
  if (quiet) return;
  reason("");
  status(mode === "compose"
    ? "Compose: click a face for its clue (again for the next number), or point at it and press a number key; Backspace clears."
    : "Play: drag along the edges to draw lines.");
}

/** A click on a face while composing: its clue goes up by one (down with `back`),
 *  past its number of sides to none; in Sheep-Wolf, past it to a sheep, then a wolf. */
export function composeClick(c, back = false) {
  if (paintClick(c)) return; // painting a mask or a picture (setter.js)
  const sides = app.model.cell_edges[c].length;
  const order = [null, ...Array.from({ length: sides + 1 }, (_, k) => k)];
  if (app.variant.startsWith("sheep-wolf")) order.push("sheep", "wolf");
  const at = order.indexOf(app.animals[c] ?? app.clues[c]);
  setClue(c, order[(at + (back ? order.length - 1 : 1)) % order.length]);
}

/** Give face `c` the clue `k` (a number or null), or in Sheep-Wolf an animal ("sheep", "wolf");
 *  with a symmetry chosen (setter.js), every face of its orbit. */
export function setClue(c, k) {
  if (c < 0 || app.mode !== "compose") return;
  const sides = app.model.cell_edges[c].length;
  if (typeof k === "number" && k > sides) { status(`This face has ${sides} sides: its clue is at most ${sides}.`); return; }
  for (const f of orbitOf(c)) {
    app.clues[f] = typeof k === "number" ? k : null;
    app.animals[f] = typeof k === "string" ? k : null;
  }
  app.edited = true;
  drawClues();
  clearTimeout(liveSoon.timer);
  liveSoon.timer = setTimeout(live, 150);
}

const liveSoon = { timer: null, control: null };

/** How many answers the clues allow, asked after each change (a newer change cancels it). */
async function live() {
  liveSoon.control?.abort();
  const control = (liveSoon.control = new AbortController());
  try {
    const r = await call("solve", puzzlePayload({ unique: true, forced: "links" }), { signal: control.signal });
    clearMarks();
    const given = app.clues.filter((k) => k !== null).length + app.animals.filter(Boolean).length; // animals are clues
    const clues = `${given} clue${given === 1 ? "" : "s"}`;
    if (!r.links.length) status(`${clues}: no answer. Some clue contradicts the others.`);
    else if (r.unique) { index(r.links).forEach((e) => ghost(e, "dashed")); status(`${clues}: one answer (dashed). The puzzle is ready.`); }
    else if (r.forced) {
      const n = r.forced.links.length;
      index(r.forced.links).forEach((e) => ghost(e, "dashed"));
      status(`${clues}: more than one answer. ${n ? `Dashed: the ${n === 1 ? "line" : `${n} lines`} every answer has.`
        : "No line is in every answer yet."}`);
    } else status(`${clues}: more than one answer.`);
    await updateShare();
  } catch (err) { if (!(err instanceof Cancelled)) failed(err); }
}

export async function updateShare() {
  if (!app.edited) return;
  try {
    const r = await call("share", puzzlePayload());
    app.model.share = r.text;
    history.replaceState(null, "", `?p=${encodeURIComponent(r.text)}`);
  } catch (err) { /* keep the old link */ }
}

/** The board's rule, chosen in the New panel: while composing, the board takes it at
 *  once (its animals go, but for Sheep-Wolf); otherwise it is the rule of the next
 *  board that Generate or Blank makes. */
export function chooseVariant(name) {
  if (!app.model || app.mode !== "compose") {
    status(`Generate and Blank will make ${RULES[name] || "Slitherlink"} boards; Compose changes this board's rule.`);
    return;
  }
  app.variant = name;
  if (!name.startsWith("sheep-wolf")) app.animals = app.animals.map(() => null);
  app.edited = true;
  drawClues();
  live();
}

const RULES = { "": "Slitherlink", vertex: "Vertex Slitherlink", touch: "Touch Slitherlink",
  "sheep-wolf": "Sheep-Wolf Slitherlink", lither: "Litherslink", full: "Slitherlink (all points)",
  "touch+full": "Touch Slitherlink (all points)", "sheep-wolf+full": "Sheep-Wolf Slitherlink (all points)" };

export function clearClues() {
  app.animals = app.animals.map(() => null);
  app.clues = app.clues.map(() => null);
  app.edited = true;
  drawClues();
  live();
}

export async function second() {
  try {
    const r = await working("Looking for a second answer", "solve", puzzlePayload({ unique: true }));
    clearMarks();
    if (r.answers.length < 2) {
      status(r.answers.length ? (r.unique ? "There is no second answer: the answer is the only one."
        : "No second answer was found in time.") : "These clues have no answer at all.");
      return;
    }
    index(r.answers[1]).forEach((e) => ghost(e, "dashed"));
    status("A second answer, dashed: the clues do not pin the loop down yet.");
  } catch (err) { failed(err); }
}

export async function reduce() {
  const before = app.clues.filter((k) => k !== null).length;
  try {
    const r = await working("Removing the clues the answer does not need", "reduce", puzzlePayload());
    app.clues = r.clues; app.edited = true;
    if (r.animals) app.animals = r.animals;
    drawClues();
    const after = app.clues.filter((k) => k !== null).length;
    await live();
    status(`Removed ${before - after} clue${before - after === 1 ? "" : "s"}; ${after} remain and the answer is still the only one.`);
  } catch (err) { failed(err); }
}

const FOR_A_PERSON = {
  easy: "like Loopy's Easy", normal: "like Loopy's Normal", tricky: "like Loopy's Tricky",
  hard: "like Loopy's Hard", fiendish: "harder than Loopy's Hard (it takes a trial: suppose, and see it fail)",
  search: "far harder than Loopy's Hard (no rule short of a full search settles it)",
};
const FOR_THE_SOLVER = { easy: "no guessing", medium: "a look ahead", hard: "a search" };

/** A grade in words ("harder than Loopy's Hard", never "null"). */
export function gradeWords(r) {
  if (app.variant && r.grade) {
    return `The solver needs ${FOR_THE_SOLVER[r.grade] || r.grade}. A ${RULES[app.variant]} has no grade for a person: `
      + "the rules of a person here are classic Slitherlink's.";
  }
  if (!r.grade) {
    return r.unique === false ? "No grade: these clues allow more than one answer."
      : r.answers === 0 ? "No grade: these clues have no answer." : "No grade: uniqueness was not settled in time.";
  }
  const person = r.human_grade ? FOR_A_PERSON[r.human_grade] || r.human_grade : "too hard to grade for a person within the time limit";
  return `For a person: ${person}. The solver needs ${FOR_THE_SOLVER[r.grade] || r.grade}.`;
}

export async function grade() {
  try {
    status(gradeWords(await working("Grading", "grade", puzzlePayload())));
  } catch (err) { failed(err); }
}

/** The New panel's choices as the API takes them, or null when the size is no size. */
function choices() {
  const size = $("#size").value.trim().toLowerCase().replace(/\s+/g, "").replace("×", "x");
  if (!/^\d+(x\d+)?$/.test(size)) return null;
  const variant = $("#variant") ? $("#variant").value : "";
  return { tiling: $("#tiling").value || "square", size, difficulty: $("#difficulty").value, ...(variant ? { variant } : {}) };
}

const foreseen = { key: "", found: null, control: null, warned: 0 };

/** How long generating `c` usually takes (the API's estimate), asked once per choice. */
async function estimateOf(c) {
  const key = JSON.stringify(c);
  if (foreseen.key === key) return foreseen.found;
  foreseen.control?.abort();
  const control = (foreseen.control = new AbortController());
  const found = await call("estimate", c, { signal: control.signal });
  Object.assign(foreseen, { key, found });
  return found;
}

function duration(seconds) {
  if (seconds < 90) return `${seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds)} s`;
  return seconds < 5400 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`;
}

/** A generation that usually takes longer than the time limit, in words, with what fits. */
export function tooLong(c, r) {
  const fits = [r.size && `${r.size} at ${c.difficulty}`, r.difficulty && `${c.size} at ${r.difficulty}`].filter(Boolean);
  return `A ${c.size} ${c.tiling} at ${c.difficulty} usually takes about ${duration(r.seconds)} to make, longer than `
    + `the time limit of ${duration(r.limit)}: it would stop with spare clues.`
    + (fits.length ? ` In time: ${fits.join(", or ")}.` : "");
}

/** Under the New panel's buttons, before anything starts: whether its choices would take
 *  longer to generate than the time limit (asked as they change). */
export async function foresee() {
  const note = $("[data-role=estimate]"), c = choices();
  try {
    const r = c && !c.variant && await estimateOf(c); // a variant is made for the solver: no estimate of a person's grade
    note.textContent = r && !r.fits ? tooLong(c, r) : "";
  } catch (err) { if (!isCancelled(err)) note.textContent = ""; } // a refused size is said when Generate is pressed
}

/** Generate (or a blank patch to compose on) from the New panel's choices; true when a
 *  board opened. A generation that usually takes longer than the time limit asks first. */
export async function generate(blank) {
  const c = choices();
  if (!c) { status("Write the size as width x height, such as 7x7."); return false; }
  try {
    if (!blank && !c.variant && !(await goAhead(c))) return false;
    const payload = { ...c, seed: Math.floor(Math.random() * 1e6) };
    const r = await working(blank ? "Making a blank board" : "Making a puzzle", blank ? "tiling" : "generate", payload);
    await openText(r.puzzle, { mode: blank ? "compose" : "play" });
    if (blank) {
      setMode("compose");
      if (c.variant) chooseVariant(c.variant);
    } else if (c.variant) {
      status(`New ${RULES[c.variant]}: ${r.clues} clues; the solver needs ${FOR_THE_SOLVER[r.solver_grade] || r.solver_grade}`
        + (r.timed_out ? " (the time limit stopped the clue removal early, so some clues may be spare)." : "."));
    } else {
      status(`New puzzle: ${r.clues} clues, ${r.grade ? FOR_A_PERSON[r.grade] || r.grade : "not graded"}`
        + (r.timed_out ? " (the time limit stopped the clue removal early, so some clues may be spare)." : "."));
    }
    return true;
  } catch (err) { if (isCancelled(err)) status("Cancelled."); else failed(err); }
  return false;
}

/** Whether to generate `c` now: at once when it fits the time limit, else on a second
 *  press within five seconds of the first, which says how long it takes. */
async function goAhead(c) {
  const r = await estimateOf(c);
  if (r.fits || Date.now() - foreseen.warned < 5000) { foreseen.warned = 0; return true; }
  foreseen.warned = Date.now();
  const again = "Press Generate again within 5 seconds to make it anyway.", note = $("[data-role=estimate]");
  status(`This usually takes longer than the time limit (about ${duration(r.seconds)} against ${duration(r.limit)}). ${again}`);
  note.textContent = `${tooLong(c, r)} ${again}`; // where a phone's eye is, under the button
  setTimeout(() => { if (note.textContent.endsWith(again)) note.textContent = tooLong(c, r); }, 5000);
  return false;
}
