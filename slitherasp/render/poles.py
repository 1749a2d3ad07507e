"""Where a label fits in a face: the centre and radius of its largest inscribed circle
(the pole of inaccessibility), in plain Python, for every face of a drawing.

A convex face's circle is found by bisection on the radius: the centres of circles of
radius ``r`` inside it are the face shrunk by ``r`` (a convex polygon clipped by each
edge moved inwards), empty beyond the inradius. A face that is not convex gets the
grid search of Garcia-Castellanos and Lombardo (2007): cells ordered by the best
distance they could hold, split until no cell can beat the best centre by more than a
thousandth of the face's size. Faces of one shape (a translation and rotation of
another, as in every tiling) are solved once.

>>> centre, radius = pole([(0, 0), (4, 0), (4, 2), (0, 2)])
>>> [round(x, 3) for x in centre], round(radius, 3)
([2.0, 1.0], 1.0)
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence

from ..model import Point, signed_area

__all__ = ["pole", "poles"]

Circle = tuple[Point, float]


def poles(polygons: Sequence[Sequence[Point]]) -> list[Circle]:
    """The inscribed circle of every polygon (see the module); a degenerate polygon
    gets its vertices' mean and radius 0.15. Polygons equal up to a translation (the
    same list shifted), then up to a rotation and a start anywhere, are solved once."""
    moved: dict[tuple[float, ...], Circle] = {}
    turned: dict[tuple[float, ...], Circle] = {}
    out = []
    for poly in polygons:
        x0, y0 = poly[0] if poly else (0.0, 0.0)
        key = tuple(round(q - o, 5) for x, y in poly for q, o in ((x, x0), (y, y0)))
        found = moved.get(key)
        if found is None:
            found = moved[key] = _turned(poly, turned)
        (u, v), r = found
        out.append(((x0 + u, y0 + v), r))
    return out


def _turned(poly: Sequence[Point], seen: dict[tuple[float, ...], Circle]) -> Circle:
    """The circle of ``poly`` relative to its first vertex, solved once per shape up to
    a rotation and where its list starts."""
    start = _start(poly)
    if start < 0:
        (x, y), r = _mean(poly), 0.15
        return (x - poly[0][0], y - poly[0][1]) if poly else (x, y), r
    (x0, y0), (x1, y1) = poly[start], poly[(start + 1) % len(poly)]
    length = math.hypot(x1 - x0, y1 - y0)
    c, s = (x1 - x0) / length, (y1 - y0) / length  # turn that edge onto the x axis
    local = [((x - x0) * c + (y - y0) * s, (y - y0) * c - (x - x0) * s) for x, y in poly]
    key = tuple(round(q, 4) for xy in local[start:] + local[:start] for q in xy)
    found = seen.get(key)
    if found is None:
        found = seen[key] = pole(local)
    (u, v), r = found
    return (x0 + u * c - v * s - poly[0][0], y0 + u * s + v * c - poly[0][1]), r


def _start(poly: Sequence[Point]) -> int:
    """A vertex to start the polygon at that does not depend on where its list starts
    (the least rotation of its edge lengths and turns); -1 for a degenerate polygon."""
    n = len(poly)
    if n < 3:
        return -1
    shape = []
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = poly[i], poly[(i + 1) % n], poly[(i + 2) % n]
        if (ax, ay) == (bx, by):
            return -1
        turn = math.atan2((bx - ax) * (cy - by) - (by - ay) * (cx - bx), (bx - ax) * (cx - bx) + (by - ay) * (cy - by))
        shape.append((round(math.hypot(bx - ax, by - ay), 4), round(turn, 4)))
    return min(range(n), key=lambda i: shape[i:] + shape[:i])


def pole(poly: Sequence[Point]) -> Circle:
    """The centre and radius of the largest circle inside ``poly`` (a simple polygon,
    either orientation), to a thousandth of its size."""
    pts = [(float(x), float(y)) for x, y in poly]
    area = signed_area(pts)
    if abs(area) < 1e-12 or len(pts) < 3:
        return _mean(pts), 0.15
    if area < 0:
        pts.reverse()
    if _convex(pts):
        return _convex_pole(pts)
    return _grid_pole(pts)


def _mean(pts: Sequence[Point]) -> Point:
    if not pts:
        return (0.0, 0.0)
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _convex(pts: list[Point]) -> bool:
    n = len(pts)
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = pts[i - 1], pts[i], pts[(i + 1) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) < -1e-12:
            return False
    return True


def _edges(pts: list[Point]) -> list[tuple[float, float, float]]:
    """Each edge of a counter-clockwise polygon as an inward half-plane
    ``a x + b y >= c`` with ``(a, b)`` of length 1."""
    out = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy)
        if length > 0:
            a, b = -dy / length, dx / length
            out.append((a, b, a * x1 + b * y1))
    return out


def _clip(poly: list[Point], a: float, b: float, c: float) -> list[Point]:
    """The part of a convex polygon where ``a x + b y >= c``."""
    out: list[Point] = []
    for p, q in zip(poly, poly[1:] + poly[:1]):
        sp, sq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if sp >= 0:
            out.append(p)
        if (sp >= 0) != (sq >= 0):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _convex_pole(pts: list[Point]) -> Circle:
    """Bisection on the radius: the face shrunk by ``r`` is non-empty up to the inradius."""
    halves = _edges(pts)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    low, high = 0.0, min(max(xs) - min(xs), max(ys) - min(ys)) / 2
    best = _mean(pts)
    tolerance = max(max(xs) - min(xs), max(ys) - min(ys)) / 1000
    while high - low > tolerance:
        r = (low + high) / 2
        region = pts
        for a, b, c in halves:
            region = _clip(region, a, b, c + r)
            if not region:
                break
        if region:
            low, best = r, _mean(region)
        else:
            high = r
    return best, _distance(best, pts)


def _distance(p: Point, pts: list[Point]) -> float:
    """Signed distance from ``p`` to the polygon's boundary (negative outside)."""
    x, y = p
    inside, best = False, math.inf
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
        dx, dy = x2 - x1, y2 - y1
        t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
        d = math.hypot(x - x1 - t * dx, y - y1 - t * dy)
        best = min(best, d)
    return best if inside else -best


def _grid_pole(pts: list[Point]) -> Circle:
    """The grid search (see the module) for a face that is not convex."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    size = min(x1 - x0, y1 - y0)
    tolerance = max(x1 - x0, y1 - y0) / 500
    half = size / 2
    queue: list[tuple[float, float, float, float, float]] = []

    def push(x: float, y: float, h: float) -> None:
        d = _distance((x, y), pts)
        heapq.heappush(queue, (-(d + h * math.sqrt(2)), d, x, y, h))

    y = y0
    while y < y1:
        x = x0
        while x < x1:
            push(x + half, y + half, half)
            x += size
        y += size
    centroid = _centroid(pts)
    best = (centroid, _distance(centroid, pts))
    while queue:
        bound, d, x, y, h = heapq.heappop(queue)
        if d > best[1]:
            best = ((x, y), d)
        if -bound - best[1] <= tolerance:
            continue
        h /= 2
        for dx in (-h, h):
            for dy in (-h, h):
                push(x + dx, y + dy, h)
    return best


def _centroid(pts: list[Point]) -> Point:
    a = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        f = x1 * y2 - x2 * y1
        a += f
        cx += (x1 + x2) * f
        cy += (y1 + y2) * f
    if abs(a) < 1e-12:
        return _mean(pts)
    return (cx / (3 * a), cy / (3 * a))
