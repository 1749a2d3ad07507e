// Which back end answers the page's actions: "server" (`slitherasp serve`, over HTTP)
// or "worker" (Python in this browser, in a Web Worker: the static site of
// `slitherasp site`, which writes its own copy of this file).
export const BACKEND = "server";
// The name of the Python start snapshot the static site keeps (none here), and whether
// `slitherasp site` made it when it built the site (with Node.js).
export const SNAPSHOT = "";
export const BUILT = false;
// What the page knows before Python starts (the static site: its ready puzzles; none here).
export const READY = null;
