"""An easy computer's hand in heads-up Treppenrommé, read from its whole hand (issue 25).

A seat the table shows as an easy computer plays the rules of thumb exactly (`bot.ai.treppenromme.thumb`), so
every turn of his in the running hand says something about the cards he held then: he drew rather than took the
top staircase card only when it made no combination with his hand and fitted no meld; he placed whatever he
could; he threw the least connected card, the dearest of those. His hand then is his first seven cards, plus what
he drew and took since, less what he placed and threw: the draws are what nobody saw, and when he drew each card
of his is part of what is hidden.

So the hidden state is his hand now and a *history*: for each card that passed through his hand unseen (his
hand's unknown cards now, and every card he placed or threw that he had not taken from the staircase) the turn
it came to him, dealt or drawn. Every such history is equally likely before his play is read (the pack was
shuffled), and his play makes each either possible or (nearly) not: a breach of the rule costs `EPS` per
check. `worlds` draws his hand from that posterior by Metropolis chains on (hand, history) (`Chain`): a move
swaps one of his unknown cards for an unseen one, or swaps when two of his cards came. Short chains from many
random starts read better for the same work than one long chain, which stays with the first histories it finds.

Measured on seat 0's discards between easy players (`python -m benchmarks.treppenromme_feed --told`):
docs/computer-players.md. Only for two players and before a rebuilt talon: `history_of` says None otherwise and
the caller keeps its softer reading.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from bot.games.cards import SUITS
from bot.games.treppenromme import HAND_VALUE
from bot.games.treppenromme_melds import CYCLE

from . import bitset
from .bitset import ids

CODES = [r + s for s in SUITS for r in CYCLE]  # bit i: suit i // 13, cycle rank i % 13 (A = 0)
INDEX = {c: i for i, c in enumerate(CODES)}
SUIT_BITS = 0x1FFF
VALUE = [HAND_VALUE[c] for c in CODES]
ORDER = [(i // 13) * 13 + (i % 13 - 1) % 13 for i in range(52)]  # the engine's hand order (2 .. K, A)
NEVER = 1 << 30  # "played" turn of a card still in hand
B0 = 1 | 1 << 13 | 1 << 26 | 1 << 39  # the Ace of every suit
B12 = B0 << 12  # the King of every suit
FULL = (1 << 52) - 1
NOT_ACES = FULL & ~B0
NOT_KINGS = FULL & ~B12
SPREAD = B0  # a 13-bit rank mask times this: the same ranks in every suit
RANK = [B0 << r for r in range(13)]  # the four cards of a rank
# per card: the cards dearer than it, and those as dear that come first in hand order (the rule's tie-breaks)
DEARER = [sum(1 << j for j in range(52) if VALUE[j] > VALUE[i]) for i in range(52)]
EARLIER = [sum(1 << j for j in range(52) if VALUE[j] == VALUE[i] and ORDER[j] < ORDER[i]) for i in range(52)]

EPS = 0.001  # one check of the rule that a history breaks
HOT = 0.3  # a breach's cost where the chain starts
CHAINS = 8  # chains run, each from its own random start
BURN = 300  # chain steps before a chain's first world
THIN = 60  # chain steps between two worlds
REHEAT = 2  # times a chain still breaking the rule after its burn-in is annealed again


def mask(cards: Sequence[str]) -> int:
    return bitset.mask(cards, INDEX)


def rule_throw(m: int, forb: int = -1) -> int:
    """The rules of thumb's discard from the hand `m`: the least connected card, the dearest of those, the first
    in hand order; never `forb` (`treppenromme_infer.rule_throw` on bits; `count_breaches` asks it only where a
    quicker test cannot tell)."""
    suits = (m & SUIT_BITS, m >> 13 & SUIT_BITS, m >> 26 & SUIT_BITS, m >> 39 & SUIT_BITS)
    best: tuple[int, int, int] | None = None
    card = -1
    for i in ids(m):
        if i == forb:
            continue
        si, ri = divmod(i, 13)
        row = suits[si]
        same = sum(suits[s] >> ri & 1 for s in range(4)) - 1
        near = (row >> (ri + 1) % 13 & 1) + (row >> (ri - 1) % 13 & 1)
        far = (row >> (ri + 2) % 13 & 1) + (row >> (ri - 2) % 13 & 1)
        key = (2 * (same + near) + far, -VALUE[i], ORDER[i])
        if best is None or key < best:
            best, card = key, i
    return card


@dataclass(frozen=True)
class TurnBits:
    """One finished turn of his, in bits."""

    drew: bool  # from the talon (else he took `taken` from the staircase)
    taken: int  # the staircase cards he took
    placed: int  # every card he melded or laid off
    discard: int  # card index
    top: int  # the staircase's top card when his turn began (-1: none)
    fits_start: int  # what could be laid off onto the table when his turn began
    fits_end: int  # ... and when he threw
    forb: int  # the card he took alone (-1: none)


def _meld_fits(cards: list[int]) -> int:
    """What may be laid off onto a meld of these cards."""
    ranks = {i % 13 for i in cards}
    if len(ranks) == 1:
        if len(cards) >= 4:
            return 0
        r = cards[0] % 13
        held = {i // 13 for i in cards}
        return sum(1 << (s * 13 + r) for s in range(4) if s not in held)
    si = cards[0] // 13
    n = len(ranks)
    if n >= 13:
        return 0
    low = next(r for r in ranks if (r - 1) % 13 not in ranks)
    return 1 << (si * 13 + (low - 1) % 13) | 1 << (si * 13 + (low + n) % 13)


def staircases(view: dict[str, Any]) -> list[list[str] | None]:
    """The staircase (bottom -> top) when each turn of the view's public log began, rebuilt backwards from
    today's: a turn's discard came off it, the cards it took from it go back. None for the turns before a
    rebuilt talon (the order of the staircase then is gone)."""
    log = view.get("log") or []
    stairs = list(view["staircase"])
    out: list[list[str] | None] = [None] * len(log)
    for i in range(len(log) - 1, -1, -1):
        t = log[i]
        if t["discard"] is not None:
            stairs.pop()
        took = t["took"]
        if took.get("from") == "staircase":
            stairs += took["cards"]
        out[i] = list(stairs)
        if t["rebuilt"]:
            break
    return out


def history_of(view: dict[str, Any], seat: int) -> list[TurnBits] | None:
    """The other seat's finished turns of the running hand (heads-up only), oldest first, rebuilt from the
    view's public log: the staircase when each began (`staircases`) and the table's melds (forwards). None when
    the hand is not heads-up or its talon was rebuilt (the draws before it are another story)."""
    if view["seats"] != 2 or view.get("rebuilt"):
        return None
    log = view.get("log") or []
    other = 1 - seat
    stairs = staircases(view)
    melds: dict[int, list[int]] = {}
    out: list[TurnBits] = []
    for i, t in enumerate(log):
        fits_start = 0
        for cards in melds.values():
            fits_start |= _meld_fits(cards)
        for p in t["placed"]:
            melds.setdefault(p["meld"], []).extend(INDEX[c] for c in p["cards"])
        if t["seat"] != other or t["discard"] is None:
            continue
        fits_end = 0
        for cards in melds.values():
            fits_end |= _meld_fits(cards)
        took = t["took"]
        taken = list(took["cards"]) if took.get("from") == "staircase" else []
        before = stairs[i]
        out.append(TurnBits(
            drew=took.get("from") == "talon", taken=mask(taken),
            placed=mask([c for p in t["placed"] for c in p["cards"]]), discard=INDEX[t["discard"]],
            top=INDEX[before[-1]] if before else -1, fits_start=fits_start, fits_end=fits_end,
            forb=INDEX[taken[0]] if len(taken) == 1 else -1))
    return out


def _neighbours(card: int) -> tuple[int, int, int, int]:
    """The suit neighbours two and one below, one and two above (round the corner) of a card index."""
    si, ri = divmod(card, 13)
    return tuple(si * 13 + (ri + k) % 13 for k in (-2, -1, 1, 2))  # type: ignore[return-value]


class QuickTurn(NamedTuple):
    """A turn as `count_breaches` reads it: `TurnBits` with what it asks of the top card worked out."""

    drew: bool
    taken: int
    unplaced: int  # every card but those he placed
    discard: int
    top: int
    top_fits: bool  # the top card fitted a meld on the table
    top_rank: int  # the four cards of its rank
    m2: int  # its suit neighbours two and one below, one and two above
    m1: int
    p1: int
    p2: int
    fits_end: int
    forb: int


def quick(t: TurnBits) -> QuickTurn:
    top = t.top
    near = _neighbours(top) if top >= 0 else (0, 0, 0, 0)
    return QuickTurn(t.drew, t.taken, FULL & ~t.placed, t.discard, top, top >= 0 and bool(t.fits_start >> top & 1),
                     RANK[top % 13] if top >= 0 else 0, *near, t.fits_end, t.forb)


def count_breaches(turns: list[QuickTurn], hand: int, drawn: list[int]) -> int:
    """How many checks of the rule his turns (`quick`) break, from his first hand `hand` and the card he drew in
    each turn (`drawn[j]` for turn j, 1-based): the checks of `Chain`, written out on bits for speed (the chain
    counts a history thousands of times a decision)."""
    n = 0
    for j, (drew, taken, unplaced, discard, top, top_fits, top_rank, m2, m1, p1, p2, fits_end, forb) in \
            enumerate(turns, 1):
        if top < 0:
            useful = False
        elif top_fits or (hand & top_rank).bit_count() >= 2:
            useful = True
        else:
            lo, hi = hand >> m1 & 1, hand >> p1 & 1
            useful = bool(lo and (hi or hand >> m2 & 1) or hi and hand >> p2 & 1)
        if drew:
            n += useful
            hand |= 1 << drawn[j]
        else:
            n += not (useful and forb >= 0)
            hand |= taken
        full = hand & unplaced
        a, b, c, d = full & SUIT_BITS, full >> 13 & SUIT_BITS, full >> 26 & SUIT_BITS, full >> 39 & SUIT_BITS
        lo = (full << 1 & NOT_ACES) | (full & B12) >> 12
        if forb < 0:  # a card taken alone may keep a meld or a lay-off in hand: not read
            if a & b & (c | d) | c & d & (a | b) or full & lo & ((lo << 1 & NOT_ACES) | (lo & B12) >> 12):
                n += 1
            if full & fits_end:
                n += (full & fits_end).bit_count()
        hi = (full >> 1 & NOT_KINGS) | (full & B0) << 12
        near = lo | hi | (lo << 1 & NOT_ACES) | (lo & B12) >> 12 | (hi >> 1 & NOT_KINGS) | (hi & B0) << 12
        pairs = (a & b | a & c | a & d | b & c | b & d | c & d) * SPREAD
        alone = full & ~pairs & ~near
        free = full & ~(1 << forb) if forb >= 0 else full
        if discard == forb:
            n += 1
        elif alone >> discard & 1:
            n += bool(alone & free & (DEARER[discard] | EARLIER[discard]))
        elif alone & free or rule_throw(full, forb) != discard:
            n += 1
        hand = full & ~(1 << discard)
    return n


class Chain:
    """A Metropolis chain on his hand now and its history (module docstring). `unseen`: the cards the reading
    seat cannot place (his unknown cards and the talon); `held`: how many of them he holds (the staircase cards
    he took and holds are public, and come into his hand by the turns that took them)."""

    def __init__(self, turns: list[TurnBits], unseen: Sequence[str], held: int, rng: random.Random):
        self.turns = turns
        self.rng = rng
        self.unseen = [INDEX[c] for c in unseen]
        # every card he placed or threw that came to him unseen, with the turn he first played it (1-based): a
        # card he threw and took back later from the staircase came to him unseen all the same
        self.played: dict[int, int] = {}
        taken = 0
        for j, t in enumerate(turns, 1):
            taken |= t.taken
            for i in ids((t.placed | 1 << t.discard) & ~taken):
                self.played.setdefault(i, j)
        self.draws = [j for j, t in enumerate(turns, 1) if t.drew]
        self.quick = [quick(t) for t in turns]
        hand = rng.sample(self.unseen, held)
        self.slot: dict[int, int] = {}
        self._assign(hand)
        self.cost = self.breaches()

    def _assign(self, hand: list[int]) -> None:
        """A history for `hand`: each draw, latest first, one of the cards he held then chosen at random; the
        rest were dealt (there is always room: the cards he played later or holds are enough)."""
        cards = list(hand) + list(self.played)
        free = set(cards)
        for j in reversed(self.draws):
            able = [i for i in cards if i in free and self.played.get(i, NEVER) >= j]
            pick = self.rng.choice(able)
            free.discard(pick)
            self.slot[pick] = j
        for i in free:
            self.slot[i] = 0

    def breaches(self) -> int:
        """How many checks of the rule this history breaks (`count_breaches`)."""
        drawn = [0] * (len(self.turns) + 1)
        hand = 0
        for i, j in self.slot.items():
            if j:
                drawn[j] = i
            else:
                hand |= 1 << i
        return count_breaches(self.quick, hand, drawn)

    def step(self, eps: float) -> None:
        """One Metropolis step at `eps` a breach. A move swaps one of his unknown cards for an unseen one (the
        new card arriving when the old one did, or, half of the time, when another card of his did, which then
        arrives in its stead), or swaps when two of his cards came. Every choice is uniform, so each move is as
        likely as its reverse."""
        rng = self.rng
        slot = self.slot
        undo: list[tuple[int, int | None]] = []  # (card, its slot before: None if it was not his)
        if rng.random() < 0.5:
            mine = [i for i in slot if i not in self.played]
            if not mine or len(mine) == len(self.unseen):
                return
            out = rng.choice(mine)
            new = rng.choice(self.unseen)
            if new in slot:
                return
            j = slot.pop(out)
            slot[new] = j
            undo += [(out, j), (new, None)]
            if rng.random() < 0.5:
                other = rng.choice(list(slot))
                jo = slot[other]
                if other == new or jo == j or j > self.played.get(other, NEVER):
                    self._undo(undo)
                    return
                slot[new], slot[other] = jo, j
                undo.append((other, jo))
        else:
            a, b = rng.sample(list(slot), 2)
            ja, jb = slot[a], slot[b]
            if ja == jb or jb > self.played.get(a, NEVER) or ja > self.played.get(b, NEVER):
                return
            slot[a], slot[b] = jb, ja
            undo += [(a, ja), (b, jb)]
        cost = self.breaches()
        if cost <= self.cost or rng.random() < eps ** (cost - self.cost):
            self.cost = cost
            return
        self._undo(undo)

    def _undo(self, undo: list[tuple[int, int | None]]) -> None:
        for card, j in reversed(undo):
            if j is None:
                del self.slot[card]
            else:
                self.slot[card] = j

    def hand(self) -> list[str]:
        """His unknown cards now, as card codes."""
        return [CODES[i] for i in self.slot if i not in self.played]


def draw_hands(turns: list[TurnBits], unseen: Sequence[str], held: int, n: int, rng: random.Random,
               expired: Callable[[], bool] | None = None) -> list[list[str]]:
    """`n` draws of his unknown cards from the posterior (module docstring), by `CHAINS` chains, each from a
    random start: `BURN` steps annealed from `HOT` a breach down to `EPS` (so that it finds the rule's histories;
    a chain that found none without a breach is annealed again, up to `REHEAT` times), then a draw every `THIN`
    steps. Past `expired` no chain is started and none steps on: the draws still to come are the chain's as it
    stands (already read, however short)."""
    out: list[list[str]] = []
    chains = min(CHAINS, n)
    chain: Chain | None = None
    for k in range(chains):
        if chain is None or not late(expired):
            chain = Chain(turns, unseen, held, rng)
            for _ in range(1 + REHEAT):
                for b in range(BURN):
                    chain.step(HOT ** (1 - b / BURN) * EPS ** (b / BURN))
                    if b % 32 == 31 and late(expired):
                        break
                if not chain.cost or late(expired):
                    break
        for _ in range(n * (k + 1) // chains - n * k // chains):
            if not late(expired):
                for _ in range(THIN):
                    chain.step(EPS)
            out.append(chain.hand())
    return out


def late(expired: Callable[[], bool] | None) -> bool:
    return expired is not None and expired()
