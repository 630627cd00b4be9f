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

A discard that feeds the next player (makes a combination with two cards of his hand, so that he takes it
from the staircase) is where reading his hand pays: a strong player that knows only which of its discard
candidates feed him gains as much over easy as one that sees his whole hand (`python -m
benchmarks.treppenromme_sight`). Where the inferred worlds give such a discard 2 to 40 %, it feeds him 1.3 to
1.9 times as often (`python -m benchmarks.treppenromme_feed`: rule players keep the pairs a card completes), so
with inference a discard's worlds in which it feeds him count FEED_SCALE times as often (`feed_weighted`).

With the ingredient *inference* (`bot.ai.INGREDIENTS`) the worlds follow the other players' visible play
(`treppenromme_infer`): each is the likeliest-weighted of INFERENCE_TRIES deals of the hidden cards, judged by
whether the others, holding them, would have placed everything they could, thrown the cards they threw and
left the staircase cards they left lying, in every turn of the hand the view's public log shows (older turns
count less: the cards drawn since are unknown). So the cards that go with their discards, or with cards they
would not take, or onto the table, lie more often in the talon than in their hands. Measured at 24 worlds
without a deadline (`python -m benchmarks.ai --games treppenromme --levels strong,easy --oracle --deals 400
--jobs 1 --iterations 24 --max-wall-s 1500`, seed 1, the first 172 deals, on a loaded 2-core machine): against
easy +50.3 [42.9, 57.7] points per deal, 52 % [45, 59] of the oracle's edge (+96.7); the inference that read
only the last turn, on the same deals, +43.6 (45 %): +6.7 [1.0, 12.4] per deal, paired. Against
strong-no-inference (`--levels strong,strong-no-inference`, seeds 1 and 2, 306 deals) +1.1 [-3.5, 5.7], the
last-turn inference +3.3 [-1.0, 7.7] on the same deals (-2.2 [-7.7, 3.2] paired): against a searching
opponent, whose takes and discards the rules of thumb fit less well, no gain is measured yet.

Tried and not kept (26 Nov 2026, 24 worlds, no deadline, seed 1, against the code before on the same deals
against easy, paired): a value of the hands still held where a playout stops (least squares on 4,000
rules-of-thumb hands played to their end: 0.19 per point held, -2.35 per card, 0.38 per point with a partner,
1.44 per point that fits the table) -5.6 [-10.6, -0.5] over 179 deals; without the per-card term -6.7
[-12.5, -0.8] over 159; INFERENCE_TRIES 32 -4.5 [-10.9, 1.8] over 196 (and +1.2 [-8.2, 10.5] against
strong-no-inference over 124), although its worlds predict the other hand better (1.01 -> 1.11 nats per
position against easy, 0.95 -> 1.03 against strong-no-inference); a second model of the others, a searching
player (discard and staircase factors fitted on his real hands), mixed half and half with the rules of thumb:
0.95 -> 0.97 nats against strong-no-inference but 1.01 -> 0.79 against easy.

More worlds do not turn the unused budget into points (26 Nov 2026, stop 34; at the default budget a decision
takes p50 46 ms, p99 162 ms, max 203 ms over 30 deals on a 2-core machine at load 1). Against easy, no
deadline, seed 1, `--jobs 1`, paired with 24 worlds on its first 196 deals (`python -m benchmarks.ai --games
treppenromme --levels strong,easy --deals 400 --iterations K --jobs 1`): ITERATIONS 48 -4.1 [-10.4, 2.2]
(+44.3 over 293 deals, 45 % [40, 50] of the oracle's edge), 96 +1.5 [-5.4, 8.4] (+46.7 over 217 deals, 48 %
[41, 55]; 24 worlds: 48 % [42, 55]); 96 against 48 +4.8 [-0.8, 10.5] (217), so nothing monotone. The oracle
gains nothing from more worlds (its one world is the true deal and the playouts are deterministic: at 1 world
it plays exactly as at 24), so the gap is not the search's noise but what the playouts' rules of thumb and the
inference's worlds know. Several playouts per world would only reshuffle the talon (the hands' play is
deterministic), about half a world's cost, and was not run after this. A longer playout is worse: HORIZON 12
at 24 worlds -9.2 [-15.6, -2.8] on the same 196 deals (+39.6 over 292, 39 % [32, 45] of the oracle's edge).

Tried and not kept: a better policy for the searcher's own later turns in the playouts (27 Nov 2026). Among
rule-of-thumb players (2 seats, duplicate, one hand, 3,000 to 4,000 deals, no search) a seat that takes the
staircase down to its most usable card instead of the top one only gains +36.6 +- 1.4 points per deal (at most
3 cards: +9.0 +- 0.6), one that also does not throw a card the next player could use (seeing the world's
hands) +71.5 +- 1.6 (at most 3 cards: +25.4 +- 1.0). In the strong player's playouts only the searcher's own turns played so (the others
stay the rules of thumb, which is how easy plays): unlimited, the search learned to leave usable cards lying on
the staircase for its later turns (the easy model never takes below the top) and chose `take 3` or even `draw`
over the clearly better `take 4` of the test with 8-9 of hearts under two cards; limited to 3 cards, with the
take searched pruned where the card just below it would be usable too, against easy, paired with the code
before on the same deals (`python -m benchmarks.ai --games treppenromme --levels strong,easy --deals 400
--iterations 24 --jobs 1 --seed 1`, 2-core machine at load 4 to 8; before +45.66 [40.78, 50.55] over 400):
deep takes and safe discards +46.19 [41.51, 50.88], +0.53 [-4.25, 5.31] paired over 400 deals; deep takes
alone +44.60 [39.56, 49.64], -1.06 [-5.51, 3.39] (both with the pruned takes). Neither is measurably better
on 400 deals, so the rules of thumb stay the playouts' policy for every seat (+- above: 95 % half-widths).

Where the oracle's edge comes from (27 Nov 2026, `python -m benchmarks.treppenromme_leak --deals 150
--iterations 24`, seed 1, 300 strong seat-deals, each choice valued by the rules of thumb to the hand's end):
the oracle's choices are worth +70.4 [59.6, 81.2] points per strong seat-deal over strong's, of which knowing
the other's hand (a search with his true hand and the talon dealt anew) +10.5 [1.2, 19.9] and knowing the
talon's order, the future draws, +59.8 [48.4, 71.3]. The largest fair part: discards that feed him (strong's
card makes a combination with his hand, the oracle's does not), +10.2 [6.3, 14.0] of the hand part in 125
decisions; then the draw step (+3.5 each way, take or draw). Played for real in the benchmark (seed 1, 24
worlds, no deadline, the same 332 deals; the hand oracle as a level patched in from outside the repository),
strong gets +46.33, that hand oracle +70.50 [64.66, 76.34], the oracle +97.97: the hand is worth +24.17 [18.84,
29.50], the talon's order +27.47 [21.14, 33.80]. So about half of the gap to the oracle is the future draws,
which no fair player can know: strong reaches 47 % [42, 52] of the oracle's edge and 66 % [59, 72] of the hand
oracle's. The worlds predict
badly whether a discard feeds him: over 363 candidate discards of easy-against-easy positions, 13 % feed
him, the inferred worlds say 6.4 % on average (14 % where it does, 5 % where it does not), since a rule
player's hand keeps its pairs (2.08 pairs that could grow into a combination, against 1.25 in the inferred
worlds and 0.98 in uniform ones). Tried and not kept, each against the code before on the same deals (`python
-m benchmarks.ai --games treppenromme --levels strong,easy --deals 400 --iterations 24 --jobs 1`, 2-core
machine at load 3 to 6; before +45.66 [40.78, 50.55] over 400): a factor 2.5 per such pair in the other's
hand now (1.66 pairs in the worlds; feed prediction 15 % / 7 %, Brier 0.105 -> 0.106) -0.97 [-4.92, 2.97]
over 351 deals; INFERENCE_TRIES 64 (Brier 0.1045, log loss 0.344 -> 0.333; decisions 3x slower) -3.43
[-10.55, 3.69] over 169. A sharper reading of the staircase he left lying (LEFT_TOP 0.03, LEFT_DECAY 0.9) or
of his discards (CONNECTED 3.0) did not change the feed prediction (Brier 0.1044 to 0.1066) and was not run.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUITS
from bot.games.treppenromme import HAND_VALUE, Treppenromme

from . import Budget, Knowledge
from .treppenromme_infer import combines, inferring

ITERATIONS = 24  # sampled worlds per searched decision
HORIZON = 6  # turns played out after this one in a playout (all players), unless the hand ends first
MAX_TAKE_CANDIDATES = 5  # take K options searched besides drawing (the most useful ones)
MAX_DISCARD_CANDIDATES = 4  # discards searched (the least connected cards, most expensive first)
INFERENCE_TRIES = 16  # worlds drawn for each world searched (inference: kept by the others' likelihood)
INFERENCE_FLOOR = 0.0001  # the least weight a world keeps, however unlikely the others' play was in it
FEED_SCALE = 3.0  # a discard's worlds where it feeds the next player count this many times (see `strong`)

_CYCLE = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK = {r: i for i, r in enumerate(_CYCLE)}
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
    know = inferring(know, tries=INFERENCE_TRIES, floor=INFERENCE_FLOOR)
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
