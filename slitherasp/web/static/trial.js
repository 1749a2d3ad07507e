// Trial mode, as pzprjs has it: mark a point, try a guess, then keep it (Accept) or throw
// away everything since the point (Discard), each in one click. Trials nest: each one's
// lines, crosses and marks are drawn in its own colour, and Accept gives them to the
// trial around it (or to the board). A trial is a place in the undo history, so Undo
// works inside it as ever, and undoing past its start ends it.

import { paintEdges, paintFaces } from "./board.js";
import { step } from "./play.js";
import { status } from "./server.js";
import { $, app } from "./state.js";

const COLOURS = ["blue", "magenta", "brown"]; // the trials' colours in words, by depth (then again)

function colour(depth) { return COLOURS[(depth - 1) % COLOURS.length]; }

/** Mark a point to try a guess from. */
export function startTrial() {
  if (!app.model || app.mode !== "play") return;
  app.trials.push({ at: app.undo.length });
  const n = app.trials.length;
  showTrials();
  status(`Trial ${n}: what you draw now is in ${colour(n)}. Accept keeps it; Discard throws away everything since.`);
}

/** Keep the innermost trial's marks: they become the enclosing trial's (or the board's). */
export function acceptTrial() {
  const depth = app.trials.length;
  if (!depth) return;
  app.trials.pop();
  const edges = regive(app.depth.e, depth), faces = regive(app.depth.f, depth);
  paintEdges(edges); paintFaces(faces);
  showTrials();
  status(depth > 1 ? `Trial ${depth} accepted: its marks are trial ${depth - 1}'s now.` : "Trial accepted: its marks are the board's now.");
}

function regive(depths, depth) {
  const moved = [];
  depths.forEach((d, i) => { if (d >= depth) { depths[i] = depth - 1; moved.push(i); } });
  return moved;
}

/** Throw away everything drawn since the innermost trial began (not to be redone). */
export function discardTrial() {
  const trial = app.trials[app.trials.length - 1];
  if (!trial) return;
  const n = app.trials.length;
  while (app.undo.length > trial.at) step(app.undo, app.redo);
  app.redo = [];
  if (app.trials[app.trials.length - 1] === trial) app.trials.pop();
  showTrials();
  status(`Trial ${n} thrown away: the board is as it was when it began.`);
}

/** The play bar as the trials now are: Accept and Discard while one is open, and how deep. */
export function showTrials() {
  const n = app.trials?.length || 0;
  $(".trial-controls")?.classList.toggle("hidden", !n);
  const button = $("[data-action=trial]");
  if (button) {
    button.textContent = n ? `Trial ${n}` : "Trial";
    button.dataset.depth = String(n);
  }
}

document.addEventListener("opened", showTrials);
