"""Schieberamsch's scoring (docs/rules/schieberamsch.md, "Scoring" and "Grand Hand"): the normative formulas,
which the tests check directly, and `end_hand`, which settles a finished deal with them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .schieberamsch_cards import _NEXT, JACKS, POINTS

if TYPE_CHECKING:
    from .schieberamsch import Schieberamsch


def trunc10(x: int) -> int:
    """x / 10 with the decimals dropped (toward zero): -965 -> -96."""
    return x // 10 if x >= 0 else -((-x) // 10)


def ramsch_scores(points: list[int], tricks: list[int], pushes: int) -> tuple[list[int], str]:
    """Raw deal scores per seat (before dividing by 10) and the outcome name.

    `points` are the card points each seat took (the skat included for its owner), `tricks` the tricks
    each seat won. Outcomes: "durchmarsch" (one seat won all tricks: -120·m), "jungfrau" (exactly one
    seat won no trick: the higher of the other two scores 2·points·m, both if equal), "most_points"
    (everyone won a trick: the most points score points·m, every tied seat alike). m = 2**pushes.
    """
    m = 1 << pushes
    n = len(points)
    res = [0] * n
    for p in range(n):
        if tricks[p] and tricks[p] == sum(tricks):
            res[p] = -120 * m
            return res, "durchmarsch"
    zero = [p for p in range(n) if tricks[p] == 0]
    if len(zero) == 1:
        others = [p for p in range(n) if p != zero[0]]
        hi = max(points[p] for p in others)
        for p in others:
            if points[p] == hi:
                res[p] = 2 * hi * m
        return res, "jungfrau"
    hi = max(points)
    for p in range(n):
        if points[p] == hi:
            res[p] = hi * m
    return res, "most_points"


def ramsch_deltas(points: list[int], tricks: list[int], pushes: int) -> list[int]:
    """Game-score deltas: trunc(score / 10) of `ramsch_scores`."""
    return [trunc10(s) for s in ramsch_scores(points, tricks, pushes)[0]]


def matadors(cards: list[str] | set[str]) -> tuple[int, bool]:
    """(count, with?) from the solo's 10 cards plus the skat: "with N" = consecutive top Jacks held from
    ♣J, "without N" = consecutive top Jacks missing before the highest one held (4 if no Jack)."""
    held = set(cards)
    with_ = JACKS[0] in held
    n = 0
    for j in JACKS:
        if (j in held) != with_:
            break
        n += 1
    return n, with_


def grand_value(matadors_n: int, schneider: bool, schwarz: bool, kontra: bool, rekontra: bool) -> int:
    """V = floor(24 · M · 2^(kontra+rekontra) / 10), M = matadors + 2 + Schneider + Schwarz."""
    modifier = matadors_n + 2 + int(schneider) + int(schwarz)
    return 24 * modifier * (1 << (int(kontra) + int(rekontra))) // 10


def grand_delta(matadors_n: int, solo_points: int, solo_tricks: int, kontra: bool = False,
                rekontra: bool = False) -> int:
    """The solo's total change for a Grand Hand: -V when he took >= 61 card points (skat included), else +V.
    Schneider: a side has >= 90 points; Schwarz: a side won every trick (out of 10)."""
    schneider = solo_points >= 90 or solo_points <= 30
    schwarz = solo_tricks in (0, 10)
    v = grand_value(matadors_n, schneider, schwarz, kontra, rekontra)
    return -v if solo_points >= 61 else v


# matadors by the Jacks held (bits 0-3 of a hand mask: ♣J ♠J ♥J ♦J)
_MATADORS = tuple(matadors([j for i, j in enumerate(JACKS) if sub >> i & 1]) for sub in range(16))


def end_hand(self: Schieberamsch, last_winner: int) -> list[dict[str, Any]]:
    # the per-deal lists are fresh from _start_hand and no longer change: the record keeps them
    skat = self._skat
    skat_points = POINTS[skat[0]] + POINTS[skat[1]]
    points = self._points
    tricks = self._tricks_won
    if self._mode == "grand":
        solo = self._solo
        assert solo is not None and self._matadors is not None
        points[solo] += skat_points
        solo_points = points[solo]
        n, with_ = self._matadors
        schneider = solo_points >= 90 or solo_points <= 30
        schwarz = tricks[solo] in (0, 10)
        value = grand_value(n, schneider, schwarz, self._kontra is not None, self._rekontra is not None)
        won = solo_points >= 61
        deltas = [0, 0, 0]
        deltas[solo] = -value if won else value
        record: dict[str, Any] = {
            "hand_no": self._hand_no, "dealer": self._dealer, "deltas": deltas, "points": points,
            "tricks": tricks, "mode": "grand", "solo": solo, "won": won, "solo_points": solo_points,
            "opponent_points": 120 - solo_points, "matadors": n, "with": with_,
            "schneider": schneider, "schwarz": schwarz, "kontra": self._kontra, "rekontra": self._rekontra,
            "modifier": n + 2 + schneider + schwarz, "value": value,
        }
        events: list[dict[str, Any]] = [{"type": "skat_counted", "seat": solo, "points": skat_points}]
    else:
        owner = last_winner
        if self.options["skat_to"] == "loser":
            hi = max(points)
            owner = next(s for s in (owner, _NEXT[owner], _NEXT[_NEXT[owner]]) if points[s] == hi)
        points[owner] += skat_points
        raw, outcome = ramsch_scores(points, tricks, self._pushes)
        deltas = [trunc10(x) for x in raw]
        record = {
            "hand_no": self._hand_no, "dealer": self._dealer, "deltas": deltas, "points": points,
            "tricks": tricks, "mode": "ramsch", "outcome": outcome, "pushes": self._pushes,
            "multiplier": 1 << self._pushes, "pushed_by": self._pushed_by, "took_by": self._took_by,
            "skat_to": owner, "scores": raw,
        }
        events = [{"type": "skat_taken", "seat": owner, "points": skat_points}]
    totals = self._totals
    totals[0] += deltas[0]
    totals[1] += deltas[1]
    totals[2] += deltas[2]
    self._history.append(record)
    self._points_taken = points
    scored = {"type": "hand_scored", **record, "deltas": deltas[:], "points": points[:],
              "tricks": tricks[:], "totals": totals[:]}
    if self._mode != "grand":
        scored.update(pushed_by=self._pushed_by[:], took_by=self._took_by[:], scores=raw[:])
    events.append(scored)
    opts = self.options
    deals, target = opts["deals"], opts["target"]
    if (deals is not None and self._hand_no >= deals) or (target is not None and max(totals) >= target):
        self._over = True
        self._phase = "over"
        self._turn = None
        events.append({"type": "match_over", "winners": self._winners(), "totals": totals[:]})
        return events
    dealer = self._dealer
    if self._mode != "grand" or opts["gh_dealer"] == "rotate":
        dealer = _NEXT[dealer]
    self._start_hand(dealer)
    events.append({"type": "deal", "hand_no": self._hand_no, "dealer": dealer, "forehand": self._fh})
    return events
