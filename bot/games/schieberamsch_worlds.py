"""What a Schieberamsch seat may know, and worlds that fit it: `Schieberamsch.knowledge` and `.sample`
(docs/engine.md, "Hidden information") live here, apart from the rules of play."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .schieberamsch_cards import (
    _RANGE32,
    _SEATS_FROM,
    _SUIT_ID,
    SORTED_DECK,
    SUIT_OF,
    _sorted,
    cards_of,
    mask_of,
)
from .schieberamsch_scoring import _MATADORS

if TYPE_CHECKING:
    from .schieberamsch import Schieberamsch

_SUIT_OF_ID: tuple[int, ...] = tuple(_SUIT_ID[SUIT_OF[c]] for c in SORTED_DECK)


def knowledge(self: Schieberamsch, seat: int) -> tuple[list[int], list[int]]:
    """What `seat` has seen of where the others' cards are not: (voids, played), per seat a bit mask of
    the suit ids it showed void in (did not follow the led suit or trump) and of the cards it played."""
    voids, played = [0, 0, 0], [0, 0, 0]
    tricks = list(self._tricks)
    if self._trick:
        tricks.append((self._trick, self._leader or 0, -1))
    for cards, leader, _ in tricks:
        led = _SUIT_OF_ID[cards[0]]
        for s, k in zip(_SEATS_FROM[leader], cards, strict=False):
            played[s] |= 1 << k
            if _SUIT_OF_ID[k] != led:
                voids[s] |= 1 << led
    return voids, played


def sample(self: Schieberamsch, seat: int, rng: random.Random) -> Schieberamsch:
    """See `Engine.sample`. Hidden are the other two hands and the skat, unless `seat` put the skat down
    itself and nobody took it since. A card `seat` discarded is in the skat or with a seat that took the
    skat after it; a seat void in a suit holds none of it. The others' discards and the skats they picked
    up (only their own views show them) are made up to fit the new deal."""
    w = self.clone()
    w.rng = random.Random(rng.getrandbits(64))
    if self._over:
        return w
    voids, played = knowledge(self, seat)
    took = self._took_by
    later = took[took.index(seat) + 1:] if seat in took else []
    own_discard = self._discarded.get(seat)
    skat_known = own_discard is not None and not later
    others = [p for p in (0, 1, 2) if p != seat]
    places = [*others] + ([] if skat_known else [3])  # 3 = the skat
    caps = [self._masks[p].bit_count() for p in others] + ([] if skat_known else [len(self._skat)])
    pool_mask = self._masks[others[0]] | self._masks[others[1]]
    if not skat_known:
        pool_mask |= mask_of(self._skat)
    discard_mask = mask_of(own_discard) if own_discard else 0
    allowed: list[list[int]] = []
    pool = [k for k in _RANGE32 if pool_mask >> k & 1]  # ascending card ids: canonical
    for k in pool:
        allowed.append([i for i, p in enumerate(places) if p == 3 or (
            not voids[p] >> _SUIT_OF_ID[k] & 1 and (not discard_mask >> k & 1 or p in later))])
    where = _deal_hidden(allowed, caps, rng)
    masks = w._masks
    for p in others:
        masks[p] = 0
    skat: list[int] = []
    for k, i in zip(pool, where, strict=True):
        if places[i] == 3:
            skat.append(k)
        else:
            masks[places[i]] |= 1 << k
    if not skat_known:
        w._skat = [SORTED_DECK[k] for k in skat]
    _redo_hidden_skats(w, self, seat, played, rng)
    if w._mode == "grand" and w._solo is not None:
        solo = w._solo
        w._matadors = _MATADORS[(masks[solo] | played[solo] | mask_of(w._skat)) & 15]
    return w


def _redo_hidden_skats(self: Schieberamsch, real: Schieberamsch, seat: int, played: list[int],
                       rng: random.Random) -> None:
    """Give the other takers a picked-up skat and a discard that fit this world (only their views show
    them): going back from the last taker, a discard is the skat the next taker picked up."""
    took = self._took_by
    if not took:
        return
    if self._phase == "discard" and self._turn != seat:
        u = self._turn
        assert u is not None
        if len(took) > 1 and took[-2] == seat:
            self._picked = list(real._picked)
        else:
            self._picked = _pick_two(self._masks[u], rng)
    discarding = self._turn if self._phase == "discard" else None
    # the skat the taker after t picked up (= t's discard); after the last discard, the skat itself
    nxt_skat: list[str] | None = self._skat if self._mode == "ramsch" else None
    for i in range(len(took) - 1, -1, -1):
        t = took[i]
        if t == seat:
            nxt_skat = real._took_skat.get(t)
            continue
        if t in self._discarded and nxt_skat is not None:
            self._discarded[t] = list(nxt_skat)
        if t == discarding:
            picked = self._picked
        elif i and took[i - 1] == seat:
            picked = list(real._discarded[seat])
        else:
            picked = _pick_two(self._masks[t] | played[t] | mask_of(self._discarded.get(t, [])), rng)
        self._took_skat[t] = nxt_skat = picked


def _pick_two(mask: int, rng: random.Random) -> list[str]:
    """Two cards of `mask` at random, in display order (canonical: drawn from the sorted cards)."""
    cards = cards_of(mask)
    return _sorted(rng.sample(cards, 2)) if len(cards) >= 2 else cards


def _deal_hidden(allowed: list[list[int]], caps: list[int], rng: random.Random) -> list[int]:
    """A place for every hidden card: card i goes to one of `allowed[i]`, place j gets exactly `caps[j]`.
    The most constrained cards go first, each to an allowed place with probability proportional to its room
    left (plain dealing when nothing is constrained); a dead end retries, and after a few a search finds a fit
    (one exists: the real deal)."""
    order = sorted(range(len(allowed)), key=lambda i: len(allowed[i]))
    for _ in range(20):
        room = list(caps)
        where = [0] * len(allowed)
        for i in order:
            total = sum(room[j] for j in allowed[i])
            if total == 0:
                break
            r = rng.randrange(total)
            for j in allowed[i]:
                r -= room[j]
                if r < 0:
                    break
            room[j] -= 1
            where[i] = j
        else:
            return where
    found = _fit(order, allowed, list(caps), [0] * len(allowed), 0)
    if found is None:
        raise AssertionError("no deal fits what the seat knows")
    return found


def _fit(order: list[int], allowed: list[list[int]], room: list[int], where: list[int], n: int) -> list[int] | None:
    if n == len(order):
        return where
    i = order[n]
    for j in allowed[i]:
        if room[j]:
            room[j] -= 1
            where[i] = j
            if _fit(order, allowed, room, where, n + 1) is not None:
                return where
            room[j] += 1
    return None
