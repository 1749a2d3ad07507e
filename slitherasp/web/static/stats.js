// Statistics, kept in this browser (localStorage) and nowhere else: every puzzle solved
// (its tiling, size, level, time, the hints it took, the day of a daily puzzle), and
// every hint asked. The Statistics panel shows them by tiling and level (how many, the
// best and the median time), the daily streak and the hints used; they are exported to
// a file and imported from one (a player moving to another browser keeps them: an
// import adds what the file has and this browser has not), and cleared only when asked
// twice.

import { $, app, remember, remembered } from "./state.js";
import { status } from "./server.js";

const KEY = "stats";
const VERSION = 1;

/** The statistics as kept: {version, solves: [...], hintsAt: [ms...]}. */
export function load() {
  try {
    const kept = JSON.parse(remembered(KEY) || "null");
    if (kept && kept.version === VERSION && Array.isArray(kept.solves) && Array.isArray(kept.hintsAt)) return kept;
  } catch (err) { /* a bad entry: none */ }
  return { version: VERSION, solves: [], hintsAt: [] };
}

function save(stats) { remember(KEY, JSON.stringify(stats)); }

function solveOf(seconds) {
  const m = app.meta || {};
  return { tiling: m.tiling || "other", size: m.size || null, level: m.level || null, seconds,
    hints: app.hints || 0, daily: m.daily || null, at: new Date().toISOString(), puzzle: app.model.share };
}

/** The board was solved by the player (not after Solve): it counts, once a puzzle. */
function solved(ev) {
  if (app.recorded || app.revealed) return;
  const stats = load();
  stats.solves.push(solveOf(ev.detail.seconds));
  save(stats);
  app.recorded = true;
  show();
}

function hinted() {
  const stats = load();
  stats.hintsAt.push(Date.now());
  save(stats);
  show();
}

// -- what they say -------------------------------------------------------------------------------
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b), n = s.length;
  return n ? (n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2) : null;
}

function clock(s) { s = Math.round(s); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; }

/** Days before `date` (YYYY-MM-DD), as YYYY-MM-DD. */
export function daysBefore(date, n) {
  const d = new Date(`${date}T12:00:00`);
  d.setDate(d.getDate() - n);
  return localDate(d);
}

export function localDate(d = new Date()) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The daily streak on `today`: days in a row, up to today (or up to yesterday while
 *  today's is not solved yet), with a daily puzzle of that day solved; and the longest. */
export function streak(stats = load(), today = localDate()) {
  const days = new Set(stats.solves.filter((s) => s.daily).map((s) => s.daily));
  let from = days.has(today) ? today : daysBefore(today, 1), now = 0;
  while (days.has(from)) { now++; from = daysBefore(from, 1); }
  let best = 0, run = 0, last = null;
  for (const d of [...days].sort()) {
    run = last && daysBefore(d, 1) === last ? run + 1 : 1;
    best = Math.max(best, run); last = d;
  }
  return { now, best };
}

/** Solves by tiling and level: [{tiling, level, solved, best, median}], most played first. */
export function rows(stats = load()) {
  const groups = new Map();
  for (const s of stats.solves) {
    const key = `${s.tiling}|${s.level || "ungraded"}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(s.seconds);
  }
  return [...groups].map(([key, times]) => {
    const [tiling, level] = key.split("|");
    return { tiling, level, solved: times.length, best: Math.min(...times), median: median(times) };
  }).sort((a, b) => b.solved - a.solved || a.tiling.localeCompare(b.tiling) || a.level.localeCompare(b.level));
}

/** The panel, as the statistics now are. */
export function show() {
  const box = $("[data-role=stats]");
  if (!box) return;
  const stats = load(), days = streak(stats), table = rows(stats);
  const head = `${stats.solves.length} puzzle${stats.solves.length === 1 ? "" : "s"} solved; daily streak `
    + `${days.now} day${days.now === 1 ? "" : "s"} (longest ${days.best}); hints used: ${stats.hintsAt.length}.`;
  const summary = Object.assign(document.createElement("p"), { textContent: head });
  summary.dataset.role = "stats-summary";
  box.replaceChildren(summary);
  if (table.length) {
    const grid = document.createElement("table"), line = (tag, values) => {
      const tr = document.createElement("tr");
      for (const v of values) tr.appendChild(Object.assign(document.createElement(tag), { textContent: String(v) }));
      return tr;
    };
    grid.appendChild(line("th", ["tiling", "level", "solved", "best", "median"]));
    for (const r of table) grid.appendChild(line("td", [r.tiling, r.level, r.solved, clock(r.best), clock(r.median)]));
    box.appendChild(grid);
  }
  const said = $("[data-role=streak]");
  if (said) said.textContent = days.now ? `Daily streak: ${days.now} day${days.now === 1 ? "" : "s"}.` : "";
}

// -- export, import, clear -----------------------------------------------------------------------
export function exportStats() {
  const blob = new Blob([JSON.stringify(load(), null, 1)], { type: "application/json" });
  const url = URL.createObjectURL(blob), name = `slitherasp-statistics-${localDate()}.json`;
  Object.assign(document.createElement("a"), { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  status(`Statistics saved as ${name}: import it in another browser to keep them there.`);
}

function valid(s) {
  return s && typeof s.tiling === "string" && typeof s.at === "string" && Number.isFinite(s.seconds) && s.seconds >= 0
    && (s.level === null || typeof s.level === "string") && (s.daily === null || /^\d{4}-\d\d-\d\d$/.test(s.daily));
}

/** Add a file's statistics to this browser's (what both have counts once). */
export async function importStats(file) {
  let found;
  try { found = JSON.parse(await file.text()); } catch (err) { found = null; }
  if (!found || found.version !== VERSION || !Array.isArray(found.solves) || !Array.isArray(found.hintsAt)) {
    status(`${file.name} is not a file of slitherasp's statistics (Export in the Statistics panel writes one).`);
    return;
  }
  const stats = load(), had = new Set(stats.solves.map((s) => `${s.at}|${s.puzzle}`)), hints = new Set(stats.hintsAt);
  const solves = found.solves.filter((s) => valid(s) && !had.has(`${s.at}|${s.puzzle}`));
  const more = found.hintsAt.filter((t) => Number.isFinite(t) && !hints.has(t));
  stats.solves.push(...solves.map((s) => ({ tiling: s.tiling, size: s.size ?? null, level: s.level, seconds: s.seconds,
    hints: +s.hints || 0, daily: s.daily, at: s.at, puzzle: String(s.puzzle ?? "") })));
  stats.hintsAt.push(...more);
  save(stats);
  show();
  status(`Imported ${solves.length} solved puzzle${solves.length === 1 ? "" : "s"} and ${more.length} hint${more.length === 1 ? "" : "s"} `
    + `from ${file.name} (${found.solves.length - solves.length} were here already).`);
}

let asked = 0;

/** Clear the statistics: on a second press within five seconds of the first. */
export function clearStats() {
  const n = load().solves.length;
  if (Date.now() - asked > 5000) {
    asked = Date.now();
    status(`Clear all statistics (${n} solved puzzle${n === 1 ? "" : "s"})? Press Clear again within 5 seconds.`);
    return;
  }
  asked = 0;
  save({ version: VERSION, solves: [], hintsAt: [] });
  show();
  status("Statistics cleared.");
}

/** Keep statistics from now on (the page's start). */
export function keepStats() {
  document.addEventListener("solved", solved);
  document.addEventListener("hinted", hinted);
  show();
}
