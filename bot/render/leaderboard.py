"""Leaderboard, personal stats card and the replay's hands strip, drawn with Pillow.

Every text arrives translated and formatted (the stats layer and the cog decide what is said); this
module only lays it out. The images use the shipped DejaVu fonts (`fonts.font`) and the table's dark
colours, so they sit well beside the table images in a Discord channel. Output: PNG bytes, mapped onto
a palette (fast octree; a leaderboard has few colours, so that is a third of the RGB size).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from .fonts import fit, font, printable

RGB = tuple[int, int, int]
BG = (22, 30, 38)
HEADER = (30, 104, 66)
ROW = (30, 40, 50)
ROW_ALT = (36, 48, 60)
ROW_MARK = (58, 48, 14)
LINE = (70, 86, 100)
WHITE = (248, 248, 244)
GREY = (170, 180, 186)
DIM = (120, 132, 140)
GOLD = (246, 196, 50)
SILVER = (196, 204, 210)
BRONZE = (205, 127, 50)
MEDALS = {1: GOLD, 2: SILVER, 3: BRONZE}
SERIES = ((246, 196, 50), (64, 160, 255), (232, 92, 92), (80, 200, 120), (186, 120, 230), (240, 150, 60),
          (40, 200, 200))

PAD = 24
ROW_H = 40


def _png(im: Image.Image) -> bytes:
    buf = io.BytesIO()
    im.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(buf, "PNG", compress_level=6)
    return buf.getvalue()


def _text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face: str, size: int, fill: RGB, *,
          anchor: str = "lm", max_w: int | None = None) -> None:
    if max_w is not None:
        text = fit(text, face, size, max_w)
    d.text(xy, text, font=font(face, size), fill=fill, anchor=anchor)


def _widths(headers: Sequence[str], rows: Sequence[Sequence[str]], size: int = 18) -> list[int]:
    out = []
    for i, h in enumerate(headers):
        w = font("condbold", 16).getlength(h)
        for r in rows:
            if i < len(r):
                w = max(w, font("bold", size).getlength(r[i]))
        out.append(int(w) + 28)
    return out


def leaderboard_png(title: str, subtitle: str, headers: Sequence[str],
                    rows: Sequence[tuple[int, str, Sequence[str]]], *, name_header: str = "",
                    footer: str = "", mark: int | None = None) -> bytes:
    """A ranked table: `rows` are (rank, name, cells under `headers`); the first cell is the measure
    the board is ranked by (drawn bold). Ranks 1-3 get a medal; row index `mark` is highlighted."""
    cols = _widths(headers, [r[2] for r in rows])
    rank_w, name_w = 64, 280
    width = max(PAD * 2 + rank_w + name_w + sum(cols), 640)
    name_w = width - PAD * 2 - rank_w - sum(cols)
    height = PAD + 78 + ROW_H + max(len(rows), 1) * ROW_H + (44 if footer else 16) + PAD // 2
    im = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(im)
    _text(d, (PAD, PAD + 14), title, "bold", 28, WHITE, max_w=width - 2 * PAD)
    _text(d, (PAD, PAD + 52), subtitle, "cond", 17, GREY, max_w=width - 2 * PAD)
    y = PAD + 78
    d.rounded_rectangle((PAD - 8, y, width - PAD + 8, y + ROW_H), radius=8, fill=HEADER)
    _text(d, (PAD + rank_w / 2, y + ROW_H / 2), "#", "condbold", 16, WHITE, anchor="mm")
    _text(d, (PAD + rank_w, y + ROW_H / 2), name_header, "condbold", 16, WHITE, max_w=name_w - 8)
    x = PAD + rank_w + name_w
    for h, w in zip(headers, cols, strict=True):
        _text(d, (x + w - 10, y + ROW_H / 2), h, "condbold", 16, WHITE, anchor="rm", max_w=w - 12)
        x += w
    y += ROW_H
    for i, (rank, name, cells) in enumerate(rows):
        fill = ROW_MARK if i == mark else (ROW_ALT if i % 2 else ROW)
        d.rectangle((PAD - 8, y, width - PAD + 8, y + ROW_H - 1), fill=fill)
        cx, cy = PAD + rank_w / 2, y + ROW_H / 2
        medal = MEDALS.get(rank)
        if medal:
            d.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=medal)
            _text(d, (cx, cy), str(rank), "bold", 16, BG, anchor="mm")
        else:
            _text(d, (cx, cy), str(rank), "bold", 17, GREY, anchor="mm")
        _text(d, (PAD + rank_w, cy), printable(name, "cond") or "?", "cond", 19, WHITE, max_w=name_w - 10)
        x = PAD + rank_w + name_w
        for k, (cell, w) in enumerate(zip(cells, cols, strict=False)):
            face, colour = ("bold", GOLD if medal else WHITE) if k == 0 else ("cond", GREY)
            _text(d, (x + w - 10, cy), cell, face, 18, colour, anchor="rm", max_w=w - 12)
            x += w
        y += ROW_H
    if not rows:
        _text(d, (width / 2, y + ROW_H / 2), "–", "cond", 18, DIM, anchor="mm")
        y += ROW_H
    d.line((PAD - 8, y, width - PAD + 8, y), fill=LINE, width=2)
    if footer:
        _text(d, (PAD, y + 24), footer, "cond", 16, DIM, max_w=width - 2 * PAD)
    return _png(im)


def stats_card_png(name: str, subtitle: str, headers: Sequence[str], rows: Sequence[Sequence[str]],
                   series: dict[str, list[int]], *, chart_title: str = "", empty_chart: str = "") -> bytes:
    """One person's card: a row per game (first cell: the game's name) and a small chart of their
    rating over their rated matches, one line per game."""
    cols = _widths(headers, rows)
    cols[0] = max(cols[0], 170)
    width = max(PAD * 2 + sum(cols), 720)
    cols[0] += width - PAD * 2 - sum(cols)
    chart_h = 220
    height = PAD + 84 + ROW_H * (1 + max(len(rows), 1)) + 24 + 34 + chart_h + PAD + 24
    im = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(im)
    d.ellipse((PAD, PAD, PAD + 56, PAD + 56), fill=HEADER)
    name = printable(name, "bold") or "?"
    _text(d, (PAD + 28, PAD + 28), name[:1].upper(), "bold", 30, WHITE, anchor="mm")
    _text(d, (PAD + 72, PAD + 16), name, "bold", 28, WHITE, max_w=width - 2 * PAD - 72)
    _text(d, (PAD + 72, PAD + 48), subtitle, "cond", 17, GREY, max_w=width - 2 * PAD - 72)
    y = PAD + 84
    d.rounded_rectangle((PAD - 8, y, width - PAD + 8, y + ROW_H), radius=8, fill=HEADER)
    x = PAD
    for k, (h, w) in enumerate(zip(headers, cols, strict=True)):
        if k == 0:
            _text(d, (x, y + ROW_H / 2), h, "condbold", 16, WHITE, max_w=w - 10)
        else:
            _text(d, (x + w - 10, y + ROW_H / 2), h, "condbold", 16, WHITE, anchor="rm", max_w=w - 12)
        x += w
    y += ROW_H
    colours = {}
    for i, row in enumerate(rows):
        d.rectangle((PAD - 8, y, width - PAD + 8, y + ROW_H - 1), fill=ROW_ALT if i % 2 else ROW)
        x = PAD
        for k, (cell, w) in enumerate(zip(row, cols, strict=False)):
            if k == 0:
                colour = SERIES[i % len(SERIES)] if cell in series else WHITE
                colours[cell] = colour
                d.rectangle((x - 8, y + 6, x - 4, y + ROW_H - 7), fill=colour)
                _text(d, (x + 4, y + ROW_H / 2), cell, "condbold", 18, WHITE, max_w=w - 12)
            else:
                _text(d, (x + w - 10, y + ROW_H / 2), cell, "bold" if k == 1 else "cond", 18,
                      WHITE if k == 1 else GREY, anchor="rm", max_w=w - 12)
            x += w
        y += ROW_H
    y += 24
    _text(d, (PAD, y + 10), chart_title, "condbold", 18, WHITE, max_w=width - 2 * PAD)
    y += 34
    _chart(d, (PAD, y, width - PAD, y + chart_h), series, colours, empty_chart)
    return _png(im)


def _chart(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], series: dict[str, list[int]],
           colours: dict[str, RGB], empty: str) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=10, fill=ROW)
    points = [v for vals in series.values() for v in vals]
    if not points:
        _text(d, ((x0 + x1) / 2, (y0 + y1) / 2), empty, "cond", 18, DIM, anchor="mm", max_w=int(x1 - x0 - 20))
        return
    lo, hi = min(points), max(points)
    lo, hi = min(lo, 1000), max(hi, 1000)
    if hi - lo < 40:
        lo, hi = lo - 20, hi + 20
    left, right, top, bottom = x0 + 64, x1 - 16, y0 + 16, y1 - 26
    longest = max(len(v) for v in series.values())

    def py(v: float) -> float:
        return bottom - (v - lo) / (hi - lo) * (bottom - top)

    for v in (lo, (lo + hi) / 2, hi):
        yy = py(v)
        d.line((left, yy, right, yy), fill=LINE, width=1)
        _text(d, (left - 8, yy), str(round(v)), "cond", 14, DIM, anchor="rm")
    base = py(1000)
    d.line((left, base, right, base), fill=DIM, width=1)
    # x = matches played; every line starts at a newcomer's 1000 at 0
    _text(d, (left, bottom + 14), "0", "cond", 13, DIM, anchor="lm")
    _text(d, (right, bottom + 14), str(longest), "cond", 13, DIM, anchor="rm")
    step = (right - left) / max(1, longest)
    for label, vals in series.items():
        colour = colours.get(label, GOLD)
        pts = [(left, base)] + [(left + (i + 1) * step, py(v)) for i, v in enumerate(vals)]
        d.line(pts, fill=colour, width=3, joint="curve")
        ex, ey = pts[-1]
        d.ellipse((ex - 4, ey - 4, ex + 4, ey + 4), fill=colour)


def hands_png(names: Sequence[str], hand_pngs: Sequence[bytes | None], *, title: str = "") -> bytes:
    """The replay's hands: every seat's hand image (from `hand_image`) under its name."""
    label_h = 34
    images = [Image.open(io.BytesIO(p)).convert("RGB") if p else None for p in hand_pngs]
    width = max([im.width for im in images if im is not None] + [480]) + 2 * PAD
    height = PAD + (40 if title else 0) + sum(label_h + (im.height if im else 30) + 10 for im in images) + PAD
    out = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(out)
    y = PAD
    if title:
        _text(d, (PAD, y + 14), title, "bold", 22, WHITE, max_w=width - 2 * PAD)
        y += 40
    for i, (name, im) in enumerate(zip(names, images, strict=True)):
        colour = SERIES[i % len(SERIES)]
        d.rectangle((PAD, y + 8, PAD + 5, y + label_h - 6), fill=colour)
        _text(d, (PAD + 14, y + label_h / 2 + 1), printable(name) or f"{i + 1}", "condbold", 19, WHITE,
              max_w=width - 2 * PAD - 14)
        y += label_h
        if im is not None:
            out.paste(im, (PAD, y))
            y += im.height + 10
        else:
            _text(d, (PAD + 14, y + 12), "–", "cond", 18, DIM)
            y += 40
    return _png(out)
