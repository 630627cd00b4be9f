"""One table renderer per game, on the shared layout (bot/render/layout.py): the trick games here, Treppenrommé
in rummy.py, Schrum Schrum, Tač and Repezita in race.py.

Each renderer reads only public keys of the view (the keys `view(None)` has) and the display names,
so two states that differ only in hidden cards give the same picture, byte for byte.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from bot.games.repezita import winners_of

from . import theme as T
from .cards import card_height
from .fonts import fit
from .i18n import suit_name, tricks_won
from .layout import HEADER, SeatInfo, Table, boxes_meet, centre, seat_ring, trick_width
from .sorting import base

TITLES = {
    "schieberamsch": "Schieberamsch", "rufmariasch": "Rufmariasch", "schroeoem": "Schrööm",
    "treppenromme": "Treppenrommé", "schrum": "Schrum Schrum", "tac": "Tač", "repezita": "Repezita",
}

Renderer = Callable[[Table, dict[str, Any]], None]
RENDERERS: dict[str, Renderer] = {}
SIZES: dict[str, Callable[[dict[str, Any]], tuple[int, int]]] = {}


BANNER_NAME_W = 170  # pixels a name may take in a hand's result, so that its score and the call stay

def renderer(key: str) -> Callable[[Renderer], Renderer]:
    def deco(fn: Renderer) -> Renderer:
        RENDERERS[key] = fn
        return fn
    return deco


# -- shared pieces -------------------------------------------------------------------------------------
def _names(t: Table, seats: list[int]) -> str:
    return ", ".join(t.names[s] for s in seats)


def round_word(t: Table, key: str) -> str:
    """The word the table message's title uses: a Schrööm round is a game (of a match), a trick game's a deal."""
    return t.w["deal"] if key in ("schieberamsch", "rufmariasch") else t.w["game"] if key == "schroeoem" \
        else t.w["hand"]


def title_line(t: Table, key: str) -> str:
    v = t.view
    title = TITLES.get(key, key)
    hand_no = v.get("hand_no")
    deals = v.get("deals") or (v.get("options") or {}).get("deals") or (v.get("options") or {}).get("hands")
    if hand_no:
        title += f"  ·  {round_word(t, key)} {hand_no}" + (f"/{deals}" if isinstance(deals, int) and deals > 1 else "")
    return title


def over_status(t: Table) -> str:
    v = t.view
    winners = v.get("winners")
    if winners is None:
        totals = v.get("totals") or []
        if not totals:
            return t.w["over"]
        if v.get("game") == "repezita":  # everybody but the last wins (the engine's result() says the same)
            winners = winners_of(totals)
        else:
            best = min(totals) if v.get("game") == "schieberamsch" else max(totals)
            winners = [i for i, x in enumerate(totals) if x == best]
    if not winners:
        return t.w["over"]
    if len(winners) > 2 and len(winners) == t.n - 1:  # all but one win (Repezita): the one name that says it
        return t.w["st_over_loser"].format(name=next(t.names[i] for i in range(t.n) if i not in winners))
    key = "st_over" if len(winners) == 1 else "st_over_many"
    return t.w[key].format(name=_names(t, winners))


def status(t: Table, key: str, seat_word: str = "st_play", seat: int | None = None) -> str:
    v = t.view
    if v.get("over"):
        return over_status(t)
    if seat is None:
        acting = v.get("to_act") or []
        if not acting:
            return ""
        seat = acting[0]
    return t.w[seat_word].format(name=t.names[seat])


def signed(x: int) -> str:
    return f"+{x}" if x > 0 else ("0" if x == 0 else f"−{-x}")


def num(x: int) -> str:
    """A total with a real minus sign."""
    return f"−{-x}" if x < 0 else str(x)


def hand_result(t: Table, key: str, record: dict[str, Any] | None, *, empty_centre: bool,
                y: float | None = None, elsewhere: tuple[float, ...] = (),
                avoid: tuple[tuple[float, float, float, float], ...] = ()) -> None:
    """The previous hand's result in the middle of the table, while nothing of the new hand is there
    yet, and the final hand's result when the match is over."""
    if not record or not (empty_centre or t.view.get("over")):
        return
    from .score import describe

    # "Hand 1  ·  Loser: Bernd": a separator, not a colon, since the note may have a colon of its own
    head = f"{round_word(t, key)} {record.get('hand_no', '')}"
    # whole names where the line fits; where it does not, long names are shortened to leave room for the numbers
    room = t.banner_room(y) - 40
    short = [fit(name, "condbold", 22, BANNER_NAME_W) for name in t.names]

    def fitting(make: Callable[[list[str]], str], lines: int = 1) -> str:
        line = make(t.names)
        return line if t.c.text_w(line, 22) <= lines * room else make(short)

    line1 = fitting(lambda names: head + "  ·  " + describe(key, record, names, t.lang, t.style))
    deltas = record.get("deltas") or []
    scores = fitting(lambda names: "  ·  ".join(f"{names[i]} {signed(d)}" for i, d in enumerate(deltas)
                                                 if d and i < t.n), lines=2)  # wrapped, at most 2 lines' worth
    lines = [line1, scores]
    if t.view.get("over") and t.n < 5:  # (a big table's header says it, and its middle has little room)
        lines.insert(0, over_status(t))
    t.banner(lines, y, colour=T.GOLD if t.view.get("over") else T.WHITE, elsewhere=elsewhere, avoid=avoid)


def trick_badge(t: Table, n: int) -> tuple[str, T.RGB]:
    return (tricks_won(n, t.lang), T.PANEL_LINE)


def overlaps_plate(t: Table, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the box (x0, y0)-(x1, y1) touches a seat plate."""
    return any(boxes_meet((x0, y0, x1, y1), s.box) for s in t.seats)


def pile(t: Table, code: str | None, x: float, y: float, width: int, count: int, label: str = "",
         *, caption_below: str = "", count_note: str = "") -> None:
    """A pile with its top card (or a back, or an empty slot) at top-left (x, y) and its size (followed by
    `count_note` in the same pill: "4 · by Bernd")."""
    if count <= 0 or code is None and count <= 0:
        t.c.slot(x, y, width, label)
    else:
        t.c.stack(base(code) if code and code != "back" else "back", x, y, width, t.style, t.four, count, t.lang)
    h = card_height(width)
    if count > 0:
        t.c.pill(x + width / 2, y + h + 15, f"{count}  ·  {count_note}" if count_note else str(count), T.PANEL,
                 size=17, anchor="m")
    if caption_below:
        t.label(x + width / 2, y + h + 30, caption_below, anchor="mt", size=17, max_w=width + 40)


# -- Schieberamsch ---------------------------------------------------------------------------------------
@renderer("schieberamsch")
def _schieberamsch(t: Table, v: dict[str, Any]) -> None:
    w = t.w
    phase = v.get("phase")
    word = {"grand": "st_grand", "schieben": "st_schieben", "discard": "st_discard", "kontra": "st_kontra",
            "rekontra": "st_rekontra"}.get(phase, "st_play")
    t.header(title_line(t, "schieberamsch"), status(t, "schieberamsch", word))
    solo = v.get("solo")
    for i in range(t.n):
        badges: list[tuple[str, T.RGB]] = []
        if solo == i:
            badges.append((w["solo"], T.RED_BADGE))
        if v.get("kontra") == i:
            badges.append((w["kontra"], T.BLUE_BADGE))
        if v.get("rekontra") == i:
            badges.append((w["rekontra"], T.RED_BADGE))
        if i in (v.get("pushed_by") or []):
            badges.append((w["pushed"], T.BLUE_BADGE))
        if i in (v.get("took_by") or []):
            badges.append((w["took"], T.GREEN_BADGE))
        pts = v.get("points_taken")
        if pts:
            badges.insert(0, (f"{pts[i]} {w['points']}", T.GREEN_BADGE))
        tw = (v.get("tricks_won") or [0] * t.n)[i]
        if phase in ("play", "over") and tw:
            badges.append(trick_badge(t, tw))
        t.plate(i, SeatInfo(count=(v.get("counts") or [0] * t.n)[i], score=num((v.get("totals") or [0] * t.n)[i]),
                            badges=tuple(badges)))
    t.trick(v.get("trick") or [])
    # the skat: top centre, between the two upper seats
    sx = t.cx - 48
    sy = HEADER + 26
    n_skat = v.get("skat_count") or 0
    for k in range(2):
        if k < n_skat:
            t.card("back", sx + k * 46, sy, 50)
        else:
            t.c.slot(sx + k * 46, sy, 50)
    t.label(t.cx, sy + card_height(50) + 8, w["skat"], anchor="mt", size=18)
    # the game: mode, pushes, multiplier
    mode = v.get("mode")
    lines: list[tuple[str, T.RGB]] = []
    if mode == "grand" and solo is not None:
        lines.append((f"{w['grand']}: {t.names[solo]}", T.GOLD))
        mult = 2 ** (int(v.get("kontra") is not None) + int(v.get("rekontra") is not None))
        if mult > 1:
            lines.append((f"×{mult}", T.WHITE))
    elif mode == "ramsch":
        lines.append((w["ramsch"], T.GOLD))
        pushes = v.get("pushes") or 0
        lines.append((f"{w['pushes']}: {pushes}  ·  ×{v.get('multiplier') or 2 ** pushes}", T.WHITE))
    y = 452
    for text, col in lines:
        t.label(t.width - 40, y, text, colour=col, size=19, anchor="rt", max_w=300)
        y += 28
    t.last_trick(v.get("last_trick"), 44, 456)
    hand_result(t, "schieberamsch", v.get("last_hand"), empty_centre=not v.get("trick") and not v.get("last_trick"))


# -- Rufmariasch ------------------------------------------------------------------------------------------
@renderer("rufmariasch")
def _rufmariasch(t: Table, v: dict[str, Any]) -> None:
    w = t.w
    phase = v.get("phase")
    t.header(title_line(t, "rufmariasch"), status(t, "rufmariasch", "st_call" if phase == "call" else "st_play"))
    caller = v.get("caller")
    for i in range(t.n):
        badges: list[tuple[str, T.RGB]] = []
        if i == caller:
            badges.append((w["caller"] + (f" · {w['alone']}" if v.get("alone") else ""), T.RED_BADGE))
        elif v.get("partner") == i:
            badges.append((w["partner"], T.RED_BADGE))
        tw = (v.get("tricks_won") or [0] * t.n)[i]
        if tw:
            badges.append(trick_badge(t, tw))
        t.plate(i, SeatInfo(count=(v.get("counts") or [0] * t.n)[i], score=signed((v.get("totals") or [0] * t.n)[i]),
                            badges=tuple(badges)))
    t.trick(v.get("trick") or [])
    # top-left: trump and the called card
    x, y = 40, HEADER + 26
    trump = v.get("trump")
    if trump:
        t.label(x, y, w["trump"])
        t.suit_badge(x + 22, y + 50, trump, 30)
        t.label(x + 54, y + 50, suit_name(trump, t.style, t.lang), colour=T.WHITE, size=21, anchor="lm")
    called = v.get("called")
    if called:
        t.label(x + 172, y, w["called"])
        t.card(base(called), x + 172, y + 24, 54)
    tgt = v.get("target")
    pbs = v.get("points_by_side")
    if tgt or pbs:
        yy = y + 104
        if pbs:
            cp = pbs.get("callers", 0) if isinstance(pbs, dict) else pbs[0]
            dp = pbs.get("defenders", 0) if isinstance(pbs, dict) else pbs[1]
            t.label(x, yy, f"{w['callers']} {cp} : {dp} {w['defenders']}", colour=T.WHITE, size=18, max_w=290)
            yy += 26
        if tgt:
            t.label(x, yy, f"{w['target']} {tgt}", size=18)
    # right: marriages (their cards were shown to all), two above the right-hand plate and two below it,
    # each as its two cards with the name and the points beside them
    marriages = v.get("marriages") or []
    mx = t.width - 250
    if marriages:
        t.label(mx, HEADER + 12, w["marriages"], size=19)
    spots = [HEADER + 40, HEADER + 116, t.height - 176, t.height - 98]
    for m, my in zip(marriages, spots, strict=False):
        t.mini_cards([base(c) for c in m.get("cards") or []], mx, my, width=46, step=30)
        t.label(mx + 86, my + 20, t.names[m["seat"]], colour=T.WHITE, size=20, anchor="lm", max_w=150)
        t.label(mx + 86, my + 46, f"+{m.get('points', '')}", colour=T.GOLD, size=20, anchor="lm")
    t.last_trick(v.get("last_trick"), 44, 452)
    hand_result(t, "rufmariasch", v.get("last_hand"), empty_centre=not v.get("trick") and not v.get("last_trick"))


# -- Schrööm --------------------------------------------------------------------------------------------------
def _big_seats(v: dict[str, Any]) -> tuple[int, int]:
    return (960, 720) if int(v.get("seats") or 0) >= 5 else (960, 600)


def value_token(t: Table, x: float, y: float, value: int, label: str) -> None:
    """A gold disc with the current value of the game (Schrööm's knock value)."""
    r = 30
    t.c.draw.ellipse((x - r, y - r, x + r, y + r), fill=T.index(T.GOLD), outline=T.index(T.SCHELL_DARK), width=2)
    t.c.text(x, y + 1, str(value), "bold", 30, T.BLACK, anchor="mm")
    # under the disc, unless a seat plate (with its dealer chip, 11 px out) is there: three players' top-left
    # seat; then beside it
    lw = t.c.text_w(label, 19)
    # the label's box grown by 12 px right and down: a plate's dealer chip reaches that far out of its top left
    if overlaps_plate(t, x - lw / 2, y + r + 6, x + lw / 2 + 12, y + r + 28 + 12):
        t.label(x + r + 8, y, label, anchor="lm", size=19)
    else:
        t.label(x, y + r + 6, label, anchor="mt", size=19)


@renderer("schroeoem")
def _schroeoem(t: Table, v: dict[str, Any]) -> None:
    w = t.w
    phase = v.get("phase")
    pending = v.get("pending") or {}
    mover = v.get("mover")
    word = {"knock": "st_knock", "exchange": "st_exchange", "reveal": "st_reveal",
            "huebschen": "st_huebschen"}.get(phase, "st_play")
    value = v.get("value") or 1
    st = status(t, "schroeoem", word, seat=mover if mover is not None and not v.get("over") else None)
    if mover is not None and not v.get("over"):
        t.turn = {mover}
    if not v.get("over"):
        st = f"{w['knock']} {value}  ·  {st}"
    t.header(title_line(t, "schroeoem"), st)
    active = set(v.get("active") or [])
    folded = set(v.get("folded") or [])
    out = set(v.get("eliminated") or [])
    start = (v.get("options") or {}).get("points") or 7
    answers = {a["seat"]: a["answer"] for a in pending.get("answers") or []}
    for i in range(t.n):
        badges: list[tuple[str, T.RGB]] = []
        if i in out:
            badges.append((w["out"], T.PANEL_LINE))
        elif i in folded:
            badges.append((w["folded"], T.PANEL_LINE))
        if v.get("last_knocker") == i and not v.get("over"):
            badges.append((f"{w['knocked']} {value}", T.RED_BADGE))
        if pending.get("kind") == "huebschen" and pending.get("proposer") == i:
            badges.append((w["proposed"], T.ORANGE))
        if i in answers:
            ans = answers[i]
            badges.append((w.get(ans, ans), T.GREEN_BADGE if ans in ("hold", "accept") else T.BLUE_BADGE))
        if i in (v.get("koelsch") or []):
            badges.append(("Kölsch!", T.ORANGE))
        tw = (v.get("tricks_won") or [0] * t.n)[i]
        if tw and i in active:
            badges.append(trick_badge(t, tw))
        pts = (v.get("totals") or [0] * t.n)[i]
        lives = (max(0, pts), start) if start <= 10 else None
        t.plate(i, SeatInfo(count=(v.get("counts") or [0] * t.n)[i] if i not in out else None, score=num(pts),
                            badges=tuple(badges), out=i in out or i in folded, lives=lives))
    big = t.n >= 5
    t.trick(v.get("trick") or [], reach=0.46 if big else 0.34)
    stock = v.get("stock_count") or 0
    value_token(t, 80, HEADER + 66, value, w["knock"])
    if stock:  # top right, unless a seat plate is there (3 seats): then top centre, which is free then
        spots = [(t.width - 110, HEADER + 28), (t.cx - 27, HEADER + 28)]
        x, y = next((p for p in spots if not overlaps_plate(t, p[0] - 20, p[1], p[0] + 74, p[1] + card_height(54)
                                                             + 46)), spots[0])
        pile(t, "back", x, y, 54, stock, caption_below=w["stock"])
    if big:  # the middle of a big table holds the last trick (at the match's end, its result instead)
        last = v.get("last_trick")
        if last and not v.get("over") and not v.get("trick"):  # until the next trick's first card: then it would
            cards = [c["card"] for c in last.get("cards", [])]     # lie among that trick's cards
            wcard = 52
            step = 30
            x0 = t.cx - (wcard + step * (len(cards) - 1)) / 2
            lab = w["prev_trick"] + (f" → {t.names[last['winner']]}" if last.get("winner") is not None else "")
            t.label(t.cx, t.cy - 62, lab, anchor="mt", size=19, max_w=420)  # the middle is free until then
            t.mini_cards(cards, x0, t.cy - 34, width=wcard, step=step)
    else:
        t.last_trick(v.get("last_trick"), 44, 452, caption=w["prev_trick"])
    vier_bilder(t, v.get("exchanges") or [], w["exchange"], big=big)
    hand_result(t, "schroeoem", v.get("last_game"),
                empty_centre=not v.get("trick") and not v.get("last_trick"))


SIZES["schroeoem"] = _big_seats


def vier_bilder(t: Table, exchanges: list[dict[str, Any]], caption: str, *, big: bool) -> None:
    """The cards this game's Vier Bilder exchanges laid open (public all game long), the last two: at the bottom
    right of a small table, the newest lowest; on a big one (5 to 8 seats, plates all round), smaller, in the
    free places nearest the felt's corners, the first exchange in the first place (nothing moves when a second
    comes)."""
    shown = [(f"{caption}: {t.names[e['seat']]}",
              [base(c) for c in list(e.get("revealed") or []) + ([e["fourth"]] if e.get("fourth") else [])])
             for e in exchanges[-2:]]
    if not big:
        for k, (label, cards) in enumerate(reversed(shown)):
            x, y = t.width - 250, t.height - 116 - k * 92
            t.label(x, y, label, size=19, max_w=220)
            t.mini_cards(cards, x, y + 24, width=50, step=32)
        return
    for (label, cards), (x, y) in zip(shown, _free_spots(t.n, t.width, t.height), strict=False):
        t.label(x, y, label, size=17, max_w=VB_W)  # (no place left: the table message's lines told it)
        t.mini_cards(cards, x, y + 21, width=VB_CARD, step=VB_STEP)


VB_W, VB_CARD, VB_STEP = 190, 40, 26  # a big table's Vier Bilder block: its width, its cards' width and step
VB_H = 21 + card_height(VB_CARD) + 4  # (and the first card's shadow)
FELT_RADIUS = 96  # the felt's rounded corners, as near as a block may come to them


@functools.lru_cache(maxsize=64)
def _free_spots(n: int, width: int, height: int) -> tuple[tuple[float, float], ...]:
    """Places for up to two Vier Bilder blocks on a big table, nearest the felt's corners first, clear of the
    plates, of every seat's place in the trick (cards played later must not land on them), of the middle's last
    trick, the value disc and the stock's place (empty or not). They depend on the seating alone, so a block never
    moves during a game."""
    seats = seat_ring(n, width, height)
    cx, cy = centre(width, height)
    reach, cw = 0.46, trick_width(n)
    ch = card_height(cw)
    taken = [(s.box[0] - 8, s.box[1] - 8, s.box[2] + 8, s.box[3] + 8) for s in seats]
    taken += [(cx + (s.x - cx) * reach - cw / 2 - 6, cy + (s.y - cy) * reach - ch / 2 - 6,
               cx + (s.x - cx) * reach + cw / 2 + 6, cy + (s.y - cy) * reach + ch / 2 + 6) for s in seats]
    taken += [(cx - 220, cy - 66, cx + 220, cy + 44),  # the last trick in the middle
              (20, HEADER + 20, 140, HEADER + 130),  # the value disc and its caption
              (width - 140, HEADER + 20, width - 30, HEADER + 28 + card_height(54) + 46)]  # the stock
    x0, y0, x1, y1 = 30, HEADER + 26, width - 30, height - 24  # inside the felt's rim
    corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]

    def inside(box: tuple[float, float, float, float]) -> bool:
        """Within the rim, and clear of its rounded corners."""
        if box[0] < x0 or box[1] < y0 or box[2] > x1 or box[3] > y1:
            return False
        for px, py in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
            ox = x0 + FELT_RADIUS if px < x0 + FELT_RADIUS else x1 - FELT_RADIUS if px > x1 - FELT_RADIUS else px
            oy = y0 + FELT_RADIUS if py < y0 + FELT_RADIUS else y1 - FELT_RADIUS if py > y1 - FELT_RADIUS else py
            if math.hypot(px - ox, py - oy) > FELT_RADIUS:
                return False
        return True

    found: list[tuple[float, float]] = []
    candidates = [(x, y) for x in range(x0, x1 - VB_W + 1, 8) for y in range(y0, y1 - VB_H + 1, 8)]
    candidates.sort(key=lambda p: min(math.hypot(p[0] + VB_W / 2 - a, p[1] + VB_H / 2 - b) for a, b in corners))
    for x, y in candidates:
        box = (x, y, x + VB_W, y + VB_H)
        if inside(box) and not any(boxes_meet(box, b) for b in taken):
            found.append((x, y))
            taken.append((x - 12, y - 12, x + VB_W + 12, y + VB_H + 12))
            if len(found) == 2:
                break
    return tuple(found)


# -- fallback ---------------------------------------------------------------------------------------------
def _generic(t: Table, v: dict[str, Any], key: str) -> None:
    t.header(title_line(t, key), status(t, key))
    counts = v.get("counts") or [None] * t.n
    totals = v.get("totals") or [0] * t.n
    for i in range(t.n):
        t.plate(i, SeatInfo(count=counts[i] if i < len(counts) else None, score=str(totals[i])))
    if v.get("trick"):
        t.trick(v["trick"])
    if v.get("last_trick"):
        t.last_trick(v["last_trick"], 44, 452)


# keys a private view adds or fills with what only that seat may know (from the engines' docstrings)
PRIVATE_KEYS = {"hand", "role", "skat", "discarded", "out"}
RUFMARIASCH_SIDE_KEYS = ("partner", "alone", "sides", "points_by_side", "target")


def public_only(game_key: str, view: dict[str, Any]) -> dict[str, Any]:
    """The public part of a view, so that a private view passed by mistake draws the same picture."""
    v = {k: val for k, val in view.items() if k not in PRIVATE_KEYS}
    if game_key == "rufmariasch" and not v.get("revealed"):
        # the partner (and whether the caller is alone) is public only once the called card is played or shown
        for k in RUFMARIASCH_SIDE_KEYS:
            v[k] = None
    return v


def _register() -> None:
    """The renderers of the rummy and racing games live in modules of their own, which register on import."""
    from . import race, rummy  # noqa: F401


def table_canvas(game_key: str, view: dict[str, Any], names: list[str], style: str, four: bool, lang: str) -> Table:
    _register()
    view = public_only(game_key, view)
    size = SIZES.get(game_key)
    wh = size(view) if size else (960, 600)
    t = Table(view, names, style, four, lang, *wh)
    fn = RENDERERS.get(game_key)
    if fn is None:
        _generic(t, view, game_key)
    else:
        fn(t, view)
    return t


def table_png(game_key: str, view: dict[str, Any], names: list[str], style: str, four: bool, lang: str) -> bytes:
    return table_canvas(game_key, view, names, style, four, lang).c.png()
