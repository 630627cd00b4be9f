"""What the other players' play says about their hands in Treppenrommé (the strong player's inference).

Worlds (`Knowledge.sample`) deal the unseen cards uniformly; `likelihood(world)` says how likely the others'
visible play was had they held that world's cards, under a softened model of how a player plays (the rules of
thumb, which the strong player follows too where it does not search):

- **Everybody places greedily**: a hand that ends a turn still holding a set or sequence, or a card that fitted
  a meld on the table then (`fits_then`), is unlikely (points count the moment a card is placed).
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

A seat the table shows as an easy computer (`Knowledge.players`) follows the rules of thumb exactly, so it is
read exactly where its hand then is known: its last discard was the rule's own throw (`rule_throw`) from the
hand it holds now (any other throw: EPS_EASY), and the staircase says nothing below its top card or under the
cards it took (the rule takes the top card or none). Heads-up, an easy computer's whole hand is read exactly
instead, every turn of it against the hand he held then (`treppenromme_history`: his unknown cards and when each
came to him, drawn from the posterior by Metropolis chains). People and searching computers are read by the
softened model.

The strong player's worlds are resampled from one pool of `tries` deals per world searched (`inferring` with
`worlds`), which follows a sharp likelihood more closely than a draw of `tries` per world for the same work. At
seat 0's discards between easy players (`python -m benchmarks.treppenromme_feed`, 300 deals, 2,909 positions, 50
worlds each) the worlds put the other's hidden hand cards in his hand 13.0 % of the time when plain, 18.7 % from
one pool and 20.6 % told that he is an easy computer (a draw per world, as before stop 43: 18.3 % in a one-off
over 60 deals, against 18.8 % from one pool there). Told, the chains of `treppenromme_history` (stop 44): 28.9 %,
and their feed predictions calibrated on the whole (8.8 % predicted, 8.7 % true; Brier 0.0687 against
0.0711 from the pool).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from bot.games import Engine
from bot.games.cards import SUITS
from bot.games.treppenromme import HAND_VALUE, Treppenromme, deal_kinds
from bot.games.treppenromme_melds import CYCLE

from . import Knowledge
from .search import floored, systematic
from .treppenromme_history import TurnBits, draw_hands, history_of, staircases

_RANK = {r: i for i, r in enumerate(CYCLE)}
_SUIT = {s: i for i, s in enumerate(SUITS)}
PARTS: dict[str, tuple[int, int]] = {r + s: (_SUIT[s], _RANK[r]) for r in CYCLE for s in SUITS}
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
# A seat the table shows as an easy computer plays the rules of thumb exactly: its last discard was the rule's
# throw from the hand it holds now, it melded whatever it could, and it never takes deeper than the top card.
# A world in which the rule would have done otherwise is EPS_EASY times as likely.
EPS_EASY = 0.02


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


def _keep_scores(hand: Sequence[str]) -> list[tuple[str, int]]:
    """Each card of `hand` with the rules of thumb's keep score: 2 per card of its rank or suit neighbour, 1 per
    suit card two away (`bot.ai.treppenromme.keep_score`)."""
    ranks, suits = tally(hand)
    out = []
    for c in hand:
        si, ri = PARTS[c]
        bits = suits[si]
        near = (bits >> (ri + 1) % 13 & 1) + (bits >> (ri - 1) % 13 & 1)
        far = (bits >> (ri + 2) % 13 & 1) + (bits >> (ri - 2) % 13 & 1)
        out.append((c, 2 * (ranks[ri] - 1 + near) + far))
    return out


def discard_odds(discard: str, hand: Sequence[str], forb: str | None = None) -> float:
    """How likely throwing `discard` from `hand` (which holds it) was, against the likeliest throw (<= 1). A
    card's weight: its value, less CONNECTED per point of its keep score. `forb` (the card taken alone from the
    staircase this turn) could not be thrown."""
    weights = {c: PRICE * HAND_VALUE[c] - CONNECTED * keep for c, keep in _keep_scores(hand) if c != forb}
    return math.exp(weights[discard] - max(weights.values()))


def rule_throw(hand: Sequence[str], forb: str | None = None) -> str:
    """The rules of thumb's discard from `hand`: the least connected card, the dearest of those, the first in
    hand order (as `bot.ai.treppenromme.thumb`); never `forb`."""
    return min((keep, -HAND_VALUE[c], _ORDER[c], c) for c, keep in _keep_scores(hand) if c != forb)[3]


class Turn(NamedTuple):
    """One finished turn of another seat, as `history` reads it from the view's log."""

    seat: int
    thrown: str  # his discard
    left: list[str]  # the staircase he left lying under it (bottom -> top)
    placed_since: frozenset[str]  # the cards he placed in his later turns
    taken_since: frozenset[str]  # the staircase cards he took in his later turns
    w_throw: float  # the weight of his discard (THROW_DECAY per later turn of his)
    w_left: float  # the weight of what he left lying (LEFT_DECAY per later turn of his)
    forb: str | None  # the card he took alone from the staircase that turn: he could not throw it
    age: int  # his later turns: 0 for his last, whose hand is exactly his hand now and his discard
    drew: bool  # he drew from the talon that turn (else he took staircase cards)


def history(view: dict[str, Any], seat: int) -> list[Turn]:
    """The other seats' finished turns of the running hand, newest first, as the view's public log shows them:
    (his seat, his discard, the staircase he left lying under it (bottom -> top), the cards he placed in his
    later turns, the staircase cards he took in his later turns, the weights of his discard and of what he left
    lying). His hand when he threw is then roughly his hand now, plus what he placed since, less what he took
    since. The staircase of each turn is rebuilt backwards from today's (`staircases`); a rebuilt talon ends the
    reading (the order before it is gone). See `Turn`."""
    log = view.get("log") or []
    stairs = staircases(view)
    out: list[Turn] = []
    later_public: dict[int, set[str]] = {}
    later_taken: dict[int, set[str]] = {}
    age: dict[int, int] = {}
    for i in range(len(log) - 1, -1, -1):
        before = stairs[i]
        if before is None:
            break
        turn = log[i]
        s = turn["seat"]
        thrown = turn["discard"]
        took = turn["took"]
        taken = took["cards"] if took.get("from") == "staircase" else []
        left = before[:len(before) - len(taken)]
        if s != seat and thrown is not None:
            a = age.get(s, 0)
            if a < MAX_AGE:
                out.append(Turn(s, thrown, left, frozenset(later_public.get(s, ())),
                                 frozenset(later_taken.get(s, ())), THROW_DECAY ** a, LEFT_DECAY ** a,
                                 taken[0] if len(taken) == 1 else None, a, took.get("from") == "talon"))
            age[s] = a + 1
        later_public.setdefault(s, set()).update(c for p in turn["placed"] for c in p["cards"])
        later_taken.setdefault(s, set()).update(taken)
    return out


def likelihood_of(view: dict[str, Any], seat: int,
                  easy: frozenset[int] = frozenset()) -> Callable[[Treppenromme], float]:
    """`likelihood(world)`: how likely the others' visible play was in `world` (the seats in `easy` read as easy
    computers, exactly). Reads only the world's hands and what `view` (the seat's own) shows."""
    judge = _judge(view, seat, easy)
    return lambda w: judge(w.hands)


def fits_then(view: dict[str, Any], seat: int) -> dict[int, set[str]]:
    """Per other seat, the cards that could be laid off at the end of his last finished turn: the ends of the
    melds on the table (public) but those melded or extended since, whose ends were others or none then."""
    touched: set[int] = set()
    out: dict[int, set[str]] = {}
    for turn in reversed(view.get("log") or []):
        s = turn["seat"]
        if s != seat and s not in out and turn["discard"] is not None:
            out[s] = {e["rank"] + e["suit"] for m in view["melds"] if m["id"] not in touched for e in m["ends"]}
        touched.update(p["meld"] for p in turn["placed"])
    return out


def played(view: dict[str, Any], seat: int) -> list[int]:
    """The other seats that have had a turn in this hand (the dealer plays first)."""
    n = view["seats"]
    return [s for s in range(n) if s != seat and (s - view["dealer"]) % n < view["turn_no"]]


def _judge(view: dict[str, Any], seat: int,
           easy: frozenset[int] = frozenset()) -> Callable[[Sequence[Sequence[str]]], float]:
    turns = history(view, seat)
    fits = fits_then(view, seat)
    last = {}  # each other seat's last discard: his hand held it when he ended his turn
    for t in turns:
        last.setdefault(t.seat, t.thrown)
    others = played(view, seat)

    def likelihood(hands: Sequence[Sequence[str]]) -> float:
        p = 1.0
        for s in others:
            hand = list(hands[s])
            if s in last:
                hand.append(last[s])  # his hand when he discarded
            if has_meld(hand):
                p *= HELD_MELD
            could = fits.get(s, ())
            for c in hand:
                if c in could:
                    p *= HELD_FIT
        for t in turns:
            exact = t.seat in easy
            hand = [c for c in hands[t.seat] if c not in t.taken_since]
            hand += [c for c in t.placed_since if c not in t.taken_since]
            hand.append(t.thrown)
            if t.w_throw:
                if exact and not t.age:  # his hand then is his hand now and the discard
                    p *= 1.0 if rule_throw(hand, t.forb) == t.thrown else EPS_EASY
                else:
                    q = discard_odds(t.thrown, hand, t.forb)
                    p *= q if t.w_throw == 1.0 else q ** t.w_throw
            if t.w_left:
                left = t.left
                q = 1.0
                # the card he left on top; an easy computer, which never takes below the top card, says
                # nothing by the card under those it took
                if left and (t.drew or not exact) and combines(left[-1], hand):
                    q *= LEFT_TOP
                if not exact:  # an easy computer never takes more than the top card
                    above = [left[-1]] if left else []
                    for card in reversed(left[-1 - DEEP:-1]):
                        if combines(card, hand + above):
                            q *= LEFT_DEEP
                        above.append(card)
                p *= q if t.w_left == 1.0 else q ** t.w_left
        return p

    return likelihood


def easy_history(know: Knowledge) -> list[TurnBits] | None:
    """The other seat's history, read exactly (`treppenromme_history`), where it can be: a heads-up table whose
    other seat the table shows as an easy computer, before a rebuilt talon."""
    if 1 - know.seat not in know.easy_seats():
        return None
    return history_of(know.view, know.seat) or None  # None unless heads-up and before a rebuilt talon


def inferring(know: Knowledge, *, tries: int, floor: float, worlds: int = 0,
              expired: Callable[[], bool] | None = None) -> Knowledge:
    """`know` whose worlds follow the others' play. Against an easy computer heads-up (`easy_history`), his
    unknown cards are drawn from the chain on his whole history (`treppenromme_history.draw_hands`: `worlds` of
    them, `expired` cutting the chain short). Otherwise by sampling-importance-resampling, as
    `bot.ai.search.inferring`, but quicker: the hidden cards (the others' unknown hand cards and the talon) of a
    world of `know.sample` are dealt anew, and deals are kept in proportion to `max(floor * the likeliest's
    likelihood, likelihood)`: `worlds` (as many as the search will ask for) are drawn from one pool of
    `tries * worlds` deals by systematic resampling (`search.systematic`), each world's talon shuffled anew, and
    so on for more. `worlds=0`: each world is one of `tries` fresh deals. Without the ingredient `know` is
    returned as it is."""
    if not know.uses("inference") or not played(know.view, know.seat):
        return know
    draw = know.sample
    n = max(1, worlds)
    turns = easy_history(know)
    if turns is not None:
        return know.with_sampler(_history_sampler(know, turns, n, expired))
    judge = _judge(know.view, know.seat, know.easy_seats())
    picked: list[tuple[dict[int, list[str]], list[str]]] = []  # the pool's deals not handed out yet

    def sample(rng: random.Random) -> Engine:
        w = draw(rng)
        assert isinstance(w, Treppenromme)
        if not picked:  # the first world asked for (or more than `worlds`): a new pool
            kinds = w.unseen(know.seat)  # as `Treppenromme.sample` deals them (two kinds after a rebuild)
            pool = [deal_kinds(kinds, rng) for _ in range(tries * n)]
            weights = [judge([list(w.known[s]) + hands[s] if s in hands else w.hands[s] for s in range(w.seats)])
                       for hands, _ in pool]
            picked.extend(pool[i] for i in systematic(floored(weights, floor), n, rng))
        hands, rest = picked.pop()
        for s, cards in hands.items():
            w.hands[s] = sorted(w.known[s] + cards, key=_ORDER.__getitem__)
        w.talon = list(rest)
        rng.shuffle(w.talon)
        return w

    return know.with_sampler(sample)


def _history_sampler(know: Knowledge, turns: list[TurnBits], n: int,
                     expired: Callable[[], bool] | None) -> Callable[[random.Random], Engine]:
    """Worlds whose other hand comes from the chain on his history (`n` at a time), the talon shuffled anew."""
    draw = know.sample
    other = 1 - know.seat
    hands: list[list[str]] = []

    def sample(rng: random.Random) -> Engine:
        w = draw(rng)
        assert isinstance(w, Treppenromme)
        (cards, counts), = w.unseen(know.seat)  # one kind: no rebuilt talon
        if not hands:
            hands.extend(draw_hands(turns, cards, counts[other], n, rng, expired))
        hand = hands.pop()
        w.hands[other] = sorted(w.known[other] + hand, key=_ORDER.__getitem__)
        held = set(hand)
        w.talon = [c for c in cards if c not in held]
        rng.shuffle(w.talon)
        return w

    return sample
