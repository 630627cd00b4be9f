"""Rufmariasch's cards and money: rank order, card points, the call and play actions, and the settlement of a
hand (docs/rules/rufmariasch.md, "Cards and points" and "Scoring")."""

from __future__ import annotations

from .cards import DECK_32, SUITS, SuitText, pretty_suit

RANK_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")          # highest first
SUIT_OF: dict[str, str] = {c: c[-1] for c in DECK_32}
STRENGTH: dict[str, int] = {c: 7 - RANK_ORDER.index(c[:-1]) for c in DECK_32}   # A=7 ... 7=0
POINTS: dict[str, int] = {c: (10 if c[:-1] in ("A", "10") else 0) for c in DECK_32}
SORT_KEY: dict[str, int] = {c: SUITS.index(c[-1]) * 8 + RANK_ORDER.index(c[:-1]) for c in DECK_32}
PLAY: dict[str, str] = {c: "play " + c for c in DECK_32}
ANNOUNCE: dict[str, str] = {s: "announce " + s for s in SUITS}
CALLS: tuple[str, ...] = tuple(f"call {t} {c}" for t in SUITS for c in DECK_32)
CALL_SET = frozenset(CALLS)
SUIT_CARDS: dict[str, tuple[str, ...]] = {s: tuple(c for c in DECK_32 if c[-1] == s) for s in SUITS}
LAST_TRICK_BONUS = 10
TRICKS = 8


def _sym(s: str) -> SuitText:
    return pretty_suit(s)


def target(announced_by_callers: int) -> int:
    """The callers' target: 50 without announced marriages, else 40 + D (docs/rules/rufmariasch.md, "Scoring")."""
    return 50 if announced_by_callers == 0 else 40 + announced_by_callers


def settle(caller: int, partner: int, callers_total: int, defenders_total: int, announced: int,
           stake: int) -> tuple[bool, int, list[int]]:
    """(callers win?, P, per-seat deltas) for one hand. ``partner == caller`` means the caller was alone."""
    callers_win = callers_total >= target(announced)
    pay = abs(callers_total - defenders_total) * stake
    sign = 1 if callers_win else -1
    deltas = [0, 0, 0, 0]
    if partner == caller:
        for s in range(4):
            deltas[s] = 3 * sign * pay if s == caller else -sign * pay
    else:
        for s in range(4):
            deltas[s] = sign * pay if s in (caller, partner) else -sign * pay
    return callers_win, pay, deltas
