"""Computer players of Schrum Schrum and Tač (one engine family, one player).

What there is to decide (docs/rules/schrum.md):
- where an exposed card goes when it has several destinations: the centre or onto another player's reserve
  (Tač: only Open piles, and only when the centre does not fit, so there the choice is among Open piles);
- Tač's miss (`keep`): never. Every other player is entitled to give the offender a card, so a miss costs
  up to three cards and gains nothing;
- calling Tač! on a miss: always (the call costs nothing; the offender takes cards and the caller may give);
- giving a card after a call: always (one card less to shed; the offender gets one more).
So the last three are forced for a sound player, and both levels play them the same way. The real choice is
the destination. `easy` puts a card onto the reserve of the opponent with the fewest cards left (a card there is
one more he has to shed), else into the centre. `strong` is perfect-information Monte Carlo: talons dealt anew
from what nobody has seen (`Knowledge.sample`), every destination played out to the end of the hand with a
quick noisy version of the easy rule for every seat, the destination with the best mean result chosen.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games import Engine

from . import Budget, Knowledge
from .search import hand_deltas, hand_over, pimc, playout

ITERATIONS = 48  # sampled worlds per destination decision (a playout to the end of the hand each)
NOISE = 0.25  # playouts: how often a seat picks a random destination instead of the rule of thumb


def forced(legal: list[str]) -> str | None:
    """The move every sound player makes in a Tač window or penalty: call, give, else expose."""
    for action in ("tac", "give", "expose"):
        if action in legal:
            return action
    return None


def rule_of_thumb(legal: list[str], counts: list[int]) -> str:
    """Onto the reserve of the opponent with the fewest cards left (ties: the first), else the centre."""
    onto = [a for a in legal if a.startswith("onto ")]
    if onto:
        return min(onto, key=lambda a: counts[int(a[5:])])
    return "centre" if "centre" in legal else next(a for a in legal if a != "keep")


def easy(know: Knowledge, rng: random.Random) -> str:
    """Call every miss, always give, never miss; the destination by `rule_of_thumb`."""
    return forced(know.legal) or rule_of_thumb(know.legal, know.view["counts"])


def _counts(world: Any) -> list[int]:
    return [len(t) + len(r) for t, r in zip(world.talons, world.reserves, strict=True)]


def rollout_policy(world: Engine, seat: int, rng: random.Random) -> str:
    """Playouts: the forced moves, else the rule of thumb, now and then a random destination."""
    legal = world.legal_actions(seat)
    action = forced(legal)
    if action is not None:
        return action
    if "pass" in legal:
        return "pass"
    moves = [a for a in legal if a != "keep"]
    if len(moves) > 1 and rng.random() < NOISE:
        return rng.choice(moves)
    return rule_of_thumb(moves, _counts(world))


def hand_value(seat: int, seats: int) -> Any:
    """`evaluate` for `pimc`: play the hand out; 1 for winning it, 0 for another's win, 1/seats for a draw."""

    def evaluate(world: Engine, rng: random.Random) -> float:
        deltas = hand_deltas(playout(world, rollout_policy, rng, stop=hand_over))
        if deltas is None or not any(deltas):
            return 1.0 / seats
        return float(deltas[seat] > 0)

    return evaluate


def strong(know: Knowledge, rng: random.Random, budget: Budget) -> str:
    """Forced moves as `easy`; a destination by PIMC over the legal destinations (never a miss)."""
    action = forced(know.legal)
    if action is not None:
        return action
    moves = [a for a in know.legal if a not in ("keep", "pass")]
    if len(moves) == 1:
        return moves[0]
    return pimc(know, rng, budget, hand_value(know.seat, know.view["seats"]), candidates=moves)
