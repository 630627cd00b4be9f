"""Computer players of Schrum Schrum and Tač (one engine family, one player).

What there is to decide (docs/rules/schrum.md):
- where an exposed card goes when it has several destinations: the centre or onto another player's reserve
  (Tač: only Open piles, and only when the centre does not fit, so there the choice is among Open piles);
- Tač's miss (`keep`): a sound player never misses. Every other player is entitled to give the offender a
  card, so a miss costs up to three cards and gains nothing;
- calling Tač! on a miss (the call costs nothing; the offender takes cards and the caller may give), and
  giving a card after a call (one card less to shed; the offender gets one more): a sound player always does.

So nearly everything is forced for a sound player, and where the card goes hardly matters: over 2,000
duplicate pairs even a player that sees every talon gains only 0.021 hands per deal over the rule of thumb
below (`benchmarks/schrum_ceiling.py`), and strong gains 0.008 over a player that puts each card anywhere it
fits (10,000 pairs). The levels therefore differ the way people at a real table do:
- `strong` never misses, calls every miss (also out of turn, `volunteer_strong`), always gives, and chooses a
  destination by perfect-information Monte Carlo: talons dealt anew from what nobody has seen
  (`Knowledge.sample`), every destination played out to the end of the hand with a noisy version of the rule
  of thumb (onto the reserve of the opponent with the fewest cards left, else the centre), the best mean
  result chosen;
- `easy` plays like a casual player: it puts a card anywhere it fits, overlooks a fitting card now and then
  in Tač (`SLIP`: a miss the others may punish with Tač!), and notices another's miss only half the time.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games import Engine

from . import Budget, Knowledge
from .search import hand_deltas, hand_over, pimc, playout

ITERATIONS = 48  # sampled worlds per destination decision (a playout to the end of the hand each)
NOISE = 0.25  # playouts: how often a seat picks a random destination instead of the rule of thumb
SLIP = 0.1  # easy, Tač: how often it overlooks a card that fits (and so misses)
NOTICE = 0.5  # easy, Tač: how often it notices another player's miss and calls it


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
    """A casual player: calls a miss it notices (`NOTICE`), always gives, overlooks a fitting card now and
    then (`SLIP`, where a miss is possible), and otherwise puts the card anywhere it fits."""
    legal = know.legal
    if "tac" in legal and rng.random() >= NOTICE:
        legal = [a for a in legal if a != "tac"]  # not noticed: the next player just goes on
    action = forced(legal)
    if action is not None:
        return action
    if "keep" in legal and rng.random() < SLIP:
        return "keep"
    moves = [a for a in legal if a not in ("keep", "pass")]
    return rng.choice(moves) if moves else legal[0]


def volunteer_easy(know: Knowledge, rng: random.Random) -> str | None:
    """Out of turn, Tač! on a miss it notices."""
    return "tac" if "tac" in know.legal and rng.random() < NOTICE else None


def volunteer_strong(know: Knowledge, rng: random.Random, budget: Budget) -> str | None:
    """Out of turn, Tač! on every miss."""
    return "tac" if "tac" in know.legal else None


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
