"""Worlds for the benchmarks' yardsticks, not for any player at a table.

The `oracle` searches the true deal, its only world: it sees every hand and also what nobody could know yet, the
order of the cards still to be drawn. In Treppenrommé half of its edge over the strong player is that sight of
future draws (`python -m benchmarks.treppenromme_leak`: +27.5 [21.1, 33.8] points a deal of the oracle's +98, on
332 deals, stop 36). The `hand-oracle` is the same search whose worlds hold every hand as it is and deal the
undrawn cards anew: a fairer yardstick, the most any player could get out of reading the others' hands.
Only the games whose future draws are part of the engine's state are offered (`HAND_ORACLE_GAMES`)."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.games import Engine


def _treppenromme(engine: Engine, rng: random.Random) -> Engine:
    """Every hand and the staircase as they are; the talon's order and the next hands' deal (the engine's
    generator) dealt anew."""
    world = engine.clone()
    world.rng = random.Random(rng.getrandbits(64))  # type: ignore[attr-defined]
    talon = sorted(world.talon)  # type: ignore[attr-defined]  # the true order forgotten first
    rng.shuffle(talon)
    world.talon = talon  # type: ignore[attr-defined]
    return world


HAND_ORACLE_GAMES: dict[str, Callable[[Engine, random.Random], Engine]] = {"treppenromme": _treppenromme}


def hand_oracle_world(engine: Engine, rng: random.Random) -> Engine:
    deal = HAND_ORACLE_GAMES.get(engine.key)
    if deal is None:
        raise ValueError(f"no hand oracle for {engine.key}; offered for: {', '.join(HAND_ORACLE_GAMES)}")
    return deal(engine, rng)
