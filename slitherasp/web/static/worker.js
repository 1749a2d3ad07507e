// The page's back end in the browser (the static site of `slitherasp site`): Pyodide
// runs this package's Python, which answers each action with the same functions as
// `slitherasp serve` (slitherasp/web/browser.py), and clingo-wasm runs the programs the
// rules leave open. Messages in: {id, action, payload}; out: {id, status, body} when an
// action ends, {id, progress} while it works, {ready} once Python has started.
// Everything comes from this site: ../pyodide, ../clingo and ../py beside static/.

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { init as clingo } from "../clingo/run.js";

const here = (path) => new URL(path, import.meta.url).href;
let current = null; // the id of the action running now (its progress is posted with it)

async function start() {
  const [py, run, source] = await Promise.all([
    loadPyodide({ indexURL: here("../pyodide/"), packages: [] }),
    clingo({ singleThreaded: true, locateFile: (file) => here(`../clingo/${file}`) }),
    fetch(here("../py/slitherasp.zip")).then((r) => r.arrayBuffer()),
  ]);
  py.unpackArchive(source, "zip", { extractDir: "/home/pyodide/lib" });
  py.registerJsModule("slitherasp_js", {
    clingo: (program, models, options) => JSON.stringify(run(program, models, JSON.parse(options))),
    progress: (text) => postMessage({ id: current, progress: String(text) }),
  });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/lib')");
  const browser = py.pyimport("slitherasp.web.browser");
  browser.start();
  postMessage({ ready: true });
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
