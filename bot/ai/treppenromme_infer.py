"""What the other players' play says about their hands in Treppenrommé (the strong player's inference).

Worlds (`Knowledge.sample`) deal the unseen cards uniformly; `likelihood(world)` says how likely the others'
visible play was had they held that world's cards, under a softened model of how a player plays (the rules of
thumb, which the strong player follows too where it does not search):

- **Everybody places greedily**: a hand that ends a turn still holding a set or sequence, or a card that fits a
  meld on the table, is unlikely (points count the moment a card is placed).
- **The discard**: a player throws the least connected card, the most expensive among those; a world in which
  the discard had partners (same rank, suit neighbours) or the hand held a lonelier expensive card is less
  likely. So the cards that go with a discard are less likely in the discarder's hand.
- **The staircase left lying**: the card a player left on top of the staircase (taking the talon or fewer
  cards instead) would not have made a combination with his hand; deeper cards, which cost the cards above
  them, say less.

Every finished turn of the running hand is read (the view's public `log`, the staircase of each turn rebuilt
backwards from today's), the last MAX_AGE turns of each player: his hand then is taken as his hand now, plus
the cards he placed since, less the staircase cards he took since. The cards he drew since are unknown (and
the cards he threw since may have been drawn since: they are left out), so an older turn's discard and the
staircase he left lying then count less, THROW_DECAY and LEFT_DECAY per later turn of his (as powers of their
factors). The cards he took from the staircase and still holds are fixed by `Engine.sample` (they stay in his
hand until he places or throws them).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from bot.games import Engine
from bot.games.cards import SUITS
from bot.games.treppenromme import HAND_VALUE, Treppenromme

from . import Knowledge

_CYCLE = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK = {r: i for i, r in enumerate(_CYCLE)}
_SUIT = {s: i for i, s in enumerate(SUITS)}
PARTS: dict[str, tuple[int, int]] = {r + s: (_SUIT[s], _RANK[r]) for r in _CYCLE for s in SUITS}
_ORDER = {c: si * 13 + (ri - 1) % 13 for c, (si, ri) in PARTS.items()}  # the engine's hand order

HELD_MELD = 0.02  # a hand that could have melded at the end of its turn
HELD_FIT = 0.05  # per card that could have been laid off
LEFT_TOP = 0.1  # the top staircase card left lying although it made a combination
LEFT_DEEP = 0.85  # per deeper card left lying although it made a combination (it cost the cards above it)
DEEP = 3  # deeper cards read below the top one
CONNECTED = 1.5  # discard: weight of one keep-score point (a partner counts 2, a near partner 1)
PRICE = 0.15  # discard: weight of one point of the card's value
# an older turn's evidence counts this much less per later turn of the same player (he drew unknown cards since)
THROW_DECAY = 0.7  # his discard
LEFT_DECAY = 0.7  # the staircase he left lying
MAX_AGE = 6  # turns read back per player


def tally(cards: Sequence[str]) -> tuple[list[int], list[int]]:
    """Cards per rank (13 counts) and each suit's ranks as a 13-bit mask."""
    ranks = [0] * 13
    suits = [0, 0, 0, 0]
    for c in cards:
        si, ri = PARTS[c]
        ranks[ri] += 1
        suits[si] |= 1 << ri
    return ranks, suits


def has_meld(cards: Sequence[str]) -> bool:
    """Do `cards` hold a set (three of a rank) or a sequence (three suit neighbours, round the corner)?"""
    ranks, suits = tally(cards)
    if max(ranks) >= 3:
        return True
    for bits in suits:
        if bits:
            wrapped = bits | (bits << 13)
            if wrapped & (wrapped >> 1) & (wrapped >> 2):
                return True
    return False


def combines(card: str, hand: Sequence[str]) -> bool:
    """Would `card` make a combination with two cards of `hand`?"""
    si, ri = PARTS[card]
    same = 0
    near = 0
    for c in hand:
        s, r = PARTS[c]
        if r == ri and s != si:
            same += 1
        elif s == si:
            near |= 1 << ((r - ri) % 13)
    if same >= 2:
        return True
    # neighbours at -2, -1, +1, +2 (bits 11, 12, 1, 2)
    m2, m1, p1, p2 = near >> 11 & 1, near >> 12 & 1, near >> 1 & 1, near >> 2 & 1
    return bool(m2 and m1 or m1 and p1 or p1 and p2)


def discard_odds(discard: str, hand: Sequence[str]) -> float:
    """How likely throwing `discard` from `hand` (which holds it) was, against the likeliest throw (<= 1). A
    card's weight: its value, less its connections (2 per card of its rank or suit neighbour, 1 per suit card
    two away: the rules of thumb's keep score)."""
    ranks, suits = tally(hand)
    best = mine = -1e9
    for c in hand:
        si, ri = PARTS[c]
        bits = suits[si]
        near = (bits >> (ri + 1) % 13 & 1) + (bits >> (ri - 1) % 13 & 1)
        far = (bits >> (ri + 2) % 13 & 1) + (bits >> (ri - 2) % 13 & 1)
        weight = PRICE * HAND_VALUE[c] - CONNECTED * (2 * (ranks[ri] - 1 + near) + far)
        best = max(best, weight)
        if c == discard:
            mine = weight
    return math.exp(mine - best)


Turn = tuple[int, str, list[str], frozenset[str], frozenset[str], float, float]


def history(view: dict[str, Any], seat: int) -> list[Turn]:
    """The other seats' finished turns of the running hand, newest first, as the view's public log shows them:
    (his seat, his discard, the staircase he left lying under it (bottom -> top), the cards he placed in his
    later turns, the staircase cards he took in his later turns, the weights of his discard and of what he left
    lying). His hand when he threw is then roughly his hand now, plus what he placed since, less what he took
    since. The staircase of each turn is rebuilt backwards from today's; a rebuilt talon ends the reading (the
    order before it is gone)."""
    stairs = list(view["staircase"])
    out: list[Turn] = []
    later_public: dict[int, set[str]] = {}
    later_taken: dict[int, set[str]] = {}
    age: dict[int, int] = {}
    for turn in reversed(view.get("log") or []):
        s = turn["seat"]
        thrown = turn["discard"]
        if thrown is not None:
            stairs.pop()
        left = list(stairs)
        took = turn["took"]
        taken = took["cards"] if took.get("from") == "staircase" else []
        stairs += taken
        if s != seat and thrown is not None:
            a = age.get(s, 0)
            if a < MAX_AGE:
                out.append((s, thrown, left, frozenset(later_public.get(s, ())), frozenset(later_taken.get(s, ())),
                            THROW_DECAY ** a, LEFT_DECAY ** a))
            age[s] = a + 1
        later_public.setdefault(s, set()).update(c for p in turn["placed"] for c in p["cards"])
        later_taken.setdefault(s, set()).update(taken)
        if turn["rebuilt"]:
            break
    return out


def likelihood_of(view: dict[str, Any], seat: int) -> Callable[[Treppenromme], float]:
    """`likelihood(world)`: how likely the others' visible play was in `world`. Reads only the world's hands
    and melds and what `view` (the seat's own) shows."""
    judge = _judge(view, seat)
    return lambda w: judge(w.hands, _fits(w))


def _fits(w: Treppenromme) -> set[str]:
    return {c for m in w.melds for c, _ in m.fits()}


def played(view: dict[str, Any], seat: int) -> list[int]:
    """The other seats that have had a turn in this hand (the dealer plays first)."""
    n = view["seats"]
    return [s for s in range(n) if s != seat and (s - view["dealer"]) % n < view["turn_no"]]


def _judge(view: dict[str, Any], seat: int) -> Callable[[Sequence[Sequence[str]], set[str]], float]:
    turns = history(view, seat)
    last = {}  # each other seat's last discard: his hand held it when he ended his turn
    for s, thrown, *_ in turns:
        last.setdefault(s, thrown)
    others = played(view, seat)

    def likelihood(hands: Sequence[Sequence[str]], fits: set[str]) -> float:
        p = 1.0
        for s in others:
            hand = list(hands[s])
            if s in last:
                hand.append(last[s])  # his hand when he discarded
            if has_meld(hand):
                p *= HELD_MELD
            for c in hand:
                if c in fits:
                    p *= HELD_FIT
        for s, thrown, left, public, taken, w_throw, w_left in turns:
            hand = [c for c in hands[s] if c not in taken]
            hand += [c for c in public if c not in taken]
            hand.append(thrown)
            if w_throw:
                q = discard_odds(thrown, hand)
                p *= q if w_throw == 1.0 else q ** w_throw
            if w_left:
                q = 1.0
                if left and combines(left[-1], hand):
                    q *= LEFT_TOP
                above = [left[-1]] if left else []
                for card in reversed(left[-1 - DEEP:-1]):
                    if combines(card, hand + above):
                        q *= LEFT_DEEP
                    above.append(card)
                p *= q if w_left == 1.0 else q ** w_left
        return p

    return likelihood


def inferring(know: Knowledge, *, tries: int, floor: float) -> Knowledge:
    """`know` whose worlds follow the others' play (sampling-importance-resampling, as
    `bot.ai.search.inferring`, but quicker): each world is one world of `know.sample` whose hidden cards (the
    others' unknown hand cards and the talon) are dealt anew `tries` times, one deal kept with probability
    proportional to `max(floor, likelihood)`. Without the ingredient `know` is returned as it is."""
    if not know.uses("inference") or not played(know.view, know.seat):
        return know
    draw = know.sample
    judge = _judge(know.view, know.seat)

    def sample(rng: random.Random) -> Engine:
        w = draw(rng)
        assert isinstance(w, Treppenromme)
        others = [s for s in range(w.seats) if s != know.seat]
        kinds = w.unseen(know.seat)  # as `Treppenromme.sample` deals them (two kinds after a rebuild)
        hidden = [c for cards, _ in kinds for c in cards]
        fits = _fits(w)
        deals: list[list[list[str]]] = []
        weights: list[float] = []
        for _ in range(tries):
            hands = list(w.hands)
            for s in others:
                hands[s] = list(w.known[s])
            for cards, counts in kinds:
                dealt = rng.sample(cards, sum(counts.values()))
                at = 0
                for s, n in counts.items():
                    hands[s] += dealt[at:at + n]
                    at += n
            deals.append(hands)
            weights.append(max(floor, judge(hands, fits)))
        chosen = rng.choices(deals, weights)[0]
        for s in others:
            w.hands[s] = sorted(chosen[s], key=_ORDER.__getitem__)
        held = {c for s in others for c in chosen[s]}
        w.talon = [c for c in hidden if c not in held]
        rng.shuffle(w.talon)
        return w

    return know.with_sampler(sample)
