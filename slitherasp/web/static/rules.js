// The rules of Slitherlink, checked in the page on its own model of the board: what a
// clue, a vertex and the loop say about the lines drawn so far, and whether they are
// the one loop that meets every clue. Plain functions over arrays; they touch no page.

import { other } from "./graph.js";
import { CROSS, EMPTY, LINE } from "./marks.js";
import { solvedWords, strayAnimals, tally, trees } from "./variants.js";

export { CROSS, EMPTY, LINE, STATES } from "./marks.js";

/**
 * Everything the lines say, in one pass over the board (linear in its size):
 * `clue[c]`: 0 not yet met, 1 met (dimmed; a 0 once its edges are crossed or the board is solved), 2 broken (too many lines, or too few
 * places left); `bad`: vertices with three lines or more, or a line that ends where
 * every other edge is crossed; `loopEdges`: the edges of a closed loop that is not
 * the answer (it leaves clues unmet or other lines outside it); `solved`: the lines
 * are one loop and every clue holds, or (`subtracted`) the crosses leave exactly such a
 * loop (Loopy's oldest open request: a board solved by crossing out the rest). A
 * variant's `rule` (variants.js) counts its clues its way, and asks all points, its
 * animals in place, or trees.
 */
export function analyse(g, state, clues, rule = null) {
  const an = look(g, state, clues, rule);
  if (an.solved || !state.includes(EMPTY) || !state.includes(CROSS)) return an;
  const whole = look(g, untried(state), clues, rule); // solved by subtraction: the crosses leave exactly the answer
  return whole.solved ? { ...whole, lines: an.lines, subtracted: true } : an;
}

/** The board with every undecided edge a line: what the crosses leave. */
export function untried(state) { return state.map((s) => (s === EMPTY ? LINE : s)); }

/** The highest number of lines a dot would have if every undecided edge were a line. */
export function mostAtADot(g, state) {
  let most = 0;
  for (let v = 0; v < g.nV; v++) most = Math.max(most, g.vertexEdges[v].filter((e) => state[e] !== CROSS).length);
  return most;
}

function look(g, state, clues, rule) {
  if (rule && rule.rule === "lither") return withClues(trees(g, state), g, state, clues, rule);
  const deg = new Uint8Array(g.nV), open = new Uint8Array(g.nV);
  const parent = new Int32Array(g.nV);
  for (let v = 0; v < g.nV; v++) parent[v] = v;
  const root = (v) => { while (parent[v] !== v) { parent[v] = parent[parent[v]]; v = parent[v]; } return v; };
  let lines = 0;
  for (let e = 0; e < g.nE; e++) {
    const a = g.ea[e], b = g.eb[e];
    if (state[e] === LINE) {
      lines++; deg[a]++; deg[b]++;
      parent[root(a)] = root(b);
    } else if (state[e] === EMPTY) { open[a]++; open[b]++; }
  }
  const { clue, unmet, broken } = clueStates(g, state, clues, rule);
  const bad = [];
  const roots = new Map(); // component root -> is every vertex of degree 2
  for (let v = 0; v < g.nV; v++) {
    if (deg[v] > 2) bad.push({ v, why: "branch" });
    else if (deg[v] === 1 && open[v] === 0) bad.push({ v, why: "dead end" });
    else if (rule && rule.full && deg[v] + open[v] < 2) bad.push({ v, why: "missed" });
    if (deg[v] === 0) continue;
    const r = root(v);
    roots.set(r, (roots.get(r) ?? true) && deg[v] === 2);
  }
  const loops = [...roots].filter(([, closed]) => closed).map(([r]) => r);
  const stray = rule && rule.animals.some(Boolean) && loops.length === 1 ? strayAnimals(rule, insideFaces(g, state)) : [];
  const everyDot = !(rule && rule.full) || deg.every((d) => d === 2);
  const solved = lines > 0 && roots.size === 1 && loops.length === 1 && unmet === 0 && !stray.length && everyDot;
  if (solved) clues.forEach((k, c) => { if (k === 0) clue[c] = 1; }); // a 0 is met by the answer, crossed or not
  const loopEdges = [];
  if (!solved && loops.length) {
    const closed = new Set(loops);
    for (let e = 0; e < g.nE; e++) if (state[e] === LINE && closed.has(root(g.ea[e]))) loopEdges.push(e);
  }
  return { clue, bad, loopEdges, solved, unmet, broken, lines, pieces: roots.size, loops: loops.length, stray, rule,
    everyDot };
}

/** Each clue's state (0 open, 1 met, 2 broken; see analyse), counted by `rule`'s
 *  tally (variants.js) or, for Slitherlink, the lines round the cell. */
function clueStates(g, state, clues, rule) {
  const clue = new Uint8Array(clues.length);
  let unmet = 0, broken = 0;
  clues.forEach((k, c) => {
    if (k === null || k === undefined) return;
    const t = rule ? tally(g, state, rule, c) : tally(g, state, { rule: "classic" }, c);
    if (t.found !== k) unmet++;
    if (k < t.least || k > t.most) { clue[c] = 2; broken++; } else if (t.found === k && (k > 0 || t.settled)
      && (!rule || rule.rule !== "touch" || t.settled)) clue[c] = 1;
  });
  return { clue, unmet, broken };
}

/** Litherslink's answer (variants.trees) with its clues: solved when every dot ends or
 *  branches lines, they hold no loop, make two or more trees and meet every clue. */
function withClues(t, g, state, clues, rule) {
  const { clue, unmet, broken } = clueStates(g, state, clues, rule);
  const solved = t.lines > 0 && t.ends && !t.loops && t.pieces >= 2 && unmet === 0;
  if (solved) clues.forEach((k, c) => { if (k === 0) clue[c] = 1; });
  return { ...t, clue, unmet, broken, solved, stray: [], rule };
}

/**
 * Loopy's auto-follow: after a line is drawn on edge `e`, the edges that continue it
 * through vertices where it has only one way to go (every other edge crossed or
 * absent), until it meets a choice, a line or itself.
 */
export function follow(g, state, e) {
  const planned = new Set([e]);
  for (const start of [g.ea[e], g.eb[e]]) {
    let v = start;
    for (let steps = 0; steps < g.nE; steps++) {
      let drawn = 0, free = -1, frees = 0;
      for (const f of g.vertexEdges[v]) {
        if (state[f] === LINE || planned.has(f)) drawn++;
        else if (state[f] === EMPTY) { free = f; frees++; }
      }
      if (drawn !== 1 || frees !== 1) break;
      planned.add(free);
      v = other(g, free, v);
    }
  }
  planned.delete(e);
  return [...planned];
}

/** The faces inside the lines: a face is inside when an odd number of lines separate it
 *  from the outside (crossing the board's rim counts as reaching the outside). */
export function insideFaces(g, state) {
  const n = g.cellEdges.length, side = new Int8Array(n).fill(-1), queue = [];
  g.edgeCells.forEach((cells, e) => {
    if (cells.length === 1 && side[cells[0]] < 0) { side[cells[0]] = state[e] === LINE ? 1 : 0; queue.push(cells[0]); }
  });
  for (let k = 0; k < queue.length; k++) {
    const c = queue[k];
    for (const e of g.cellEdges[c]) {
      for (const d of g.edgeCells[e]) {
        if (side[d] < 0) { side[d] = side[c] ^ (state[e] === LINE ? 1 : 0); queue.push(d); }
      }
    }
  }
  return side;
}

/** The problems in words a player reads (the board shows where they are). */
export function problems(an) {
  const parts = [], n = (why) => an.bad.filter((b) => b.why === why).length;
  const plural = (k, one, many) => `${k} ${k > 1 ? many : one}`;
  if (an.broken) parts.push(`${an.broken} clue${an.broken > 1 ? "s" : ""} cannot be met`);
  if (n("branch")) parts.push(`${plural(n("branch"), "dot has", "dots have")} more than two lines`);
  if (n("dead end")) parts.push(`${plural(n("dead end"), "line ends", "lines end")} where every other way is crossed`);
  if (n("missed")) parts.push(`${plural(n("missed"), "dot", "dots")} can no longer be on the loop, which must pass every dot`);
  if (n("no line")) parts.push(`${plural(n("no line"), "dot has", "dots have")} no line left, and every dot needs one`);
  if (n("two lines")) parts.push(`${plural(n("two lines"), "dot has", "dots have")} two lines and no other way: a dot ends or branches lines`);
  if (an.rule && an.rule.rule === "lither") {
    if (an.loops) parts.push("the lines close a loop (trees have none)");
  } else if (an.loops && !an.solved) {
    parts.push(an.unmet ? "a closed loop leaves clues unmet" : an.stray && an.stray.length
      ? `a closed loop leaves ${plural(an.stray.length, "animal", "animals")} on the wrong side (sheep go inside, wolves outside)`
      : an.pieces === 1 && an.everyDot === false ? "a closed loop leaves dots off it, and it must pass every dot"
        : "a closed loop leaves other lines outside it");
  }
  return parts;
}

export { solvedWords };
