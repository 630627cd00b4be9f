"""What a Rufmariasch seat may know, and worlds that fit it: `Rufmariasch.sample` (docs/engine.md, "Hidden
information") and the constrained deal it uses, apart from the rules of play."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .cards import DECK_32
from .rufmariasch_cards import SORT_KEY

if TYPE_CHECKING:
    from .rufmariasch import Rufmariasch


def sample(self: Rufmariasch, seat: int, rng: random.Random) -> Rufmariasch:
    """See `Engine.sample`. Before the call `seat` knows only its own first four cards: the other 28 are
    dealt anew (its own second batch too). In play the cards it cannot see go to the other hands, keeping
    their sizes, the cards a player showed it lacks (`_note_lacks`) and the announced marriages' cards
    still in hand; the partner is whoever holds the called card in the new deal unless already revealed."""
    w = self.clone()
    w.rng = random.Random(rng.getrandbits(64))
    if self._over:
        return w
    own = set(self.hands[seat])
    if self.phase == "call":
        pool = [c for c in DECK_32 if c not in own]
        rng.shuffle(pool)
        for s in range(4):
            if s != seat:
                w.hands[s] = sorted(pool[:4], key=SORT_KEY.__getitem__)
                del pool[:4]
        w._second = [pool[4 * s:4 * s + 4] for s in range(4)]
        return w
    others = [s for s in range(4) if s != seat]
    hidden = {c for s in others for c in self.hands[s]}
    pool = [c for c in DECK_32 if c in hidden]
    forced = {c: m["seat"] for m in self.marriages if m["seat"] != seat for c in m["cards"] if c in hidden}
    allowed = {c: (forced[c],) if c in forced else tuple(s for s in others if c not in self._lacks[s])
               for c in pool}
    dealt = _deal_constrained(pool, allowed, {s: len(self.hands[s]) for s in others}, rng)
    for s in others:
        w.hands[s] = sorted(dealt[s], key=SORT_KEY.__getitem__)
    if not self.revealed and self.called is not None:
        w.partner_seat = next(s for s in range(4) if self.called in w.hands[s])
    return w


def by_room(seats: list[int], room: dict[int, int], rng: random.Random) -> int:
    """One of `seats`, each as likely as it has room left (one draw of `rng`)."""
    x = rng.random() * sum(room[s] for s in seats)
    for s in seats:
        x -= room[s]
        if x < 0:
            return s
    return seats[-1]


def _deal_constrained(pool: list[str], allowed: dict[str, tuple[int, ...]], sizes: dict[int, int],
                      rng: random.Random) -> dict[int, list[str]]:
    """Deal `pool` so seat `s` gets `sizes[s]` cards, each card to one of its `allowed` seats. Cards go in random
    order, each to a seat drawn in proportion to the room left there among the seats that keep the rest
    dealable (Hall's condition over the few kinds of `allowed`); without constraints this is a plain shuffle."""
    cards = list(pool)
    rng.shuffle(cards)
    room = dict(sizes)
    left: dict[tuple[int, ...], int] = {}
    for c in cards:
        left[allowed[c]] = left.get(allowed[c], 0) + 1
    seats = sorted(room)
    subsets = [tuple(s for i, s in enumerate(seats) if m >> i & 1) for m in range(1, 1 << len(seats))]

    def feasible() -> bool:
        for sub in subsets:
            need = sum(n for kind, n in left.items() if n and all(s in sub for s in kind))
            if need > sum(room[s] for s in sub):
                return False
        return True

    free = len(left) == 1 and len(next(iter(left))) == len(seats)    # nothing known: no check needed
    out: dict[int, list[str]] = {s: [] for s in seats}
    for c in cards:
        kind = allowed[c]
        left[kind] -= 1
        options: list[int] = []
        for s in kind:
            if room[s] > 0:
                room[s] -= 1
                if free or feasible():
                    options.append(s)
                room[s] += 1
        if not options:
            raise ValueError("no deal is consistent with what this seat has seen")
        pick = by_room(options, room, rng)
        room[pick] -= 1
        out[pick].append(c)
    return out
