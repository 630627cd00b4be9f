"""Worlds for the benchmarks' yardsticks, not for any player at a table.

The `oracle` searches the true deal, its only world: it sees every hand and also what nobody could know yet, the
order of the cards still to be drawn. In Treppenrommé half of its edge over the strong player is that sight of
future draws (`python -m benchmarks.treppenromme_leak`: +27.5 [21.1, 33.8] points a deal of the oracle's +98, on
332 deals, stop 36). The `hand-oracle` is the same search whose worlds hold every hand as it is and deal the
undrawn cards anew: a fairer yardstick, the most any player could get out of reading the others' hands. In
Rufmariasch the undrawn cards are the second four of each hand while the call is made: the oracle's call knows the
partner, which a third of its edge was (`python -m benchmarks.rufmariasch_leak`, stop 33). Only the games whose
cards still to come are part of the engine's state are offered (`HAND_ORACLE_GAMES`).

The `play-oracle` (Rufmariasch only) calls as the strong player does, from its own four cards and fair worlds,
and plays its cards as the oracle, seeing every hand: the most any player whose call is fair could get out of
the card play. Its edge over easy against the oracle's says how much of the issue's target a fair call leaves."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.games import Engine


def _fresh(engine: Engine, rng: random.Random) -> Engine:
    """A copy whose generator (the next hands' deal) is drawn anew."""
    world = engine.clone()
    world.rng = random.Random(rng.getrandbits(64))  # type: ignore[attr-defined]
    return world


def _treppenromme(engine: Engine, rng: random.Random) -> Engine:
    """Every hand and the staircase as they are; the talon's order and the next hands' deal (the engine's
    generator) dealt anew."""
    world = _fresh(engine, rng)
    talon = sorted(world.talon)  # type: ignore[attr-defined]  # the true order forgotten first
    rng.shuffle(talon)
    world.talon = talon  # type: ignore[attr-defined]
    return world


def _rufmariasch(engine: Engine, rng: random.Random) -> Engine:
    """Before the call the second four cards of each seat are still to be dealt: the hands as they are, those 16
    cards dealt anew (four to each seat), and the next hands' deal (the engine's generator) too. After the call
    every card is in a hand, and the hand oracle's world is the true deal."""
    world = _fresh(engine, rng)
    held_back: list[list[str]] = world._second  # type: ignore[attr-defined]
    pool = sorted(card for batch in held_back for card in batch)  # the true order forgotten first
    rng.shuffle(pool)
    dealt, at = [], 0
    for batch in held_back:
        dealt.append(pool[at:at + len(batch)])
        at += len(batch)
    world._second = dealt  # type: ignore[attr-defined]
    return world


HAND_ORACLE_GAMES: dict[str, Callable[[Engine, random.Random], Engine]] = {
    "treppenromme": _treppenromme, "rufmariasch": _rufmariasch}


def play_oracle_world(engine: Engine, seat: int, rng: random.Random) -> Engine:
    """While the call is made, a world dealt from what `seat` knows (the strong player's); after it, the true
    deal (every card is in a hand then), its next hands' deal drawn anew."""
    if engine.key != "rufmariasch":
        raise ValueError(f"no play oracle for {engine.key}; offered for: rufmariasch")
    if engine.phase == "call":  # type: ignore[attr-defined]
        return engine.sample(seat, rng)
    return _fresh(engine, rng)


def hand_oracle_world(engine: Engine, rng: random.Random) -> Engine:
    deal = HAND_ORACLE_GAMES.get(engine.key)
    if deal is None:
        raise ValueError(f"no hand oracle for {engine.key}; offered for: {', '.join(HAND_ORACLE_GAMES)}")
    return deal(engine, rng)
