// The page's actions answered by Python in this browser (the static site): one Web
// Worker (worker.js) runs them one at a time. Cancel ends the worker, whose Python
// cannot be interrupted mid-action, and starts a fresh one (the files come from the
// browser's cache, so it is ready again in a few seconds).

let worker = null;
let ready = null;
const waiting = new Map(); // id -> {resolve, reject, progress}
let nextId = 1;

function spawn() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.ready) { resolve(); return; }
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

/** Whether Python has started (the first action waits for it: a few seconds). */
export function started() { return ready; }

/** One action: {status, body}, as the server would answer it; `progress(text)` hears
 *  how far long work got; an abort of `signal` rejects with an AbortError. */
export function viaWorker(action, payload, { signal, progress } = {}) {
  if (!worker) spawn();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject, progress });
    signal?.addEventListener("abort", () => {
      waiting.delete(id);
      fail("Cancelled.");
      reject(new DOMException("", "AbortError"));
    });
    worker.postMessage({ id, action, payload });
  });
}
