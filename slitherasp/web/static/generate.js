// The New panel: its choices (tiling, size, level, rule), how long a generation of them
// usually takes (said before it starts), Generate and Blank, and the next puzzle made
// ahead: once a puzzle is on the board, another of the same choices is made in the
// background (beside the player's actions: a second worker in the browser), so that the
// next Generate opens it at once. Before Python has started in the browser, Generate
// opens one of the site's ready puzzles of those choices.

import { BACKEND } from "./config.js";
import { chooseVariant, setMode } from "./compose.js";
import { FOR_A_PERSON, FOR_THE_SOLVER } from "./levels.js";
import { showPuzzle } from "./play.js";
import { python, started } from "./pyworker.js";
import { readyPuzzle, usualSizes } from "./ready.js";
import { call, during, failed, isCancelled, status } from "./server.js";
import { $ } from "./state.js";
import { RULE_TITLES } from "./variants.js";

/** The New panel's choices as the API takes them, or null when the size is no size. */
export function choices() {
  const size = $("#size").value.trim().toLowerCase().replace(/\s+/g, "").replace("×", "x");
  if (!/^\d+(x\d+)?$/.test(size)) return null;
  const variant = $("#variant") ? $("#variant").value : "";
  return { tiling: $("#tiling").value || "square", size: size.includes("x") ? size : `${size}x${size}`,
    difficulty: $("#difficulty").value, ...(variant ? { variant } : {}) };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A new tiling in the panel: its usual size (the daily puzzle's), as far as it is known. */
export function tilingChosen() {
  const sizes = usualSizes() || known.sizes, size = sizes && sizes[$("#tiling").value];
  if (size) $("#size").value = size;
}

export const known = { sizes: null }; // the server's usual sizes (its "tilings" answer)

/** The rule in the panel, said where it is chosen: the level menu greys out for a variant
 *  (made for the solver's grade), and Generate names the rule it makes. */
export function ruleChosen() {
  const variant = $("#variant").value, level = $("#difficulty");
  level.disabled = Boolean(variant);
  level.title = variant ? "a variant is made for the solver's grade: a person's level does not apply to it"
    : "how hard, for a person (Loopy's levels)";
  $("[data-action=generate]").textContent = variant ? `Generate ${RULE_TITLES[variant]}` : "Generate";
}

// -- how long it usually takes -------------------------------------------------------------------
const foreseen = { key: "", promise: null, warned: 0 };

/** How long generating `c` usually takes (the API's estimate), asked once per choice and
 *  never cancelled: an estimate is quick, and its question is shared by whoever asks it
 *  (an abort of it once ended a Generate pressed just after a change of the choices). */
function estimateOf(c) {
  const key = JSON.stringify(c);
  if (foreseen.key !== key) {
    foreseen.key = key;
    foreseen.promise = call("estimate", c);
    foreseen.promise.catch(() => { if (foreseen.key === key) foreseen.key = ""; }); // asked again next time
  }
  return foreseen.promise;
}

function duration(seconds) {
  if (seconds < 90) return `${seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds)} s`;
  return seconds < 5400 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`;
}

const ENGINES = { compiled: "on this server", plain: "on this server (plain Python)", browser: "in your browser" };

/** A generation that may not fit the time limit, in words that match its numbers (longer
 *  than the limit, or close to it), with what fits. */
export function tooLong(c, r) {
  const fits = [r.size && `${r.size} at ${c.difficulty}`, r.difficulty && `${c.size} at ${r.difficulty}`].filter(Boolean);
  const over = r.seconds > r.limit;
  return `A ${c.size} ${c.tiling} at ${c.difficulty} usually takes about ${duration(r.seconds)} to make `
    + `${ENGINES[r.engine] || "here"}, ${over ? "longer than" : "close to"} the time limit of ${duration(r.limit)}: `
    + `${over ? "it would stop" : "it may stop"} with spare clues.` + (fits.length ? ` In time: ${fits.join(", or ")}.` : "");
}

/** Under the New panel's buttons, before anything starts: whether its choices may take
 *  longer to generate than the time limit (asked as they change; an answer for choices
 *  changed since is not shown). */
export async function foresee() {
  const note = $("[data-role=estimate]"), c = choices();
  try {
    const r = c && !c.variant && await estimateOf(c); // a variant is made for the solver: no estimate of a person's grade
    if (same(c, choices())) note.textContent = r && !r.fits ? tooLong(c, r) : "";
  } catch (err) { if (same(c, choices())) note.textContent = ""; } // a refused size is said when Generate is pressed
}

/** Whether to generate `c` now: at once when it fits the time limit, else on a second
 *  press within five seconds of the first, which says how long it takes. */
async function goAhead(c) {
  const r = await estimateOf(c);
  if (r.fits || Date.now() - foreseen.warned < 5000) { foreseen.warned = 0; return true; }
  foreseen.warned = Date.now();
  const again = "Press Generate again within 5 seconds to make it anyway.", note = $("[data-role=estimate]");
  status(`This may take longer than the time limit (about ${duration(r.seconds)} against ${duration(r.limit)}). ${again}`);
  note.textContent = `${tooLong(c, r)} ${again}`; // where a phone's eye is, under the button
  setTimeout(() => { if (note.textContent.endsWith(again)) note.textContent = tooLong(c, r); }, 5000);
  return false;
}

// -- the next puzzle, made ahead -----------------------------------------------------------------
export const ahead = { key: "", promise: null, control: null, made: null };

const QUICK = 1.5; // seconds a puzzle made ahead may usually take in the player's own worker

/** Make a puzzle of choices `c` in the background (once Python has started, in the
 *  browser), for the next Generate of the same choices: a quick one in the player's
 *  worker after whatever the player asks, a longer one (or a variant's) in a second
 *  worker (a second Python costs memory and a second of CPU to start); not one that
 *  usually takes longer than the time limit (it would hold a worker for nothing). */
export function makeAhead(c) {
  if (!c || ahead.key === JSON.stringify(c)) return;
  ahead.control?.abort();
  const key = (ahead.key = JSON.stringify(c)), control = (ahead.control = new AbortController());
  ahead.made = null;
  const ask = async () => {
    const r = c.variant ? null : await estimateOf(c);
    if (r && !r.fits) return null;
    return call("generate", { ...c, seed: Math.floor(Math.random() * 1e6), open: true },
      { signal: control.signal, lane: r && r.seconds < QUICK ? "behind" : "spare" });
  };
  const begin = BACKEND === "worker" && python.state !== "ready" ? started().then(ask) : ask();
  ahead.promise = begin.then((r) => { if (ahead.key === key) ahead.made = r; return r; }, () => null);
}

/** The puzzle made ahead for `c` (waited for, with the status saying so, if it is still
 *  being made), or a ready one of the site while Python starts; null: none. */
async function takeAhead(c) {
  if (ahead.key === JSON.stringify(c) && ahead.promise) {
    const { promise, control } = ahead;
    ahead.key = ""; ahead.promise = null;
    const r = ahead.made || await during("Making a puzzle (begun in the background)", (signal) => {
      signal.addEventListener("abort", () => control.abort());
      return promise;
    });
    if (r) return r;
  }
  if (c.variant || (BACKEND === "worker" && python.state === "ready")) return null;
  const ready = await readyPuzzle(c.tiling, c.difficulty, c.size);
  return ready && { puzzle: ready.text, model: ready.model, grade: ready.grade, clues: ready.clues, timed_out: false };
}

// -- Generate and Blank --------------------------------------------------------------------------
/** Open a puzzle made for choices `c` (generate's answer with its model) and say what it is. */
export function openMade(r, c) {
  showPuzzle(r.puzzle, r.model, { meta: { tiling: c.tiling, size: c.size, level: c.variant ? null : r.grade, daily: null } });
  const spare = r.timed_out ? " (the time limit stopped the clue removal early, so some clues may be spare)." : ".";
  if (c.variant) {
    status(`New ${RULE_TITLES[c.variant]}: ${r.clues} clues; the solver needs ${FOR_THE_SOLVER[r.solver_grade] || r.solver_grade}${spare}`);
  } else {
    status(`New puzzle: ${r.clues} clues, ${r.grade ? FOR_A_PERSON[r.grade] || r.grade : "not graded"}${spare}`);
  }
}

/** Generate (or a blank patch to compose on) from the New panel's choices; true when a
 *  board opened. A generation that may take longer than the time limit asks first. */
export async function generate(blank) {
  const c = choices();
  if (!c) { status("Write the size as width x height, such as 7x7."); return false; }
  try {
    if (blank) {
      const r = await during("Making a blank board", (signal, progress) =>
        call("tiling", { ...c, seed: Math.floor(Math.random() * 1e6) }, { signal, progress }));
      const model = await during("Opening", (signal) => call("open", { puzzle: r.puzzle }, { signal }));
      showPuzzle(r.puzzle, model, { mode: "compose", meta: { tiling: c.tiling, size: c.size } });
      setMode("compose");
      if (c.variant) chooseVariant(c.variant);
      return true;
    }
    let r = await takeAhead(c);
    if (!r) {
      if (!c.variant && !(await goAhead(c))) return false;
      r = await during("Making a puzzle", (signal, progress) =>
        call("generate", { ...c, seed: Math.floor(Math.random() * 1e6), open: true }, { signal, progress }));
    }
    openMade(r, c);
    makeAhead(c);
    return true;
  } catch (err) { if (isCancelled(err)) status("Cancelled."); else failed(err); }
  return false;
}

document.addEventListener("opened", ruleChosen); // the board's rule may have come into the panel
