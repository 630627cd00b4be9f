"""Suit symbols as vector shapes: French ♣ ♠ ♥ ♦ and German Eichel, Grün, Herz, Schellen.

A symbol is a list of primitives in a unit square (x right, y down, 0..1), drawn into any box and
optionally turned upside down (the lower pips of a card are). No font glyph is used, so the symbols
look the same everywhere and scale to any size. Draw at 3-4x and downsample for smooth edges.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import ImageDraw

from . import theme as T

Point = tuple[float, float]
# ("poly", points, fill, outline) | ("ellipse", (x0, y0, x1, y1), fill, outline) | ("line", points, colour, width)
Prim = tuple


def _heart(n: int = 48) -> list[Point]:
    """The classic parametric heart, point down, scaled into the unit square."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    s = 1 / max(x1 - x0, y1 - y0)
    ox = (1 - (x1 - x0) * s) / 2
    oy = (1 - (y1 - y0) * s) / 2
    return [((x - x0) * s + ox, (y - y0) * s + oy) for x, y in pts]


def _scale(pts: list[Point], sx: float, sy: float, dx: float = 0, dy: float = 0) -> list[Point]:
    return [(0.5 + (x - 0.5) * sx + dx, 0.5 + (y - 0.5) * sy + dy) for x, y in pts]


def _quad(p0: Point, c: Point, p1: Point, n: int = 8) -> list[Point]:
    out = []
    for i in range(n):
        t = i / n
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _diamond() -> list[Point]:
    top, right, bottom, left = (0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)
    pull = 0.06  # sides curve slightly inward
    pts: list[Point] = []
    for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        c = (mx + (0.5 - mx) * pull * 2, my + (0.5 - my) * pull * 2)
        pts += _quad(a, c, b)
    return pts


def _stem(top_y: float, bottom_y: float, half: float) -> list[Point]:
    """A flared stem (spade, club): narrow at the top, wide at the foot, concave sides."""
    left = _quad((0.5 - 0.03, top_y), (0.47, bottom_y - 0.02), (0.5 - half, bottom_y), 6)
    right = _quad((0.5 + half, bottom_y), (0.53, bottom_y - 0.02), (0.5 + 0.03, top_y), 6)
    return left + [(0.5 - half, bottom_y), (0.5 + half, bottom_y)] + right


def _leaf() -> list[Point]:
    """The German Grün: an upright heart-shaped leaf with a drawn-out tip and small teeth along the edge."""
    pts = [(x, 1 - y) for x, y in _heart(64)]  # point up
    pts = _scale(pts, 0.84, 0.86, 0, -0.07)
    out = []
    for i, (x, y) in enumerate(pts):
        dx, dy = x - 0.5, y - 0.5
        k = 1 + (0.045 if i % 4 < 2 else -0.02) * (0.2 < y < 0.72)
        out.append((0.5 + dx * k, 0.5 + dy * k))
    return out


def _egg(cx: float, top: float, bottom: float, half: float, n: int = 32) -> list[Point]:
    """An egg (the acorn's nut): round at the top, narrower towards the bottom tip."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        y = -math.cos(t)  # -1 top .. 1 bottom
        w = math.sin(t) * (1 - 0.28 * max(0.0, y))
        pts.append((cx + half * w, top + (y + 1) / 2 * (bottom - top)))
    return pts


@cache
def symbol(suit: str, style: str, four_colour: bool = False) -> tuple[Prim, ...]:
    """The primitives of one suit symbol. `style`: "french" or "german"."""
    if style == "german":
        return _german(suit)
    ink = suit_ink(suit, "french", four_colour)
    if suit == "H":
        return (("poly", _heart(), ink, None),)
    if suit == "D":
        return (("poly", _diamond(), ink, None),)
    if suit == "S":
        lobes = [(x, 1 - y) for x, y in _heart()]
        lobes = _scale(lobes, 0.96, 0.8, 0, -0.1)
        return (("poly", lobes, ink, None), ("poly", _stem(0.55, 1.0, 0.16), ink, None))
    # clubs: three balls and a stem
    r = 0.235
    return (
        ("ellipse", (0.5 - r, 0.02, 0.5 + r, 0.02 + 2 * r), ink, None),
        ("ellipse", (0.06, 0.36, 0.06 + 2 * r, 0.36 + 2 * r), ink, None),
        ("ellipse", (0.94 - 2 * r, 0.36, 0.94, 0.36 + 2 * r), ink, None),
        ("poly", [(0.5, 0.3), (0.62, 0.6), (0.5, 0.7), (0.38, 0.6)], ink, None),
        ("poly", _stem(0.5, 1.0, 0.17), ink, None),
    )


def _german(suit: str) -> tuple[Prim, ...]:
    if suit == "H":  # Herz: a plump red heart with a dark rim and a shine
        heart = _scale(_heart(), 0.98, 0.98)
        return (("poly", heart, T.HERZ, T.HERZ_DARK),
                ("ellipse", (0.2, 0.18, 0.36, 0.34), T.mix(T.HERZ, T.CARD, 0.55), None))
    if suit == "S":  # Grün (Laub): an upright leaf with a stem and veins
        prims: list[Prim] = [("line", [(0.5, 0.7), (0.47, 1.0)], T.GRUEN_DARK, 0.08),
                             ("poly", _leaf(), T.GRUEN, T.GRUEN_DARK),
                             ("line", [(0.5, 0.78), (0.5, 0.14)], T.GRUEN_DARK, 0.04)]
        for y in (0.32, 0.5):
            prims.append(("line", [(0.5, y + 0.12), (0.27, y)], T.GRUEN_DARK, 0.03))
            prims.append(("line", [(0.5, y + 0.12), (0.73, y)], T.GRUEN_DARK, 0.03))
        return tuple(prims)
    if suit == "C":  # Eichel: an acorn, stem up, scaly cap over a long nut
        prims = [("line", [(0.5, 0.0), (0.52, 0.16)], T.EICHEL_INK, 0.07),
                 ("poly", _egg(0.5, 0.22, 1.0, 0.3), T.EICHEL_NUT, T.EICHEL_INK),
                 ("ellipse", (0.36, 0.5, 0.46, 0.78), T.mix(T.EICHEL_NUT, T.CARD, 0.45), None)]
        cap = [(0.5 + 0.36 * math.cos(a), 0.42 - 0.3 * math.sin(a))
               for a in (math.pi * i / 16 for i in range(17))]
        cap += [(0.14, 0.44), (0.5, 0.5), (0.86, 0.44)]
        prims.append(("poly", cap, T.EICHEL_CAP, T.EICHEL_INK))
        for x, y in ((0.34, 0.32), (0.5, 0.26), (0.66, 0.32), (0.42, 0.4), (0.58, 0.4), (0.26, 0.4), (0.74, 0.4)):
            prims.append(("ellipse", (x - 0.035, y - 0.035, x + 0.035, y + 0.035), T.EICHEL_NUT, None))
        return tuple(prims)
    # Schellen: a round bell with a band, a knob on top and the slit below
    return (
        ("ellipse", (0.44, 0.0, 0.56, 0.12), T.SCHELL, T.SCHELL_DARK),
        ("ellipse", (0.07, 0.1, 0.93, 0.96), T.SCHELL, T.SCHELL_DARK),
        ("band", (0.07, 0.1, 0.93, 0.96, 0.5, 0.11), T.SCHELL_BAND, T.SCHELL_DARK),
        ("line", [(0.33, 0.79), (0.67, 0.79)], T.SCHELL_DARK, 0.05),
        ("ellipse", (0.27, 0.75, 0.35, 0.83), T.SCHELL_DARK, None),
        ("ellipse", (0.65, 0.75, 0.73, 0.83), T.SCHELL_DARK, None),
        ("ellipse", (0.24, 0.2, 0.4, 0.34), T.mix(T.SCHELL, T.CARD, 0.6), None),
    )


def suit_ink(suit: str, style: str, four_colour: bool = False) -> T.RGB:
    """The colour of a suit's index (rank letters) and of its French pips."""
    if style == "german":
        return {"C": T.EICHEL_INK, "S": T.GRUEN_DARK, "H": T.HERZ, "D": T.SCHELL_INK}[suit]
    if four_colour:
        return {"C": T.INK_GREEN, "S": T.INK_BLACK, "H": T.INK_RED, "D": T.INK_BLUE}[suit]
    return T.INK_RED if suit in "HD" else T.INK_BLACK


def draw_symbol(draw: ImageDraw.ImageDraw, suit: str, style: str, box: tuple[float, float, float, float],
                *, four_colour: bool = False, flip: bool = False, colour: T.RGB | None = None) -> None:
    """Draw one suit symbol into `box` (x0, y0, x1, y1); `flip` turns it upside down;
    `colour` paints the whole symbol in one flat colour (silhouette)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    outline_w = max(1, round(min(w, h) * 0.045))

    def tx(p: Point) -> tuple[float, float]:
        x, y = p
        if flip:
            x, y = 1 - x, 1 - y
        return (x0 + x * w, y0 + y * h)

    def col(c: T.RGB | None) -> T.RGB | None:
        return c if colour is None or c is None else colour

    for prim in symbol(suit, style, four_colour):
        kind = prim[0]
        if kind == "poly":
            draw.polygon([tx(p) for p in prim[1]], fill=col(prim[2]), outline=col(prim[3]),
                         width=outline_w if prim[3] else 1)
        elif kind == "ellipse":
            a, b = tx(prim[1][:2]), tx(prim[1][2:])
            bb = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            draw.ellipse(bb, fill=col(prim[2]), outline=col(prim[3]), width=outline_w if prim[3] else 1)
        elif kind == "line":
            draw.line([tx(p) for p in prim[1]], fill=col(prim[2]), width=max(1, round(prim[3] * min(w, h))))
        elif kind == "band":  # a horizontal band across an ellipse (the bell's belt)
            ex0, ey0, ex1, ey1, cy, half = prim[1]
            a, b = tx((ex0, ey0)), tx((ex1, ey1))
            bb = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            cyp = tx((0.5, cy))[1]
            r = (bb[3] - bb[1]) / 2
            ccy = (bb[1] + bb[3]) / 2
            dy0 = (cyp - half * h - ccy) / r
            dy1 = (cyp + half * h - ccy) / r
            a0 = math.degrees(math.asin(max(-1.0, min(1.0, dy0))))
            a1 = math.degrees(math.asin(max(-1.0, min(1.0, dy1))))
            pts = []
            rx = (bb[2] - bb[0]) / 2
            ccx = (bb[0] + bb[2]) / 2
            for i in range(13):  # right side, top to bottom
                ang = math.radians(a0 + (a1 - a0) * i / 12)
                pts.append((ccx + rx * math.cos(ang), ccy + r * math.sin(ang)))
            for i in range(13):  # left side, bottom to top
                ang = math.radians(a1 + (a0 - a1) * i / 12)
                pts.append((ccx - rx * math.cos(ang), ccy + r * math.sin(ang)))
            draw.polygon(pts, fill=col(prim[2]), outline=col(prim[3]), width=outline_w)
