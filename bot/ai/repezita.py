"""Computer players of Repezita, the real-time race (docs/rules/repezita.md).

There are no turns: the table asks a computer now and then (paced like a human's reaction) and it answers with a
card or `pass` ("nothing to play now"). What there is to decide:
- whether to play: a correct card always (every correct card is one card less, and waiting lets the others
  take the pile away); a wrong card never (it takes the whole pile back); so `pass` exactly when no card fits;
- which correct card: its rank decides what may follow (one up or one down). `easy` plays the rank that keeps
  the most of its own cards playable next. `strong` is perfect-information Monte Carlo: the other hands dealt
  anew from what the seat has not seen (`Knowledge.sample`: cards a player visibly took with the pile stay with
  him), each distinct rank played out to the end of the hand with the seats acting in turn round the table (the
  way the benchmark and a lively table interleave them), the rank with the best mean finishing place chosen.
The dealer's start signal is the only legal action before play, so `choose` returns it without asking.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.repezita import VALUE

from . import Budget, Knowledge
from .search import pimc

ITERATIONS = 40  # sampled worlds per choice between ranks (one playout to the end of the hand each)
NOISE = 0.3  # playouts: how often a seat plays a random correct card instead of the rule of thumb
MAX_STEPS = 3000  # a playout's safety net (a hand of 104 cards takes a few hundred plays)


def fits(value: int, top: int | None, any_start: bool) -> bool:
    """Is a card of rank `value` (A=1 ... K=13) correct on a pile whose top has rank `top` (None: empty)?"""
    if top is None:
        return value == 1 or any_start
    return (value - top) % 13 in (1, 12)


def follow_ups(value: int, counts: list[int]) -> int:
    """How many cards of `counts` (per rank value) could follow a card of rank `value`."""
    return counts[value % 13 + 1] + counts[(value - 2) % 13 + 1]


def correct_plays(view: dict[str, Any], legal: list[str]) -> list[tuple[str, int]]:
    """(action, rank value) of every correct card among the legal plays."""
    top = view.get("pile_top")
    t = VALUE[top] if top else None
    any_start = bool(view.get("any_start"))
    out = []
    for a in legal:
        if a.startswith("play "):
            v = VALUE[a.split()[1]]
            if fits(v, t, any_start):
                out.append((a, v))
    return out


def best_by_thumb(plays: list[tuple[str, int]], counts: list[int]) -> str:
    """The play whose rank leaves the most of the seat's other cards able to follow it (ties: the first)."""
    def score(item: tuple[str, int]) -> int:
        a, v = item
        counts[v] -= 1
        s = follow_ups(v, counts)
        counts[v] += 1
        return s

    return max(plays, key=score)[0]


def _rank_counts(hand: list[str]) -> list[int]:
    counts = [0] * 14
    for c in hand:
        counts[VALUE[c]] += 1
    return counts


def easy(know: Knowledge, rng: random.Random) -> str:
    """A correct card if there is one (the rank that keeps most of the own cards playable), else pass."""
    plays = correct_plays(know.view, know.legal)
    if not plays:
        return "pass" if "pass" in know.legal else know.legal[0]
    return best_by_thumb(plays, _rank_counts(know.view.get("hand", [])))


# -- playouts on a sampled world ---------------------------------------------------------------------------
def rollout_action(world: Any, seat: int, rng: random.Random) -> str | None:
    """A seat's play in a playout (None: nothing fits). Works on the world's own state, for speed."""
    top = world.pile[-1] if world.pile else None
    t = VALUE[top] if top else None
    ranks = world.ranks[seat]
    if t is None:
        wanted = [1] if ranks[1] or not world._ace_held() else []
        if not wanted:
            return None
        if not ranks[1]:
            wanted = [v for v in range(1, 14) if ranks[v]]
    else:
        wanted = [v for v in (t % 13 + 1, (t - 2) % 13 + 1) if ranks[v]]
    if not wanted:
        return None
    if len(wanted) > 1 and rng.random() >= NOISE:
        def score(v: int) -> int:
            ranks[v] -= 1
            s = follow_ups(v, ranks)
            ranks[v] += 1
            return s
        value = max(wanted, key=score)
    else:
        value = rng.choice(wanted)
    card = next(c for c in world.hands[seat] if VALUE[c] == value)
    return f"play {card} on {top or '-'}"


def race(world: Any, start: int, rng: random.Random) -> list[int] | None:
    """Play the hand out with the seats holding cards acting in turn clockwise from `start`; its deltas."""
    n = world.seats
    p = start
    for _ in range(MAX_STEPS):
        if world.over:
            return None
        active = world.active
        while p not in active:
            p = (p + 1) % n
        action = rollout_action(world, p, rng)
        if action is not None:
            for e in world.apply(p, action):
                if e["type"] == "hand_scored":
                    return list(e["deltas"])
        p = (p + 1) % n
    return None


def strong(know: Knowledge, rng: random.Random, budget: Budget) -> str:
    """Pass when nothing fits; one rank: play it; several: PIMC over one card of each rank."""
    plays = correct_plays(know.view, know.legal)
    if not plays:
        return "pass" if "pass" in know.legal else know.legal[0]
    by_rank: dict[int, str] = {}
    for a, v in plays:
        by_rank.setdefault(v, a)
    if len(by_rank) == 1:
        return plays[0][0]
    seat, seats = know.seat, know.view["seats"]

    def evaluate(world: Any, r: random.Random) -> float:
        deltas = race(world, (seat + 1) % seats, r)
        return deltas[seat] / (seats - 1) if deltas else 0.0

    return pimc(know, rng, budget, evaluate, candidates=list(by_rank.values()))
