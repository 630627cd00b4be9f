"""How players of each game sort their hand.

- Schieberamsch: the four Jacks first (♣ ♠ ♥ ♦, their trump order), then the suits in alternating
  colours, each A 10 K Q 9 8 7 (Skat order).
- Rufmariasch: the called trump suit first, then the other suits alternating colours, each
  A 10 K O U 9 8 7 (no permanent trumps).
- Schrööm: suits alternating colours, each in Schrööm rank 10 9 8 7 A K D B.
- Treppenrommé: suits alternating colours, each rising 2 … 10 J Q K A (runs read left to right).
- Schrum Schrum, Tač, Repezita (suits do not matter): by rank along the game's sequence, A first.
"""

from __future__ import annotations

import re
from typing import Any

_CODE = re.compile(r"^(10|[2-9JQKA])([CSHD])")

SUIT_ORDER = ("C", "H", "S", "D")  # black, red, black, red
SKAT_RANKS = ("A", "10", "K", "Q", "9", "8", "7")
MARIASCH_RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7")
SCHROEOEM_RANKS = ("10", "9", "8", "7", "A", "K", "Q", "J")
RUMMY_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
CYCLE_52 = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CYCLE_32 = ("A", "7", "8", "9", "10", "J", "Q", "K")
JACKS = ("JC", "JS", "JH", "JD")


def split(card: str) -> tuple[str, str]:
    """("10", "H") for "10H"; tolerant of engine-specific suffixes for a second deck ("10H#2", "10H2")."""
    m = _CODE.match(card)
    if not m:
        raise ValueError(f"not a card code: {card!r}")
    return m.group(1), m.group(2)


def base(card: str) -> str:
    r, s = split(card)
    return r + s


def _suit_pos(s: str, first: str | None = None) -> int:
    order = list(SUIT_ORDER)
    if first in order:
        # trump first, then keep the colours alternating where possible
        order.remove(first)
        red = first in "HD"
        rest_other = [x for x in order if (x in "HD") != red]
        rest_same = [x for x in order if (x in "HD") == red]
        order = [first]
        while rest_other or rest_same:
            if rest_other:
                order.append(rest_other.pop(0))
            if rest_same:
                order.append(rest_same.pop(0))
    return order.index(s)


def sort_key(game_key: str, card: str, view: dict[str, Any] | None = None) -> tuple:
    r, s = split(card)
    if game_key == "schieberamsch":
        if r == "J":
            return (0, JACKS.index(r + s), 0)
        return (1, _suit_pos(s), SKAT_RANKS.index(r))
    if game_key == "rufmariasch":
        trump = (view or {}).get("trump")
        return (_suit_pos(s, trump), MARIASCH_RANKS.index(r), 0)
    if game_key == "schroeoem":
        return (_suit_pos(s), SCHROEOEM_RANKS.index(r), 0)
    if game_key == "treppenromme":
        return (_suit_pos(s), RUMMY_RANKS.index(r), 0)
    if game_key == "schrum":
        return (CYCLE_32.index(r) if r in CYCLE_32 else 99, _suit_pos(s), 0)
    if game_key in ("tac", "repezita"):
        return (CYCLE_52.index(r), _suit_pos(s), 0)
    return (_suit_pos(s), RUMMY_RANKS.index(r), 0)


def group_key(game_key: str, card: str, view: dict[str, Any] | None = None) -> str:
    """Cards with the same key sit together in a hand image; a small gap separates the groups."""
    r, s = split(card)
    if game_key == "schieberamsch" and r == "J":
        return "trump"
    if game_key in ("schrum", "tac", "repezita"):
        return r
    return s


def sort_hand(game_key: str, cards: list[str], view: dict[str, Any] | None = None) -> list[str]:
    """The hand in the order a player of that game holds it (see the module docstring)."""
    return sorted(cards, key=lambda c: (sort_key(game_key, c, view), c))
