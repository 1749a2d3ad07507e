// Composing: clues set by clicks or number keys, the answers they allow shown after each
// change, and the long jobs (Second answer, Remove redundant clues, Grade) with a working
// state, a Cancel button and their results in words. (The New panel: generate.js.)

import { clearMarks, drawClues, ghost } from "./board.js";
import { FOR_A_PERSON, FOR_THE_SOLVER } from "./levels.js";
import { feedback, index, keepTime, openText, puzzlePayload } from "./play.js";
import { waiting } from "./engine.js";
import { call, Cancelled, failed, isCancelled, reason, status, working } from "./server.js";
import { attachSetter, orbitOf, paintClick } from "./setter.js";
import { $, $$, app } from "./state.js";
import { RULE_TITLES } from "./variants.js";

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
  if (waiting()) status(`Counting the answers: ${waiting()}`); // Python is still starting in the browser
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
    status(`Generate and Blank will make ${RULE_TITLES[name] || "Slitherlink"} boards; Compose changes this board's rule.`);
    return;
  }
  app.variant = name;
  if (!name.startsWith("sheep-wolf")) app.animals = app.animals.map(() => null);
  app.edited = true;
  drawClues();
  live();
}


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

/** A grade in words ("harder than Loopy's Hard", never "null"). */
export function gradeWords(r) {
  if (app.variant && r.grade) {
    return `The solver needs ${FOR_THE_SOLVER[r.grade] || r.grade}. A ${RULE_TITLES[app.variant]} has no grade for a person: `
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
