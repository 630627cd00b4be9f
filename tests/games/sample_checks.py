"""Checks every game's `sample(seat, rng)` must pass (shared by the Schrööm and Treppenrommé sample tests)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.games import Engine


def assert_consistent(e: Engine, w: Engine, seat: int) -> None:
    """`w` looks to `seat` (and to the public) exactly like `e`."""
    assert w.view(seat) == e.view(seat)
    assert w.view(None) == e.view(None)
    assert w.legal_actions(seat) == e.legal_actions(seat)
    assert w.to_act() == e.to_act()


def same_world(a: Engine, b: Engine, hidden: Callable[[Any], Any]) -> bool:
    """Every seat sees the same in `a` and `b`, the same actions are legal and `hidden(x)` (the rest of
    the hidden state: the stock, the talon) is equal."""
    return (all(a.view(s) == b.view(s) for s in range(a.seats)) and hidden(a) == hidden(b)
            and all(a.legal_actions(s) == b.legal_actions(s) for s in range(a.seats)))


def assert_canonical(e: Engine, seat: int, hidden: Callable[[Any], Any], seed: int = 7) -> None:
    """A world sampled from another world of the same knowledge equals one sampled from `e`."""
    other = e.sample(seat, random.Random(seed + 1))
    assert same_world(other.sample(seat, random.Random(seed)), e.sample(seat, random.Random(seed)), hidden)
