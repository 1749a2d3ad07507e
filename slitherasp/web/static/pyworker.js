// The page's actions answered by Python in this browser (the static site): one Web
// Worker (worker.js) runs them one at a time. Cancel ends the worker, whose Python
// cannot be interrupted mid-action, and starts a fresh one for the actions still
// waiting (the files come from the browser's cache: ready again in a few seconds).

let worker = null;
let ready = null;
const waiting = new Map(); // id -> {resolve, reject, progress, message}
let nextId = 1;
/** How many workers this page has started (a Cancel starts a fresh one). */
export let spawns = 0;
/** Whether the last worker's Python started from the snapshot an earlier visit kept. */
export let fromSnapshot = null;

function spawn() {
  spawns += 1;
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.ready) { fromSnapshot = data.snapshot; resolve(); return; }
      if (data.failed) { reject(new Error(data.failed)); fail(data.failed); return; }
      const job = waiting.get(data.id);
      if (!job) return;
      if ("progress" in data) { job.progress?.(data.progress); return; }
      waiting.delete(data.id);
      job.resolve(data);
    };
    worker.onerror = (event) => {
      const message = `Python stopped in this browser: ${event.message || "the worker failed"}`;
      reject(new Error(message));
      fail(message);
    };
  });
  ready.catch(() => {});
}

function fail(message) {
  for (const job of waiting.values()) job.reject(new Error(message));
  waiting.clear();
  worker?.terminate();
  worker = null;
}

/** Stop the action `id` (the worker's Python cannot be interrupted, so the worker
 *  ends); the other actions waiting go to a fresh worker, as they were asked. */
function cancel(id) {
  waiting.delete(id);
  worker?.terminate();
  worker = null;
  if (!waiting.size) return;
  spawn();
  for (const [other, job] of waiting) worker.postMessage({ id: other, ...job.message });
}

/** Whether Python has started (the first action waits for it: a few seconds). */
export function started() { return ready; }

/** One action: {status, body}, as the server would answer it; `progress(text)` hears
 *  how far long work got; an abort of `signal` while it runs rejects with an
 *  AbortError (an abort after the answer came does nothing). */
export function viaWorker(action, payload, { signal, progress } = {}) {
  if (signal?.aborted) return Promise.reject(new DOMException("", "AbortError"));
  if (!worker) spawn();
  const id = nextId++, message = { action, payload };
  return new Promise((resolve, reject) => {
    const stop = () => {
      if (!waiting.has(id)) return;
      cancel(id);
      reject(new DOMException("", "AbortError"));
    };
    const settled = (then) => (value) => { signal?.removeEventListener("abort", stop); then(value); };
    waiting.set(id, { resolve: settled(resolve), reject: settled(reject), progress, message });
    signal?.addEventListener("abort", stop);
    worker.postMessage({ id, ...message });
  });
}

// A page kept for the back button (the back-forward cache) keeps its worker too: Python
// and clingo-wasm, 60-80 MB of the renderer for a page nobody sees. Let it go; a page
// shown again starts a fresh worker for its next action (and for any still waiting).
addEventListener("pagehide", (event) => {
  if (!event.persisted || !worker) return;
  worker.terminate();
  worker = null;
});
addEventListener("pageshow", (event) => {
  if (!event.persisted || worker || !waiting.size) return;
  spawn();
  for (const [id, job] of waiting) worker.postMessage({ id, ...job.message });
});
