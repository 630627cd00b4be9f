"""Treppenrommé's computer players.

Rules of thumb (easy, and everybody's play in the strong player's playouts): take the top staircase card
when it completes a combination or fits a meld on the table, else draw; meld the biggest combination,
lay off what fits, and discard the most expensive card that is not part of a pair or a near sequence.

The strong player plans its turn over sampled worlds (`Knowledge.sample`: the other hands' unseen cards
and the talon dealt anew). Taking K staircase cards is the decision that matters most: every K whose
cards could be used is a candidate beside drawing, and each is scored by playing the turn out with the
rules of thumb and then a short playout of the next turns for everybody; the discard is chosen the same
way (which card to keep, what it gives the next player). Melds and lay-offs are placed greedily, biggest
first: points count the moment a card is placed and nothing is lost by placing early.

With the ingredient *inference* (`bot.ai.INGREDIENTS`) the worlds follow the other players' visible play
(`treppenromme_infer`): they are resampled from one pool of INFERENCE_TRIES deals of the hidden cards per world
searched, weighted by whether the others, holding them, would have placed everything they could, thrown the
cards they threw and left the staircase cards they left lying, in every turn of the hand the view's public log
shows (older turns count less: the cards drawn since are unknown; a seat shown as an easy computer is read as
the rule it follows exactly, and heads-up his whole hand is: `treppenromme_history`). So the cards that go with
their discards, or with cards they would not take, or onto the table, lie more often in the talon than in their
hands.

A discard that feeds the next player (makes a combination with two cards of his hand, so that he takes it
from the staircase) is where reading his hand pays: a strong player that knows only which of its discard
candidates feed him gains as much over easy as one that sees his whole hand (`python -m
benchmarks.treppenromme_sight`). Where the inferred worlds give such a discard 2 to 40 %, it feeds him 1.3 to
1.9 times as often (`python -m benchmarks.treppenromme_feed`: rule players keep the pairs a card completes), so
with inference a discard's worlds in which it feeds him count FEED_SCALE times as often (`feed_weighted`).

Every setting here was measured against the alternatives tried (more worlds, longer playouts, more inference
tries, a value of the cards held, a better own play in the playouts, a prior for kept pairs, a fitted model of
which discard feeds him): `docs/computer-players.md` has each run, its command and its figures.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUITS
from bot.games.treppenromme import HAND_VALUE, Treppenromme
from bot.games.treppenromme_melds import CYCLE

from . import Budget, Knowledge
from .treppenromme_infer import combines, inferring

ITERATIONS = 24  # sampled worlds per searched decision
HORIZON = 6  # turns played out after this one in a playout (all players), unless the hand ends first
MAX_TAKE_CANDIDATES = 5  # take K options searched besides drawing (the most useful ones)
MAX_DISCARD_CANDIDATES = 4  # discards searched (the least connected cards, most expensive first)
INFERENCE_TRIES = 16  # worlds drawn for each world searched (inference: kept by the others' likelihood)
INFERENCE_FLOOR = 0.0001  # the least weight a deal keeps in the pool, as a share of the likeliest deal's
FEED_SCALE = 3.0  # a discard's worlds where it feeds the next player count this many times (see `strong`)

_RANK = {r: i for i, r in enumerate(CYCLE)}
_SUIT = {s: i for i, s in enumerate(SUITS)}


def parts(card: str) -> tuple[int, int]:
    """(suit index, cycle index A=0 .. K=12) of a card code."""
    return _SUIT[card[-1]], _RANK[card[:-1]]


def useful(card: str, hand: Sequence[str], fits: set[str]) -> bool:
    """Would `card` make a combination with two cards of `hand`, or lay off onto a table meld?"""
    return card in fits or combines(card, hand)


def keep_score(card: str, hand: Sequence[str]) -> int:
    """How much `card` is worth keeping: partners for a set or a sequence (0: an isolated card)."""
    si, ri = parts(card)
    score = 0
    for c in hand:
        if c == card:
            continue
        s, r = parts(c)
        if r == ri or s == si and (r - ri) % 13 in (1, 12):
            score += 2
        elif s == si and (r - ri) % 13 in (2, 11):
            score += 1
    return score


def thumb(legal: Sequence[str], hand: Sequence[str], staircase: Sequence[str], fits: set[str]) -> str:
    """The rule-of-thumb action (one step of a turn)."""
    if legal[0] == "draw":
        if staircase and "take 1" in legal and useful(staircase[-1], hand, fits):
            return "take 1"
        return "draw"
    melds = [a for a in legal if a.startswith("meld ")]
    if melds:
        return max(melds, key=lambda a: (a.count(" "), -legal.index(a)))
    for a in legal:
        if a.startswith("layoff "):
            return a
    discards = [a for a in legal if a.startswith("discard ")]
    return min(discards, key=lambda a: (keep_score(a[8:], hand), -HAND_VALUE[a[8:]], legal.index(a)))


def view_fits(melds: Sequence[dict[str, Any]]) -> set[str]:
    return {e["rank"] + e["suit"] for m in melds for e in m["ends"]}


def easy(know: Knowledge, rng: random.Random) -> str:
    v = know.view
    return thumb(know.legal, v["hand"], v["staircase"], view_fits(v["melds"]))


# -- playouts on a world (perfect information, engine read directly for speed) ----------------------------
def world_fits(w: Treppenromme) -> set[str]:
    return {c for m in w.melds for c, _ in m.fits()}


def world_policy(w: Treppenromme, seat: int) -> str:
    return thumb(w.legal_actions(seat), w.hands[seat], w.staircase, world_fits(w))


def finish_turn(w: Treppenromme, seat: int) -> bool:
    """Play `seat`'s turn to its end with the rules of thumb; False if the hand (or match) ended."""
    hand_no = w.hand_no
    while not w.over and w.current == seat and w.hand_no == hand_no:
        w.apply(seat, world_policy(w, seat))
    return not w.over and w.hand_no == hand_no


def standing(w: Treppenromme) -> list[int]:
    """Each seat's total plus the points it placed in the running hand."""
    return [t + p for t, p in zip(w.totals, w.hand_points, strict=True)]


def score(w: Treppenromme, seat: int, base: Sequence[int]) -> float:
    """What `seat` gained since `base` (= `standing` then) against the others' average."""
    gains = [now - then for now, then in zip(standing(w), base, strict=True)]
    others = [g for s, g in enumerate(gains) if s != seat]
    return gains[seat] - sum(others) / len(others)


def evaluate(w: Treppenromme, seat: int, hand_no: int, base: Sequence[int], horizon: int) -> float:
    """Finish `seat`'s turn, then let everybody play `horizon` turns by the rules of thumb; score it."""
    if finish_turn(w, seat):
        turns = 0
        while turns < horizon and not w.over and w.hand_no == hand_no:
            mover = w.current
            finish_turn(w, mover)
            turns += 1
    return score(w, seat, base)


def take_candidates(v: dict[str, Any], legal: Sequence[str]) -> list[str]:
    """`draw` plus the most promising `take K`: those whose deepest card could be used with the hand and
    the cards above it (the deeper, the more material), at most MAX_TAKE_CANDIDATES."""
    stairs = v["staircase"]
    fits = view_fits(v["melds"])
    hand = list(v["hand"])
    scored: list[tuple[int, int]] = []
    for k in range(1, len(stairs) + 1):
        taken = stairs[-k:]
        if useful(taken[0], hand + taken, fits):
            scored.append((sum(useful(c, hand + taken, fits) for c in taken), k))
    scored.sort(key=lambda x: (-x[0], -x[1]))
    ks = sorted(k for _, k in scored[:MAX_TAKE_CANDIDATES])
    return ["draw"] + [f"take {k}" for k in ks if f"take {k}" in legal]


def discard_candidates(legal: Sequence[str], hand: Sequence[str]) -> list[str]:
    """The discards worth comparing: the least connected cards, most expensive first (at most four)."""
    discards = [a for a in legal if a.startswith("discard ")]
    discards.sort(key=lambda a: (keep_score(a[8:], hand), -HAND_VALUE[a[8:]], legal.index(a)))
    return discards[:MAX_DISCARD_CANDIDATES]


def strong(know: Knowledge, rng: random.Random, budget: Budget) -> str:
    v = know.view
    legal = know.legal
    if legal[0] == "draw":
        moves = take_candidates(v, legal)
    else:
        greedy = thumb(legal, v["hand"], v["staircase"], view_fits(v["melds"]))
        if not greedy.startswith("discard "):
            return greedy  # placing points is never wrong here: they count at once
        moves = discard_candidates(legal, v["hand"])
    if len(moves) == 1:
        return moves[0]
    seat = know.seat
    # a discard's worlds where it feeds the next player count FEED_SCALE times as often (inference only)
    scale = FEED_SCALE if legal[0] != "draw" and know.uses("inference") else 1.0
    know = inferring(know, tries=INFERENCE_TRIES, floor=INFERENCE_FLOOR, worlds=max(1, budget.iterations),
                     expired=budget.expired)
    # per move: [sum, worlds] where it does not feed the next player, and where it does
    split = [[[0.0, 0.0], [0.0, 0.0]] for _ in moves]
    for n in range(max(1, budget.iterations)):
        world = know.sample(rng)
        assert isinstance(world, Treppenromme)
        base = standing(world)
        nxt = world.hands[(seat + 1) % world.seats]
        for i, move in enumerate(moves):
            after = world.clone()
            after.apply(seat, move)
            cell = split[i][scale != 1.0 and combines(move[8:], nxt)]
            cell[0] += evaluate(after, seat, world.hand_no, base, HORIZON)
            cell[1] += 1
        if n and budget.expired():
            break
    values = [feed_weighted(s, scale) for s in split]
    best = max(range(len(moves)), key=lambda i: (values[i], -i))
    return moves[best]


def feed_weighted(split: Sequence[Sequence[float]], scale: float) -> float:
    """A move's mean value over the worlds, those in which the discard feeds the next player (`split[1]`: the
    sum of their values and their number; `split[0]` the others) counted `scale` times as often: the share of
    such worlds scaled, at most 1. A move that feeds in none or in all of them keeps its plain mean."""
    (no_sum, no_n), (yes_sum, yes_n) = split
    if not yes_n or not no_n:
        return (no_sum + yes_sum) / (no_n + yes_n)
    p = min(1.0, scale * yes_n / (no_n + yes_n))
    return p * yes_sum / yes_n + (1 - p) * no_sum / no_n
