// The keyboard: a cursor that moves over edges and faces with the arrow keys (to the
// nearest place in that direction, so it works on every tiling), Enter or Space for a
// line (or a face's mark), x for a cross, f to mark a face, number keys for clues while
// composing, and a letter for every button (n a new puzzle, t a trial, a accept it, d
// discard it, l every undecided edge a line).

import { board, el, fit, reveal, zoomAt } from "./board.js";
import { setClue } from "./compose.js";
import { faceAt, midpoint, placesNear } from "./graph.js";
import { edit } from "./play.js";
import { input } from "./pointer.js";
import { CROSS, EMPTY, LINE } from "./rules.js";
import { $, app } from "./state.js";

export const cursor = { place: null };
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function pointOf(place) {
  return place.kind === "edge" ? midpoint(app.g, place.i) : app.g.faces.get(place.i).centre;
}

function startPlace() {
  const v = board.view, x = v.x + v.w / 2, y = v.y + v.h / 2;
  let best = null, bestD = Infinity;
  for (const [c, f] of app.g.faces) {
    const d = Math.hypot(f.centre[0] - x, f.centre[1] - y);
    if (d < bestD) { best = c; bestD = d; }
  }
  return best === null ? { kind: "edge", i: 0 } : { kind: "face", i: best };
}

/** The nearest place roughly in direction (dx, dy): near and straight ahead wins. */
function next(place, [dx, dy]) {
  const [x, y] = pointOf(place);
  let best = null, bestScore = Infinity;
  for (const p of placesNear(app.g, x, y, 3)) {
    const ux = p.at[0] - x, uy = p.at[1] - y, d = Math.hypot(ux, uy);
    if (d < 1e-6) continue;
    const cos = (ux * dx + uy * dy) / d;
    if (cos < 0.3) continue;
    const score = d * (1 + 2 * (1 - cos));
    if (score < bestScore) { best = p; bestScore = score; }
  }
  return best ? { kind: best.kind, i: best.i } : place;
}

export function showCursor() {
  const group = board.svg?.querySelector(".cursor");
  if (!group) return;
  group.replaceChildren();
  const place = cursor.place;
  if (!place) return;
  if (place.kind === "edge") {
    const g = app.g, a = place.i;
    el("line", { x1: g.vx[g.ea[a]], y1: g.vy[g.ea[a]], x2: g.vx[g.eb[a]], y2: g.vy[g.eb[a]], class: "cursor-edge", "data-cursor": "edge" }, group);
  } else {
    const [x, y] = pointOf(place);
    el("circle", { cx: x, cy: y, r: 0.5 * app.g.faces.get(place.i).radius, class: "cursor-face", "data-cursor": "face" }, group);
  }
  const [x, y] = pointOf(place);
  reveal(x, y);
}

function cellUnderPointer() {
  if (cursor.place && cursor.place.kind === "face") return cursor.place.i;
  return input.hover ? faceAt(app.g, ...input.hover) : -1;
}

/** Number keys set the clue of the face under the cursor or the pointer; Backspace clears it;
 *  in Sheep-Wolf, S puts a sheep there and W a wolf. */
function composeKey(ev) {
  const animal = app.variant.startsWith("sheep-wolf") && { s: "sheep", w: "wolf" }[ev.key.toLowerCase()];
  if (/^[0-9]$/.test(ev.key)) setClue(cellUnderPointer(), +ev.key);
  else if (animal) setClue(cellUnderPointer(), animal);
  else if (ev.key === "Backspace" || ev.key === "Delete") setClue(cellUnderPointer(), null);
  else return false;
  return true;
}

/** What the board keys do; true when the key was used. */
function boardKey(ev) {
  const key = ev.key, place = cursor.place;
  if (ARROWS[key]) {
    cursor.place = place ? next(place, ARROWS[key]) : startPlace();
    showCursor();
    return true;
  }
  if (app.mode === "compose") return false;
  if (!place) return false;
  const lower = key.toLowerCase();
  if (place.kind === "edge" && (key === "Enter" || key === " ")) {
    edit([["e", place.i, app.state[place.i] === LINE ? EMPTY : LINE]], { follow: app.state[place.i] !== LINE });
  } else if (place.kind === "edge" && lower === "x") {
    edit([["e", place.i, app.state[place.i] === CROSS ? EMPTY : CROSS]]);
  } else if (place.kind === "face" && (key === "Enter" || key === " " || lower === "f")) {
    edit([["f", place.i, (app.marks[place.i] + (ev.shiftKey ? 2 : 1)) % 3]]);
  } else return false;
  return true;
}

/** Install the keys; `actions` are the page's buttons by name. */
export function attachKeys(actions) {
  document.addEventListener("opened", () => { cursor.place = null; });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.matches("textarea, input, select") || ev.altKey) return;
    const key = ev.key.toLowerCase(), ctrl = ev.ctrlKey || ev.metaKey;
    if (key === "escape") { actions.cancel(); cursor.place = null; showCursor(); return; }
    if (!app.model) return;
    if (ctrl && key === "z") { ev.preventDefault(); (ev.shiftKey ? actions.redo : actions.undo)(); return; }
    if (ctrl && key === "y") { ev.preventDefault(); actions.redo(); return; }
    if (ctrl) return;
    if (app.mode === "compose" && composeKey(ev)) { ev.preventDefault(); return; }
    const onBoard = document.activeElement === $("#board");
    if (onBoard && boardKey(ev)) { ev.preventDefault(); return; }
    if (ev.target.matches("button") && (key === "enter" || key === " ")) return;
    if (key === "+" || key === "=") zoomCentre(1.25);
    else if (key === "-") zoomCentre(0.8);
    else if (key === "0" && app.mode === "play") fit();
    else {
      const name = { u: "undo", r: "redo", c: "check", h: "hint", s: "solve", p: "pause", n: "new", t: "trial",
        a: "accept", d: "discard", l: "fill" }[key];
      if (!name || app.mode !== "play") return;
      actions[name]();
    }
    ev.preventDefault();
  });
}

function zoomCentre(factor) {
  const box = board.svg.getBoundingClientRect();
  zoomAt(box.left + box.width / 2, box.top + box.height / 2, factor);
}
