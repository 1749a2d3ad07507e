"""Exact arithmetic for Loopy's aperiodic grids: points as integer combinations of
powers of a root of unity, and real numbers ``a + b sqrt k``.

The Penrose grids use ``t = exp(i pi/5)`` (:data:`Z`: coefficients of 1, t, t^2, t^3;
coordinates ``a + b sqrt 5``), the spectres ``d = exp(i pi/6)`` (:data:`D`;
coordinates ``a + b sqrt 3``). Comparisons are exact, so a window test never depends
on rounding, and :func:`round_root` rounds to Loopy's integer dots as Loopy does.

>>> t_mul((0, 1, 0, 0), (0, 0, 0, 1))  # t * t^3 = t^4
(-1, 1, -1, 1)
>>> d_mul((0, 1, 0, 0), (0, 0, 0, 1))  # d * d^3 = d^4 = d^2 - 1
(-1, 0, 1, 0)
"""

from __future__ import annotations

import math
from collections.abc import Callable

IPoint = tuple[int, int]
"""Loopy's integer dot coordinates."""
Z = tuple[int, int, int, int]
"""An exact point: integer coefficients of 1, t, t^2, t^3 (t = exp(i pi/5))."""
D = tuple[int, int, int, int]
"""An exact point: integer coefficients of 1, d, d^2, d^3 (d = exp(i pi/6))."""
Surd = tuple[int, int]
"""The number ``a + b sqrt k`` (k = 5 for :data:`Z`, 3 for :data:`D`)."""


def times_t(p: Z) -> Z:
    """``p * t``, using t^4 = t^3 - t^2 + t - 1."""
    a, b, c, d = p
    return (-d, a + d, b - d, c + d)


def add(p: Z, q: Z) -> Z:
    return (p[0] + q[0], p[1] + q[1], p[2] + q[2], p[3] + q[3])


def sub(p: Z, q: Z) -> Z:
    return (p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3])


def product(p: Z, q: Z, times: Callable[[Z], Z]) -> Z:
    """The product of two points as complex numbers, by Horner's rule in the unit root
    that ``times`` multiplies by."""
    out: Z = (0, 0, 0, 0)
    for k in (3, 2, 1, 0):
        out = add(times(out), (p[0] * q[k], p[1] * q[k], p[2] * q[k], p[3] * q[k]))
    return out


def power(steps: int, times: Callable[[Z], Z], order: int) -> Z:
    """The unit root that ``times`` multiplies by, to the power ``steps`` (mod ``order``)."""
    out: Z = (1, 0, 0, 0)
    for _ in range(steps % order):
        out = times(out)
    return out


def t_mul(p: Z, q: Z) -> Z:
    """The product of two points (t-basis)."""
    return product(p, q, times_t)


def t_turn(steps: int) -> Z:
    """t^steps: a rotation by ``steps`` tenths of a turn."""
    return power(steps, times_t, 10)


def t_x(p: Z) -> Surd:
    """The x coordinate of a point in units of 1/4."""
    a, b, c, d = p
    return (4 * a + b - c + d, b + c - d)


def t_y(p: Z) -> Surd:
    """The y coordinate of a point in units of sin(pi/5)/2."""
    a, b, c, d = p
    return (2 * b + c + d, c + d)


def sign5(s: Surd) -> int:
    """The sign of ``a + b sqrt 5``, exactly.

    >>> sign5((-2, 1)), sign5((3, -1)), sign5((0, 0))
    (1, 1, 0)
    """
    a, b = s
    if a >= 0 and b >= 0:
        return int(a > 0 or b > 0)
    if a <= 0 and b <= 0:
        return -1
    bigger = a if a * a > 5 * b * b else b
    return 1 if bigger > 0 else -1


def less5(s: Surd, t: Surd) -> bool:
    return sign5((s[0] - t[0], s[1] - t[1])) < 0


def round_root(n: int, k: int) -> int:
    """The integer nearest to ``n * sqrt(k)`` (exact, as Loopy computes it).

    >>> round_root(100, 5), round_root(-100, 5), round_root(7, 3)
    (224, -224, 12)
    """
    m = abs(n)
    r = math.isqrt(k * m * m)
    if k * m * m - r * r > r:  # (r + 1/2)^2 < k m^2
        r += 1
    return r if n >= 0 else -r


D = tuple[int, int, int, int]


def times_d(p: D) -> D:
    """``p * d``, using d^4 = d^2 - 1."""
    return (-p[3], p[0], p[1] + p[3], p[2])


def d_mul(p: D, q: D) -> D:
    """The product of two points (d-basis)."""
    return product(p, q, times_d)


def d_turn(steps: int) -> D:
    """d^steps: a rotation by ``steps`` twelfths of a turn."""
    return power(steps, times_d, 12)


def d_x(p: D) -> Surd:
    """Twice the x coordinate, as ``a + b sqrt 3``."""
    return (2 * p[0] + p[2], p[1])


def d_y(p: D) -> Surd:
    """Twice the y coordinate, as ``a + b sqrt 3``."""
    return (2 * p[3] + p[1], p[2])


def less3(s: Surd, t: Surd) -> bool:
    """Whether ``s < t`` for numbers ``a + b sqrt 3``."""
    a, b = s[0] - t[0], s[1] - t[1]
    if a >= 0 and b >= 0:
        return False
    if a <= 0 and b <= 0:
        return a < 0 or b < 0
    return (a if a * a > 3 * b * b else b) < 0
