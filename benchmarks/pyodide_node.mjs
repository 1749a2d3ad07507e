// The static site's worker without a browser: Pyodide and clingo-wasm from a built
// site folder (`slitherasp site DIR`), run by Node as worker.js runs them, so that
// the page's Python can be timed and profiled where it runs (cProfile and
// time.perf_counter inside Pyodide), not only in CPython.
//
//   node benchmarks/pyodide_node.mjs SITE SCRIPT.py [ZIP [FOLDER...]]
//
// SCRIPT runs after slitherasp.web.browser.start(), as the page's actions run; ZIP
// (default SITE/py/slitherasp.zip) is the package to load, e.g. one just zipped from
// a working tree with slitherasp.web.site.source_zip(). The module `slitherasp_js`
// gives, besides worker.js's clingo and progress: cpu() (this process's CPU seconds),
// runs() (clingo-wasm's runs so far, their CPU ms and program characters, as JSON)
// and memory() (Pyodide's heap and the process's resident memory, in bytes, as JSON).
// The host folder of SCRIPT, and each FOLDER, is mounted at the same path in Pyodide's
// file system, so the script may read (and import) files there.

import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

const [site, script, zip, ...folders] = process.argv.slice(2).map((p) => p && resolve(p));
if (!site || !script) {
  console.error("usage: node benchmarks/pyodide_node.mjs SITE SCRIPT.py [ZIP]");
  process.exit(2);
}
const { loadPyodide } = await import(`${site}/pyodide/pyodide.mjs`);
const { init } = await import(`${site}/clingo/run.js`);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

const started = performance.now();
const run = await init({ singleThreaded: true, locateFile: (file) => `${site}/clingo/${file}` });
const py = await loadPyodide({ indexURL: `${site}/pyodide/`, packages: [] });
py.unpackArchive(new Uint8Array(readFileSync(zip || `${site}/py/slitherasp.zip`)), "zip",
                 { extractDir: "/home/pyodide/lib" });
for (const folder of new Set([dirname(script), ...folders])) {
  py.FS.mkdirTree(folder);
  py.mountNodeFS(folder, folder);
}
py.runPython("import sys; sys.path[:0] = ['/home/pyodide/lib']");
const clingo = { runs: 0, cpu: 0, chars: 0 };
py.registerJsModule("slitherasp_js", {
  clingo: (program, models, options) => {
    const before = cpu();
    const out = JSON.stringify(run(program, models, JSON.parse(options)));
    clingo.runs += 1; clingo.cpu += 1000 * (cpu() - before); clingo.chars += program.length;
    return out;
  },
  progress: () => {},
  cpu,
  runs: () => JSON.stringify(clingo),
  memory: () => JSON.stringify({ pyodide: py._module.HEAP8.buffer.byteLength, rss: process.memoryUsage().rss }),
});
py.runPython("import slitherasp.web.browser; slitherasp.web.browser.start()");
console.error(`Python and clingo-wasm started in ${(performance.now() - started).toFixed(0)} ms`);
py.runPython(readFileSync(script, "utf8"), { filename: script });
