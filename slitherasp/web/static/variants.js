// The Slitherlink variants' rules, checked in the page as rules.js checks Slitherlink's
// (slitherasp/kinds/variant/rules.py says them in Python): how a clue counts (Vertex:
// corners with a line; Touch: runs of the cell's boundary on the lines), all points
// (every dot on the loop), Sheep-Wolf's animals (sheep inside, wolves outside), and
// Litherslink's trees (no dot with 0 or 2 lines, no loop, two or more trees).

import { EMPTY, LINE } from "./marks.js";

/** Each rule's name in words, by the New panel's value ("" for Slitherlink). */
export const RULE_TITLES = { "": "Slitherlink", vertex: "Vertex Slitherlink", touch: "Touch Slitherlink",
  "sheep-wolf": "Sheep-Wolf Slitherlink", lither: "Litherslink", full: "Slitherlink (all points)",
  "touch+full": "Touch Slitherlink (all points)", "sheep-wolf+full": "Sheep-Wolf Slitherlink (all points)" };

/** The rule of a variant's name ("touch+full", "full", "lither"...; "" or null:
 *  Slitherlink), with the cells' sides in order (`sides`) and the animals. */
export function ruleOf(name, sides, animals) {
  if (!name || name === "classic") return null;
  const full = name === "full" || name.endsWith("+full");
  return { name, rule: name === "full" ? "classic" : name.replace("+full", ""), full, sides, animals };
}

/** The corners of cell `c`: its cycle's, in order, or the ends of its edges. */
export function corners(g, rule, c) {
  const sides = rule.sides && rule.sides[c];
  if (sides) return sides.map((e, i) => shared(g, sides[(i + sides.length - 1) % sides.length], e));
  return [...new Set(g.cellEdges[c].flatMap((e) => [g.ea[e], g.eb[e]]))];
}

function shared(g, e, f) { return g.ea[e] === g.ea[f] || g.ea[e] === g.eb[f] ? g.ea[e] : g.eb[e]; }

const lined = (g, state, v) => g.vertexEdges[v].some((e) => state[e] === LINE);
const free = (g, state, v) => g.vertexEdges[v].some((e) => state[e] === EMPTY);

/** What clue `c` counts under `rule` on the board: `found` (the lines as they are),
 *  the `least` and `most` it can still come to, and whether it is `settled`. */
export function tally(g, state, rule, c) {
  if (rule.rule === "vertex") {
    const around = corners(g, rule, c);
    const found = around.filter((v) => lined(g, state, v)).length;
    const open = around.filter((v) => !lined(g, state, v) && free(g, state, v)).length;
    return { found, least: found, most: found + open, settled: open === 0 };
  }
  if (rule.rule === "touch") {
    const around = corners(g, rule, c), sides = rule.sides[c];
    const found = sides.every((e) => state[e] === LINE) ? 1
      : around.filter((v, i) => lined(g, state, v) && state[sides[(i + sides.length - 1) % sides.length]] !== LINE).length;
    const settled = around.every((v) => !free(g, state, v));  // a run can still split or join until then
    return { found, least: settled ? found : 0, most: settled ? found : around.length, settled };
  }
  let drawn = 0, open = 0;
  for (const e of g.cellEdges[c]) { if (state[e] === LINE) drawn++; else if (state[e] === EMPTY) open++; }
  return { found: drawn, least: drawn, most: drawn + open, settled: open === 0 };
}

/** Litherslink's board (the shape of rules.analyse's answer, clues aside): dots that
 *  can no longer end or branch lines, the lines of loops, and whether the lines are
 *  two or more trees. */
export function trees(g, state) {
  const deg = new Uint8Array(g.nV), open = new Uint8Array(g.nV), parent = new Int32Array(g.nV);
  for (let v = 0; v < g.nV; v++) parent[v] = v;
  const root = (v) => { while (parent[v] !== v) { parent[v] = parent[parent[v]]; v = parent[v]; } return v; };
  const cyclic = new Set();
  let lines = 0;
  for (let e = 0; e < g.nE; e++) {
    const a = g.ea[e], b = g.eb[e];
    if (state[e] === LINE) {
      lines++; deg[a]++; deg[b]++;
      if (root(a) === root(b)) cyclic.add(e); else parent[root(a)] = root(b);
    } else if (state[e] === EMPTY) { open[a]++; open[b]++; }
  }
  const bad = [];
  for (let v = 0; v < g.nV; v++) {
    if (open[v]) continue;
    if (deg[v] === 0) bad.push({ v, why: "no line" });
    else if (deg[v] === 2) bad.push({ v, why: "two lines" });
  }
  const loopRoots = new Set([...cyclic].map((e) => root(g.ea[e])));
  const loopEdges = [];
  for (let e = 0; e < g.nE; e++) if (state[e] === LINE && loopRoots.has(root(g.ea[e]))) loopEdges.push(e);
  const pieces = new Set();
  for (let v = 0; v < g.nV; v++) if (deg[v]) pieces.add(root(v));
  const ends = [...deg].every((d) => d !== 0 && d !== 2);
  return { bad, loopEdges, loops: loopRoots.size, pieces: pieces.size, lines, ends };
}

/** Sheep outside the lines and wolves inside (`inside`: rules.insideFaces). */
export function strayAnimals(rule, inside) {
  return rule.animals.flatMap((a, c) => (a === "sheep" && inside[c] !== 1) || (a === "wolf" && inside[c] === 1) ? [c] : []);
}

/** The rule in a sentence, as the page says it on opening a variant (after its name,
 *  which the sentence does not repeat). */
export function ruleWords(rule) {
  const clue = { vertex: "a number counts the corners of its face the loop passes through",
    touch: "a number counts the separate times the loop touches its face (its corners and sides)",
    lither: "draw two or more trees, no loop, every dot ending or branching lines; a number counts its face's lines" };
  const loop = rule.full ? "one loop through every dot" : "one loop";
  if (rule.rule === "lither") return `${clue.lither.replace(/^./, (c) => c.toUpperCase())}.`; // its name is said beside it
  const words = [loop, clue[rule.rule] || "a number counts its face's edges on the loop"];
  if (rule.rule === "sheep-wolf") words.push("sheep inside the loop, wolves outside");
  return `${words.join("; ")}.`.replace(/^./, (c) => c.toUpperCase());
}

/** "Solved" in words, for the rule. */
export function solvedWords(rule) {
  if (!rule) return "One loop, and every clue holds.";
  if (rule.rule === "lither") return "Two or more trees, no loop, and every clue holds.";
  const parts = [rule.full ? "One loop through every dot" : "One loop", "every clue holds"];
  if (rule.rule === "sheep-wolf") parts.push("sheep inside and wolves outside");
  return `${parts.slice(0, -1).join(", ")}, and ${parts[parts.length - 1]}.`;
}
