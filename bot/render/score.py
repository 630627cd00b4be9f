"""The score sheet at the end of a hand and of a match: a Skat list / a Schrööm tally.

One row per hand: its number, what was played (from the engine's hand record), and a column per
player with the change (small, coloured) and the running total, in every row (also where a player's
score did not change). The "Game" column is as wide as its longest note.
The last row holds the totals; the leader(s) get a star. Long matches keep the latest 30 rows and
fold the earlier ones into a "carried over" row.
"""

from __future__ import annotations

import math
from typing import Any

from bot.games.repezita import winners_of
from bot.i18n import normalize

from . import theme as T
from .canvas import Canvas
from .fonts import balanced, fit, text_width
from .i18n import german_card_name, suit_name, words
from .layout import display_names

LOWER_IS_BETTER = frozenset({"schieberamsch"})
MAX_ROWS = 30
MAX_NOTE_W = 560  # px: the widest "Game" column; a longer note is shortened with an ellipsis
# Six players or more: a sheet of full-width columns grew to 1,800 px, which Discord shows at a third of its size
# on a phone. Their names take two lines of a narrow column instead, and a long note two lines of a narrower one.
NARROW_FROM = 6
NARROW_NAME_W, NARROW_NOTE_W = 104, 340
SUIT_GLYPH = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def _name(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return "?"


FRENCH_LETTERS_DE = {"J": "B", "Q": "D"}  # Bube, Dame


def card_name(code: Any, style: str = "french", lang: str = "en") -> str:
    """"8♣" in French suits ("B♣" for a German picture's Bube); "Ace of Acorns" in English and "Eichel Daus" in
    German for German suits: one language per picture."""
    if not isinstance(code, str) or len(code) < 2 or code[-1] not in SUIT_GLYPH:
        return "?"
    r, s = code[:-1], code[-1]
    if style == "german":
        return german_card_name(r, s, lang)
    return (FRENCH_LETTERS_DE.get(r, r) if normalize(lang) == "de" else r) + SUIT_GLYPH[s]


def describe(game_key: str, h: dict[str, Any], names: list[str], lang: str = "en", style: str | None = None) -> str:
    """A short line saying what a hand was, from the engine's hand record."""
    w = words(lang)
    try:
        if game_key == "schieberamsch":
            if h.get("mode") == "grand":
                res = w["won"] if h.get("won") else w["lost"]
                # "kontra"/"rekontra" hold the seat that said it (seat 0 too), or None
                doubled = [w[k] for k in ("kontra", "rekontra") if h.get(k) is not None and h.get(k) is not False]
                extra = f" · {', '.join(doubled)}" if doubled else ""
                # the matadors and Schneider/Schwarz: what the value was counted from (the rules' formula)
                if isinstance(h.get("matadors"), int):
                    extra = f" · {w['with_n' if h.get('with') else 'without_n'].format(n=h['matadors'])}" + "".join(
                        f" · {w[k]}" for k in ("schneider", "schwarz") if h.get(k)) + extra
                return f"{w['grand']} · {_name(names, h.get('solo'))} · {h.get('solo_points', '?')} {w['points']} · {res}{extra}"
            outcome = w.get(h.get("outcome") or "most_points", w["ramsch"])
            mult = h.get("multiplier") or 1
            return f"{outcome}" + (f" ×{mult}" if mult > 1 else "")
        if game_key == "rufmariasch":
            style = style or "german"
            trump = h.get("trump")
            tname = suit_name(trump, style, lang) if trump in SUIT_GLYPH else "?"
            who = _name(names, h.get("caller"))
            if isinstance(h.get("partner"), int):  # the side, so that the sheet's money can be checked
                who += f" & {_name(names, h['partner'])}"
            alone = f" ({w['alone']})" if h.get("alone") else ""
            score = f"{h.get('callers_total', '?')}:{h.get('defenders_total', '?')}"
            res = w["won"] if h.get("callers_win") else w["lost"]
            return f"{who}{alone}: {tname}, {card_name(h.get('called'), style, lang)}  ·  {res} {score}"
        if game_key == "schroeoem":
            if h.get("void"):
                return w["huebschen_void"] if h.get("reason") == "huebschen" else w["draw"]
            return f"{w['winner']}: {_name(names, h.get('winner'))}  ·  {w['knock']} {h.get('value', 1)}"
        if game_key == "treppenromme":
            fin = h.get("finisher")
            if fin is None:
                return w["no_finisher"]
            tail = f"  ·  {w['romme']}" if h.get("romme") else ""
            return f"{_name(names, fin)} {w['went_out']}{tail}"
        if game_key in ("schrum", "tac"):
            if h.get("drawn") or h.get("winner") is None:
                return w["draw"]
            return f"{w['winner']}: {_name(names, h.get('winner'))}"
        if game_key == "repezita":
            return f"{w['loser']}: {_name(names, h.get('loser'))}"
    except (KeyError, TypeError, ValueError):
        return ""
    return ""


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else ("0" if v == 0 else f"−{-v}")


def num(v: int) -> str:
    return f"−{-v}" if v < 0 else str(v)


def leaders(game_key: str, hands: list[dict[str, Any]], totals: list[int]) -> list[int]:
    """Who is ahead (or won): the lowest total in Schieberamsch, the players still in (points > 0) in
    Schrööm (else the last game's winner), everybody but the last in Repezita, the highest total elsewhere."""
    if not totals:
        return []
    if game_key == "schroeoem":
        alive = [i for i, x in enumerate(totals) if x > 0]
        if alive:
            return alive
        last = hands[-1].get("winner") if hands else None
        return [last] if isinstance(last, int) else []
    if game_key == "repezita":  # everybody but the last, as the engine's result() says and the table shows
        return winners_of(totals)
    best = min(totals) if game_key in LOWER_IS_BETTER else max(totals)
    return [i for i, x in enumerate(totals) if x == best]


def score_canvas(game_key: str, names: list[str], hands: list[dict[str, Any]], totals: list[int], title: str = "",
                 lang: str = "en", winners: list[int] | None = None) -> Canvas:
    w = words(lang)
    n = max(len(names), len(totals))
    names = display_names(names, n, lang)
    lower = game_key in LOWER_IS_BETTER
    # running totals: start = final - sum of deltas, unless the records carry totals
    start = [totals[i] - sum(int((h.get("deltas") or [0] * n)[i]) for h in hands) for i in range(n)]
    running: list[list[int]] = []
    cur = list(start)
    for h in hands:
        d = list(h.get("deltas") or [0] * n)
        cur = [cur[i] + int(d[i]) for i in range(n)]
        if isinstance(h.get("totals"), list) and len(h["totals"]) == n:
            cur = [int(x) for x in h["totals"]]
        running.append(list(cur))
    rows = list(range(len(hands)))
    carried = None
    if len(rows) > MAX_ROWS:
        carried = rows[-MAX_ROWS - 1]
        rows = rows[-MAX_ROWS:]

    notes = [describe(game_key, hands[r], names, lang) for r in rows]
    narrow = n >= NARROW_FROM
    # the "Game" column is as wide as its longest note (within reason), so a result is never cut off
    col_no = 46
    col_desc = max([text_width(w["note"], "condbold", 16)] + [text_width(t, "cond", 15) for t in notes]) + 22
    col_desc = min(max(col_desc, 180), NARROW_NOTE_W if narrow else MAX_NOTE_W)
    note_lines = [two_lines(t, "cond", 15, col_desc - 14) if narrow else [t] for t in notes]
    cells = [text_width(num(running[r][i]), "bold", 17) + text_width(_signed(int((hands[r].get("deltas") or
                                                                                 [0] * n)[i])), "cond", 14) + 8
             for r in rows for i in range(min(n, len(running[r])))]
    head_w = [min(NARROW_NAME_W, max(text_width(x, "condbold", 17) for x in two_lines(name, "condbold", 17,
                                                                                      NARROW_NAME_W - 10)) + 16)
              if narrow else min(170, text_width(name, "condbold", 18) + 16) for name in names]
    col_p = max([88] + [x + 20 for x in cells] + head_w)
    margin = 20
    width = margin * 2 + col_no + col_desc + n * col_p
    row_h = 46 if any(len(lines) > 1 for lines in note_lines) else 30
    head_h = 52 if narrow else 38
    top = 64
    height = top + head_h + 2 + (len(rows) + (1 if carried is not None else 0)) * row_h + 56 + margin
    c = Canvas(width, height, T.PAPER)
    d = c.draw
    c.text(margin, 22, title or w["sheet"], "bold", 24, T.PAPER_INK, anchor="lm", max_w=width - 2 * margin)
    # column heads
    y = top
    d.rectangle((margin, y, width - margin, y + head_h), fill=T.index(T.PAPER_ALT))
    c.text(margin + col_no / 2, y + head_h / 2, w["no"], "condbold", 16, T.PAPER_INK, anchor="mm")
    c.text(margin + col_no + 8, y + head_h / 2, w["note"], "condbold", 16, T.PAPER_INK, anchor="lm")
    x_p = margin + col_no + col_desc
    for i in range(n):
        if narrow:
            lines = two_lines(names[i], "condbold", 17, col_p - 10)
            for k, line in enumerate(lines):
                c.text(x_p + i * col_p + col_p / 2, y + head_h / 2 + (k - (len(lines) - 1) / 2) * 20, line,
                       "condbold", 17, T.PAPER_INK, anchor="mm", max_w=col_p - 10)
        else:
            c.text(x_p + i * col_p + col_p / 2, y + 19, names[i], "condbold", 18, T.PAPER_INK, anchor="mm",
                   max_w=col_p - 10)
    y += head_h + 2

    def cell(i: int, delta: int | None, total: int, yy: float) -> None:
        xr = x_p + (i + 1) * col_p - 10
        tw = c.text(xr, yy, num(total), "bold", 17, T.PAPER_INK, anchor="rm")
        if delta:
            good = (delta < 0) if lower else (delta > 0)
            c.text(xr - tw - 8, yy, _signed(delta), "cond", 14, T.PAPER_GREEN if good else T.PAPER_RED, anchor="rm")

    if carried is not None:
        c.text(margin + col_no + 8, y + row_h / 2, f"… {carried + 1}", "cond", 15, T.PAPER_INK, anchor="lm")
        for i in range(n):
            cell(i, None, running[carried][i], y + row_h / 2)
        y += row_h
    for k, r in enumerate(rows):
        h = hands[r]
        if k % 2:
            d.rectangle((margin, y, width - margin, y + row_h), fill=T.index(T.PAPER_ALT))
        no = h.get("hand_no", r + 1)
        c.text(margin + col_no / 2, y + row_h / 2, str(no), "cond", 15, T.PAPER_INK, anchor="mm")
        for j, line in enumerate(note_lines[k]):
            c.text(margin + col_no + 8, y + row_h / 2 + (j - (len(note_lines[k]) - 1) / 2) * 18, line, "cond", 15,
                   T.PAPER_INK, anchor="lm", max_w=col_desc - 14)
        deltas = list(h.get("deltas") or [0] * n)
        for i in range(n):
            dv = int(deltas[i]) if i < len(deltas) else 0
            before = running[r - 1][i] if r > 0 else start[i]
            if game_key == "schroeoem" and before <= 0 and dv == 0:  # out of the match: a dash
                c.text(x_p + (i + 1) * col_p - 10, y + row_h / 2, w["eliminated"], "bold", 17, T.PAPER_LINE,
                       anchor="rm")
                continue
            cell(i, dv, running[r][i], y + row_h / 2)
        y += row_h
    # grid lines
    d.line((margin, top, margin, y), fill=T.index(T.PAPER_LINE))
    d.line((width - margin, top, width - margin, y), fill=T.index(T.PAPER_LINE))
    d.line((margin + col_no, top, margin + col_no, y), fill=T.index(T.PAPER_LINE))
    for i in range(n + 1):
        d.line((x_p + i * col_p, top, x_p + i * col_p, y), fill=T.index(T.PAPER_LINE))
    # totals
    d.line((margin, y, width - margin, y), fill=T.index(T.PAPER_INK), width=2)
    d.line((margin, y + 4, width - margin, y + 4), fill=T.index(T.PAPER_INK), width=1)
    y += 8
    c.text(margin + col_no + 8, y + 22, w["total"], "bold", 18, T.PAPER_INK, anchor="lm")
    marked = set(leaders(game_key, hands, totals) if winners is None else winners)
    for i in range(min(n, len(totals))):
        xr = x_p + (i + 1) * col_p - 10
        tw = c.text(xr, y + 22, num(totals[i]), "bold", 20, T.PAPER_INK, anchor="rm")
        if i in marked:
            _star(c, xr - tw - 16, y + 21, 9)
    return c


def two_lines(text: str, face: str, size: int, width: int) -> list[str]:
    """`text` in one line if it fits `width` pixels, else in two: broken after the last word (or the " · " part)
    that fits, else inside a word; the second line shortened with an ellipsis if it is still too long."""
    if text_width(text, face, size) <= width:
        return [text]
    cut = 1
    while cut < len(text) and text_width(text[:cut + 1].rstrip(), face, size) <= width:
        cut += 1
    spaces = [k for k in range(1, cut + 1) if k < len(text) and text[k] == " "]
    if spaces and spaces[-1] > cut // 3:  # a break between words, unless it leaves the first line nearly empty
        cut = spaces[-1]
    first, rest = text[:cut].rstrip(" ·"), text[cut:].lstrip(" ·")
    return [balanced(first), fit(balanced(rest), face, size, width)]


def _star(c: Canvas, cx: float, cy: float, r: float) -> None:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    c.draw.polygon(pts, fill=T.index(T.GOLD), outline=T.index(T.SCHELL_DARK))


def score_png(game_key: str, names: list[str], hands: list[dict[str, Any]], totals: list[int], title: str = "",
              lang: str = "en", winners: list[int] | None = None) -> bytes:
    return score_canvas(game_key, names, hands, totals, title, lang, winners).png()
