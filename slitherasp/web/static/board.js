// The board in SVG: drawn once per opened puzzle, then changed edge by edge and face by
// face (a click on a 60x60 board touches a handful of elements, never all of them);
// the view (zoom and pan) is the SVG's viewBox.

import { midpoint } from "./graph.js";
import { STATES } from "./rules.js";
import { $, app } from "./state.js";

const SVGNS = "http://www.w3.org/2000/svg";
const MARKS = [null, "inside", "outside"];
const GROW = 1.3;     // a clue's size to its face's inner radius (the scene's usual size is this on the median face)
const SQUARE = 0.65;  // a clue's size in a square (GROW times its inner radius, half an edge)

export function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const f3 = (x) => Math.round(x * 1000) / 1000;

/** Build the whole board for app.model and app.g, in its current state (as one piece of
 *  markup: a tenth of the time of an element at a time on a 60x60 board). */
export function draw() {
  const g = app.g, scene = app.model.scene;
  const svg = el("svg", { class: "board", role: "img", "aria-label": "the board" });
  svg.style.aspectRatio = `${scene.width} / ${scene.height}`;
  const marker = (id, cls) => `<marker id="${id}" viewBox="-1 -1 2 2" markerUnits="userSpaceOnUse" markerWidth="0.3" `
    + `markerHeight="0.3" orient="auto" overflow="visible"><path d="M-1,-1L1,1M-1,1L1,-1" class="${cls}"/></marker>`;
  const faces = scene.faces.map((f) => {
    const mark = MARKS[app.marks[f.cell]];
    return `<polygon class="face" data-face="${f.cell}"${mark ? ` data-mark="${mark}"` : ""} `
      + `points="${f.points.map((p) => `${f3(p[0])},${f3(p[1])}`).join(" ")}"/>`;
  });
  const grid = [], edges = [], dots = [];
  for (let e = 0; e < g.nE; e++) {
    grid.push(edgePath(e, false));
    edges.push(`<path data-edge="${e}" data-state="${STATES[app.state[e]]}" d="${edgePath(e, true)}"/>`);
  }
  for (let v = 0; v < g.nV; v++) dots.push(dot(g.vx[v], g.vy[v], DOT));
  const fill = scene.faces.map((f) => `M${f.points.map((p) => `${f3(p[0])} ${f3(p[1])}`).join("L")}Z`);
  const trials = [1, 2, 3].map((d) => marker(`x${d}`, `xmark trial${d}`)).join(""); // a trial's crosses in its colour
  svg.innerHTML = `<defs>${marker("x", "xmark")}${marker("xh", "xmark hint")}${trials}</defs>`
    + `<path class="face-fill" d="${fill.join("")}"/>` // every face's colour at once: zooms a third faster
    + `<g class="faces">${faces.join("")}</g><path class="grid" d="${grid.join("")}"/>`
    + '<g class="marks"></g>' // hints and reasons, under the lines
    + `<g class="edges">${edges.join("")}</g><path class="dots" d="${dots.join("")}"/>`
    + '<g class="errors"></g><g class="clues"></g><g class="cursor"></g>';
  $("#board").replaceChildren(svg);
  board.svg = svg;
  board.clueState = new Uint8Array(app.model.clues.length);
  board.loop = new Set();
  drawClues();
  fit();
}

const DOT = 0.05; // radius of a dot, in edge lengths

/** A dot as a filled octagon: a path of thousands of them paints in a third of the time
 *  of as many round line caps. */
function dot(x, y, r) {
  const a = f3(r * 0.414), b = f3(r);
  return `M${f3(x - a)} ${f3(y - b)}h${f3(2 * a)}l${f3(b - a)} ${f3(b - a)}v${f3(2 * a)}l${f3(a - b)} ${f3(b - a)}`
    + `h${f3(-2 * a)}l${f3(a - b)} ${f3(a - b)}v${f3(-2 * a)}z`;
}

function edgePath(e, withMiddle) {
  const g = app.g, a = [g.vx[g.ea[e]], g.vy[g.ea[e]]], b = [g.vx[g.eb[e]], g.vy[g.eb[e]]];
  const m = midpoint(g, e);
  return withMiddle ? `M${f3(a[0])} ${f3(a[1])}L${f3(m[0])} ${f3(m[1])}L${f3(b[0])} ${f3(b[1])}`
    : `M${f3(a[0])} ${f3(a[1])}L${f3(b[0])} ${f3(b[1])}`;
}

/** The font size of clue `k` in a face of inner radius `radius` (in edge lengths): in
 *  proportion to its face as a square's is (so the faces of one shape have one size, and a
 *  dodecagon's clue is not the size a triangle's must be), at least a square's where the
 *  face is smaller but holds it, never more than its digits fit in the face's inner circle
 *  (13 in a hat is as wide as it is, not squeezed), and at most twice the board's `usual`
 *  size (its median face's) or twice a square's. */
export function clueSize(radius, k, usual) {
  const digits = String(k).length;
  const fits = (0.85 * radius) / Math.hypot(0.28 * digits, 0.36); // the digits' box in the inner circle
  const wanted = Math.max(GROW * radius, Math.min(SQUARE, fits));
  return Math.min(wanted, fits, 2 * Math.max(usual, SQUARE));
}

export const board = { svg: null, clueState: null, loop: new Set(), view: null, home: null };

export function drawClues() {
  const group = board.svg.querySelector(".clues");
  const at = {}, usual = app.model.scene.clue_size;
  for (const t of app.model.scene.texts) if (t.kind === "clue" && t.cell !== null) at[t.cell] = t.at;
  const texts = [];
  app.clues.forEach((k, c) => {
    if (k === null || k === undefined) return;
    const face = app.g.faces.get(c), p = face?.centre || at[c];
    if (!p) return;
    const size = f3(clueSize(face ? face.radius : 0.5, k, usual));
    const t = el("text", { x: f3(p[0]), y: f3(p[1]), "font-size": size, class: "clue", "data-clue": c });
    t.textContent = String(k);
    texts.push(t);
  });
  app.animals.forEach((kind, c) => { // Sheep-Wolf's animals, in the shapes the server draws them in
    const face = app.g.faces.get(c);
    if (!kind || !face) return;
    const r = 0.8 * face.radius, [x, y] = face.centre;
    for (const [style, points] of app.model.figures[kind]) {
      const at = points.map(([px, py]) => `${f3(x + r * px)},${f3(y + r * py)}`).join(" ");
      texts.push(el("polygon", { class: `animal ${style}`, points: at, "data-animal": c }));
    }
  });
  group.replaceChildren(...texts);
  board.clueState.fill(0);
  for (const f of board.svg.querySelectorAll("[data-face]")) f.classList.toggle("composing", app.mode === "compose");
}

// -- painting ------------------------------------------------------------------------------------
export function edgeNode(e) { return board.svg.querySelector(`[data-edge="${e}"]`); }
export function faceNode(c) { return board.svg.querySelector(`[data-face="${c}"]`); }

export function paintEdges(edges) {
  const nodes = board.svg.querySelector(".edges").children, depth = app.depth?.e;
  for (const e of edges) {
    nodes[e].dataset.state = STATES[app.state[e]];
    trial(nodes[e], depth && app.state[e] ? depth[e] : 0);
  }
}

/** A mark made in trial `depth` (trial.js) shows it, in the trial's colour (1 to 3, again). */
function trial(node, depth) {
  if (depth) node.dataset.trial = String((depth - 1) % 3 + 1); else delete node.dataset.trial;
}

export function paintFaces(cells) {
  const depth = app.depth?.f;
  for (const c of cells) {
    const node = faceNode(c);
    if (!node) continue;
    if (MARKS[app.marks[c]]) node.dataset.mark = MARKS[app.marks[c]]; else delete node.dataset.mark;
    trial(node, depth && app.marks[c] ? depth[c] : 0);
  }
}

export function paintAll() {
  paintEdges(app.state.keys());
  paintFaces(app.marks.keys());
}

/** Show what the rules say (rules.analyse): met clues dimmed; with `errors`, broken
 *  clues, bad vertices and a wrong closed loop in the error colour. */
export function paintFeedback(an, errors) {
  const clueNodes = board.svg.querySelectorAll("[data-clue]");
  for (const t of clueNodes) {
    const c = +t.dataset.clue, s = an.clue[c] === 2 && !errors ? 0 : an.clue[c];
    if (board.clueState[c] === s) continue;
    board.clueState[c] = s;
    t.classList.toggle("done", s === 1);
    t.classList.toggle("wrong", s === 2);
  }
  const loop = new Set(errors ? an.loopEdges : []);
  const nodes = board.svg.querySelector(".edges").children;
  for (const e of board.loop) if (!loop.has(e)) nodes[e].classList.remove("wrong");
  for (const e of loop) nodes[e].classList.add("wrong");
  board.loop = loop;
  const group = board.svg.querySelector(".errors");
  group.replaceChildren(...(errors ? an.bad : []).map(({ v }) =>
    el("circle", { cx: f3(app.g.vx[v]), cy: f3(app.g.vy[v]), r: f3(0.16 * Math.min(1, app.g.shortest[v])), class: "bad-vertex", "data-vertex": v })));
}

export function shade(side) {
  for (const node of board.svg.querySelectorAll("[data-face]")) node.classList.toggle("inside", !!side && side[+node.dataset.face] === 1);
}

// -- hints, reasons, answers ----------------------------------------------------------------------
export function clearMarks() {
  if (!board.svg) return;
  board.svg.querySelector(".marks").replaceChildren();
  for (const n of board.svg.querySelectorAll(".reason,.answer")) n.classList.remove("reason", "answer");
}

/** A mark on edge e under the lines: a hint's "line" or "cross", a "reason", a "dashed"
 *  answer while composing, or a "wrong" mark's halo. */
export function ghost(e, kind) {
  const cls = { line: "hint-line", cross: "hint-cross", reason: "reason-edge", dashed: "forced", wrong: "wrong-ghost" }[kind];
  el("path", { d: edgePath(e, true), class: cls }, board.svg.querySelector(".marks"));
}

export function markEdge(e, cls) { board.svg.querySelector(".edges").children[e].classList.add(cls); }

export function markCell(c, cls) {
  faceNode(c)?.classList.add(cls);
  board.svg.querySelector(`[data-clue="${c}"]`)?.classList.add(cls);
}

export function celebrate() {
  const box = $("#board");
  box.classList.remove("celebrate");
  void box.offsetWidth; // restart the animation
  box.classList.add("celebrate");
}

// -- the view ------------------------------------------------------------------------------------
export function setView(v) {
  board.view = v;
  board.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
}

/** The whole board in view, filling the element's box. */
export function fit() {
  const scene = app.model.scene, box = board.svg.getBoundingClientRect();
  const W = scene.width, H = scene.height;
  const s = box.width && box.height ? Math.min(box.width / W, box.height / H) : 1;
  const w = box.width ? box.width / s : W, h = box.height ? box.height / s : H;
  board.home = { x: (W - w) / 2, y: (H - h) / 2, w, h };
  setView(board.home);
}

export function toBoard(clientX, clientY) {
  const m = board.svg.getScreenCTM();
  if (!m) return [0, 0];
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

/** Zoom by `factor` (> 1: closer) keeping the board point under (clientX, clientY) still. */
export function zoomAt(clientX, clientY, factor) {
  const v = board.view, home = board.home;
  const closest = 4 * v.w / Math.min(v.w, v.h); // at least four edges across the smaller side
  const w = Math.min(home.w, Math.max(v.w / factor, closest));
  const f = v.w / w;
  const [px, py] = toBoard(clientX, clientY);
  setView(clamp({ x: px - (px - v.x) / f, y: py - (py - v.y) / f, w, h: v.h / f }));
}

export function panBy(dxClient, dyClient) {
  const v = board.view, box = board.svg.getBoundingClientRect();
  const s = box.width / v.w;
  setView(clamp({ ...v, x: v.x - dxClient / s, y: v.y - dyClient / s }));
}

/** Bring a board point into view (the keyboard cursor). */
export function reveal(x, y) {
  const v = board.view, pad = 0.1;
  if (x > v.x + pad * v.w && x < v.x + (1 - pad) * v.w && y > v.y + pad * v.h && y < v.y + (1 - pad) * v.h) return;
  setView(clamp({ ...v, x: x - v.w / 2, y: y - v.h / 2 }));
}

function clamp(v) {
  const scene = app.model.scene;
  const x = Math.min(Math.max(v.x, Math.min(board.home.x, -v.w / 2)), Math.max(board.home.x, scene.width - v.w / 2));
  const y = Math.min(Math.max(v.y, Math.min(board.home.y, -v.h / 2)), Math.max(board.home.y, scene.height - v.h / 2));
  return { ...v, x, y };
}

export function isZoomed() { return board.view && board.home && board.view.w < board.home.w * 0.999; }
