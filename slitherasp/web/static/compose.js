// Composing: clues set by clicks or number keys, the answers they allow shown after each
// change, and the long jobs (Second answer, Remove redundant clues, Grade) with a working
// state, a Cancel button and their results in words.

import { clearMarks, drawClues, ghost } from "./board.js";
import { feedback, index, keepTime, openText, puzzlePayload } from "./play.js";
import { call, Cancelled, failed, isCancelled, reason, status, working } from "./server.js";
import { $, $$, app } from "./state.js";

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
 *  past its number of sides to none. */
export function composeClick(c, back = false) {
  const sides = app.model.cell_edges[c].length, k = app.clues[c];
  const up = k === null ? 0 : k >= sides ? null : k + 1;
  const down = k === null ? sides : k === 0 ? null : k - 1;
  setClue(c, back ? down : up);
}

export function setClue(c, k) {
  if (c < 0 || app.mode !== "compose") return;
  const sides = app.model.cell_edges[c].length;
  if (k !== null && k > sides) { status(`This face has ${sides} sides: its clue is at most ${sides}.`); return; }
  app.clues[c] = k;
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
    const r = await call("solve", puzzlePayload({ unique: true, forced: true }), { signal: control.signal });
    clearMarks();
    const given = app.clues.filter((k) => k !== null).length;
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

export function clearClues() {
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
  if (!r.grade) {
    return r.unique === false ? "No grade: these clues allow more than one answer."
      : r.answers === 0 ? "No grade: these clues have no answer." : "No grade: uniqueness was not settled in time.";
  }
  const person = r.human_grade ? FOR_A_PERSON[r.human_grade] || r.human_grade : "too hard to grade for a person within 20 seconds";
  return `For a person: ${person}. The solver needs ${FOR_THE_SOLVER[r.grade] || r.grade}.`;
}

export async function grade() {
  try {
    status(gradeWords(await working("Grading", "grade", puzzlePayload())));
  } catch (err) { failed(err); }
}

/** Generate (or a blank patch to compose on) from the New panel's choices. */
export async function generate(blank) {
  const size = $("#size").value.trim().toLowerCase().replace(/\s+/g, "").replace("×", "x");
  if (!/^\d+(x\d+)?$/.test(size)) { status("Write the size as width x height, such as 7x7."); return; }
  const payload = { tiling: $("#tiling").value || "square", size, seed: Math.floor(Math.random() * 1e6), difficulty: $("#difficulty").value };
  try {
    const r = await working(blank ? "Making a blank board" : "Making a puzzle", blank ? "tiling" : "generate", payload);
    await openText(r.puzzle, { mode: blank ? "compose" : "play" });
    if (blank) setMode("compose");
    else {
      status(`New puzzle: ${r.clues} clues, ${r.grade ? FOR_A_PERSON[r.grade] || r.grade : "not graded"}`
        + (r.timed_out ? " (the time limit stopped the clue removal early, so some clues may be spare)." : "."));
    }
  } catch (err) { if (isCancelled(err)) status("Cancelled."); else failed(err); }
}
