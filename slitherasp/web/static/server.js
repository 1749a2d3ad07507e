// Talking to the server: JSON in and out through `call`, long work shown as working with
// a running count of seconds and a Cancel button (its abort closes the request, which
// stops the server's work too); the server's messages come in a player's words.

import { BACKEND } from "./config.js";
import { waiting } from "./engine.js";
import { viaWorker } from "./pyworker.js";
import { $, $$ } from "./state.js";

let about = null; // what a status about the board says once the board has changed (see boardStatus)
let sticky = false; // ... and whether it stays beside what an action says (solved)

function show(message) { $("[data-role=status]").textContent = message || ""; }

/** A status about what was done (a link copied, a file saved): it stays until the next.
 *  A sticky status about the board (solved) stays in front of it while it holds. */
export function status(message) {
  const still = sticky && about ? about() : null;
  if (still && message) { show(`${still} ${message}`); return; }
  show(message); about = null; sticky = false;
}

/** A status about the board as it is (a hint, a check, wrong marks, solved): after each
 *  change of the board `still()` says it again as the board now is (and may mark the
 *  board again), or returns null and the status goes away; `sticky`: it stays in front
 *  of what actions say meanwhile (a Share does not take "Solved" away). */
export function boardStatus(message, still = () => null, { sticky: keep = false } = {}) {
  show(message); about = message ? still : null; sticky = Boolean(message) && keep;
}

/** The board has changed: a status about it says what still holds, or goes away. */
export function restate() {
  if (about) boardStatus(about(), about, { sticky });
}

export function reason(message) { $("[data-role=reason]").textContent = message || ""; }

export class Cancelled extends Error {
  constructor() { super("Cancelled."); this.name = "Cancelled"; }
}

const BUSY_TRIES = 4; // a busy server (503) is asked again after its Retry-After, this many times in all

/** One action of the API: its answer's JSON; `signal` aborts it (a Cancelled error),
 *  `progress(text)` hears how far long work got; `lane`, for work done ahead in the
 *  browser: "behind" the player's actions in their worker, or "spare" beside them in a
 *  second one (pyworker.js; the server runs it as any other). */
export async function call(action, payload, { signal, progress, lane } = {}) {
  if (BACKEND === "worker") {
    let reply;
    try {
      reply = await viaWorker(action, payload, { signal, progress, lane });
    } catch (err) {
      if (err.name === "AbortError") throw new Cancelled();
      throw err;
    }
    if (reply.status !== 200) throw new Error(forPlayers(reply.body?.error, reply.status));
    return reply.body;
  }
  let response;
  for (let tries = 1; ; tries++) {
    try {
      response = await fetch(`/api/${action}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload), signal,
      });
      if (response.status !== 503 || tries === BUSY_TRIES) break;
      const seconds = Math.min(5, Number(response.headers.get("Retry-After")) || 1);
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, 1000 * seconds);
        signal?.addEventListener("abort", () => { clearTimeout(timer); reject(new DOMException("", "AbortError")); });
      });
    } catch (err) {
      if (err.name === "AbortError") throw new Cancelled();
      throw new Error("The page cannot reach its server. Start it again, then reload the page.");
    }
  }
  let data = {};
  try {
    data = await response.json();
  } catch (err) { // no JSON: the status code speaks; an abort while it was read is a Cancel
    if (err.name === "AbortError") throw new Cancelled();
  }
  if (!response.ok) throw new Error(forPlayers(data.error, response.status));
  return data;
}

let pending = null;

/** `call` for work that can take seconds: the status says `label` with the seconds so
 *  far (and, while Python starts in the browser, that it waits for it), the Cancel
 *  button stops it (then a Cancelled error), and only one runs at once. */
export function working(label, action, payload) {
  return during(label, (signal, progress) => call(action, payload, { signal, progress }));
}

/** Work that can take seconds, as `working` shows it: `run(signal, progress)` does it
 *  (and stops when `signal` aborts); a Cancel rejects with a Cancelled error at once. */
export async function during(label, run) {
  cancel();
  const control = new AbortController(), started = Date.now();
  let far = "";
  const show = () => {
    const wait = waiting();
    status(wait ? `${label}: ${wait}` : `${label}… ${Math.floor((Date.now() - started) / 1000)} s${far ? ` (${far})` : ""}`);
  };
  show();
  const tick = setInterval(show, 1000);
  pending = control;
  document.body.classList.add("working");
  $$("[data-action=cancel]").forEach((b) => b.classList.remove("hidden"));
  const stopped = new Promise((_, reject) => control.signal.addEventListener("abort", () => reject(new Cancelled())));
  stopped.catch(() => {});
  try {
    return await Promise.race([run(control.signal, (text) => { far = text; show(); }), stopped]);
  } finally {
    clearInterval(tick);
    if (pending === control) {
      pending = null;
      document.body.classList.remove("working");
      $$("[data-action=cancel]").forEach((b) => b.classList.add("hidden"));
    }
  }
}

export function cancel() { if (pending) pending.abort(); }

/** An error of the server's said to the one at the page: the server words its refusals
 *  for players and scripts alike (slitherasp/web/words.py), so only an answer without
 *  words (a proxy's, a crash's) is said here. */
export function forPlayers(message, code) {
  return message ? String(message) : `The server answered ${code} without saying why. Try again, or reload the page.`;
}

export function isCancelled(err) { return err instanceof Cancelled; }

/** The error of an action as a status line ("Cancelled." for a cancel). */
export function failed(err) { status(err.message); }
