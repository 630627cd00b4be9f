"""Sets of cards as the bits of an int, which the searches' quick hands are made of: a card is a bit index."""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def mask(cards: Iterable[str], index: Mapping[str, int]) -> int:
    """The set of `cards`, each at its bit `index[card]`."""
    m = 0
    for c in cards:
        m |= 1 << index[c]
    return m


def of_ids(bits: Iterable[int]) -> int:
    """The set of the bit indices `bits`."""
    m = 0
    for k in bits:
        m |= 1 << k
    return m


def ids(m: int) -> list[int]:
    """The bit indices set in `m`, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out
