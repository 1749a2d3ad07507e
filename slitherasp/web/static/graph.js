// The board as a graph with geometry: vertices, edges, faces, and a bucket grid that
// finds the edge, vertex or face at a point without looking at the whole board.
// Built once per opened puzzle from /api/open's answer; never changed afterwards.

const BUCKET = 1; // bucket side, in scene units (the median edge length)

export function buildGraph(model) {
  const scene = model.scene;
  const nE = model.edges.length;
  const names = new Map();
  const ea = new Int32Array(nE), eb = new Int32Array(nE);
  const vx = [], vy = [];
  const vertexOf = (name, point) => {
    let v = names.get(name);
    if (v === undefined) {
      v = vx.length; names.set(name, v); vx.push(point[0]); vy.push(point[1]);
    }
    return v;
  };
  for (const e of scene.edges) {
    const [u, w] = model.edges[e.index];
    ea[e.index] = vertexOf(u, e.a); eb[e.index] = vertexOf(w, e.b);
  }
  const nV = vx.length;
  const vertexEdges = Array.from({ length: nV }, () => []);
  for (let e = 0; e < nE; e++) { vertexEdges[ea[e]].push(e); vertexEdges[eb[e]].push(e); }
  const edgeCells = Array.from({ length: nE }, () => []);
  model.cell_edges.forEach((es, c) => es.forEach((e) => edgeCells[e].push(c)));
  const faces = new Map(); // cell -> {points, centre, radius}
  for (const f of scene.faces) {
    const centre = f.centre || meanPoint(f.points);
    faces.set(f.cell, { points: f.points, centre, radius: f.radius || inradius(centre, f.points) });
  }
  const g = {
    nV, nE, ea, eb, vx: Float64Array.from(vx), vy: Float64Array.from(vy), vertexEdges, edgeCells,
    cellEdges: model.cell_edges, faces, width: scene.width, height: scene.height,
  };
  g.shortest = Float64Array.from({ length: nV }, (_, v) =>
    Math.min(...vertexEdges[v].map((e) => edgeLength(g, e)), 1e9));
  g.buckets = bucketGrid(g);
  return g;
}

export function meanPoint(points) {
  const n = points.length;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}

function inradius(c, points) {
  let best = Infinity;
  points.forEach((p, k) => { best = Math.min(best, segmentDistance(c[0], c[1], p, points[(k + 1) % points.length])); });
  return best;
}

export function edgeLength(g, e) {
  return Math.hypot(g.vx[g.ea[e]] - g.vx[g.eb[e]], g.vy[g.ea[e]] - g.vy[g.eb[e]]);
}

export function midpoint(g, e) {
  return [(g.vx[g.ea[e]] + g.vx[g.eb[e]]) / 2, (g.vy[g.ea[e]] + g.vy[g.eb[e]]) / 2];
}

export function other(g, e, v) { return g.ea[e] === v ? g.eb[e] : g.ea[e]; }

export function edgeBetween(g, u, v) {
  for (const e of g.vertexEdges[u]) if (other(g, e, u) === v) return e;
  return -1;
}

// -- the bucket grid -----------------------------------------------------------------------------
function bucketGrid(g) {
  const cols = Math.max(1, Math.ceil(g.width / BUCKET)), rows = Math.max(1, Math.ceil(g.height / BUCKET));
  const make = () => Array.from({ length: cols * rows }, () => []);
  const grid = { cols, rows, edges: make(), faces: make(), vertices: make() };
  const clamp = (k, n) => Math.min(n - 1, Math.max(0, Math.floor(k / BUCKET)));
  const cover = (list, x0, y0, x1, y1, item) => {
    for (let j = clamp(y0, rows); j <= clamp(y1, rows); j++) {
      for (let i = clamp(x0, cols); i <= clamp(x1, cols); i++) list[j * cols + i].push(item);
    }
  };
  for (let e = 0; e < g.nE; e++) {
    const x = [g.vx[g.ea[e]], g.vx[g.eb[e]]], y = [g.vy[g.ea[e]], g.vy[g.eb[e]]];
    cover(grid.edges, Math.min(...x), Math.min(...y), Math.max(...x), Math.max(...y), e);
  }
  for (const [c, f] of g.faces) {
    const xs = f.points.map((p) => p[0]), ys = f.points.map((p) => p[1]);
    cover(grid.faces, Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), c);
  }
  for (let v = 0; v < g.nV; v++) cover(grid.vertices, g.vx[v], g.vy[v], g.vx[v], g.vy[v], v);
  grid.clamp = clamp;
  return grid;
}

function* near(g, list, x, y, reach) {
  const b = g.buckets, seen = new Set();
  for (let j = b.clamp(y - reach, b.rows); j <= b.clamp(y + reach, b.rows); j++) {
    for (let i = b.clamp(x - reach, b.cols); i <= b.clamp(x + reach, b.cols); i++) {
      for (const item of list[j * b.cols + i]) if (!seen.has(item)) { seen.add(item); yield item; }
    }
  }
}

// -- what is at a point --------------------------------------------------------------------------
export function segmentDistance(x, y, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy);
}

export function edgeDistance(g, e, x, y) {
  return segmentDistance(x, y, [g.vx[g.ea[e]], g.vy[g.ea[e]]], [g.vx[g.eb[e]], g.vy[g.eb[e]]]);
}

function inside(points, x, y) {
  let odd = false;
  for (let k = 0, j = points.length - 1; k < points.length; j = k++) {
    const [xk, yk] = points[k], [xj, yj] = points[j];
    if ((yk > y) !== (yj > y) && x < ((xj - xk) * (y - yk)) / (yj - yk) + xk) odd = !odd;
  }
  return odd;
}

/** The cell whose face holds the point, or -1. */
export function faceAt(g, x, y) {
  for (const c of near(g, g.buckets.faces, x, y, 0)) if (inside(g.faces.get(c).points, x, y)) return c;
  return -1;
}

/** The edge nearest the point within `reach` (scene units), or -1; `among`: only these edges. */
export function nearestEdge(g, x, y, reach, among = null) {
  let best = -1, bestD = reach;
  for (const e of among || near(g, g.buckets.edges, x, y, reach)) {
    const d = edgeDistance(g, e, x, y);
    if (d <= bestD) { best = e; bestD = d; }
  }
  return best;
}

/** The vertex nearest the point if it is within `share` of that vertex's shortest edge. */
export function vertexAt(g, x, y, share) {
  let best = -1, bestD = Infinity;
  for (const v of near(g, g.buckets.vertices, x, y, 1)) {
    const d = Math.hypot(g.vx[v] - x, g.vy[v] - y);
    if (d < bestD && d <= share * g.shortest[v]) { best = v; bestD = d; }
  }
  return best;
}

/** Edges (by midpoint) and faces (by centre) within `reach` of a point: the places a
 *  keyboard cursor can go. */
export function* placesNear(g, x, y, reach) {
  for (const e of near(g, g.buckets.edges, x, y, reach)) yield { kind: "edge", i: e, at: midpoint(g, e) };
  for (const c of near(g, g.buckets.faces, x, y, reach)) yield { kind: "face", i: c, at: g.faces.get(c).centre };
}
