"""Colours, the fixed PNG palette and the paths of the shipped assets.

Every image is composed in RGB and then mapped onto one fixed 256-colour palette before it is
PNG-encoded. A palette image is a third of the raw size of an RGB one and compresses far better, and
because the palette is fixed (not computed per image) the mapping costs under a millisecond.

The palette holds every flat colour the renderer paints (so flat areas map exactly) plus short ramps
between the colour pairs that meet at anti-aliased edges (ink on card white, text on felt, ...), so
edges stay smooth after the mapping.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image

from bot.assets import shipped

RGB = tuple[int, int, int]

ROOT = Path(__file__).resolve().parents[2]
IMAGES = shipped("images")  # the repository's images/, or its copy inside an installed wheel
FONTS = IMAGES / "fonts"

# -- table -------------------------------------------------------------------------------------------
BG = (18, 52, 38)            # room around the table
FELT = (30, 104, 66)         # the table top
FELT_RIM = (92, 58, 30)      # wooden rim of the table
FELT_DARK = (22, 82, 52)     # zones on the felt (pile outlines, trick area)
FELT_LINE = (64, 140, 96)    # dashed outlines of empty piles
SHADOW = (10, 30, 20)
SHADOW_SOFT = (22, 74, 48)   # a card's shadow on the felt (a step of the SHADOW-FELT ramp)
PANEL = (24, 34, 44)         # seat plates, header bar
PANEL_LINE = (70, 86, 100)
PANEL_TURN = (58, 48, 14)    # seat plate of the seat to act
GOLD = (246, 196, 50)        # whose turn, highlights
WHITE = (248, 248, 244)
GREY = (170, 180, 186)
DIM = (120, 132, 140)
RED_BADGE = (196, 48, 48)
BLUE_BADGE = (44, 102, 190)
GREEN_BADGE = (46, 150, 80)
BLACK = (16, 16, 16)
PURPLE = (142, 68, 173)
ORANGE = (230, 126, 34)
TEAL = (22, 160, 160)
PINK = (222, 92, 150)
# one colour per seat: the stripe on its plate, the tag on its melds
SEAT_COLOURS = (RED_BADGE, BLUE_BADGE, GOLD, GREEN_BADGE, PURPLE, ORANGE, TEAL, PINK)

# -- cards -------------------------------------------------------------------------------------------
CARD = (252, 251, 246)
CARD_EDGE = (120, 120, 116)
CARD_DIM = (150, 150, 146)   # veil over unplayable hand cards (blended)
INK_BLACK = (24, 24, 28)
INK_RED = (206, 24, 36)
INK_GREEN = (22, 128, 52)    # four-colour clubs
INK_BLUE = (24, 84, 196)     # four-colour diamonds
FRAME_BG = (255, 244, 214)   # inside of a court card's frame
SKIN = (246, 212, 178)
HAIR = (120, 72, 32)
ROBE_BLUE = (40, 70, 160)
ROBE_RED = (190, 30, 40)
ROBE_GOLD = (232, 178, 40)
BACK = (36, 62, 140)         # card back
BACK_LINE = (92, 124, 206)
BACK_EDGE = (250, 250, 250)

# German suits
# Acorns brown and dark, Bells bright yellow with an orange index: told apart at a phone's card size
EICHEL_NUT = (156, 98, 44)
EICHEL_CAP = (92, 58, 26)
EICHEL_INK = (70, 40, 14)
GRUEN = (46, 142, 58)
GRUEN_DARK = (20, 86, 32)
HERZ = (214, 36, 40)
HERZ_DARK = (130, 10, 16)
SCHELL = (244, 184, 20)
SCHELL_BAND = (196, 52, 36)
SCHELL_DARK = (120, 76, 8)
SCHELL_INK = (206, 116, 0)

# score sheet
PAPER = (250, 247, 236)
PAPER_ALT = (238, 233, 214)
PAPER_LINE = (196, 186, 160)
PAPER_INK = (36, 36, 40)
PAPER_RED = (180, 30, 30)
PAPER_GREEN = (24, 120, 50)

FLAT: tuple[RGB, ...] = (
    BG, FELT, FELT_RIM, FELT_DARK, FELT_LINE, SHADOW, SHADOW_SOFT, PANEL, PANEL_LINE, PANEL_TURN, GOLD, WHITE, GREY, DIM,
    RED_BADGE, BLUE_BADGE, GREEN_BADGE, BLACK, PURPLE, ORANGE, TEAL, PINK, CARD, CARD_EDGE, CARD_DIM, INK_BLACK, INK_RED, INK_GREEN,
    INK_BLUE, FRAME_BG, SKIN, HAIR, ROBE_BLUE, ROBE_RED, ROBE_GOLD, BACK, BACK_LINE, BACK_EDGE, EICHEL_NUT,
    EICHEL_CAP, EICHEL_INK, GRUEN, GRUEN_DARK, HERZ, HERZ_DARK, SCHELL, SCHELL_BAND, SCHELL_DARK, SCHELL_INK,
    PAPER, PAPER_ALT, PAPER_LINE, PAPER_INK, PAPER_RED, PAPER_GREEN,
)

# (foreground, background, intermediate steps): the edges that occur
RAMPS: tuple[tuple[RGB, RGB, int], ...] = (
    (INK_BLACK, CARD, 5), (INK_RED, CARD, 5), (INK_GREEN, CARD, 4), (INK_BLUE, CARD, 4),
    (CARD_EDGE, CARD, 3), (CARD_EDGE, FELT, 3), (CARD_EDGE, FELT_DARK, 2), (CARD, FELT, 4),
    (CARD, FELT_DARK, 3), (CARD, PANEL, 3), (CARD, BG, 2), (SHADOW, FELT, 4), (SHADOW, FELT_DARK, 2),
    (WHITE, FELT, 4), (WHITE, FELT_DARK, 3), (WHITE, PANEL, 4), (WHITE, PANEL_TURN, 3), (WHITE, BG, 4),
    (GOLD, PANEL, 4), (GOLD, FELT, 4), (GOLD, PANEL_TURN, 3), (GOLD, BG, 3), (GREY, PANEL, 3),
    (GREY, FELT, 3), (PANEL, FELT, 2), (PANEL, BG, 2), (FELT_RIM, BG, 2), (FELT_RIM, FELT, 2),
    (FELT_LINE, FELT, 2), (RED_BADGE, WHITE, 3), (RED_BADGE, PANEL, 2), (BLUE_BADGE, PANEL, 2),
    (GREEN_BADGE, PANEL, 2), (BLACK, WHITE, 4), (BLACK, GOLD, 3), (BLACK, CARD, 2),
    (BACK_LINE, BACK, 3), (BACK_EDGE, BACK, 3), (INK_BLACK, FRAME_BG, 3), (INK_RED, FRAME_BG, 3),
    (SKIN, INK_BLACK, 2), (ROBE_BLUE, INK_BLACK, 1), (ROBE_RED, INK_BLACK, 1), (ROBE_GOLD, INK_BLACK, 1),
    (ROBE_GOLD, CARD, 1), (HAIR, SKIN, 1), (EICHEL_NUT, EICHEL_INK, 2), (EICHEL_CAP, EICHEL_INK, 1),
    (EICHEL_INK, CARD, 4), (GRUEN, GRUEN_DARK, 2), (GRUEN_DARK, CARD, 4), (HERZ, HERZ_DARK, 2),
    (HERZ_DARK, CARD, 4), (SCHELL, SCHELL_DARK, 2), (SCHELL_BAND, SCHELL_DARK, 1), (SCHELL_DARK, CARD, 4),
    (SCHELL_INK, CARD, 3), (PAPER_INK, PAPER, 4), (PAPER_INK, PAPER_ALT, 3), (PAPER_RED, PAPER, 3),
    (PAPER_GREEN, PAPER, 3), (PAPER_LINE, PAPER, 2), (CARD_DIM, CARD, 2),
)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """`a` at t=0, `b` at t=1."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def dim(c: RGB, amount: float = 0.45) -> RGB:
    """The colour under the grey veil of an unplayable hand card."""
    return mix(c, CARD_DIM, amount)


@lru_cache(maxsize=1)
def palette_colours() -> tuple[RGB, ...]:
    out: list[RGB] = []
    seen: set[RGB] = set()

    def add(c: RGB) -> None:
        if c not in seen:
            seen.add(c)
            out.append(c)

    for c in FLAT:
        add(c)
    for fg, bg, steps in RAMPS:
        for i in range(1, steps + 1):
            add(mix(fg, bg, i / (steps + 1)))
    # the dimmed (unplayable) variants of card colours
    for c in (CARD, INK_BLACK, INK_RED, INK_GREEN, INK_BLUE, CARD_EDGE, EICHEL_NUT, EICHEL_CAP, GRUEN,
              HERZ, SCHELL, SCHELL_BAND, FRAME_BG, ROBE_BLUE, ROBE_RED, ROBE_GOLD, GRUEN_DARK, EICHEL_INK,
              SCHELL_INK):
        add(dim(c))
    # a coarse grey ramp catches anything else
    for g in range(0, 256, 64):
        add((g, g, g))
    if len(out) > 256:
        raise AssertionError(f"palette has {len(out)} colours")
    return tuple(out)


@lru_cache(maxsize=1)
def _index() -> dict[RGB, int]:
    out: dict[RGB, int] = {}
    for i, c in enumerate(palette_colours()):
        out.setdefault(c, i)
    return out


def index(c: RGB) -> int:
    """The palette index of a colour the palette holds exactly (every FLAT colour and ramp step)."""
    return _index()[c]


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    colours = palette_colours()
    flat = [v for c in colours for v in c]
    flat += list(colours[0]) * (256 - len(colours))
    img = Image.new("P", (1, 1))
    img.putpalette(flat)
    return img
