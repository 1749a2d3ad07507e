// Which back end answers the page's actions: "server" (`slitherasp serve`, over HTTP)
// or "worker" (Python in this browser, in a Web Worker: the static site of
// `slitherasp site`, which writes its own copy of this file).
export const BACKEND = "server";
// The name of the Python start snapshot the static site keeps (none here).
export const SNAPSHOT = "";
