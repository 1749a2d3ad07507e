// The static site's ready puzzles (made by `slitherasp site` when it built the site, with
// what the page draws of them): a first visit's board, and "New" before Python has
// started. One file per tiling (ready/<tiling>.json), fetched when first asked for; the
// puzzles a player was given are remembered, so that New gives another.

import { READY } from "./config.js";
import { remember, remembered } from "./state.js";

const files = new Map(); // tiling -> promise of its file

function file(tiling) {
  if (!READY || !READY.files.includes(tiling)) return Promise.resolve(null);
  if (!files.has(tiling)) {
    const url = new URL(`../ready/${tiling}.json`, import.meta.url);
    files.set(tiling, fetch(url).then((r) => (r.ok ? r.json() : null)).catch(() => null));
  }
  return files.get(tiling);
}

function given() {
  try { return new Set(JSON.parse(remembered("ready") || "[]")); } catch (err) { return new Set(); }
}

/** A ready puzzle of `tiling` at `level` and `size` not given to this player before
 *  (`first`: any one of them, chosen at random), as {text, model, grade, clues}; null when
 *  there is none (another size, a rule, none left, or no bundle: a server's page). */
export async function readyPuzzle(tiling, level, size, { first = false } = {}) {
  const found = await file(tiling);
  if (!found || found.size !== size) return null;
  const seen = given();
  const left = (found.levels[level] || []).filter((p) => !seen.has(p.puzzle));
  if (!left.length) return null;
  const pick = left[first ? Math.floor(Math.random() * left.length) : 0];
  seen.add(pick.puzzle);
  remember("ready", JSON.stringify([...seen]));
  return { text: pick.puzzle, model: pick.model, grade: pick.grade, clues: pick.clues };
}

/** The first board's tiling and level ({tiling, level}), or null without a bundle. */
export function firstChoice() { return READY ? { tiling: READY.first[0], level: READY.first[1] } : null; }

/** Each tiling's usual size ("7x7"), as far as the page knows it before Python. */
export function usualSizes() { return READY ? READY.sizes : null; }

/** The tilings' names, as far as the page knows them before Python. */
export function tilingNames() { return READY ? READY.tilings : null; }
