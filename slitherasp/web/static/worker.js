// The page's back end in the browser (the static site of `slitherasp site`): Pyodide
// runs this package's Python, which answers each action with the same functions as
// `slitherasp serve` (slitherasp/web/browser.py), and clingo-wasm runs the programs the
// rules leave open. Messages in: {id, action, payload}; out: {id, status, body} when an
// action ends, {id, progress} while it works, {ready, snapshot} once Python has started
// (snapshot: from the one kept at an earlier visit).
// Everything comes from this site: ../pyodide, ../clingo and ../py beside static/.

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { init as clingo } from "../clingo/run.js";
import { SNAPSHOT } from "./config.js";

const here = (path) => new URL(path, import.meta.url).href;
let current = null; // the id of the action running now (its progress is posted with it)

// Python's memory once the package is imported, kept by the browser after the first
// start (Cache Storage, one per build: SNAPSHOT names the runtime and the package), so
// that later visits start in well under a second instead of several. Pyodide's
// snapshots are experimental: one that does not load is dropped and Python starts anew.
const STARTS = "python-start"; // not "slitherasp-…": the service worker clears those
const startFile = here(`../py/start-${SNAPSHOT}.bin`);
const KEEPS = Boolean(SNAPSHOT) && typeof caches !== "undefined"; // a build that names one, a browser that keeps

async function kept() {
  if (!KEEPS) return null;
  try {
    const found = await (await caches.open(STARTS)).match(startFile);
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  } catch (err) { return null; }
}

async function keep(bytes) {
  try {
    const cache = await caches.open(STARTS);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(startFile, new Response(bytes));
  } catch (err) { /* a browser that keeps nothing starts Python anew each time */ }
  free(bytes);
}

// A worker waiting for the next action collects no garbage: the 31 MB of a snapshot,
// once copied, are let go at once (detached) rather than held until Python next works.
const free = (bytes) => { try { bytes.buffer.transfer?.(0); } catch (err) { /* kept until collected */ } };

const python = (options) => loadPyodide({ indexURL: here("../pyodide/"), packages: [], ...options });

async function start() {
  let [snapshot, run, source] = await Promise.all([
    kept(),
    clingo({ singleThreaded: true, locateFile: (file) => here(`../clingo/${file}`) }),
    fetch(here("../py/slitherasp.zip")).then((r) => r.arrayBuffer()),
  ]);
  let py = snapshot && await python({ _loadSnapshot: snapshot }).catch(() => null);
  // copied into Python's memory: Pyodide's options hold on to it for good, and the
  // renderer held 30 MB more after a start from it than after a fresh one
  if (py?._api?.config) py._api.config._loadSnapshot = undefined;
  if (snapshot) free(snapshot);
  snapshot = null;
  const fresh = !py;
  // a browser where Pyodide cannot take a snapshot still starts Python, without one
  let keeping = fresh && KEEPS;
  if (keeping) py = await python({ _makeSnapshot: true }).catch(() => null);
  if (!py) { keeping = false; py = await python({}); }
  py.unpackArchive(source, "zip", { extractDir: "/home/pyodide/lib" });
  py.runPython("import sys; sys.path[:0] = [] if '/home/pyodide/lib' in sys.path else ['/home/pyodide/lib']");
  if (keeping) {
    try {
      py.runPython("import slitherasp.web.browser; slitherasp.web.browser.warm()");
      keep(py.makeMemorySnapshot());
    } catch (err) { /* none kept: the next visit starts Python anew */ }
  }
  py.registerJsModule("slitherasp_js", {
    clingo: (program, models, options) => JSON.stringify(run(program, models, JSON.parse(options))),
    progress: (text) => postMessage({ id: current, progress: String(text) }),
  });
  const browser = py.pyimport("slitherasp.web.browser");
  browser.start();
  postMessage({ ready: true, snapshot: !fresh });
  return browser;
}

const ready = start();
ready.catch((err) => postMessage({ failed: `Python did not start in this browser: ${err}` }));

onmessage = async ({ data: { id, action, payload } }) => {
  let reply;
  try {
    const browser = await ready;
    current = id;
    reply = JSON.parse(browser.call(action, JSON.stringify(payload ?? {})));
  } catch (err) {
    reply = { status: 500, body: { error: `internal error: ${err}` } };
  } finally {
    current = null;
  }
  postMessage({ id, ...reply });
};
