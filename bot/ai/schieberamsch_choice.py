"""How a searching Schieberamsch player picks its card: a choice model that reads a searcher's cards.

The rules of thumb describe a searching player's cards poorly: in the 44,687 card decisions with a choice that
the weights below are fitted on, it played the rule's card in 25 % of its leads and 56 % of its follows in a
Ramsch, 28 % and 49 % in a Grand Hand. So class factors on the rule's card told worlds apart hardly at all: with
them the worlds put a hidden card with its true holder 47.7 % of the time against 47.2 % for plain worlds.

This model gives each legal card a probability instead, a conditional logit over the card's features in the
seat's hand (`FEATURES`): P(card) = exp(w . f(card)) / the sum of the same over the legal cards. The weights are
fitted by maximum likelihood on three `strong-no-inference` players' card decisions, one set per situation (a
Ramsch, a Grand Hand's solo, its defenders; leading or following): `python -m benchmarks.schieberamsch_choice`.
On the held-out fifth of the deals the mean log-likelihood of a decision rises from -1.68 (uniform) and -1.66
(the rule's card alone) to -1.39 for a Ramsch's leads, from -1.19 and -1.07 to -0.92 for its follows, and by
0.05 to 0.17 over the rule's card alone in a Grand Hand's four situations.

A world's likelihood multiplies the model's probability of every card the seat played there, with the hand it
held then. The features read the seat's hand, the trick and the cards played before (public), nothing else.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .schieberamsch_thumb import MASK, PTS, STRENGTH, SUIT, WINS, card_to_play, ids

FULL = (1 << 32) - 1

FEATURES = (
    "rule",            # the rules of thumb's own card
    "alike",           # not it, but the same suit and the same side of the trick's best card
    "wins_now",        # beats the trick's best card so far
    "points",          # card points / 11
    "jack",
    "top_of_suit",     # the highest of its suit in hand (two or more held)
    "bottom_of_suit",  # the lowest of its suit in hand (two or more held)
    "singleton",       # the only card of a plain suit in hand
    "beatable",        # an unseen card (not in hand, not played) of its suit or a Jack beats it
    "low_share",       # share of the unseen cards of its plain suit below it
    "void_points",     # points / 11 thrown on a suit the seat cannot follow
    "void_singleton",  # thrown on such a suit, emptying one more
    "last_take",       # as the trick's last card, the points / 22 it takes
    "doubleton",       # one of two cards of a plain suit in hand
    "highest",         # the strongest legal card
    "lowest",          # the weakest legal card
    "duck_high",       # the highest legal card that stays under the trick's best
    "higher_unseen",   # unseen cards that beat it, at most 4, / 4
    "void_jack",       # a Jack thrown on a plain suit the seat cannot follow
    "ace",
    "ten",
)

# Fitted weights per situation (`situation`), in the order of `FEATURES`: `python -m
# benchmarks.schieberamsch_choice --deals 2000 --seed 3` (the card decisions of 2,000 deals of three
# strong-no-inference players at 24 worlds; see that module for the held-out figures).
WEIGHTS: dict[str, tuple[float, ...]] = {
    "grand-def/follow": (
        0.883, 0.054, 0.653, -2.52, -0.172, 0.233, -0.433, 0.361, 0.439, -0.311, 0.123, 0.361, 1.763,
        0.157, 0.101, -0.507, 0.136, 0.57, -0.172, 0.655, 0.979,
    ),
    "grand-def/lead": (
        0.059, 0.012, 0.0, -2.024, -0.989, -0.08, -0.215, 0.466, -0.368, -0.32, 0.0, 0.0, 0.0, 0.392,
        0.493, -0.371, 0.0, -0.599, 0.0, 1.558, 1.053,
    ),
    "grand-solo/follow": (
        0.737, 0.499, 0.257, -0.944, -0.532, -0.212, -0.011, 0.413, 0.328, -0.873, -0.262, 0.413, 1.539,
        0.326, 1.061, -0.376, -0.338, 1.487, -0.532, -0.734, -0.265,
    ),
    "grand-solo/lead": (
        0.353, -0.258, 0.0, -1.984, -1.53, -0.372, -0.459, -0.012, -0.092, -0.225, 0.0, 0.0, 0.0, 0.337,
        1.29, -0.22, 0.0, -0.42, 0.0, 0.558, 1.021,
    ),
    "ramsch/follow": (
        0.42, 0.057, -0.813, -2.488, 0.983, 0.503, -0.497, 1.144, -0.054, 1.515, 1.799, 1.144, 0.094,
        1.024, -0.281, -0.099, 0.391, -1.35, 0.983, -0.597, 0.184,
    ),
    "ramsch/lead": (
        0.043, 0.164, 0.0, -1.237, 1.776, -0.207, 0.098, 1.636, -0.692, 0.77, 0.0, 0.0, 0.0, 0.768,
        0.458, -0.511, 0.0, 1.878, 0.0, -1.728, -0.384,
    ),
}


def situation(mode: str | None, leading: bool, seat: int, solo: int | None) -> str:
    """Which weights apply: a Ramsch, or a Grand Hand's solo or defender; leading or following."""
    kind = "ramsch" if mode != "grand" else ("grand-solo" if seat == solo else "grand-def")
    return f"{kind}/{'lead' if leading else 'follow'}"


def features(hand: int, trick: tuple[int, ...], seats: tuple[int, ...], mode: str | None, seat: int,
             solo: int | None, played: int) -> tuple[tuple[int, ...], list[list[float]]]:
    """The legal cards of `hand` onto `trick` and, per card, its features (`FEATURES`). `played`: every card
    played in the deal before this one (the trick's included)."""
    rule = card_to_play(hand, list(trick), mode, seat, solo, list(seats))
    unseen = FULL & ~(hand | played)
    if trick:
        wl = WINS[SUIT[trick[0]]]
        legal = hand & MASK[SUIT[trick[0]]] or hand
        best = max(wl[k] for k in trick)
        void = not hand & MASK[SUIT[trick[0]]]
        rule_wins = wl[rule] > best
        take = sum(PTS[k] for k in trick) if len(trick) == 2 else -1
    else:
        wl = None
        legal, best, void, rule_wins, take = hand, -1, False, False, -1
    cards = ids(legal)
    strengths = [STRENGTH[k] for k in cards]
    hi, lo = max(strengths), min(strengths)
    under = [k for k in cards if wl is not None and wl[k] < best]
    duck = max(under, key=STRENGTH.__getitem__) if under else -1
    rows = []
    for k in cards:
        s = SUIT[k]
        in_suit = hand & MASK[s]
        n = in_suit.bit_count()
        wins_now = wl is not None and wl[k] > best
        own = WINS[s]
        higher = sum(1 for c in ids(unseen & (MASK[s] | MASK[0])) if own[c] > own[k])
        plain_unseen = ids(unseen & MASK[s]) if s else ()
        lower = sum(1 for c in plain_unseen if own[c] < own[k])
        rows.append([
            float(k == rule),
            float(k != rule and SUIT[rule] == s and (not trick or rule_wins == wins_now)),
            float(wins_now),
            PTS[k] / 11,
            float(s == 0),
            float(n > 1 and in_suit & -in_suit == 1 << k),  # a suit's ids run from its highest card down
            float(n > 1 and in_suit.bit_length() - 1 == k),
            float(n == 1 and s != 0),
            float(higher > 0),
            lower / len(plain_unseen) if plain_unseen else 0.0,
            PTS[k] / 11 if void else 0.0,
            float(void and n == 1 and s != 0),
            (take + PTS[k]) / 22 if take >= 0 and wins_now else 0.0,
            float(n == 2 and s != 0),
            float(STRENGTH[k] == hi),
            float(STRENGTH[k] == lo),
            float(k == duck),
            min(higher, 4) / 4,
            float(void and s == 0),
            float(PTS[k] == 11),
            float(PTS[k] == 10),
        ])
    return cards, rows


def probabilities(weights: tuple[float, ...] | list[float], rows: list[list[float]]) -> list[float]:
    """The conditional logit's probability of each row (a legal card's features) under `weights`."""
    scores = [sum(a * b for a, b in zip(weights, row, strict=True)) for row in rows]
    top = max(scores)
    exps = [math.exp(x - top) for x in scores]
    total = sum(exps)
    return [x / total for x in exps]


@lru_cache(maxsize=1 << 16)
def p_card(hand: int, trick: tuple[int, ...], seats: tuple[int, ...], mode: str | None, seat: int,
           solo: int | None, played: int, card: int) -> float:
    """The model's probability that a searcher holding `hand` plays `card` (legal) onto `trick`; 1.0 when the
    card was forced. Cached: a decision's pool of worlds asks the same past positions over and over."""
    cards, rows = features(hand, trick, seats, mode, seat, solo, played)
    if len(cards) < 2:
        return 1.0
    return probabilities(WEIGHTS[situation(mode, not trick, seat, solo)], rows)[cards.index(card)]
