"""Search over sampled worlds, shared by the games' strong players.

Perfect-information Monte Carlo (PIMC), as in Kermit's Skat player (Buro et al., IJCAI 2009): deal the
unseen cards anew many times (`Knowledge.sample`), score every legal move in each world by playing it out,
and choose the move with the best average. The playout policy and the score are the game's.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any

from bot.games import Engine

from . import Budget, Knowledge

# a policy picks an action for `seat` in a world it may see completely (a playout, not a real decision)
Policy = Callable[[Engine, int, random.Random], str]
INFERENCE_TRIES = 8  # worlds drawn for each world kept by `inferring`
FLOOR = 0.02  # no world's likelihood falls below this: a move nobody expected makes a world unlikely, not impossible


def inferring(know: Knowledge, likelihood: Callable[[Engine], float], *, tries: int = INFERENCE_TRIES,
              floor: float = FLOOR) -> Knowledge:
    """`know` whose worlds follow what the others did (sampling-importance-resampling): each world it deals
    is one of `tries` worlds drawn from `know.sample`, kept with probability proportional to
    `max(floor, likelihood(world))`, the chance that the other seats, holding that world's cards, took the
    actions the seat saw them take. `likelihood` may read the world's hidden cards and the public view only
    (it runs on the searcher's own world). Without the ingredient (`know.uses("inference")` false: the
    benchmark level `strong-no-inference`, or the oracle), `know` is returned as it is."""
    if not know.uses("inference"):
        return know
    draw = know.sample

    def sample(rng: random.Random) -> Engine:
        worlds = [draw(rng) for _ in range(tries)]
        weights = [max(floor, likelihood(w)) for w in worlds]
        if not any(weights):  # none fits (possible only with floor 0): any world rather than none
            return worlds[rng.randrange(tries)]
        return rng.choices(worlds, weights)[0]

    return know.with_sampler(sample)


def floored(weights: Sequence[float], share: float) -> list[float]:
    """`weights`, each at least `share` times the largest: a likelihood that is a product of many factors can
    fall far below the likeliest world's without the world being impossible."""
    least = share * max(weights)
    return [max(least, x) for x in weights]


def locate(weights: Sequence[float], points: Sequence[float]) -> list[int]:
    """The index each of `points` (in [0, 1)) falls on, with the weights laid end to end. Needs a positive
    total."""
    ends = list(accumulate(weights))
    if not ends or ends[-1] <= 0:
        raise ValueError(f"no weight to resample from (total {ends[-1] if ends else 0})")
    last = len(ends) - 1
    return [min(last, bisect_right(ends, p * ends[-1])) for p in points]


def systematic(weights: Sequence[float], n: int, rng: random.Random) -> list[int]:
    """`n` indices into `weights` by systematic resampling: one uniform offset, `n` evenly spaced points on the
    weights laid end to end (`locate`), each index as often as its points (a weight of k/n of the total: k
    times), in a shuffled order. Follows the weights more closely than `n` independent draws for the same pool."""
    if n < 1:
        raise ValueError(f"systematic resampling of {n}")
    offset = rng.random()
    picks = locate(weights, [(offset + i) / n for i in range(n)])
    rng.shuffle(picks)
    return picks


def pimc(know: Knowledge, rng: random.Random, budget: Budget,
         evaluate: Callable[[Engine, random.Random], float], *,
         candidates: Sequence[str] | None = None) -> str:
    """The candidate (default: every legal action) with the best mean of `evaluate(world_after_move, rng)`
    over sampled worlds; at least one world is searched even when the deadline has passed. Ties go to the
    earlier candidate, so the result is a function of the seed and what the seat knows."""
    moves = list(candidates if candidates is not None else know.legal)
    if len(moves) == 1:
        return moves[0]
    totals = [0.0] * len(moves)
    worlds = 0
    while worlds < max(1, budget.iterations):
        world = know.sample(rng)
        for i, move in enumerate(moves):
            after = world.clone()
            after.apply(know.seat, move)
            totals[i] += evaluate(after, rng)
        worlds += 1
        if budget.expired():
            break
    best = max(range(len(moves)), key=lambda i: (totals[i], -i))
    return moves[best]


def playout(world: Engine, policy: Policy, rng: random.Random, *,
            stop: Callable[[list[dict[str, Any]]], bool], max_steps: int = 10_000) -> list[dict[str, Any]]:
    """Play `world` on with `policy` for every seat to act (the lowest seat first where several may) until
    `stop(events)` holds for the events of one step or the match is over; returns all events of the playout."""
    out: list[dict[str, Any]] = []
    for _ in range(max_steps):
        if world.over:
            break
        movers = world.to_act()
        if not movers:
            break
        seat = min(movers)
        events = world.apply(seat, policy(world, seat, rng))
        out.extend(events)
        if stop(events):
            break
    return out


def hand_over(events: list[dict[str, Any]]) -> bool:
    """`stop` for `playout`: the hand was scored."""
    return any(e.get("type") in ("hand_scored", "match_over") for e in events)


def hand_deltas(events: list[dict[str, Any]]) -> list[int] | None:
    """The deltas of the first hand scored among `events`, if any."""
    for e in events:
        if e.get("type") == "hand_scored":
            return list(e["deltas"])
    return None


def clearly_better(xs: Sequence[float], base: Sequence[float], z: float) -> bool:
    """Is the mean of `xs - base` (paired: the same worlds) above `z` times its standard error? For choices
    that a search would otherwise make on noise, such as leaving a sound default."""
    d = [x - y for x, y in zip(xs, base, strict=True)]
    n = len(d)
    if n < 2:
        return False
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean > z * (var / n) ** 0.5
