"""How a searching Schieberamsch player bids: the models that read a searcher's hand from its Grand Hand, its
push or take, its Rekontra and its discard.

Searching players bid nothing like the rules of thumb: over 2,000 deals of three `strong-no-inference` players
they announced Grand Hand in 65 % of the deals, with one Jack nearly as readily as with three (31 % and 41 % of
the hands asked), and took the skat with hands the rule would push. So the three classes of hands the rule tells
apart (`schieberamsch_infer`) said little about a searcher's bids. What drives them above all is plain in the
data: a searcher escapes a Ramsch into a Grand Hand when its hand holds many points (a Ramsch's loser is the one
with the most); at equal points more Jacks still make it likelier.

Each yes-or-no bid gets a logistic model over features of the ten cards the seat held when it was asked
(`BID_FEATURES`) and where it sat in the asking order (forehand first): P(yes) = 1 / (1 + exp(-w . f)). The
weights are fitted by maximum likelihood on those players' bids: `python -m benchmarks.schieberamsch_bids`.
A discard is read by the rank of the pair among the pairs the rule of thumb proposes (`discards`), of which a
searcher weighs the first `DISCARD_CANDIDATES` only.

The features read the seat's hand and its place in the asking order (public), nothing else.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .schieberamsch_thumb import ACES, JACKS, MASK, PTS, TENS, discards, ids

BID_FEATURES = (
    "constant",
    "second",          # asked second in the order (forehand first)
    "third",
    "jacks",
    "jack_clubs",
    "jack_spades",
    "aces",
    "tens",
    "aces_with_ten",   # plain suits holding their Ace and their Ten
    "longest",         # the longest plain suit's length
    "voids",           # plain suits not held
    "points",          # card points / 10
    "bare_tens",       # Tens without their Ace in a suit of at most two cards
    "kings",
    "queens",
    "points_squared",  # (card points / 10) squared
    "singletons",      # plain suits held with one card
)

# Fitted weights per bid, in the order of `BID_FEATURES`: `python -m benchmarks.schieberamsch_bids --deals 2000
# --seed 3` (the bids of 2,000 deals of three strong-no-inference players at 24 worlds; see that module for the
# held-out figures).
BID_WEIGHTS: dict[str, tuple[float, ...]] = {
    "grand": (
        -13.204, -0.178, 0.345, 1.915, 0.634, 0.301, 0.445, -0.034, 0.134, 0.53, -1.748, 1.239, 0.102,
        0.891, 0.149, 0.065, -0.689,
    ),
    "rekontra": (
        -1.479, -0.549, -0.257, 0.817, 1.025, 0.088, -0.075, -0.361, -0.642, -0.288, 1.07, -1.077,
        -1.047, -1.131, -1.146, 0.359, -0.37,
    ),
    "take": (
        -3.488, -1.223, -1.755, 1.862, 1.701, 0.752, -0.593, -0.727, -0.299, 0.389, -3.153, -0.768,
        0.368, 0.469, 0.167, 0.444, -0.995,
    ),
}

# How often a searcher's discard was the rule's first proposed pair, its second, ... its sixth (the searcher
# weighs these six only), relative to the first; any other pair gets `DISCARD_OTHER`.
DISCARD_RANKS: tuple[float, ...] = (1.00, 0.63, 0.15, 0.45, 0.09, 0.11)  # 562, 353, 82, 251, 50, 60 of 1,358
DISCARD_OTHER = 0.02


def bid_features(hand: int, position: int) -> tuple[float, ...]:
    """The features of `hand` (the ten cards held when asked) and its place in the asking order (0 forehand)."""
    suits = [hand & MASK[s] for s in range(1, 5)]  # the plain suits held
    lens = [held.bit_count() for held in suits]
    cards = ids(hand)
    points = sum(PTS[k] for k in cards) / 10
    return (
        1.0,
        float(position == 1),
        float(position == 2),
        float((hand & JACKS).bit_count()),
        float(hand & 1),
        float(hand >> 1 & 1),
        float((hand & ACES).bit_count()),
        float((hand & TENS).bit_count()),
        float(sum(1 for held in suits if held & ACES and held & TENS)),
        float(max(lens)),
        float(lens.count(0)),
        points,
        float(sum(1 for held, n in zip(suits, lens, strict=True) if held & TENS and not held & ACES and n <= 2)),
        float(sum(1 for k in cards if PTS[k] == 4)),
        float(sum(1 for k in cards if PTS[k] == 3)),
        points * points,
        float(lens.count(1)),
    )


@lru_cache(maxsize=1 << 16)
def p_bid(kind: str, hand: int, position: int) -> float:
    """The model's probability that a searcher holding `hand` (its ten cards when asked), asked `position`-th,
    says yes: announces Grand Hand (`grand`), takes the skat (`take`), says Rekontra (`rekontra`). Cached: a
    decision's pool of worlds asks about the same hands again and again."""
    z = sum(w * f for w, f in zip(BID_WEIGHTS[kind], bid_features(hand, position), strict=True))
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def discard_rank(twelve: int, put: int, jacks_allowed: bool) -> int:
    """The rank of the pair `put` among the pairs the rule of thumb proposes from `twelve` (0 its first), or
    -1 when it is not among the first `len(DISCARD_RANKS)`."""
    for i, (a, b) in enumerate(discards(twelve, jacks_allowed)[:len(DISCARD_RANKS)]):
        if put == 1 << a | 1 << b:
            return i
    return -1


def p_discard(twelve: int, put: int, jacks_allowed: bool) -> float:
    """How likely a searcher holding `twelve` put down `put`: its rank's share, over the shares of every pair it
    could have put down (a constant where Jacks may go into the skat; without, fewer pairs with more Jacks)."""
    rank = discard_rank(twelve, put, jacks_allowed)
    n = (twelve if jacks_allowed else twelve & ~JACKS).bit_count()
    pairs = n * (n - 1) // 2
    total = sum(DISCARD_RANKS[:pairs]) + max(0, pairs - len(DISCARD_RANKS)) * DISCARD_OTHER
    return (DISCARD_RANKS[rank] if rank >= 0 else DISCARD_OTHER) / total
