"""Schieberamsch's card tables: a hand as a 32-bit mask, and the lookups the engine and its players run on.

Internally a hand is a 32-bit mask: bit k is the card with display key k (SORT_KEY), so the Jacks are
bits 0-3 and each plain suit is a run of 7 bits (♣ 4-10, ♠ 11-17, ♥ 18-24, ♦ 25-31). The cards or
"play C" actions of one suit of a hand are then a table lookup on that run of bits.
"""

from __future__ import annotations

from typing import Any

from .cards import DECK_32

TRUMP = "T"
JACKS: tuple[str, ...] = ("JC", "JS", "JH", "JD")
POINTS: dict[str, int] = {}
SUIT_OF: dict[str, str] = {}      # "T" for every Jack, else the printed suit
POWER: dict[str, int] = {}        # within its own suit (trump or plain): higher wins
SORT_KEY: dict[str, int] = {}     # display order: Jacks ♣♠♥♦, then ♣ ♠ ♥ ♦ each A 10 K Q 9 8 7
_PLAIN_ORDER = ("A", "10", "K", "Q", "9", "8", "7")
_CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}

for _i, _j in enumerate(JACKS):
    SORT_KEY[_j] = _i
    POWER[_j] = 100 - _i
for _c in DECK_32:
    _r, _s = _c[:-1], _c[-1]
    POINTS[_c] = _CARD_POINTS[_r]
    if _r == "J":
        SUIT_OF[_c] = TRUMP
    else:
        SUIT_OF[_c] = _s
        POWER[_c] = 10 - _PLAIN_ORDER.index(_r)
        SORT_KEY[_c] = 4 + "CSHD".index(_s) * 7 + _PLAIN_ORDER.index(_r)
SORTED_DECK: tuple[str, ...] = tuple(sorted(DECK_32, key=SORT_KEY.__getitem__))

BIT: dict[str, int] = {c: 1 << SORT_KEY[c] for c in DECK_32}
TVALUE: dict[str, int] = {c: POWER[c] + (1000 if SUIT_OF[c] == TRUMP else 0) for c in DECK_32}
# The play phase works on card ids k = SORT_KEY (index into SORTED_DECK) and suit ids (Jacks 0, ♣ 1, ♠ 2,
# ♥ 3, ♦ 4), so that its lookups are tuple indexing.
SUIT_IDS: tuple[str, ...] = (TRUMP, "C", "S", "H", "D")
_SUIT_ID = {su: i for i, su in enumerate(SUIT_IDS)}
_PTS: tuple[int, ...] = tuple(POINTS[c] for c in SORTED_DECK)
# per led suit id, per card id: the card's strength in that trick (-1: cannot win; all others distinct)
_WIN_VALUE: tuple[tuple[int, ...], ...] = tuple(
    tuple(TVALUE[c] if SUIT_OF[c] in (TRUMP, led) else -1 for c in SORTED_DECK) for led in SUIT_IDS)
PLAY: dict[str, str] = {c: "play " + c for c in DECK_32}          # card -> action
PLAY_CARD: dict[str, str] = {a: c for c, a in PLAY.items()}        # action -> card
# action -> (card id, bit, suit id)
_ACT_INFO: dict[str, tuple[int, int, int]] = {
    a: (SORT_KEY[c], BIT[c], _SUIT_ID[SUIT_OF[c]]) for c, a in PLAY.items()}
# per suit: (shift, width mask, all bits of the suit)
_SUIT_BITS: dict[str, tuple[int, int, int]] = {
    s: (sh, (1 << w) - 1, ((1 << w) - 1) << sh)
    for s, sh, w in ((TRUMP, 0, 4), ("C", 4, 7), ("S", 11, 7), ("H", 18, 7), ("D", 25, 7))}
SUIT_MASK: dict[str, int] = {s: v[2] for s, v in _SUIT_BITS.items()}
_SUIT_MASKS: tuple[int, ...] = tuple(SUIT_MASK[su] for su in SUIT_IDS)


def _subsets(sh: int, w: int, f: Any) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(f(SORTED_DECK[sh + i]) for i in range(w) if sub >> i & 1) for sub in range(1 << w))


_CARDS_SUB = tuple(_subsets(sh, w, str) for sh, w in ((0, 4), (4, 7), (11, 7), (18, 7), (25, 7)))
_ACTS_SUB = tuple(_subsets(sh, w, PLAY.__getitem__) for sh, w in ((0, 4), (4, 7), (11, 7), (18, 7), (25, 7)))
# per suit id: (shift, width mask, the "play C" tuples of every subset of that suit)
_FOLLOW: tuple[tuple[int, int, tuple[tuple[str, ...], ...]], ...] = tuple(
    (sh, wm, _ACTS_SUB[i]) for i, (sh, wm, _) in enumerate(_SUIT_BITS.values()))
# the seats of a trick's first, second and third card, per leader
_SEATS_FROM = ((0, 1, 2), (1, 2, 0), (2, 0, 1))
_CT, _CC, _CS, _CH, _CD = _CARDS_SUB
_AT, _AC, _AS, _AH, _AD = _ACTS_SUB


def cards_of(m: int) -> list[str]:
    """The cards of a hand mask, in display order."""
    return [*_CT[m & 15], *_CC[m >> 4 & 127], *_CS[m >> 11 & 127], *_CH[m >> 18 & 127], *_CD[m >> 25]]


# the "play C" actions of every subset of bits 0-10, 11-21 and 22-31 (three lookups give a whole hand)
_LEAD_LO = tuple((*_AT[sub & 15], *_AC[sub >> 4]) for sub in range(1 << 11))
_LEAD_MID = tuple((*_AS[sub & 127], *_AH[sub >> 7]) for sub in range(1 << 11))
_LEAD_HI = tuple((*_AH[(sub & 7) << 4], *_AD[sub >> 3]) for sub in range(1 << 10))


def mask_of(cards: list[str] | tuple[str, ...]) -> int:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


# "discard A B" for every pair, A before B in display order: _DISCARD[A][B]
_DISCARD: dict[str, dict[str, str]] = {
    a: {b: f"discard {a} {b}" for b in DECK_32 if SORT_KEY[b] > SORT_KEY[a]} for a in DECK_32}
_ONE = (frozenset({0}), frozenset({1}), frozenset({2}))
_NOBODY: frozenset[int] = frozenset()
_NEXT = (1, 2, 0)
_RANGE32 = range(32)
# who gets each position of the dealt pack (FH 0-2 11-14 23-25, MH 3-5 15-18 26-28, RH 6-8 19-22 29-31,
# skat 9-10), as a bytes.translate table per forehand seat: position -> seat (3 = skat)
_ROLE_AT = (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2)
_OWNER_AT = tuple(bytes([(fh + r) % 3 if r < 3 else 3 for r in _ROLE_AT] + [0] * 224) for fh in range(3))
# translate tables: owner byte -> "1" for that owner, "0" otherwise
_DIGIT_OF = tuple(bytes(49 if b == owner else 48 for b in range(256)) for owner in range(4))
# the legal actions of the simple decision points
_SIMPLE = {"grand": ("pass", "grand"), "schieben": ("push", "take"), "kontra": ("pass", "kontra"),
           "rekontra": ("pass", "rekontra")}


def _sorted(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)
