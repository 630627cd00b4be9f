"""Schrööm's cards: the rank order (10 9 8 7 A K D B), the keys the engine and its players sort and compare by,
and the Kölsch notice's hands (docs/rules/schroeoem.md)."""

from __future__ import annotations

from itertools import combinations

from .cards import DECK_32, SUITS

RANK_ORDER = ("10", "9", "8", "7", "A", "K", "Q", "J")  # high -> low (docs/rules/schroeoem.md: 10 9 8 7 A K D B)
_STRENGTH = {r: len(RANK_ORDER) - i for i, r in enumerate(RANK_ORDER)}
CARD_SUIT = {c: c[-1] for c in DECK_32}
CARD_STRENGTH = {c: _STRENGTH[c[:-1]] for c in DECK_32}
NUMBER_VALUE = {"7": 7, "8": 8, "9": 9, "10": 10}
IS_NUMBER = {c: c[:-1] in NUMBER_VALUE for c in DECK_32}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
SORT_KEY = {c: (_SUIT_INDEX[c[-1]], -CARD_STRENGTH[c]) for c in DECK_32}
LOW_KEY = {c: (CARD_STRENGTH[c], _SUIT_INDEX[c[-1]]) for c in DECK_32}


def koelsch_sum(hand: list[str]) -> int:
    """Sum of the numbers (7-10) in a hand; > 37 buys a round."""
    return sum(NUMBER_VALUE.get(c[:-1], 0) for c in hand)


# every dealt hand that buys a round: its numbers (only tens, nines and eights can get there) sum to > 37
KOELSCH_HANDS: tuple[frozenset[str], ...] = tuple(
    frozenset(h) for h in combinations([c for c in DECK_32 if c[:-1] in ("10", "9", "8")], 4)
    if koelsch_sum(list(h)) > 37)
