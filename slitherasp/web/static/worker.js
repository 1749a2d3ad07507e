// The page's back end in the browser (the static site of `slitherasp site`): Pyodide
// runs this package's Python, which answers each action with the same functions as
// `slitherasp serve` (slitherasp/web/browser.py), and clingo-wasm runs the programs the
// rules leave open. Messages in: {id, action, payload}; out: {id, status, body} when an
// action ends, {id, progress} while it works, {stage} as Python starts (what it is
// doing now), then {ready, snapshot} once it has started (snapshot: from a snapshot of
// Python's memory, the build's or one this browser kept) or {failed}, and {stage:
// "solver"} once clingo-wasm has loaded too.
// Everything comes from this site: ../pyodide, ../clingo and ../py beside static/.
// The page starts a second worker for work done ahead (static/worker.js?lane=spare):
// it starts from a snapshot too, but never makes or keeps one.

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { BUILT, SNAPSHOT } from "./config.js";

const here = (path) => new URL(path, import.meta.url).href;
const SPARE = new URL(self.location.href).searchParams.get("lane") === "spare";
let current = null; // the id of the action running now (its progress is posted with it)
const stage = (name) => postMessage({ stage: name });
// clingo-wasm loads beside Python, and only the actions that may run it wait for it:
// opening, sharing and Slitherlink's Generate never do
const FREE = new Set(["open", "share", "convert", "tiling", "tilings", "estimate", "render", "generate", "daily"]);
const needsSolver = (action, payload) => !FREE.has(action) || Boolean(payload?.variant);
let solver = null, run = null; // the promise of clingo-wasm, and its run once loaded

// Python's memory once the package is imported. `slitherasp site` makes it with Node.js
// when it builds the site (py/start-SNAPSHOT.bin.gz, BUILT), and a first visit starts from
// it; without it, the browser makes one at the first start and keeps it (Cache Storage,
// one per build: SNAPSHOT names the runtime and the package), so that later visits start
// in about a second instead of several. Pyodide's snapshots are experimental: one that
// does not load is dropped, and Python starts anew (and keeps one of its own).
const STARTS = "python-start"; // not "slitherasp-…": the service worker clears those
const startFile = here(`../py/start-${SNAPSHOT}.bin`);
const builtFile = here(`../py/start-${SNAPSHOT}.bin.gz`);
const KEEPS = Boolean(SNAPSHOT) && typeof caches !== "undefined"; // a build that names one, a browser that keeps

async function kept() {
  if (!KEEPS) return null;
  try {
    const found = await (await caches.open(STARTS)).match(startFile);
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  } catch (err) { return null; }
}

/** The build's snapshot, unpacked (a static host serves the .gz as it is); rejects when
 *  it cannot be had. */
async function built() {
  const response = await fetch(builtFile);
  if (!response.ok) throw new Error(`${builtFile}: ${response.status}`);
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}
const BUILDS = BUILT && typeof DecompressionStream !== "undefined";

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

/** This package's source (py/slitherasp.tar.gz) into Python's file system at `into`: a
 *  tar unpacked here, after one gunzip by the browser (Python's own unpacking took ten
 *  times as long), or by Python where the browser cannot gunzip. */
async function unpack(py, archive, into) {
  if (typeof DecompressionStream === "undefined") { py.unpackArchive(archive, "gztar", { extractDir: into }); return; }
  const stream = new Blob([archive]).stream().pipeThrough(new DecompressionStream("gzip"));
  const tar = new Uint8Array(await new Response(stream).arrayBuffer()), text = new TextDecoder();
  const field = (at, length) => text.decode(tar.subarray(at, at + length)).replace(/\0.*$/s, "");
  for (let at = 0; at + 512 <= tar.length;) {
    const name = field(at, 100), size = parseInt(field(at + 124, 12).trim() || "0", 8);
    if (!name) break; // the end: blocks of zeros
    const prefix = field(at + 345, 155), path = `${into}/${prefix ? `${prefix}/` : ""}${name}`;
    if (tar[at + 156] === 48 || tar[at + 156] === 0) { // a file ("0"), not a folder or a link
      py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      py.FS.writeFile(path, tar.subarray(at + 512, at + 512 + size));
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

const WARM_PROGRAM = `v(1..6). e(X,X+1) :- v(X), v(X+1). e(6,1).
{ link(X,Y) } :- e(X,Y).
:- v(V), #count { X,Y : link(X,Y), V = X; X,Y : link(X,Y), V = Y } = 1.
reach(X) :- link(1,X). reach(Y) :- reach(X), link(X,Y).
:- link(X,Y), not reach(X).
#show link/2.`;

async function start() {
  stage("fetching");
  solver = import("../clingo/run.js")
    .then(({ init }) => init({ singleThreaded: true, locateFile: (file) => here(`../clingo/${file}`) }))
    .then((loaded) => { run = loaded; postMessage({ stage: "solver" }); return loaded; });
  solver.catch(() => {}); // said by the actions that need it
  const source = fetch(here("../py/slitherasp.tar.gz")).then((r) => r.arrayBuffer());
  // the snapshot comes while Pyodide fetches its runtime: one waits for the other. The
  // build's, once it has started Python here, is kept unpacked, as a snapshot made here
  // is: later visits skip its gunzip (half a second)
  let py = null, mine = await kept();
  if (mine) { stage("snapshot"); py = await python({ _loadSnapshot: mine }).catch(() => null); }
  // copied into Python's memory: Pyodide's options hold on to it for good, and the
  // renderer held 30 MB more after a start from it than after a fresh one
  if (py?._api?.config) py._api.config._loadSnapshot = undefined;
  if (mine) free(mine);
  mine = null;
  if (!py && BUILDS) {
    stage("snapshot");
    const unpacked = built();
    py = await python({ _loadSnapshot: unpacked }).catch(() => null);
    if (py?._api?.config) py._api.config._loadSnapshot = undefined;
    if (py && KEEPS && !SPARE) unpacked.then(keep, () => {});
  }
  const fresh = !py;
  // a browser where Pyodide cannot take a snapshot still starts Python, without one
  let keeping = fresh && KEEPS && !SPARE;
  if (fresh) stage("python");
  if (keeping) py = await python({ _makeSnapshot: true }).catch(() => null);
  if (!py) { keeping = false; py = await python({}); }
  stage("package");
  await unpack(py, await source, "/home/pyodide/lib");
  py.runPython("import sys; sys.path[:0] = [] if '/home/pyodide/lib' in sys.path else ['/home/pyodide/lib']");
  if (fresh) stage("importing");
  if (keeping) {
    try {
      py.runPython("import slitherasp.web.browser; slitherasp.web.browser.warm()");
      keep(py.makeMemorySnapshot());
    } catch (err) { /* none kept: the next visit starts Python anew */ }
  }
  py.registerJsModule("slitherasp_js", {
    clingo: (program, models, options) => {
      if (!run) throw new Error("clingo-wasm has not loaded yet");
      return JSON.stringify(run(program, models, JSON.parse(options)));
    },
    progress: (text) => postMessage({ id: current, progress: String(text) }),
  });
  const browser = py.pyimport("slitherasp.web.browser");
  browser.start();
  postMessage({ ready: true, snapshot: !fresh });
  return browser;
}

const ready = start();
// Python ready first, then clingo-wasm runs a small program of the kind the actions give
// it: WebAssembly's functions are compiled on their first call, which cost the first
// Solve or grade of a visit 0.5-1 s more than the next
ready.then(() => solver).then(() => { try { run(WARM_PROGRAM, 0, ["--trans-ext=integ"]); } catch (err) { /* */ } },
  () => {});
ready.catch((err) => postMessage({ failed: `Python did not start in this browser: ${err}` }));

onmessage = async ({ data: { id, action, payload } }) => {
  let reply;
  try {
    const browser = await ready;
    if (needsSolver(action, payload) && !await solver.then(() => true, () => false)) {
      reply = { status: 500, body: { error: "The solver (clingo-wasm) did not load in this browser: reload the page." } };
    } else {
      current = id;
      reply = JSON.parse(browser.call(action, JSON.stringify(payload ?? {})));
    }
  } catch (err) {
    reply = { status: 500, body: { error: `internal error: ${err}` } };
  } finally {
    current = null;
  }
  postMessage({ id, ...reply });
};
