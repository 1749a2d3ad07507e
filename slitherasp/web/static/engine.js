// Python starting in the browser (the static site), said as it happens: a line in the
// header says what is starting and for how long, and the words a waiting action shows.
// The board does not wait for it (the page plays in JavaScript): only hints, answers,
// grades and new puzzles do, and each of them says so until Python is ready.

import { BACKEND } from "./config.js";
import { onPython, python } from "./pyworker.js";
import { $ } from "./state.js";

const STAGES = {
  fetching: "fetching its files",
  package: "unpacking slitherasp",
  snapshot: "starting Python from its snapshot, and the solver (usually 1-3 s)",
  python: "starting Python (the first time in this browser: usually 5-15 s)",
  importing: "loading slitherasp into Python",
};
const SHOWN_READY = 6000; // ms the line says "ready" before it goes

let tick = null, hide = null;

function seconds(ms) { return `${(ms / 1000).toFixed(ms < 10000 ? 1 : 0)} s`; }

/** The header's line, as Python's start now is. */
function show() {
  const line = $("[data-role=engine]");
  if (!line) return;
  clearTimeout(hide);
  if (python.state === "starting") {
    line.textContent = `Python: ${STAGES[python.stage] || "starting"}… ${seconds(performance.now() - python.since)}`;
    line.dataset.state = "starting";
  } else if (python.state === "ready") {
    line.textContent = `Python ready (started in ${seconds(python.took)})`;
    line.dataset.state = "ready";
    hide = setTimeout(() => { line.textContent = ""; delete line.dataset.state; }, SHOWN_READY);
  } else if (python.state === "failed") {
    line.textContent = `${python.failed} Playing and Check still work.`;
    line.dataset.state = "failed";
  }
}

/** Show Python's start in the header from now on (the static site only). */
export function watchPython() {
  if (BACKEND !== "worker") return;
  onPython(() => {
    show();
    clearInterval(tick);
    if (python.state === "starting") tick = setInterval(show, 250);
  });
}

/** What an action that needs Python says while it waits for it, or "" once Python is
 *  ready (and always on a server). */
export function waiting() {
  if (BACKEND !== "worker" || python.state === "ready") return "";
  if (python.state === "failed") return python.failed;
  const so = python.state === "starting" ? ` (${seconds(performance.now() - python.since)} so far)` : "";
  return `waiting for Python, which is starting in your browser${so}…`;
}
