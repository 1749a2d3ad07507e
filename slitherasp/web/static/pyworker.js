// The page's actions answered by Python in this browser (the static site): a Web Worker
// (worker.js) runs them one at a time. The page keeps the queue and gives the worker one
// action at a time, so that a Cancel of an action still waiting only takes it off the
// queue; a Cancel of the one running ends the worker, whose Python cannot be interrupted
// mid-action, and starts a fresh one (ready again in about a second, from the snapshot).
// Two lanes: "main" for what the player asks (and quick work done ahead, after it), and
// "spare" for longer work done ahead (the next puzzle of a big board), in a second worker
// that ends once it has nothing to do, so that the player's hint never waits long behind
// a puzzle made in advance.

/** How many main workers this page has started (a Cancel starts a fresh one). */
export let spawns = 0;
/** Whether the main worker's Python started from a snapshot (the build's or a kept one). */
export let fromSnapshot = null;

/** Python's start, as the page shows it: `state` idle, starting, ready or failed; `stage`
 *  what it is doing now; `since` when it began (ms, performance.now()); `took` ms once
 *  ready; `failed` the reason. Listeners hear every change. */
export const python = { state: "idle", stage: "", since: 0, took: null, failed: "", log: [], listeners: new Set() };

function tell(change) {
  Object.assign(python, change);
  for (const listener of python.listeners) listener(python);
}

/** Hear Python's start (`listener(python)` at every change, and once now). */
export function onPython(listener) { python.listeners.add(listener); listener(python); }

class Lane {
  constructor(name) { this.name = name; this.worker = null; this.queue = []; this.running = null; this.ready = null; }

  spawn() {
    const main = this.name === "main";
    if (main) spawns += 1;
    const url = new URL(`./worker.js${main ? "" : "?lane=spare"}`, import.meta.url);
    const worker = (this.worker = new Worker(url, { type: "module" }));
    if (main) tell({ state: "starting", stage: "fetching", since: performance.now(), took: null, failed: "", log: [] });
    this.ready = new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if (data.stage) { // and when, for the benchmarks: [stage, ms since the worker was asked for]
          if (main) {
            python.log.push([data.stage, performance.now() - python.since]);
            if (python.state === "starting") tell({ stage: data.stage });
          }
          return;
        }
        if (data.ready) {
          if (main) {
            fromSnapshot = data.snapshot;
            python.log.push(["ready", performance.now() - python.since]);
            tell({ state: "ready", took: performance.now() - python.since });
          }
          resolve();
          return;
        }
        if (data.failed) { reject(new Error(data.failed)); this.fail(data.failed); return; }
        const job = this.running;
        if (!job || job.id !== data.id) return;
        if ("progress" in data) { job.progress?.(data.progress); return; }
        this.running = null;
        job.resolve(data);
        this.next();
      };
      worker.onerror = (event) => {
        const message = `Python stopped in this browser: ${event.message || "the worker failed"}`;
        reject(new Error(message));
        this.fail(message);
      };
    });
    this.ready.catch(() => {});
  }

  fail(message) {
    if (this.name === "main") tell({ state: "failed", failed: message });
    for (const job of [this.running, ...this.queue]) job?.reject(new Error(message));
    this.queue = []; this.running = null;
    this.worker?.terminate(); this.worker = null;
  }

  /** Give the worker the next action, once the one before has ended. */
  next() {
    if (this.running) return;
    if (!this.queue.length) {
      if (this.name === "spare" && this.worker) { this.worker.terminate(); this.worker = null; } // its memory back
      return;
    }
    if (!this.worker) this.spawn();
    this.running = this.queue.shift();
    this.worker.postMessage({ id: this.running.id, ...this.running.message });
  }

  /** Take action `job` away: off the queue, or, running, with its worker (a fresh one
   *  takes the rest; the main lane's starts at once, to be ready for the next action),
   *  but for quick work done ahead, whose answer is then not heard. */
  drop(job) {
    const at = this.queue.indexOf(job);
    if (at >= 0) { this.queue.splice(at, 1); return; }
    if (this.running !== job || job.behind) return; // quick work done ahead ends by itself: Python goes on
    this.running = null;
    this.worker?.terminate(); this.worker = null;
    if (this.name === "main" || this.queue.length) this.spawn();
    this.next();
  }
}

const lanes = { main: new Lane("main"), spare: new Lane("spare") };
let nextId = 1;

/** Start Python now (the page calls it once its first board is drawn). */
export function warm() { if (!lanes.main.worker) lanes.main.spawn(); }

/** Whether the main worker's Python has started (a promise; starts it if need be). */
export function started() { warm(); return lanes.main.ready; }

/** One action: {status, body}, as the server would answer it; `progress(text)` hears
 *  how far long work got; an abort of `signal` before the answer rejects with an
 *  AbortError (an abort after it does nothing); `lane`: "main", "spare" (a second
 *  worker), or "behind" (the main worker, after every action of the player's waiting). */
export function viaWorker(action, payload, { signal, progress, lane = "main" } = {}) {
  if (signal?.aborted) return Promise.reject(new DOMException("", "AbortError"));
  const line = lane === "spare" ? lanes.spare : lanes.main;
  if (line === lanes.main) warm();
  return new Promise((resolve, reject) => {
    const job = { id: nextId++, message: { action, payload }, progress, behind: lane === "behind" };
    const stop = () => { line.drop(job); reject(new DOMException("", "AbortError")); };
    const settled = (then) => (value) => { signal?.removeEventListener("abort", stop); then(value); };
    job.resolve = settled(resolve); job.reject = settled(reject);
    signal?.addEventListener("abort", stop);
    const first = line.queue.findIndex((j) => j.behind); // the player's actions go before work done ahead
    if (!job.behind && first >= 0) line.queue.splice(first, 0, job); else line.queue.push(job);
    line.next();
  });
}

// A page kept for the back button (the back-forward cache) keeps its worker too: Python
// and clingo-wasm, 60-80 MB of the renderer for a page nobody sees. Let it go; a page
// shown again starts a fresh worker for its next action (and for any still waiting).
addEventListener("pagehide", (event) => {
  if (!event.persisted) return;
  for (const lane of Object.values(lanes)) {
    if (!lane.worker) continue;
    if (lane.running) { lane.queue.unshift(lane.running); lane.running = null; } // asked again when shown
    lane.worker.terminate();
    lane.worker = null;
  }
  if (python.state !== "idle") tell({ state: "idle", stage: "" });
});
addEventListener("pageshow", (event) => {
  if (event.persisted) for (const lane of Object.values(lanes)) lane.next();
});
