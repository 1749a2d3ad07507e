// Mouse, pen and touch on the board, through pointer events: press and drag along the
// edges to draw (vertex to vertex; back over a line just drawn takes it away), a click
// picks the nearest edge, a click in a face's middle marks the face, a drag that
// starts in a face's middle marks every face it passes; the wheel or two fingers zoom
// around the pointer, a drag off the board (or with the middle button) pans.

import { board, panBy, toBoard, zoomAt } from "./board.js";
import { composeClick } from "./compose.js";
import { edgeBetween, faceAt, nearestEdge, vertexAt } from "./graph.js";
import { edit } from "./play.js";
import { CROSS, EMPTY, LINE } from "./rules.js";
import { app } from "./state.js";

const CAPTURE = 0.35; // a drag reaches a vertex within this share of its shortest edge
const MIDDLE = 0.5;   // a click within this share of a face's inner radius of its centre marks it
const CLICK_PX = 6;   // a press that moves less than this (screen pixels) is a click
const STEP = 0.1;     // a drag is followed in steps of this length (scene units)

const pointers = new Map();
let gesture = null, groups = 0;
export const input = { crossMode: false, hover: null };

export function attach(box) {
  box.addEventListener("pointerdown", down);
  box.addEventListener("pointermove", move);
  box.addEventListener("pointerup", up);
  box.addEventListener("pointercancel", (ev) => { pointers.delete(ev.pointerId); gesture = null; });
  box.addEventListener("wheel", wheel, { passive: false });
  box.addEventListener("contextmenu", (ev) => ev.preventDefault());
}

function onBoard(x, y) { return faceAt(app.g, x, y) >= 0 || nearestEdge(app.g, x, y, 0.45) >= 0; }

function inMiddle(c, x, y) {
  const f = app.g.faces.get(c);
  return !!f && Math.hypot(x - f.centre[0], y - f.centre[1]) < MIDDLE * f.radius;
}

function down(ev) {
  if (!app.model || !board.svg) return;
  ev.currentTarget.setPointerCapture?.(ev.pointerId);
  ev.currentTarget.focus({ preventScroll: true, focusVisible: false });
  ev.preventDefault();
  pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
  if (pointers.size === 2) { // a second finger: zoom and pan; what the first one drew goes back
    if (gesture && gesture.kind === "draw") takeBack(gesture);
    gesture = { kind: "pinch", last: pinchOf() };
    return;
  }
  if (pointers.size > 2) return;
  const [x, y] = toBoard(ev.clientX, ev.clientY);
  if (ev.button === 1 || !onBoard(x, y)) { gesture = { kind: "pan", last: [ev.clientX, ev.clientY] }; return; }
  const cross = ev.button === 2 || ev.shiftKey || input.crossMode;
  gesture = { kind: "press", client: [ev.clientX, ev.clientY], at: [x, y], last: [x, y], cross,
    target: cross ? CROSS : LINE, touch: ev.pointerType !== "mouse", group: ++groups };
}

function move(ev) {
  if (board.svg && app.model) input.hover = toBoard(ev.clientX, ev.clientY);
  if (!pointers.has(ev.pointerId) || !gesture) return;
  const before = pointers.get(ev.pointerId);
  pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
  if (gesture.kind === "pinch") { pinch(); return; }
  if (gesture.kind === "pan") { panBy(ev.clientX - before[0], ev.clientY - before[1]); return; }
  const to = input.hover;
  if (gesture.kind === "press") {
    if (Math.hypot(ev.clientX - gesture.client[0], ev.clientY - gesture.client[1]) < CLICK_PX) return;
    startDrag(gesture);
    if (gesture.kind === "pan") { panBy(ev.clientX - before[0], ev.clientY - before[1]); return; }
  }
  for (const p of samples(gesture.last, to)) (gesture.kind === "draw" ? reach : paintFace)(gesture, p);
  gesture.last = to;
}

function up(ev) {
  pointers.delete(ev.pointerId);
  if (gesture && gesture.kind === "press") click(gesture);
  if (!pointers.size) gesture = null;
  else if (gesture && gesture.kind === "pinch") gesture = { kind: "done" }; // the other finger does nothing more
}

function* samples(a, b) {
  const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / STEP));
  for (let k = 1; k <= n; k++) yield [a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n];
}

// -- clicks --------------------------------------------------------------------------------------
function click(gs) {
  const g = app.g, [x, y] = gs.at, c = faceAt(g, x, y);
  if (app.mode === "compose") { if (c >= 0) composeClick(c, gs.cross); return; }
  if (c >= 0 && inMiddle(c, x, y)) { edit([["f", c, (app.marks[c] + (gs.cross ? 2 : 1)) % 3]]); return; }
  const e = c >= 0 ? nearestEdge(g, x, y, Infinity, g.cellEdges[c]) : nearestEdge(g, x, y, 0.45);
  if (e < 0) return;
  const s = app.state[e];
  let value;
  if (gs.cross) value = s === CROSS ? EMPTY : CROSS;
  else if (gs.touch) value = (s + 1) % 3; // no second button on a finger: line, cross, nothing
  else value = s === LINE ? EMPTY : LINE;
  edit([["e", e, value]], { follow: value === LINE });
}

// -- drags ---------------------------------------------------------------------------------------
function startDrag(gs) {
  const g = app.g, [x, y] = gs.at, c = faceAt(g, x, y);
  if (app.mode === "compose") { gs.kind = "pan"; return; }
  if (c >= 0 && inMiddle(c, x, y)) {
    gs.kind = "paint";
    gs.mark = (app.marks[c] + (gs.cross ? 2 : 1)) % 3;
    gs.faces = new Set();
    paintFace(gs, gs.at);
    return;
  }
  gs.kind = "draw";
  gs.cur = vertexAt(g, x, y, CAPTURE);
  gs.first = gs.cur < 0 ? nearestEdge(g, x, y, 0.45) : -1; // pressed on an edge's middle
  gs.done = []; // [edge, state before] of this drag, for going back over them
  gs.mode = null; // "draw" or "erase", set by the first edge
}

function paintFace(gs, [x, y]) {
  const c = faceAt(app.g, x, y);
  if (c < 0 || gs.faces.has(c)) return;
  gs.faces.add(c);
  edit([["f", c, gs.mark]], { group: gs.group });
}

/** The drag reaches point p: from the vertex it was at, along an edge to the vertex here. */
function reach(gs, [x, y]) {
  const g = app.g, w = vertexAt(g, x, y, CAPTURE);
  if (w < 0 || w === gs.cur) return;
  let e = gs.cur >= 0 ? edgeBetween(g, gs.cur, w) : -1;
  if (gs.cur < 0 && gs.first >= 0 && (g.ea[gs.first] === w || g.eb[gs.first] === w)) e = gs.first;
  gs.cur = w;
  if (e >= 0) walk(gs, e);
}

function walk(gs, e) {
  const top = gs.done[gs.done.length - 1];
  if (top && top[0] === e) { // back over the edge just passed: as it was
    gs.done.pop();
    edit([["e", e, top[1]]], { group: gs.group });
    return;
  }
  const s = app.state[e];
  if (gs.mode === null) gs.mode = s === gs.target ? "erase" : "draw";
  let value = s;
  if (gs.mode === "erase") value = s === gs.target ? EMPTY : s;
  else if (gs.target === LINE) value = LINE;
  else if (s === EMPTY) value = CROSS; // a cross drag never crosses out a line
  gs.done.push([e, s]);
  if (value !== s) edit([["e", e, value]], { group: gs.group });
}

function takeBack(gs) {
  for (const [e, s] of gs.done.reverse()) edit([["e", e, s]], { group: gs.group });
  gs.done = [];
}

// -- zoom and pan --------------------------------------------------------------------------------
function wheel(ev) {
  if (!app.model || !board.svg) return;
  ev.preventDefault();
  const lines = ev.deltaMode === 1 ? 33 : ev.deltaMode === 2 ? 400 : 1;
  zoomAt(ev.clientX, ev.clientY, Math.exp(-0.0022 * ev.deltaY * lines));
}

function pinchOf() {
  const [a, b] = [...pointers.values()];
  return { d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, m: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
}

function pinch() {
  const now = pinchOf(), last = gesture.last;
  panBy(now.m[0] - last.m[0], now.m[1] - last.m[1]);
  zoomAt(now.m[0], now.m[1], now.d / last.d);
  gesture.last = now;
}

