"""The racing games' tables: Schrum Schrum and Tač (talons and reserves around one centre pile) and Repezita
(hands racing for one pile); registered with bot/render/tables.py."""

from __future__ import annotations

from typing import Any

from . import theme as T
from .cards import card_height
from .fonts import fit
from .layout import HEADER, SeatInfo, Table, boxes_meet
from .sorting import base
from .tables import SIZES, _big_seats, _names, hand_result, over_status, pile, renderer, status, title_line


# -- Schrum Schrum and Tač --------------------------------------------------------------------------------------
def _talon_race(t: Table, v: dict[str, Any], key: str) -> None:
    w = t.w
    cur = v.get("current")
    tac_window = v.get("tac_window")
    penalty = v.get("tac_penalty") if not v.get("over") else None  # Tač! was called: the givers decide
    undecided = set(penalty.get("undecided") or []) if penalty else set()
    if penalty:
        st = w["st_tac_give"].format(name=t.names[penalty["offender"]], deciding=_names(t, sorted(undecided)))
    elif tac_window is not None and not v.get("over"):
        st = w["st_tac"].format(name=t.names[tac_window])
    else:
        st = status(t, key, "st_place", seat=cur if cur is not None and not v.get("over") else None)
        if v.get("over") and (v.get("last_hand") or {}).get("drawn"):  # (no result box at the end: it says so)
            st += f"  ·  {t.w['hand']} {v['last_hand'].get('hand_no', '')}: {w['draw']}"
    t.header(title_line(t, key), st)
    talons = v.get("talon_counts") or [0] * t.n
    reserves = v.get("reserves") or [[] for _ in range(t.n)]
    tops = v.get("reserve_tops") or [r[-1] if r else None for r in reserves]
    counts = v.get("counts") or [0] * t.n
    for i in range(t.n):
        badges: list[tuple[str, T.RGB]] = []
        if tac_window == i:
            badges.append((w["missed"], T.RED_BADGE))
        if penalty and penalty.get("offender") == i:
            badges.append((w["tac_called"], T.RED_BADGE))
        if i in undecided:
            badges.append((w["give_q"], T.ORANGE))
        if v.get("winner") == i:
            badges.append((w["winner"], T.GREEN_BADGE))
        t.plate(i, SeatInfo(count=counts[i], score=str((v.get("totals") or [0] * t.n)[i]), badges=tuple(badges)))
    cw, gap = pile_width(t), 10
    ch = card_height(cw)
    open_word = w["open"] if key == "tac" else w["reserve"]
    closed_word = w["closed"] if key == "tac" else w["talon"]
    for i, (x0, y0, side) in enumerate(pile_zones(t)):
        rx, ry = (x0, y0 + ch + 22 + gap) if side else (x0 + cw + gap, y0)
        n_t = talons[i] if i < len(talons) else 0
        pile(t, "back", x0, y0, cw, n_t, closed_word if n_t == 0 else "")
        res = reserves[i] if i < len(reserves) else []
        top = tops[i] if i < len(tops) else None
        pile(t, top, rx, ry, cw, len(res), open_word if not res else "")
    # the centre pile and the exposed card
    centre = v.get("centre") or {}
    bw = centre_width(t)
    bh = card_height(bw)
    ex = v.get("exposed")
    px = t.cx - bw - 30 if ex else t.cx - bw / 2  # room between the two cards' pills
    py = t.cy - bh / 2 - 12
    count = int(centre.get("count") or 0)
    if count:
        t.c.stack(base(centre["top"]), px, py, bw, t.style, t.four, count, t.lang)
    else:
        t.c.slot(px, py, bw, w["centre"])
    if centre.get("next") and not v.get("over"):  # (nothing comes next once the match is over)
        t.c.pill(px + bw / 2, py + bh + 14, f"{w['next']}: {centre['next']}", T.PANEL, T.GOLD, size=18, anchor="m")
    if ex:
        ex_x = t.cx + 30
        t.card(base(ex["card"]), ex_x, py, bw)
        t.c.rrect((ex_x - 3, py - 3, ex_x + bw + 3, py + bh + 3), 9, outline=T.GOLD, width=3)
        # the pills under the two cards are 60 + bw apart: each keeps within its half, a long name shortened
        t.c.pill(ex_x + bw / 2, py + bh + 14, fit(t.names[ex["seat"]], "condbold", 18, bw + 30), T.GOLD, T.BLACK,
                 size=18, anchor="m")
    # the last hand's result, in an empty middle and never over the card to be placed; at the match's end the
    # middle holds its last cards, every place around is a pile, and the header and the winner's badge say it all
    if v.get("last_hand") and not count and not ex and not v.get("over"):
        hand_result(t, key, v.get("last_hand"), empty_centre=True)


def pile_width(t: Table) -> int:
    return 56 if t.n <= 4 else 48


def centre_width(t: Table) -> int:
    return 72 if t.n <= 4 else 64


def centre_box(t: Table) -> tuple[float, float, float, float]:
    """Where the centre pile and the exposed card go, with their pills: kept whether a card is exposed or not,
    so that the players' piles do not move between moves."""
    bw = centre_width(t)
    bh = card_height(bw)
    py = t.cy - bh / 2 - 12
    return t.cx - bw - 30 - 4, py - 4, t.cx + 30 + bw + 4, py + bh + 28


def pile_zones(t: Table) -> list[tuple[float, float, bool]]:
    """Top-left of each seat's two piles, and whether they stand one above the other (left and right seats).
    They lie between the plate and the centre; a seat set diagonally (three players: the two at the top) whose
    piles would then cover the centre pile or the exposed card gets them straight below (above) its plate,
    where that place is free."""
    cw, gap = pile_width(t), 10
    ch = card_height(cw)
    centre = centre_box(t)
    boxes, sides = [], []
    for i in range(t.n):
        side = abs(t.seats[i].ux) > 0.9  # left/right seats: talon above reserve
        zw, zh = (cw, 2 * ch + gap + 44) if side else (2 * cw + gap, ch + 24)
        zx, zy = t.zone(i, zw, zh, gap=12)
        boxes.append((zx - zw / 2, zy - zh / 2, zx + zw / 2, zy + zh / 2))
        sides.append(side)
    for i, s in enumerate(t.seats[:t.n]):
        x0, y0, x1, y1 = boxes[i]
        if sides[i] or not boxes_meet(boxes[i], centre):
            continue
        zw, zh = x1 - x0, y1 - y0
        vy = s.y + (1 if s.uy < 0 else -1) * ((s.h + zh) / 2 + 12)
        moved = (s.x - zw / 2, vy - zh / 2, s.x + zw / 2, vy + zh / 2)
        taken = [o.box for o in t.seats] + [b for j, b in enumerate(boxes) if j != i]
        if not any(boxes_meet(moved, o) for o in taken) and moved[1] >= 0 and moved[3] <= t.height:
            boxes[i] = moved
    return [(b[0], b[1], side) for b, side in zip(boxes, sides, strict=True)]


SIZES["schrum"] = _big_seats
SIZES["tac"] = _big_seats


@renderer("schrum")
def _schrum(t: Table, v: dict[str, Any]) -> None:
    _talon_race(t, v, "schrum")


@renderer("tac")
def _tac(t: Table, v: dict[str, Any]) -> None:
    _talon_race(t, v, "tac")


# -- Repezita ----------------------------------------------------------------------------------------------
SIZES["repezita"] = _big_seats


def repezita_fan(t: Table, i: int, k: int) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) of seat i's fan of k backs, in front of its plate and a little away from it so
    that the plate's turn pointer (drawn after the fans) stays in sight."""
    cw = 46 if t.n <= 4 else 40
    fan_w, fan_h = cw + 12 * (k - 1), card_height(cw)
    zx, zy = t.zone(i, fan_w, fan_h, gap=28)
    return zx - fan_w / 2, zy - fan_h / 2, zx + fan_w / 2, zy + fan_h / 2


@renderer("repezita")
def _repezita(t: Table, v: dict[str, Any]) -> None:
    w = t.w
    if v.get("over"):
        st = over_status(t)
    elif v.get("phase") == "signal" and isinstance(v.get("dealer"), int):  # cards face down until the dealer's Go
        st = w["st_go"].format(name=t.names[v["dealer"]])
    else:
        st = w["st_all"]
    t.header(title_line(t, "repezita"), st)
    finished = list(v.get("finished") or [])
    counts = v.get("counts") or [0] * t.n
    # each hand as a small fan of backs in front of its seat, a little away from the plate so that the
    # plate's turn pointer (drawn after the fans) stays in sight
    cw = 46 if t.n <= 4 else 40
    for i in range(t.n):
        k = min(counts[i], 6)
        if not k:
            continue
        x0, y0, _, _ = repezita_fan(t, i, k)
        for j in range(k):
            t.card("back", x0 + 12 * j, y0, cw, shadow=j == 0)
    for i in range(t.n):
        badges: list[tuple[str, T.RGB]] = []
        if i in finished:
            badges.append((w["place"].format(n=finished.index(i) + 1), T.GREEN_BADGE))
        if v.get("loser") == i:
            badges.append((w["loser"], T.RED_BADGE))
        t.plate(i, SeatInfo(count=counts[i], score=str((v.get("totals") or [0] * t.n)[i]), badges=tuple(badges),
                            out=i in finished))
    bw = 96 if t.n <= 4 else 80
    bh = card_height(bw)
    top = v.get("pile_top")
    count = int(v.get("pile_count") or 0)
    px, py = t.cx - bw / 2, t.cy - bh / 2
    by = v.get("pile_top_seat")  # who played the top card, when the view says so: in the count's pill, which
    # sits clear of the bottom seat's fan
    played_by = w["played_by"].format(name=t.names[by]) if top and isinstance(by, int) and 0 <= by < t.n else ""
    pile(t, top, px, py, bw, count, w["pile"], count_note=played_by)
    notes = []
    if v.get("any_start"):
        notes.append(w["any_start"])
    if v.get("dead_piles"):
        notes.append(w["dead"].format(n=v["dead_piles"], cards=v.get("dead_cards", 0)))
    if not v.get("over"):  # above the pile, where no hand's fan lies
        for k, note in enumerate(reversed(notes)):
            t.label(t.cx, py - 14 - 26 * k, note, anchor="mb", size=19, max_w=t.width - 2 * 250)
    else:  # the result goes above the pile, which stays in sight, or below it where a hand lies above
        above = [s.box[3] for s in t.seats if s.y < t.cy and abs(s.x - t.cx) < s.w]
        below = [s.box[1] for s in t.seats if s.y > t.cy and abs(s.x - t.cx) < s.w]
        fans = tuple(repezita_fan(t, i, min(counts[i], 6)) for i in range(t.n) if counts[i])
        hand_result(t, "repezita", v.get("last_hand"), empty_centre=True,
                    y=((max(above) if above else HEADER) + py) / 2,
                    elsewhere=((py + bh + 30 + (min(below) if below else t.height)) / 2,), avoid=fans)
