"""Does planning its own later cards under the fog help Rufmariasch's strong player (issue 25)? A nested search.

    python -m benchmarks.rufmariasch_nested [--inner K] [--leads] [python -m benchmarks.ai's options]

Plays `python -m benchmarks.ai --games rufmariasch --levels strong,easy` (every option of it may follow) with a
strong player whose playouts choose its next own card by a search of their own. Strong values a card by playing
each world out, its own later cards by `Hand.own`, a rule on what its seat may know. Here, in every playout of
a fogged strong seat, its next card (with `--leads`, its next lead) is chosen instead as strong would choose it
then, on a small scale: `K` worlds (default 4) dealt anew from what its seat knows at that point of the playout
(`redeal`: the public play, the voids shown, the marriages announced, the sides as far as it knows them), each
legal card played out as before, the best total taken; its later cards by `own` as before. So the search plans
that card under the fog rather than by a rule, without seeing the playout's deal (recursive perfect-information
Monte Carlo, Furtak and Buro's IIMC for Skat; the first step of an information-set search).

A yardstick for that direction, not a player: it multiplies strong's decision p99 by 7 to 21 (2 to 6 s without
a deadline at 100 worlds), far past the table's 0.5 s. It deals strong's hands as `Tallied` and patches their
playout in this process (and in its forked workers); the yardsticks, whose one world is the true deal, play as
before.

Stop 48 (seed 1, 100 worlds, no deadline), paired round for round with strong: the next card, K = 4, rounds 0-59:
-0.22 [-2.02, 1.58] stake a deal; the next lead, K = 8, rounds 0-179: +0.26 [-0.56, 1.08], decision p99 4.5 to
6.2 s against 0.3 s; the first 120 rounds by a prototype that drew the redealt cards in another order
(docs/computer-players.md).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from bot.ai import rufmariasch as ai
from bot.ai.bitset import ids
from bot.ai.rufmariasch_sim import CHEAPNESS, KING, QUEEN, Hand
from bot.games.rufmariasch import TRICKS, Rufmariasch
from bot.games.rufmariasch_worlds import by_room

from . import ai as bench
from .sighted import patched

DEAL_TRIES = 8  # deals tried before a dead end gives up (it has not happened over 1,318 positions)


class Tallied(Hand):
    """A `Hand` that also keeps card points and tricks per seat (`Hand` keeps them per side only, which its
    solver and playouts need; the tallies would cost them some 7 %): a redeal that moves the hidden called card
    regroups the side totals from them. The tool deals strong's hands so while it runs."""

    __slots__ = ("taken", "tricks")

    taken: list[int]
    tricks: list[int]

    @classmethod
    def of(cls, w: Rufmariasch) -> Tallied:
        h = super().of(w)
        assert isinstance(h, Tallied)
        h.taken, h.tricks = list(w.card_points), list(w.tricks_won)
        return h

    @classmethod
    def called(cls, w: Rufmariasch, trump: str, card: str) -> Tallied:
        h = super().called(w, trump, card)
        assert isinstance(h, Tallied)
        h.taken, h.tricks = [0, 0, 0, 0], [0, 0, 0, 0]
        return h

    def copy(self) -> Tallied:
        h = super().copy()
        assert isinstance(h, Tallied)
        h.taken, h.tricks = list(self.taken), list(self.tricks)
        return h

    def play(self, c: int) -> None:
        trick_no, before = self.trick_no, self.points[0] + self.points[1]
        super().play(c)
        if self.trick_no != trick_no:              # the trick is taken: its winner leads the next
            self.taken[self.turn] += self.points[0] + self.points[1] - before
            self.tricks[self.turn] += 1


def redeal(h: Tallied, seat: int, rng: random.Random) -> Tallied | None:
    """`h` with the cards `seat` cannot see dealt anew as far as its seat knows them (None at a dead end):
    each other seat keeps its number of cards, a card goes only where its seat has not shown it lacks it, an
    announced King or Ober stays with its seat, and while `seat` does not know who holds the called card the
    sides follow where it lands (the side totals regrouped from the seats' tallies, `Tallied`)."""
    others = [s for s in range(4) if s != seat]
    unseen = 0
    for s in others:
        unseen |= h.hands[s]
    kept = {8 * suit + r: s for s in others for suit in range(4) if h.married[s] >> suit & 1
            for r in (KING, QUEEN) if unseen >> (8 * suit + r) & 1}
    places = sorted(((c, [kept[c]] if c in kept else [s for s in others if not h.lacks[s] >> c & 1])
                     for c in ids(unseen)), key=lambda x: len(x[1]))       # the fewest places first
    for _ in range(DEAL_TRIES):
        room = {s: h.hands[s].bit_count() for s in others}
        hands = [0, 0, 0, 0]
        hands[seat] = h.hands[seat]
        for c, may in places:
            open_ = [s for s in may if room[s]]
            if not open_:
                break
            pick = by_room(open_, room, rng)
            room[pick] -= 1
            hands[pick] |= 1 << c
        else:
            return _regrouped(h, seat, hands)
    return None


def _regrouped(h: Tallied, seat: int, hands: list[int]) -> Tallied:
    w = h.copy()
    w.hands = hands
    if h.revealed or h.hands[seat] >> h.call_id & 1:
        return w                                   # the seat knows the sides: they stay
    holder = next(s for s in range(4) if hands[s] >> h.call_id & 1)
    w.side = tuple(1 if s in (h.fh, holder) else 0 for s in range(4))
    w.alone = holder == h.fh
    if w.side != h.side:
        w.points, w.won, w.announced = [0, 0], [0, 0], [0, 0]
        for s in range(4):
            w.points[w.side[s]] += h.taken[s]
            w.won[w.side[s]] += h.tricks[s]
            for suit in range(4):
                if h.married[s] >> suit & 1:
                    w.announced[w.side[s]] += 40 if suit == h.trump else 20
    return w


def searched_card(h: Tallied, seat: int, inner: int, rng: random.Random, playout=Hand.playout) -> int:
    """`seat`'s card at `h` (its turn) by a search of `inner` redealt worlds, each card played out by `playout`;
    `own`'s card at a dead end. Equal totals: the cheapest, as strong."""
    legal = h.legal()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    moves = ids(legal)
    totals = [0] * len(moves)
    for _ in range(inner):
        w = redeal(h, seat, rng)
        if w is None:
            return h.own()
        for i, c in enumerate(moves):
            x = w.copy()
            x.play(c)
            totals[i] += playout(x, seat)
    cheap = CHEAPNESS[h.trump]
    return moves[min(range(len(moves)), key=lambda i: (-totals[i], cheap[moves[i]]))]


@contextmanager
def nested(inner: int, leads: bool) -> Iterator[None]:
    """Within: a fogged strong seat's playouts search its next card (`leads`: its next lead) over `inner`
    redealt worlds (the module docstring); every other playout as before."""
    plain = Hand.playout

    def playout(self: Tallied, seat: int) -> int:
        if not self.own_self:                      # the yardsticks, and the inner search's own playouts
            return plain(self, seat)
        rng = random.Random(hash((tuple(self.hands), self.turn)) & 0xFFFFFFFF)   # a pure function of the deal
        todo = True
        while self.trick_no <= TRICKS:
            if self.turn == seat:
                if todo and self.hands[seat].bit_count() >= 3 and not (leads and self.trick):
                    todo = False
                    self.play(searched_card(self, seat, inner, rng, plain))
                else:
                    self.play(self.own())
            else:
                self.play(self.thumb() if self.thumb_seats >> self.turn & 1 else self.own(lead=False))
        return self.value(seat)

    with patched((ai, "Hand", Tallied), (Tallied, "playout", playout)):
        yield


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--inner", type=int, default=4, help="worlds of the nested search (default 4)")
    parser.add_argument("--leads", action="store_true", help="search only the next lead, not the next card")
    args, rest = parser.parse_known_args(argv)
    if args.inner < 1:
        parser.error("--inner: at least one world")
    with nested(args.inner, args.leads):
        return bench.main(["--games", "rufmariasch", "--levels", "strong,easy", *rest])


if __name__ == "__main__":
    sys.exit(main())
