// The setter's workbench while composing: a symmetry of the board (a clue typed or
// clicked on a face goes on its whole orbit; the faces of the orbit under the pointer
// show as ghosts), faces painted as a mask (clues only there) or a picture (the loop's
// inside), and "Make puzzle" on this board with those, a clue theme and a rule the
// solution needs, at the New panel's level, or with the fewest clues.

import { board, el } from "./board.js";
import { faceAt } from "./graph.js";
import { openText } from "./play.js";
import { call, failed, isCancelled, status, working } from "./server.js";
import { $, app } from "./state.js";

export const setter = {
  orbits: null,   // the chosen symmetry's orbit of each face (face -> array of faces), or null
  found: [],      // the board's symmetries: [{name, words, orbits}]
  paint: "clues", // what a click on a face sets: "clues", "mask" or "picture"
  mask: new Set(),
  picture: new Set(),
  shown: -1,      // the face whose orbit the ghosts show
};

/** The faces a clue set on face `c` goes on: its orbit under the chosen symmetry, or itself. */
export function orbitOf(c) { return setter.orbits ? setter.orbits[c] : [c]; }

/** A click on face `c` while painting a mask or a picture: the face (and its orbit) in or
 *  out of it; false while clues are being set (the click is a clue's). */
export function paintClick(c) {
  if (setter.paint === "clues") return false;
  const faces = setter[setter.paint], into = !faces.has(c);
  for (const f of orbitOf(c)) { if (into) faces.add(f); else faces.delete(f); }
  showPaint();
  status(`${setter.mask.size} faces in the mask, ${setter.picture.size} in the picture. Make puzzle uses them.`);
  return true;
}

function showPaint() {
  if (!board.svg) return;
  for (const node of board.svg.querySelectorAll("[data-face]")) {
    const c = +node.dataset.face;
    node.classList.toggle("in-mask", setter.mask.has(c));
    node.classList.toggle("in-picture", setter.picture.has(c));
  }
}

/** The ghosts of the other faces of the orbit of face `c` (-1: none). */
function ghosts(c) {
  if (!board.svg || c === setter.shown) return;
  setter.shown = c;
  let layer = board.svg.querySelector(".orbit");
  if (!layer) layer = el("g", { class: "orbit" }, board.svg);
  layer.replaceChildren();
  if (c < 0 || !setter.orbits || app.mode !== "compose") return;
  const faces = new Map(app.model.scene.faces.map((f) => [f.cell, f]));
  for (const f of setter.orbits[c]) {
    const face = faces.get(f);
    if (f === c || !face) continue;
    el("polygon", { class: "orbit-ghost", "data-ghost": f, points: face.points.map((p) => p.join(",")).join(" ") }, layer);
  }
}

/** The board's symmetries, asked when a board opens; the list keeps the one chosen if the new board has it. */
async function symmetries() {
  const chosen = $("#symmetry").value;
  setter.found = [];
  try { setter.found = (await call("symmetries", { puzzle: app.text })).symmetries; } catch (err) { /* none */ }
  const none = new Option("no symmetry", "");
  $("#symmetry").replaceChildren(none, ...setter.found.map((s) => new Option(`${s.name}: ${s.words}`, s.name)));
  $("#symmetry").value = setter.found.some((s) => s.name === chosen) ? chosen : "";
  choose();
}

function choose() {
  const s = setter.found.find((x) => x.name === $("#symmetry").value);
  setter.orbits = null;
  if (s) {
    setter.orbits = [];
    for (const orbit of s.orbits) for (const f of orbit) setter.orbits[f] = orbit;
  }
  setter.shown = -2;
  ghosts(-1);
}

function opened() {
  const n = app.model.cells.length;
  for (const set of [setter.mask, setter.picture]) for (const f of [...set]) if (f >= n) set.clear();
  showPaint();
  symmetries();
}

/** "Make puzzle": a puzzle generated on this board with the setter's choices, opened to compose on. */
async function make() {
  const values = $("#values").value.trim();
  const payload = {
    puzzle: app.text, difficulty: $("#difficulty").value, seed: Math.floor(Math.random() * 1e6),
    symmetry: $("#symmetry").value || null, values: values || null, no_zero: $("#no-zero").checked,
    needs: $("#needs").value || null, mask: [...setter.mask], picture: [...setter.picture],
    minimum: $("#fewest").checked,
  };
  try {
    const r = await working("Making a puzzle on this board", "generate", payload);
    await openText(r.puzzle, { mode: "compose" });
    document.body.dataset.mode = "compose";
    const fewest = payload.minimum ? (r.proved ? `, the fewest (proved in ${r.seconds} s)`
      : `, not proved the fewest: the time limit stopped the proof (the least is at least ${r.lower})`) : "";
    status(`New puzzle on this board: ${r.clues} clues, ${r.grade || "not graded"} for a person`
      + `${payload.symmetry ? `, laid out with ${payload.symmetry}` : ""}${fewest}`
      + (r.timed_out && !payload.minimum ? " (the time limit stopped the clue removal early: some clues may be spare)." : "."));
  } catch (err) { if (isCancelled(err)) status("Cancelled."); else failed(err); }
}

export function attachSetter() {
  $("#symmetry").addEventListener("change", () => {
    choose();
    $("#board").focus({ preventScroll: true }); // number keys go to the face under the pointer again
    status($("#symmetry").value ? `Symmetry ${$("#symmetry").value}: a clue goes on every face of its orbit (ghosts show them).`
      : "No symmetry: a clue goes on its face alone.");
  });
  $("#paint").addEventListener("change", () => { setter.paint = $("#paint").value; $("#board").focus({ preventScroll: true }); });
  $("[data-setter=make]").addEventListener("click", () => { if (app.model) make(); });
  $("[data-setter=unpaint]").addEventListener("click", () => { setter.mask.clear(); setter.picture.clear(); showPaint(); });
  $("#board").addEventListener("pointermove", (ev) => {
    if (app.mode !== "compose" || !setter.orbits || !board.svg) return;
    const m = board.svg.getScreenCTM();
    if (!m) return;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    ghosts(faceAt(app.g, p.x, p.y));
  });
  $("#board").addEventListener("pointerleave", () => ghosts(-1));
  document.addEventListener("opened", opened);
}
