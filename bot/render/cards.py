"""Card art for a 32- and 52-card deck in French and German suits, plus a card back.

Everything is drawn from shapes (bot/render/shapes.py) and the shipped font at 4x and downsampled,
then kept in a cache: a card sprite is drawn once per (card, style, size) per process and afterwards
only pasted. `python -m bot.render.cards` writes an overview sheet of every card to images/.

Layout of a face: big corner index (rank over suit symbol) top-left and, turned, bottom-right; number
cards carry the traditional pip pattern between them, aces one big symbol, and court cards a
double-ended figure in a frame (German Ober show their suit symbol at the top, Unter lower down).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from . import theme as T
from .fonts import font
from .shapes import draw_symbol, suit_ink

SS = 4  # supersampling factor

STYLES = ("french", "german")
GERMAN_RANK = {"J": "U", "Q": "O", "K": "K", "A": "A"}
# a French deck in a German-speaking picture: Bube, Dame, König, Ass
FRENCH_RANK_DE = {"J": "B", "Q": "D", "K": "K", "A": "A"}
UNDERLINED = frozenset({"6", "9"})  # real cards underline these so that the turned index cannot be misread

# pip centres in a unit box for number cards (French layout), y grows downwards
PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(0.5, 0), (0.5, 1)],
    "3": [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    "4": [(0, 0), (1, 0), (0, 1), (1, 1)],
    "5": [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    "6": [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    "7": [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    "8": [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    "9": [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    "10": [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6),
           (0, 1), (1, 1)],
}


@dataclass(frozen=True)
class Sprite:
    """A palette ("P") image and its binary "L" mask, ready to paste onto a Canvas."""

    rgb: Image.Image
    mask: Image.Image

    @property
    def size(self) -> tuple[int, int]:
        return self.rgb.size


def rank_label(rank: str, style: str, lang: str = "en") -> str:
    """The corner letter: U O K A on German cards; J Q K A on French ones, B D K A when the picture is German."""
    if style == "german":
        return GERMAN_RANK.get(rank, rank)
    return FRENCH_RANK_DE.get(rank, rank) if lang == "de" else rank


def card_height(w: int) -> int:
    return round(w * 1.43)


def _rounded_mask(w: int, h: int) -> Image.Image:
    m = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(m).rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=round(w * 0.09 * SS), fill=255)
    return m.reduce(SS)


def _base(w: int, h: int, fill: T.RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (w * SS, h * SS), fill)
    d = ImageDraw.Draw(img)
    return img, d


def _edge(d: ImageDraw.ImageDraw, w: int, h: int, colour: T.RGB) -> None:
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=round(w * 0.09 * SS), outline=colour,
                        width=max(SS, round(w * 0.022 * SS)))


def _index(img: Image.Image, label: str, suit: str, style: str, four: bool, w: int, h: int, ink: T.RGB) -> None:
    """Rank over suit symbol in the top-left corner of `img` (supersampled RGBA)."""
    size = round(w * 0.31 * SS)
    f = font("condbold", size)
    left, top_, right, bottom = f.getbbox(label)
    lab = Image.new("L", (right - left, bottom - top_), 0)
    ImageDraw.Draw(lab).text((-left, -top_), label, font=f, fill=255)
    max_w = round(w * 0.25 * SS)
    if lab.width > max_w:  # "10": squeeze it to the width of a letter
        lab = lab.resize((max_w, lab.height), Image.LANCZOS)
    cx = w * 0.155 * SS
    top = round(h * 0.045 * SS)
    img.paste(ink, (round(cx - lab.width / 2), top), lab)
    py = top + lab.height + h * 0.025 * SS
    if label in UNDERLINED:
        bar = max(SS, round(w * 0.025 * SS))
        ImageDraw.Draw(img).rectangle((round(cx - lab.width / 2), round(py - bar / 2), round(cx + lab.width / 2),
                                       round(py + bar / 2)), fill=ink)
        py += bar
    ps = w * 0.21 * SS
    draw_symbol(ImageDraw.Draw(img), suit, style, (cx - ps / 2, py, cx + ps / 2, py + ps), four_colour=four)


def _pips(d: ImageDraw.ImageDraw, rank: str, suit: str, style: str, four: bool, w: int, h: int) -> None:
    pts = PIPS[rank]
    ps = w * {"2": 0.26, "3": 0.25, "4": 0.22, "5": 0.22, "6": 0.22, "7": 0.21, "8": 0.21}.get(rank, 0.2) * SS
    x0, x1 = w * 0.385 * SS, w * 0.615 * SS
    y0, y1 = h * 0.17 * SS, h * 0.83 * SS
    if rank in ("2", "3"):
        y0, y1 = h * 0.2 * SS, h * 0.8 * SS
    elif rank in ("8", "9", "10"):  # many pips: a narrower, smaller pattern that stays clear of the indices
        ps = w * 0.16 * SS
        x0, x1 = w * 0.415 * SS, w * 0.585 * SS
        y0, y1 = h * 0.15 * SS, h * 0.85 * SS
    for px, py in pts:
        cx = x0 + px * (x1 - x0)
        cy = y0 + py * (y1 - y0)
        flip = style == "french" and py > 0.5 + 1e-6
        draw_symbol(d, suit, style, (cx - ps / 2, cy - ps / 2, cx + ps / 2, cy + ps / 2), four_colour=four, flip=flip)


def _ace(d: ImageDraw.ImageDraw, suit: str, style: str, four: bool, w: int, h: int) -> None:
    cx, cy = w * 0.5 * SS, h * 0.5 * SS
    if style == "german":  # the Daus: a large symbol on a pale oval with a ring
        rx, ry = w * 0.3 * SS, h * 0.3 * SS
        d.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=T.FRAME_BG, outline=suit_ink(suit, style),
                  width=max(SS, round(w * 0.025 * SS)))
        ps = w * 0.44 * SS
    else:
        ps = w * 0.46 * SS
    draw_symbol(d, suit, style, (cx - ps / 2, cy - ps / 2, cx + ps / 2, cy + ps / 2), four_colour=four)


def _court(d: ImageDraw.ImageDraw, img: Image.Image, rank: str, suit: str, style: str, four: bool,
           w: int, h: int) -> None:
    """A double-ended bust in a frame: drawn for the top half, then the half is turned for the bottom."""
    ink = suit_ink(suit, style, four)
    fx0, fx1 = round(w * 0.3 * SS), round(w * 0.7 * SS)
    fy0, fy1 = round(h * 0.09 * SS), round(h * 0.91 * SS)
    fyc = (fy0 + fy1) // 2
    d.rectangle((fx0, fy0, fx1, fy1), fill=T.FRAME_BG)
    half = Image.new("RGB", (fx1 - fx0, fyc - fy0), T.FRAME_BG)
    hd = ImageDraw.Draw(half)
    bw, bh = half.size
    robe = {"K": T.ROBE_RED, "Q": T.ROBE_BLUE, "J": T.ROBE_GOLD}[rank]
    trim = T.ROBE_GOLD if rank != "J" else T.ROBE_RED
    line = max(1, round(SS * w * 0.012))
    # robe: broad shoulders down to the centre line
    sh = 0.66  # shoulder line
    hd.polygon([(bw * 0.0, bh), (bw * 0.04, bh * (sh + 0.1)), (bw * 0.26, bh * sh), (bw * 0.74, bh * sh),
                (bw * 0.96, bh * (sh + 0.1)), (bw * 1.0, bh)], fill=robe, outline=T.INK_BLACK, width=line)
    hd.polygon([(bw * 0.38, bh * sh), (bw * 0.5, bh * (sh + 0.2)), (bw * 0.62, bh * sh)], fill=trim,
               outline=T.INK_BLACK, width=line)
    hd.line([(bw * 0.5, bh * (sh + 0.2)), (bw * 0.5, bh)], fill=trim, width=line * 2)
    # head and hair
    hr = bw * 0.23
    hx, hy = bw * 0.5, bh * 0.46
    if rank == "Q":  # long hair falls to the shoulders
        hd.rounded_rectangle((hx - hr * 1.35, hy - hr * 1.1, hx + hr * 1.35, bh * 0.68), radius=hr,
                             fill=T.HAIR, outline=T.INK_BLACK, width=line)
    hd.ellipse((hx - hr, hy - hr * 1.1, hx + hr, hy + hr * 1.1), fill=T.SKIN, outline=T.INK_BLACK, width=line)
    er = max(1.0, hr * 0.12)
    for ex in (hx - hr * 0.4, hx + hr * 0.4):
        hd.ellipse((ex - er, hy - er * 1.4, ex + er, hy + er), fill=T.INK_BLACK)
    if rank == "K":  # beard
        hd.chord((hx - hr, hy - hr * 0.2, hx + hr, hy + hr * 1.5), 0, 180, fill=T.HAIR, outline=T.INK_BLACK,
                 width=line)
    # headwear
    top = hy - hr * 1.1
    if rank == "K":
        c0, c1 = hx - hr * 1.1, hx + hr * 1.1
        base = top + hr * 0.25
        pts = [(c0, base), (c0, top - hr * 0.9), (hx - hr * 0.55, top - hr * 0.35), (hx, top - hr * 1.1),
               (hx + hr * 0.55, top - hr * 0.35), (c1, top - hr * 0.9), (c1, base)]
        hd.polygon(pts, fill=T.ROBE_GOLD, outline=T.INK_BLACK, width=line)
        for px in (c0, hx, c1):
            py = top - hr * (0.9 if px != hx else 1.1)
            hd.ellipse((px - er * 1.6, py - er * 1.6, px + er * 1.6, py + er * 1.6), fill=T.ROBE_RED)
    elif rank == "Q":
        hd.polygon([(hx - hr * 0.9, top + hr * 0.2), (hx - hr * 0.6, top - hr * 0.5), (hx, top - hr * 0.2),
                    (hx + hr * 0.6, top - hr * 0.5), (hx + hr * 0.9, top + hr * 0.2)], fill=T.ROBE_GOLD,
                   outline=T.INK_BLACK, width=line)
        hd.ellipse((hx - er * 1.8, top - hr * 0.45, hx + er * 1.8, top - hr * 0.45 + er * 3.6), fill=T.ROBE_BLUE)
    else:  # a cap with a feather (Jack / Unter / Ober)
        cap = T.ROBE_BLUE if rank == "J" else T.ROBE_RED
        hd.chord((hx - hr * 1.25, top - hr * 0.7, hx + hr * 1.25, top + hr * 0.9), 180, 360, fill=cap,
                 outline=T.INK_BLACK, width=line)
        hd.line([(hx + hr * 0.6, top), (hx + hr * 1.6, top - hr * 1.0)], fill=T.INK_RED if ink != T.INK_RED
                else T.INK_BLACK, width=line * 3)
    # the suit symbol the figure carries
    ps = bw * 0.3
    german_unter = style == "german" and rank == "J"
    sy = bh * 0.7 if german_unter else bh * 0.03
    sx = bw * 0.03
    draw_symbol(hd, suit, style, (sx, sy, sx + ps, sy + ps), four_colour=four)
    img.paste(half, (fx0, fy0))
    img.paste(half.rotate(180), (fx0, fyc))
    d.line([(fx0, fyc), (fx1, fyc)], fill=ink, width=line)
    d.rectangle((fx0, fy0, fx1, fy1), outline=ink, width=line)


def _face(card: str, style: str, four: bool, w: int, h: int, lang: str = "en") -> Image.Image:
    rank, suit = card[:-1], card[-1]
    img, d = _base(w, h, T.CARD)
    ink = suit_ink(suit, style, four)
    if rank in PIPS:
        _pips(d, rank, suit, style, four, w, h)
    elif rank == "A":
        _ace(d, suit, style, four, w, h)
    else:
        _court(d, img, rank, suit, style, four, w, h)
    # corner indices: the top-left one, and the same turned into the bottom-right corner
    corner = Image.new("RGBA", (round(w * 0.31 * SS), round(h * 0.45 * SS)), T.CARD + (0,))
    _index(corner, rank_label(rank, style, lang), suit, style, four, w, h, ink)
    img.paste(corner, (0, 0), corner)
    turned = corner.rotate(180)
    img.paste(turned, (w * SS - corner.width, h * SS - corner.height), turned)
    _edge(d, w, h, T.CARD_EDGE)
    return img.reduce(SS)


def _back(w: int, h: int) -> Image.Image:
    img, d = _base(w, h, T.BACK_EDGE)
    m = round(w * 0.07 * SS)
    d.rounded_rectangle((m, m, w * SS - m, h * SS - m), radius=round(w * 0.05 * SS), fill=T.BACK)
    step = w * 0.16 * SS
    lw = max(SS, round(w * 0.018 * SS))
    span = (w + h) * SS
    k = -span
    while k < span:
        d.line([(k, m), (k + h * SS, h * SS)], fill=T.BACK_LINE, width=lw)
        d.line([(k + h * SS, m), (k, h * SS)], fill=T.BACK_LINE, width=lw)
        k += step
    # clean frame over the lattice ends
    d.rectangle((0, 0, w * SS, m), fill=T.BACK_EDGE)
    d.rectangle((0, h * SS - m, w * SS, h * SS), fill=T.BACK_EDGE)
    d.rectangle((0, 0, m, h * SS), fill=T.BACK_EDGE)
    d.rectangle((w * SS - m, 0, w * SS, h * SS), fill=T.BACK_EDGE)
    d.rounded_rectangle((m, m, w * SS - m, h * SS - m), radius=round(w * 0.05 * SS), outline=T.BACK_LINE,
                        width=lw)
    # medallion
    cx, cy = w * SS / 2, h * SS / 2
    r = w * 0.2 * SS
    d.ellipse((cx - r, cy - r * 1.25, cx + r, cy + r * 1.25), fill=T.BACK, outline=T.BACK_EDGE, width=lw * 2)
    for i in range(8):
        a = math.pi * i / 4
        d.line([(cx, cy), (cx + r * 0.6 * math.cos(a), cy + r * 0.75 * math.sin(a))], fill=T.BACK_EDGE, width=lw)
    _edge(d, w, h, T.CARD_EDGE)
    return img.reduce(SS)


@lru_cache(maxsize=512)
def card_art(card: str, style: str = "french", four_colour: bool = False, width: int = 70,
             dimmed: bool = False, lang: str = "en") -> tuple[Image.Image, Image.Image]:
    """(RGB picture, anti-aliased "L" mask of the rounded outline) of a face-up card or of "back"; `lang` picks
    the court letters of a French deck (J Q K in English, B D K in German)."""
    if style not in STYLES:
        raise ValueError(f"unknown deck style {style!r}")
    if card != "back":
        from .sorting import base

        card = base(card)
    h = card_height(width)
    if dimmed:
        rgb, mask = card_art(card, style, four_colour, width, lang=lang)
        veil = Image.new("RGB", rgb.size, T.CARD_DIM)
        return Image.blend(rgb, veil, 0.45), mask
    if card == "back":
        rgb = _back(width, h)
    else:
        rgb = _face(card, style, four_colour and style == "french", width, h, "de" if lang == "de" else "en")
    return rgb, _mask(width, h)


@lru_cache(maxsize=2048)
def card_sprite(card: str, style: str = "french", four_colour: bool = False, width: int = 70,
                dimmed: bool = False, ground: T.RGB = T.FELT, lang: str = "en") -> Sprite:
    """A card ready to paste onto a palette canvas: its rounded corners are blended with `ground`
    (the colour it usually lies on), then the whole is mapped onto the palette."""
    from .canvas import binary, to_p

    rgb, mask = card_art(card, style, four_colour, width, dimmed, lang)
    out = Image.new("RGB", rgb.size, ground)
    out.paste(rgb, (0, 0), mask)
    return Sprite(to_p(out), binary(mask, 24))


@lru_cache(maxsize=64)
def _mask(w: int, h: int) -> Image.Image:
    return _rounded_mask(w, h)


@lru_cache(maxsize=64)
def shadow_mask(w: int, h: int) -> Image.Image:
    """The shadow under a card (pasted in theme.SHADOW_SOFT, offset down-right)."""
    from .canvas import binary

    return binary(_rounded_mask(w, h), 127)


def overview(style: str, four_colour: bool = False, width: int = 70, lang: str = "en") -> Image.Image:
    """All 52 cards and the back on one sheet (rows = suits)."""
    from bot.games.cards import RANKS_52, SUITS

    h = card_height(width)
    gap = 8
    sheet = Image.new("RGB", ((width + gap) * 14 + gap, (h + gap) * 4 + gap), T.FELT)
    for r, s in enumerate(SUITS):
        for c, rk in enumerate(("A",) + RANKS_52[:-1]):
            rgb, mask = card_art(rk + s, style, four_colour, width, lang=lang)
            sheet.paste(rgb, (gap + c * (width + gap), gap + r * (h + gap)), mask)
    rgb, mask = card_art("back", style, four_colour, width)
    sheet.paste(rgb, (gap + 13 * (width + gap), gap), mask)
    return sheet


if __name__ == "__main__":  # pragma: no cover - a developer's tool
    import sys

    out = T.IMAGES
    for st, four in (("french", False), ("french", True), ("german", False)):
        name = f"cards_{st}{'_4c' if four else ''}.png"
        width = int(sys.argv[1]) if len(sys.argv) > 1 else 70
        overview(st, four, width).save(out / name)
        print("wrote", out / name)
