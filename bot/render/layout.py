"""The table every game shares: felt, header bar, the ring of seat plates, the trick in the middle,
the last trick and an info box. Per-game renderers (bot/render/tables.py, rummy.py, race.py) add their own zones.

Geometry: a 960 x 600 canvas. Discord shows it about 400 px wide on a phone (0.42 of its size), so the
names, scores and counts a player reads are drawn 22-26 px high here (about 10 px on the phone). Seat 0 sits at the bottom and the seats follow clockwise (left, top, right for four),
as around a real table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from . import theme as T
from .canvas import Canvas
from .cards import Sprite, card_height
from .fonts import balanced, fit, font, isolated, printable
from .i18n import words

W, H = 960, 600
HEADER = 52
BANNER_SIZE = 22  # px: a hand's result in the middle of the table
HEADER_NAME_W, HEADER_NAME_MIN_W = 200, 90  # px a name keeps in a header line too long for the picture
NAME_SIZES = (26, 24, 22, 20)  # a long name is drawn smaller before it is cut, not below 20 px (legible on a phone)
FELT_BOX = (14, HEADER + 14, W - 14, H - 12)


@lru_cache(maxsize=8)
def background(width: int = W, height: int = H) -> Image.Image:
    from .canvas import to_p

    im = Image.new("RGB", (width, height), T.BG)
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = FELT_BOX[0], FELT_BOX[1], width - 14, height - 12
    d.rounded_rectangle((x0, y0, x1, y1), radius=150, fill=T.FELT_RIM)
    d.rounded_rectangle((x0 + 9, y0 + 9, x1 - 9, y1 - 9), radius=142, fill=T.FELT)
    d.rectangle((0, 0, width, HEADER), fill=T.PANEL)
    d.line((0, HEADER, width, HEADER), fill=T.PANEL_LINE, width=2)
    return to_p(im)


def display_names(names: list[str], n: int, lang: str = "en") -> list[str]:
    """The names as the font can draw them; a seat without a drawable name is "Seat 3"."""
    out = []
    for i in range(n):
        name = printable(str(names[i])) if i < len(names) and names[i] else ""
        if name.startswith("(") and name.endswith(")"):  # all the font could draw of "🎲🎲 (dicefan)": the username
            name = name[1:-1].strip()
        out.append(isolated(name) if name else f"{words(lang)['seat']} {i + 1}")
    return out


@dataclass
class Seat:
    index: int
    x: float          # centre of the seat plate
    y: float
    w: int
    h: int
    ux: float         # unit vector from the table centre towards the seat
    uy: float

    @property
    def box(self) -> tuple[int, int, int, int]:
        return (round(self.x - self.w / 2), round(self.y - self.h / 2), round(self.x + self.w / 2),
                round(self.y + self.h / 2))

    def toward_centre(self, dist: float) -> tuple[float, float]:
        return (self.x - self.ux * dist, self.y - self.uy * dist)


def plate_size(n: int) -> tuple[int, int]:
    if n <= 4:
        return 236, 76
    if n <= 6:
        return 196, 72
    return 196, 70


def seat_ring(n: int, width: int = W, height: int = H) -> list[Seat]:
    """Seat plates on an ellipse around the felt: seat 0 at the bottom, then clockwise."""
    pw, ph = plate_size(n)
    cx, cy = width / 2, (HEADER + height) / 2 + 2
    rx = width / 2 - pw / 2 - 12
    ry = (height - HEADER) / 2 - ph / 2 - 6
    out = []
    for i in range(n):
        a = math.pi / 2 + 2 * math.pi * i / n
        ux, uy = math.cos(a), math.sin(a)
        out.append(Seat(i, cx + rx * ux, cy + ry * uy, pw, ph, ux, uy))
    return out


def centre(width: int = W, height: int = H) -> tuple[float, float]:
    return width / 2, (HEADER + height) / 2 + 2


def trick_width(n: int) -> int:
    """The width of a trick's cards at a table of `n` seats."""
    return 88 if n <= 4 else 72 if n <= 6 else 66


def boxes_meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two boxes (x0, y0, x1, y1) overlap; boxes that only touch do not."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass
class SeatInfo:
    """What a seat plate shows besides the name."""

    count: int | None = None          # cards in hand (None: not shown)
    score: str = ""                   # running total, formatted
    score_colour: T.RGB = T.WHITE
    badges: tuple[tuple[str, T.RGB], ...] = ()   # (label, colour) pills under the name
    out: bool = False                 # eliminated / finished: the plate is greyed
    lives: tuple[int, int] | None = None          # (left, of): a row of pips instead of a score


class Table:
    """One table image being drawn."""

    def __init__(self, view: dict[str, Any], names: list[str], style: str, four: bool, lang: str,
                 width: int = W, height: int = H):
        self.view = view
        self.n = int(view.get("seats") or len(names))
        self.style, self.four, self.lang = style, four, lang
        self.w = words(lang)
        self.names = display_names(names, self.n, lang)
        self.c = Canvas(width, height, background(width, height))
        self.width, self.height = width, height
        self.seats = seat_ring(self.n, width, height)
        self.cx, self.cy = centre(width, height)
        acting = [] if view.get("over") else list(view.get("to_act") or [])
        # whose turn: the seats to act, unless everybody may act at once (nobody is singled out then)
        self.turn: set[int] = set(acting) if len(acting) < self.n or self.n == 1 else set()

    # -- header ----------------------------------------------------------------------------------------
    def header(self, title: str, status: str = "", status_colour: T.RGB = T.GOLD) -> None:
        x = 16
        x += self.c.text(x, HEADER / 2, title, "bold", 24, T.WHITE, anchor="lm")
        if status:
            room = self.width - x - 40
            size = next((sz for sz in (23, 21, 19) if self.c.text_w(status, sz) <= room), 0)  # smaller, not cut
            if not size:  # then long names shortened, so that the value and whose turn it is stay in sight
                named = sorted({nm for nm in self.names if nm in status}, key=len, reverse=True)
                excess = self.c.text_w(status, 19) - room
                keep = max(HEADER_NAME_MIN_W, min(HEADER_NAME_W, max([self.c.text_w(nm, 19) for nm in named] or [0])
                                                  - excess // max(1, len(named))))
                for name in named:
                    if self.c.text_w(name, 19) > keep:
                        status = status.replace(name, fit(name, "condbold", 19, keep))
                size = next((sz for sz in (23, 21, 19) if self.c.text_w(status, sz) <= room), 19)
            if self.c.text_w(status, size) > room:  # cut from the front: what it asks ("take or push the skat")
                lo, hi = 1, len(status) - 1  # ends it, after the names: the least cut that fits (a binary search)
                while lo < hi:
                    mid = (lo + hi) // 2
                    lo, hi = (lo, mid) if self.c.text_w("…" + status[mid:], size) <= room else (mid + 1, hi)
                status = balanced("…" + status[lo:].lstrip())
            self.c.text(self.width - 16, HEADER / 2, status, "condbold", size, status_colour, anchor="rm",
                        max_w=room)

    # -- seats -----------------------------------------------------------------------------------------
    def plate(self, i: int, info: SeatInfo) -> None:
        s = self.seats[i]
        v = self.view
        x0, y0, x1, y1 = s.box
        turn = i in self.turn
        fill = T.PANEL_TURN if turn else T.PANEL
        self.c.rrect((x0, y0, x1, y1), 10, fill=fill, outline=T.GOLD if turn else T.PANEL_LINE,
                     width=3 if turn else 1)
        # the seat's colour as a stripe on the left edge
        self.c.draw.rectangle((x0 + 4, y0 + 12, x0 + 8, y1 - 12), fill=T.index(T.DIM if info.out else self.colour(i)))
        name_colour = T.GOLD if turn else (T.DIM if info.out else T.WHITE)
        pad = 16
        right = x1 - pad
        # score at the right of the name line
        if info.lives is not None and s.w >= 220:
            left, of = info.lives
            r = 4 if of <= 8 else 3
            step = 2 * r + 3
            px = right - r
            for k in range(of - 1, -1, -1):
                col = T.GOLD if k < left else T.PANEL_LINE
                self.c.draw.ellipse((px - r, y0 + 18 - r, px + r, y0 + 18 + r), fill=T.index(col))
                px -= step
            right = round(px - 2)
            if info.score:
                right -= self.c.text(right, y0 + 18, info.score, "condbold", 21, info.score_colour, anchor="rm") + 6
        elif info.score:
            right -= self.c.text(right, y0 + 20, info.score, "bold", 25, info.score_colour, anchor="rm") + 8
        room = right - x0 - pad
        size = next((sz for sz in NAME_SIZES if self.c.text_w(self.names[i], sz) <= room), NAME_SIZES[-1])
        self.c.text(x0 + pad, y0 + 20, self.names[i], "condbold", size, name_colour, anchor="lm", max_w=room)
        # second line: cards in hand, badges
        bx = x0 + pad
        by = y1 - 19
        if info.count is not None:
            self._mini_back(bx, by - 11)
            bx += 19
            bx += self.c.text(bx, by, f"{info.count}", "condbold", 22, T.GREY if not info.out else T.DIM,
                              anchor="lm") + 10
        for k, (label, colour) in enumerate(info.badges):  # a badge too wide is drawn smaller, else counted
            size = next((sz for sz in (17, 15) if bx + self.c.text_w(label, sz) + sz <= x1 - 4), 0)
            if not size and not k:  # the first is shown, shortened: the plate's own news ("nicht aufdecken"),
                more = f"+{len(info.badges) - 1}" if len(info.badges) > 1 else ""  # with room to count the rest
                keep = self.c.text_w(more, 15) + 20 if more else 0
                size, label = 15, fit(label, "condbold", 15, round(x1 - 4 - bx - 15 - keep))
            if not size:
                more = f"+{len(info.badges) - k}"
                if bx + self.c.text_w(more, 15) + 15 <= x1 - 4:
                    self.c.pill(bx, by, more, T.PANEL_LINE, size=15)
                break
            bx += self.c.pill(bx, by, label, colour, size=size) + 5
        if v.get("dealer") == i:
            self.c.chip(x0 + 2, y0 + 2, 11, self.w["dealer"], T.WHITE, T.BLACK)
        if turn:  # a gold pointer on the side facing the table centre
            cands = [((s.w / 2 + 12) / abs(s.ux)) if abs(s.ux) > 1e-6 else 1e9,
                     ((s.h / 2 + 12) / abs(s.uy)) if abs(s.uy) > 1e-6 else 1e9]
            d = min(cands)
            tx, ty = s.x - s.ux * d, s.y - s.uy * d
            ang = math.atan2(-s.uy, -s.ux)
            pts = [(tx + 13 * math.cos(ang), ty + 13 * math.sin(ang)),
                   (tx + 11 * math.cos(ang + 2.4), ty + 11 * math.sin(ang + 2.4)),
                   (tx + 11 * math.cos(ang - 2.4), ty + 11 * math.sin(ang - 2.4))]
            self.c.draw.polygon(pts, fill=T.index(T.GOLD))

    @staticmethod
    def colour(i: int) -> T.RGB:
        return T.SEAT_COLOURS[i % len(T.SEAT_COLOURS)]

    def zone(self, i: int, zw: float, zh: float, gap: float = 12) -> tuple[float, float]:
        """Centre of a zw x zh box just inside seat i's plate, towards the table centre."""
        s = self.seats[i]
        dx, dy = self.cx - s.x, self.cy - s.y
        dist = (dx * dx + dy * dy) ** 0.5 or 1.0
        ux, uy = dx / dist, dy / dist
        cands = []
        if abs(ux) > 1e-6:
            cands.append(((s.w + zw) / 2 + gap) / abs(ux))
        if abs(uy) > 1e-6:
            cands.append(((s.h + zh) / 2 + gap) / abs(uy))
        d = min(cands) if cands else 0
        return s.x + ux * d, s.y + uy * d

    def banner_room(self, y: float | None = None) -> float:
        """The width of the widest banner box at height `y` that stays clear of the plates around the middle."""
        y = self.cy if y is None else y
        left = max([s.box[2] for s in self.seats if s.box[2] < self.cx and abs(s.y - y) < 110] or [30])
        right = min([s.box[0] for s in self.seats if s.box[0] > self.cx and abs(s.y - y) < 110] or [self.width - 30])
        return 2 * min(self.cx - left, right - self.cx) - 24

    def banner(self, lines: list[str], y: float | None = None, *, colour: T.RGB = T.WHITE,
               elsewhere: tuple[float, ...] = (), avoid: tuple[tuple[float, float, float, float], ...] = ()) -> None:
        """A dark box with a few lines of text in the middle of the table (a hand's result), kept clear
        of the seat plates; a line made of " · "-separated parts wraps where it is too wide. At height `y`, or
        at the first of `elsewhere` where the box meets none of the boxes to `avoid` (hands on the felt)."""
        lines = [ln for ln in lines if ln]
        if not lines:
            return
        out, box = self._banner_layout(lines, y)
        for other in elsewhere:
            if not any(boxes_meet(box, b) for b in avoid):
                break
            moved = self._banner_layout(lines, other)
            if not any(boxes_meet(moved[1], b) for b in avoid):
                out, box = moved
                break
        x0, y0, x1, y1 = box
        self.c.rrect(box, 12, fill=T.PANEL, outline=T.PANEL_LINE)
        for k, ln in enumerate(out):
            self.c.text(self.cx, y0 + 25 + 31 * k, ln, "condbold", BANNER_SIZE, colour if k == 0 else T.GREY,
                        anchor="mm", max_w=x1 - x0 - 24)

    def _banner_layout(self, lines: list[str], y: float | None) -> tuple[list[str], tuple[float, float, float, float]]:
        """The banner's lines, wrapped to the room at height `y`, and its box."""
        size = BANNER_SIZE
        room = self.banner_room(y)
        y = self.cy if y is None else y
        out: list[str] = []
        for ln in lines:
            if self.c.text_w(ln, size) + 40 <= room or " · " not in ln:
                out.append(ln)
                continue
            # the parts, each with the separator before it: "  ·  " between a line's parts, " · " within a part
            # (a Grand Hand's "Grand Hand · Anna · 29 pts · lost · without 2"), which wraps only if still too wide
            pieces: list[tuple[str, str]] = []
            for k, part in enumerate(ln.split("  ·  ")):
                sub = part.split(" · ") if self.c.text_w(part, size) + 40 > room else [part]
                for j, bit in enumerate(sub):
                    sep = "  ·  " if k and not j else " · " if j else ""
                    # a bit still too wide wraps after its commas, which stay at the line's end: Rufmariasch's
                    # "Dieter & Anna: Leaves, Under of Bells" (side, trump, called card) was cut at "Under of Be…"
                    commas = bit.split(", ") if self.c.text_w(bit, size) + 40 > room else [bit]
                    pieces += [(sep if not i else " ", c + ("," if i < len(commas) - 1 else ""))
                               for i, c in enumerate(commas)]
            cur = ""
            for sep, bit in pieces:
                cand = bit if not cur else cur + sep + bit
                if cur and self.c.text_w(cand, size) + 40 > room:
                    out.append(cur)
                    cur = bit
                else:
                    cur = cand
            out.append(cur)
        wmax = min(room, max(self.c.text_w(ln, size) for ln in out) + 40)
        h = 18 + 31 * len(out)
        return out, (self.cx - wmax / 2, y - h / 2, self.cx + wmax / 2, y + h / 2)

    def _mini_back(self, x: float, y: float) -> None:
        self.c.rrect((x, y, x + 15, y + 22), 2, fill=T.BACK, outline=T.BACK_EDGE, width=1)

    # -- cards on the felt -------------------------------------------------------------------------------
    def card_c(self, code: str, x: float, y: float, width: int = 70, **kw: Any) -> None:
        self.c.card_c(code, x, y, width, self.style, self.four, lang=self.lang, **kw)

    def card(self, code: str, x: float, y: float, width: int = 70, **kw: Any) -> None:
        self.c.card(code, x, y, width, self.style, self.four, lang=self.lang, **kw)

    def trick_width(self) -> int:
        return trick_width(self.n)

    def trick(self, plays: list[dict[str, Any]], *, width: int | None = None, reach: float = 0.34,
              winner: int | None = None) -> None:
        """The cards of the current trick, each in front of the seat that played it, in play order."""
        width = width or self.trick_width()
        for p in plays:
            s = self.seats[p["seat"]]
            x = self.cx + (s.x - self.cx) * reach
            y = self.cy + (s.y - self.cy) * reach
            self.card_c(p["card"], x, y, width)
            if winner is not None and p["seat"] == winner:
                h = card_height(width)
                self.c.rrect((x - width / 2 - 3, y - h / 2 - 3, x + width / 2 + 3, y + h / 2 + 3), 8,
                             outline=T.GOLD, width=3)

    def mini_cards(self, cards: list[str], x: float, y: float, *, width: int = 54, step: int | None = None,
                   highlight: str | None = None) -> float:
        """A row of small cards starting at (x, y); returns the x after the row."""
        step = step if step is not None else round(width * 0.62)
        for i, code in enumerate(cards):
            self.card(code, x + i * step, y, width, shadow=i == 0)
        if highlight and highlight in cards:
            i = cards.index(highlight)
            h = card_height(width)
            self.c.rrect((x + i * step - 2, y - 2, x + i * step + width + 2, y + h + 2), 6, outline=T.GOLD, width=2)
        return x + (len(cards) - 1) * step + width if cards else x

    def last_trick(self, last: dict[str, Any] | None, x: float, y: float, *, width: int = 58,
                   caption: str | None = None) -> None:
        """The previous trick, small, with who won it."""
        if not last:
            return
        cards = [c["card"] for c in last.get("cards", [])]
        winner = last.get("winner")
        label = caption or self.w["last_trick"]
        if winner is not None:
            label += " → " + self.names[winner]
        self.c.text(x, y, label, "condbold", 20, T.GREY, anchor="lt", max_w=300)
        self.mini_cards(cards, x, y + 26, width=width)

    def label(self, x: float, y: float, text: str, *, colour: T.RGB = T.GREY, size: int = 20, anchor: str = "lt",
              face: str = "condbold", max_w: int | None = None) -> int:
        return self.c.text(x, y, text, face, size, colour, anchor=anchor, max_w=max_w)

    def suit_badge(self, x: float, y: float, suit: str, size: int = 22) -> None:
        """A suit symbol on a small white disc (trump indicator)."""
        r = size / 2 + 5
        self.c.draw.ellipse((x - r, y - r, x + r, y + r), fill=T.index(T.CARD), outline=T.index(T.CARD_EDGE))
        sym = _symbol_sprite(suit, self.style, self.four, size)
        self.c.im.paste(sym.rgb, (round(x - size / 2), round(y - size / 2)), sym.mask)

    def tile(self, code: str, x: float, y: float, w: int = 40, h: int = 56, *, outline: T.RGB = T.CARD_EDGE) -> None:
        """A card as a small upright tile: only its rank and suit, large. Rows of tiles side by side, without
        overlap, stay legible where fanned mini cards do not (a meld, a long staircase)."""
        from .cards import rank_label
        from .shapes import suit_ink

        rank, suit = code[:-1], code[-1]
        self.c.rrect((x, y, x + w, y + h), 5, fill=T.CARD, outline=outline, width=1)
        ink = suit_ink(suit, self.style, self.four and self.style == "french")
        size = round(h * 0.44)
        self.c.text(x + w / 2, y + h * 0.3, rank_label(rank, self.style, self.lang), "condbold", size, ink,
                    anchor="mm", bg=T.CARD)
        ss = round(h * 0.34)
        sym = _symbol_sprite(suit, self.style, self.four and self.style == "french", ss)
        self.c.im.paste(sym.rgb, (round(x + (w - ss) / 2), round(y + h * 0.56)), sym.mask)

    def text_width(self, text: str, face: str, size: int) -> int:
        return int(font(face, size).getlength(text))


@lru_cache(maxsize=64)
def _symbol_sprite(suit: str, style: str, four: bool, size: int) -> Sprite:
    """A suit symbol drawn on card white, as palette pixels + mask."""
    from .canvas import binary, to_p
    from .cards import SS
    from .shapes import draw_symbol

    big = Image.new("RGBA", (size * SS, size * SS), T.CARD + (0,))
    draw_symbol(ImageDraw.Draw(big), suit, style, (0, 0, size * SS, size * SS), four_colour=four)
    small = big.reduce(SS)
    flat = Image.new("RGB", small.size, T.CARD)
    flat.paste(small, (0, 0), small)
    return Sprite(to_p(flat), binary(small.getchannel("A"), 60))
