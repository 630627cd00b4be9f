"""A strip of text lines under a finished table picture (Rufmariasch's money: each player's balance at the
table, the stake, the tricks per side).

Every text arrives translated and formatted (the cog knows the currency and the language); this module only
lays it out. The strip is always the same height, so the picture does not jump between edits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import theme as T
from .canvas import encode
from .fonts import fit, font, text_width

STRIP = 84  # px under the table
SIZE, PAD = 21, 16


@dataclass(frozen=True)
class Amount:
    """One player's entry: a name and a formatted amount, coloured by its sign."""

    name: str
    amount: str
    sign: int  # > 0 green, < 0 red, 0 grey


def with_strip(png: bytes, amounts: Sequence[Amount], left: str, right: str = "") -> bytes:
    """`png` with the strip underneath: line 1 the amounts, one slot each across the width; line 2 `left` (in
    gold) and `right` (grey, shortened to the room that is left)."""
    base = Image.open(io.BytesIO(png)).convert("RGB")
    w, h = base.size
    im = Image.new("RGB", (w, h + STRIP), T.PANEL)
    im.paste(base, (0, 0))
    d = ImageDraw.Draw(im)
    d.line((0, h, w, h), fill=T.PANEL_LINE, width=2)
    y = h + 24
    slot = (w - 2 * PAD) // max(1, len(amounts))
    for i, a in enumerate(amounts):
        x = PAD + i * slot
        aw = text_width(a.amount, "condbold", SIZE)
        name = fit(a.name, "cond", SIZE, max(30, slot - aw - 28))
        d.text((x, y), name, font=font("cond", SIZE), fill=T.WHITE, anchor="lm")
        colour = T.GREEN_BADGE if a.sign > 0 else T.RED_BADGE if a.sign < 0 else T.GREY
        d.text((x + text_width(name, "cond", SIZE) + 8, y), a.amount, font=font("condbold", SIZE), fill=colour,
               anchor="lm")
    y += 34
    d.text((PAD, y), left, font=font("condbold", SIZE), fill=T.GOLD, anchor="lm")
    if right:
        room = w - 2 * PAD - text_width(left, "condbold", SIZE) - 40
        d.text((w - PAD, y), fit(right, "cond", SIZE, room), font=font("cond", SIZE), fill=T.GREY, anchor="rm")
    return encode(im)
