"""Treppenrommé's table: not a ring but a row of seat plates, then the talon and the staircase, then every
player's melds in a band of their own (registered with bot/render/tables.py)."""

from __future__ import annotations

from typing import Any

from . import theme as T
from .cards import card_height
from .layout import HEADER, SeatInfo, Table
from .sorting import base
from .tables import SIZES, hand_result, num, pile, renderer, status, title_line

# -- Treppenrommé --------------------------------------------------------------------------------------------
# Not a ring: a row of seat plates, then the talon and the staircase, then every player's melds in a band of
# their own, all cards as tiles side by side (rank and suit, large), so that a long staircase and many melds
# stay legible at a phone's width. The picture grows downwards with the melds.
TILE_W, TILE_H, TILE_STEP = 40, 56, 43
TR_MARGIN = 36
TR_PLATES_Y = HEADER + 16
TR_STAIRS_Y = TR_PLATES_Y + 76 + 62  # below the plates and their turn pointers
TR_TALON_H = 28 + card_height(64) + 40  # the talon and its count, from the staircase's caption down
TR_RESULT_H = 18 + 31 * 3 + 10  # the match's last result: three lines of a banner (layout.Table.banner)


def _tr_tiles_per_row(width: int, left: float) -> int:
    return max(1, int((width - TR_MARGIN - left - TILE_W) // TILE_STEP) + 1)


def _tr_meld_rows(melds: list[dict[str, Any]], room: float) -> list[list[dict[str, Any]]]:
    """Melds in rows of at most `room` px (a meld has at most 13 cards, 559 px: it always fits a row)."""
    rows: list[list[dict[str, Any]]] = []
    x = room + 1
    for m in melds:
        mw = len(m.get("cards") or []) * TILE_STEP
        if not rows or (x > 0 and x + mw > room):
            rows.append([])
            x = 0
        rows[-1].append(m)
        x += mw + 18
    return rows


def _tr_layout(v: dict[str, Any], width: int = 960) -> tuple[int, int, list[tuple[int, list[list[dict[str, Any]]]]]]:
    """(staircase rows, picture height, [(seat, rows of melds)]) for a view."""
    n = int(v.get("seats") or 2)
    stairs = list(v.get("staircase") or [])
    per = _tr_tiles_per_row(width, TR_MARGIN + 64 + 28)
    srows = max(1, -(-len(stairs) // per))
    y = TR_STAIRS_Y + max(28 + srows * (TILE_H + 26) + 10, TR_TALON_H)
    groups = []
    room = width - 2 * TR_MARGIN - 24
    for seat in range(n):
        mine = [m for m in v.get("melds") or [] if m.get("owner") == seat]
        if mine:
            rows = _tr_meld_rows(mine, room)
            groups.append((seat, rows))
            y += 34 + len(rows) * (TILE_H + 10) + 6
    if v.get("over"):  # the last hand's result goes under the melds, clear of the staircase
        y += TR_RESULT_H
    return srows, max(600, y + 20), groups


SIZES["treppenromme"] = lambda v: (960, _tr_layout(v)[1])


def meld_caption(t: Table, seat: int, melds: list[dict[str, Any]]) -> str:
    """"Melds by Anna: 30 pts (9 pts laid off by others)": the cards on a seat's melds, and the part that others
    laid off there (which counts for them, as the plates' "+9 pts laid" says)."""
    pts = sum(int(m.get("points") or 0) for m in melds)
    others = sum(int(value) for m in melds for value, by in zip(m.get("values") or [], m.get("by") or [],
                                                                  strict=False) if by != seat)
    if others:
        return t.w["melds_others"].format(name=t.names[seat], pts=pts, others=others)
    return t.w["melds_by"].format(name=t.names[seat], pts=pts)


@renderer("treppenromme")
def _treppenromme(t: Table, v: dict[str, Any]) -> None:
    from .layout import Seat

    w = t.w
    step_word = "st_draw" if v.get("turn_step") == "draw" else "st_meld"
    t.header(title_line(t, "treppenromme") + f"  ·  {w['target']} {v.get('target') or ''}",
             status(t, "treppenromme", step_word))
    # the plates in a row, each pointing down at the staircase when it is that seat's turn
    pw, ph = min(236, (t.width - 2 * 24 - 12 * (t.n - 1)) // t.n), 76
    x0 = (t.width - (t.n * pw + 12 * (t.n - 1))) / 2
    t.seats = [Seat(i, x0 + i * (pw + 12) + pw / 2, TR_PLATES_Y + ph / 2, pw, ph, 0.0, -1.0) for i in range(t.n)]
    hp = v.get("hand_points") or [0] * t.n
    totals = v.get("totals") or [0] * t.n
    for i in range(t.n):
        badges: list[tuple[str, T.RGB]] = []
        if hp[i]:  # what this seat laid this hand (melds and lay-offs, wherever they lie)
            badges.append((w["laid"].format(n=hp[i]), T.GREEN_BADGE))
        # a card scores the moment it is laid (the rules' words): the plate shows the total with this hand's laid
        # points in it; at the match's end the totals hold the last hand already
        score = totals[i] + (0 if v.get("over") else hp[i])
        t.plate(i, SeatInfo(count=(v.get("counts") or [0] * t.n)[i], score=num(score), badges=tuple(badges)))
    srows, _, groups = _tr_layout(v, t.width)
    # talon, then the staircase bottom to top; the number under a card is the `take` that reaches down to it
    y = TR_STAIRS_Y
    cw = 64
    t.label(TR_MARGIN, y, w["talon"], size=20)  # (the header asks "talon or staircase")
    pile(t, "back", TR_MARGIN, y + 28, cw, v.get("talon_count") or 0, w["talon"])
    sx = TR_MARGIN + cw + 28
    stairs = list(v.get("staircase") or [])
    t.label(sx, y, f"{w['staircase']} · {len(stairs)}", size=20)
    per = _tr_tiles_per_row(t.width, sx)
    total = len(stairs)
    for idx, code in enumerate(stairs):
        r, k = divmod(idx, per)
        tx, ty = sx + k * TILE_STEP, y + 28 + r * (TILE_H + 26)
        kk = total - idx
        t.tile(base(code), tx, ty, TILE_W, TILE_H, outline=T.GOLD if kk == 1 else T.CARD_EDGE)
        t.c.text(tx + TILE_W / 2, ty + TILE_H + 3, str(kk), "condbold", 19, T.GOLD if kk == 1 else T.GREY,
                 anchor="mt")
    if not stairs:
        t.c.slot(sx, y + 28, cw, w["empty"])
    # the melds, grouped by the player who laid them
    y += max(28 + srows * (TILE_H + 26) + 10, TR_TALON_H)
    for seat, rows in groups:
        t.c.draw.rectangle((TR_MARGIN, y + 4, TR_MARGIN + 5, y + 24), fill=T.index(t.colour(seat)))
        t.label(TR_MARGIN + 14, y + 14, meld_caption(t, seat, [m for r in rows for m in r]), colour=T.WHITE,
                size=20, anchor="lm", max_w=t.width - 2 * TR_MARGIN)
        y += 34
        for row in rows:
            x = TR_MARGIN + 24
            for m in row:
                cards = [base(c) for c in m.get("cards") or []]
                if m.get("id") is not None:  # the number the lay-off menu and the table's text call it by
                    t.c.text(x - 3, y + TILE_H / 2, str(m["id"]), "condbold", 15, T.GREY, anchor="rm")
                for j, code in enumerate(cards):
                    t.tile(code, x, y, TILE_W, TILE_H)
                    x += TILE_STEP if j < len(cards) - 1 else TILE_STEP + 18
            y += TILE_H + 10
        y += 6
    if v.get("over"):
        hand_result(t, "treppenromme", v.get("last_hand"), empty_centre=True,
                    y=y + TR_RESULT_H / 2)
