"""Schieberamsch's scoring (docs/rules/schieberamsch.md, "Scoring" and "Grand Hand"): the normative formulas,
which the engine uses and the tests check directly."""

from __future__ import annotations

from .schieberamsch_cards import JACKS


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
