// Talking to the server: JSON in and out, long work shown as working with a running
// count of seconds and a Cancel button (its abort closes the request, which stops the
// server's work too), and the server's messages said in a player's words.

import { $, $$ } from "./state.js";

export function status(message) { $("[data-role=status]").textContent = message; }
export function reason(message) { $("[data-role=reason]").textContent = message || ""; }

export class Cancelled extends Error {
  constructor() { super("Cancelled."); this.name = "Cancelled"; }
}

const BUSY_TRIES = 4; // a busy server (503) is asked again after its Retry-After, this many times in all

export async function call(action, payload, { signal } = {}) {
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
  try { data = await response.json(); } catch (err) { /* no JSON: the status code speaks */ }
  if (!response.ok) throw new Error(forPlayers(data.error, response.status));
  return data;
}

let pending = null;

/** `call` for work that can take seconds: the status says `label` with the seconds so
 *  far, the Cancel button stops it (then a Cancelled error), and only one runs at once. */
export async function working(label, action, payload) {
  cancel();
  const control = new AbortController(), started = Date.now();
  const show = () => status(`${label}… ${Math.floor((Date.now() - started) / 1000)} s`);
  show();
  const tick = setInterval(show, 1000);
  pending = control;
  document.body.classList.add("working");
  $$("[data-action=cancel]").forEach((b) => b.classList.remove("hidden"));
  try {
    return await call(action, payload, { signal: control.signal });
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

/** Say an error for the one at the page: no labels such as `<puzzle>:1:`, no command-line
 *  options or commands, and what to do about it. The server speaks as the command line
 *  does (`<puzzle>:2:1: clue 9 is larger than 4`); this is where that becomes words. */
export function forPlayers(message, code) {
  if (code === 503) return "The server is busy with other work. Try again in a moment.";
  if (code === 413) return "That is too large for the page.";
  let m = String(message || `The server answered ${code}.`);
  const at = /^<[^>]*>:(\d+)(:\d+)?:\s*/.exec(m), line = at ? +at[1] : 0;
  m = m.replace(/^<[^>]*>(:\d+){0,2}:\s*/, "");
  let found;
  if (/cannot tell the format/.test(m)) {
    return "The page cannot read this as a puzzle. Paste a Loopy game ID, a puzz.link or penpa-edit link, "
      + "a pzprv3 file, ASP facts or GeoJSON/WKT polygons.";
  }
  if (/slitherasp generate/.test(m)) return "The page makes puzzles of up to 900 cells (30x30); make larger ones on the command line.";
  if ((found = /^([a-z0-9-]+): (width|height) (\d+) is out of range (\d+)\.\.(\d+)$/.exec(m))) {
    const [, tiling, side, n, low, high] = found;
    return `A ${tiling} board's ${side} is ${low} to ${high}, not ${n}. Change the size.`;
  }
  if ((found = /^the time limit of (\S+) s ran out/.exec(m))) {
    return `The server stops after ${found[1]} seconds, and this took longer. Try a smaller board or an easier level.`;
  }
  if (/^internal error/.test(m)) return `Something went wrong in the server (a bug, please report it): ${m.replace(/^internal error:\s*/, "")}`;
  m = m.replace(/\s*\([^()]*--[a-z][^()]*\)/g, "") // an aside that names an option
    .replace(/\s*[;,]?\s*(use |name it with )?--[a-z][a-z-]*[^;.]*/g, "") // a clause that does
    .replace(/\s*[;,]?[^;,]*'slitherasp [^']*'[^;.]*/g, "") // a clause naming a command
    .trim();
  m = m.charAt(0).toUpperCase() + m.slice(1) + (/[.!?]$/.test(m) ? "" : ".");
  return line > 1 ? `Line ${line}: ${m}` : m;
}

export function isCancelled(err) { return err instanceof Cancelled; }

/** The error of an action as a status line ("Cancelled." for a cancel). */
export function failed(err) { status(err.message); }
