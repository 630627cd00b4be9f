"""The hand image a player gets in a DM: their cards fanned in the game's order, playable ones raised.

When some cards are playable (it is that player's turn), the playable cards stand out: raised, with a
gold bar under each, and the rest sit lower under a grey veil. Groups (suits, trumps) are separated by
a small gap; long hands wrap onto several rows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from . import theme as T
from .canvas import Canvas
from .cards import card_height
from .i18n import words
from .sorting import base, group_key, sort_hand

CARD_W = 96
STEP = 60          # horizontal distance between overlapping cards
GROUP_GAP = 14     # extra space where the suit (or trump group) changes
RAISE = 18
PAD = 14
PER_ROW = 12


def hand_canvas(game_key: str, cards: list[str], playable: Iterable[str], style: str, four: bool,
                view: dict[str, Any] | None = None, lang: str = "en") -> Canvas:
    play = set(playable)
    ordered = sort_hand(game_key, cards, view)
    ch = card_height(CARD_W)
    if not ordered:
        c = Canvas(360, ch // 2 + 2 * PAD, T.BG)
        c.text(180, c.size[1] / 2, words(lang)["no_cards"], "condbold", 22, T.GREY, anchor="mm")
        return c
    rows = math.ceil(len(ordered) / PER_ROW)
    per = math.ceil(len(ordered) / rows)
    chunks = [ordered[i:i + per] for i in range(0, len(ordered), per)]

    def positions(chunk: list[str]) -> list[int]:
        xs, x, prev = [], 0, None
        for code in chunk:
            g = group_key(game_key, code, view)
            if prev is not None:
                x += STEP + (GROUP_GAP if g != prev else 0)
            xs.append(x)
            prev = g
        return xs

    layouts = [positions(ch_) for ch_ in chunks]
    width = max(xs[-1] for xs in layouts) + CARD_W + 2 * PAD
    highlight = bool(play)
    row_h = ch + (RAISE if highlight else 0) + 10
    height = rows * row_h + 2 * PAD - 10 + (8 if highlight else 0)
    c = Canvas(width, height, T.BG)
    for r, (chunk, xs) in enumerate(zip(chunks, layouts, strict=True)):
        y0 = PAD + r * row_h
        for code, x in zip(chunk, xs, strict=True):
            ok = code in play
            y = y0 + (0 if ok or not highlight else RAISE)
            c.card(base(code), PAD + x, y, CARD_W, style, four, dimmed=highlight and not ok, ground=T.BG,
                   lang=lang)
        for k, (code, x) in enumerate(zip(chunk, xs, strict=True)):
            if highlight and code in play:  # a gold bar under the visible part of each playable card
                visible = (xs[k + 1] - x) if k + 1 < len(xs) else CARD_W
                c.rrect((PAD + x + 5, y0 + ch + 5, PAD + x + visible - 5, y0 + ch + 9), 2, fill=T.GOLD)
    return c


def hand_png(game_key: str, cards: list[str], playable: Iterable[str], style: str, four: bool,
             view: dict[str, Any] | None = None, lang: str = "en") -> bytes:
    return hand_canvas(game_key, cards, playable, style, four, view, lang).png()
