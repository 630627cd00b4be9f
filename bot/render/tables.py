"""One table renderer per game, on the shared layout (bot/render/layout.py).

Each renderer reads only public keys of the view (the keys `view(None)` has) and the display names,
so two states that differ only in hidden cards give the same picture, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import theme as T
from .cards import card_height
from .i18n import suit_name
from .layout import HEADER, SeatInfo, Table
from .sorting import base

TITLES = {
    "schieberamsch": "Schieberamsch", "rufmariasch": "Rufmariasch", "schroeoem": "Schrööm",
    "treppenromme": "Treppenrommé", "schrum": "Schrum Schrum", "tac": "Tač", "repezita": "Repezita",
}

Renderer = Callable[[Table, dict[str, Any]], None]
RENDERERS: dict[str, Renderer] = {}
SIZES: dict[str, Callable[[dict[str, Any]], tuple[int, int]]] = {}


def renderer(key: str) -> Callable[[Renderer], Renderer]:
    def deco(fn: Renderer) -> Renderer:
        RENDERERS[key] = fn
        return fn
    return deco


# -- shared pieces -------------------------------------------------------------------------------------
def _names(t: Table, seats: list[int]) -> str:
    return ", ".join(t.names[s] for s in seats)


def title_line(t: Table, key: str) -> str:
    v = t.view
    title = TITLES.get(key, key)
    hand_no = v.get("hand_no")
    deals = v.get("deals") or (v.get("options") or {}).get("deals") or (v.get("options") or {}).get("hands")
    if hand_no:
        word = t.w["deal"] if key in ("schieberamsch", "rufmariasch") else t.w["hand"]
        title += f"  ·  {word} {hand_no}" + (f"/{deals}" if isinstance(deals, int) and deals > 1 else "")
    return title


def over_status(t: Table) -> str:
    v = t.view
    winners = v.get("winners")
    if winners is None:
        totals = v.get("totals") or []
        if not totals:
            return t.w["over"]
        if v.get("game") == "repezita":  # everybody but the last wins (the engine's result() says the same)
            winners = [i for i, x in enumerate(totals) if x > min(totals)] or list(range(len(totals)))
        else:
            best = min(totals) if v.get("game") == "schieberamsch" else max(totals)
            winners = [i for i, x in enumerate(totals) if x == best]
    if not winners:
        return t.w["over"]
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
                y: float | None = None) -> None:
    """The previous hand's result in the middle of the table, while nothing of the new hand is there
    yet, and the final hand's result when the match is over."""
    if not record or not (empty_centre or t.view.get("over")):
        return
    from .score import describe

    # "Hand 1  ·  Loser: Bernd": a separator, not a colon, since the note may have a colon of its own
    head = f"{t.w['deal'] if key in ('schieberamsch', 'rufmariasch') else t.w['hand']} {record.get('hand_no', '')}"
    line1 = head + "  ·  " + describe(key, record, t.names, t.lang, t.style)
    deltas = record.get("deltas") or []
    parts = [f"{t.names[i]} {signed(d)}" for i, d in enumerate(deltas) if d and i < t.n]
    lines = [line1, "  ·  ".join(parts)]
    if t.view.get("over"):
        lines.insert(0, over_status(t))
    t.banner(lines, y, colour=T.GOLD if t.view.get("over") else T.WHITE)


def trick_badge(t: Table, n: int) -> tuple[str, T.RGB]:
    return (f"{n} {t.w['tricks'] if n != 1 else t.w['one_trick']}", T.PANEL_LINE)


def overlaps_plate(t: Table, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the box (x0, y0)-(x1, y1) touches a seat plate."""
    return any(x0 < bx1 and bx0 < x1 and y0 < by1 and by0 < y1 for bx0, by0, bx1, by1 in (s.box for s in t.seats))


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
    if big:  # the middle of a big table holds the last trick
        last = v.get("last_trick")
        if last:
            cards = [c["card"] for c in last.get("cards", [])]
            wcard = 52
            step = 30
            x0 = t.cx - (wcard + step * (len(cards) - 1)) / 2
            lab = w["last_trick"] + (f" → {t.names[last['winner']]}" if last.get("winner") is not None else "")
            t.label(t.cx, t.cy - 62, lab, anchor="mt", size=19, max_w=300)
            t.mini_cards(cards, x0, t.cy - 34, width=wcard, step=step)
    else:
        t.last_trick(v.get("last_trick"), 44, 452)
    # Vier Bilder: the revealed cards of this game's exchanges (public)
    ex = v.get("exchanges") or []
    if ex and not big:
        x = t.width - 250
        for k, e in enumerate(reversed(ex[-2:])):
            y = t.height - 116 - k * 92
            shown = list(e.get("revealed") or []) + ([e["fourth"]] if e.get("fourth") else [])
            t.label(x, y, f"{w['exchange']}: {t.names[e['seat']]}", size=19, max_w=220)
            t.mini_cards([base(c) for c in shown], x, y + 24, width=50, step=32)
    hand_result(t, "schroeoem", v.get("last_game"),
                empty_centre=not v.get("trick") and not v.get("last_trick") and not big)


SIZES["schroeoem"] = _big_seats


# -- Treppenrommé --------------------------------------------------------------------------------------------
# Not a ring: a row of seat plates, then the talon and the staircase, then every player's melds in a band of
# their own, all cards as tiles side by side (rank and suit, large), so that a long staircase and many melds
# stay legible at a phone's width. The picture grows downwards with the melds.
TILE_W, TILE_H, TILE_STEP = 40, 56, 43
TR_MARGIN = 36
TR_PLATES_Y = HEADER + 16
TR_STAIRS_Y = TR_PLATES_Y + 76 + 62  # below the plates and their turn pointers
TR_TALON_H = 28 + card_height(64) + 40  # the talon and its count, from the staircase's caption down


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
    for i in range(t.n):
        badges: list[tuple[str, T.RGB]] = []
        if hp[i]:  # what this seat laid this hand (melds and lay-offs, wherever they lie)
            badges.append((w["laid"].format(n=hp[i]), T.GREEN_BADGE))
        t.plate(i, SeatInfo(count=(v.get("counts") or [0] * t.n)[i], score=num((v.get("totals") or [0] * t.n)[i]),
                            badges=tuple(badges)))
    srows, _, groups = _tr_layout(v, t.width)
    # talon, then the staircase bottom to top; the number under a card is the `take` that reaches down to it
    y = TR_STAIRS_Y
    cw = 64
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
                for j, code in enumerate(cards):
                    t.tile(code, x, y, TILE_W, TILE_H)
                    x += TILE_STEP if j < len(cards) - 1 else TILE_STEP + 18
            y += TILE_H + 10
        y += 6
    if v.get("over"):
        hand_result(t, "treppenromme", v.get("last_hand"), empty_centre=True, y=TR_STAIRS_Y + 60)


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
    cw = 56 if t.n <= 4 else 48
    ch = card_height(cw)
    gap = 10
    open_word = w["open"] if key == "tac" else w["reserve"]
    closed_word = w["closed"] if key == "tac" else w["talon"]
    for i in range(t.n):
        side = abs(t.seats[i].ux) > 0.9  # left/right seats: talon above reserve
        zw, zh = (cw, 2 * ch + gap + 44) if side else (2 * cw + gap, ch + 24)
        zx, zy = t.zone(i, zw, zh, gap=12)
        x0, y0 = zx - zw / 2, zy - zh / 2
        rx, ry = (x0, y0 + ch + 22 + gap) if side else (x0 + cw + gap, y0)
        n_t = talons[i] if i < len(talons) else 0
        pile(t, "back", x0, y0, cw, n_t, closed_word if n_t == 0 else "")
        res = reserves[i] if i < len(reserves) else []
        top = tops[i] if i < len(tops) else None
        pile(t, top, rx, ry, cw, len(res), open_word if not res else "")
    # the centre pile and the exposed card
    centre = v.get("centre") or {}
    bw = 72 if t.n <= 4 else 64
    bh = card_height(bw)
    ex = v.get("exposed")
    px = t.cx - bw - 30 if ex else t.cx - bw / 2  # room between the two cards' pills
    py = t.cy - bh / 2 - 12
    count = int(centre.get("count") or 0)
    if count:
        t.c.stack(base(centre["top"]), px, py, bw, t.style, t.four, count, t.lang)
    else:
        t.c.slot(px, py, bw, w["centre"])
    if centre.get("next"):
        t.c.pill(px + bw / 2, py + bh + 14, f"{w['next']}: {centre['next']}", T.PANEL, T.GOLD, size=18, anchor="m")
    if ex:
        ex_x = t.cx + 30
        t.card(base(ex["card"]), ex_x, py, bw)
        t.c.rrect((ex_x - 3, py - 3, ex_x + bw + 3, py + bh + 3), 9, outline=T.GOLD, width=3)
        t.c.pill(ex_x + bw / 2, py + bh + 14, t.names[ex["seat"]], T.GOLD, T.BLACK, size=18, anchor="m")
    if v.get("over") or (v.get("last_hand") and not count):
        hand_result(t, key, v.get("last_hand"), empty_centre=True)


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
    st = w["st_all"] if not v.get("over") else over_status(t)
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
    else:  # the result goes above the pile, which stays in sight
        above = [s.box[3] for s in t.seats if s.y < t.cy and abs(s.x - t.cx) < s.w]
        hand_result(t, "repezita", v.get("last_hand"), empty_centre=True,
                    y=((max(above) if above else HEADER) + py) / 2)


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
        # the partner (and whether the caller is alone) is public only once the called card is played
        for k in RUFMARIASCH_SIDE_KEYS:
            v[k] = None
    return v


def table_canvas(game_key: str, view: dict[str, Any], names: list[str], style: str, four: bool, lang: str) -> Table:
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
