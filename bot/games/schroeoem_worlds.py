"""What a Schrööm seat may know, and worlds that fit it: `Schroeoem.voids` and `.sample` (docs/engine.md,
"Hidden information") live here, apart from the rules of play."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .cards import DECK_32, SUITS
from .schroeoem_cards import CARD_SUIT, KOELSCH_HANDS, LOW_KEY, SORT_KEY, koelsch_sum

if TYPE_CHECKING:
    from .schroeoem import Schroeoem


def voids(self: Schroeoem) -> list[set[str]]:
    """Per seat, the suits it showed it lacks this game (it did not follow a led suit)."""
    lacks: list[set[str]] = [set() for _ in range(self.seats)]
    for cards in [[(c["seat"], c["card"]) for c in t["cards"]] for t in self.tricks] + [self.trick]:
        if cards:
            led = CARD_SUIT[cards[0][1]]
            for s, c in cards[1:]:
                if CARD_SUIT[c] != led:
                    lacks[s].add(led)
    return lacks


def sample(self: Schroeoem, seat: int, rng: random.Random) -> Schroeoem:
    """See `Engine.sample`. `seat` sees its own hand and out-of-play cards, every card played and the
    cards shown in Vier Bilder exchanges; the rest is dealt anew among the other hands (keeping the
    suits a player showed he lacks), the other players' out-of-play cards (a folded hand keeps those
    voids too; an unrevealed fourth Vier Bilder card) and the stock. The Kölsch notice is public too:
    a seat that had one gets a dealt hand that qualifies (its hidden cards chosen first, among the
    qualifying hands that fit what it showed), and a seat that had none never gets one (such a deal is
    dealt again; after 30 tries the last one stands, which needs two notices' worth of luck)."""
    for _ in range(30):
        w = _sample_once(self, seat, rng)
        if all((koelsch_sum(h) > 37) == (s in self.koelsch) for s, h in _dealt_hands(self, w, seat).items()):
            break
    return w


def _dealt_hands(self: Schroeoem, w: Schroeoem, seat: int) -> dict[int, list[str]]:
    """The four cards each other seat was dealt this game, as world `w` has them (the Kölsch notice
    speaks of these): what everybody saw of them (`_koelsch_known`) and the rest, its hand and folded
    cards, or after a Vier Bilder exchange its unrevealed fourth laid card."""
    out: dict[int, list[str]] = {}
    for s in range(self.seats):
        if s == seat:
            continue
        laid = next((x for x in self.exchanges if x["seat"] == s), None)
        if laid is not None:
            hidden = [w.out[s][0]] if laid["fourth"] is None else []
        else:
            hidden = w.hands[s] + w.out[s]
        hand = _koelsch_known(self, s, laid) + hidden
        if len(hand) == 4:
            out[s] = hand
    return out


def _sample_once(self: Schroeoem, seat: int, rng: random.Random) -> Schroeoem:
    w = self.clone()
    w.rng = random.Random(rng.getrandbits(64))
    if self._over:
        return w
    seen = set(self.hands[seat]) | set(self.out[seat]) | {c for _, c in self.trick}
    seen.update(c["card"] for t in self.tricks for c in t["cards"])
    for x in self.exchanges:
        seen.update(x["revealed"])
        if x["fourth"] is not None:
            seen.add(x["fourth"])
    pool = [c for c in DECK_32 if c not in seen]
    fourth_of = {x["seat"] for x in self.exchanges if x["fourth"] is None and x["seat"] != seat}
    lacks = voids(self)
    # places: (kind, seat, size, suits allowed)
    places: list[tuple[str, int, int, frozenset[str]]] = []
    for s in range(self.seats):
        if s == seat:
            continue
        ok = frozenset(x for x in SUITS if x not in lacks[s])
        places.append(("hand", s, len(self.hands[s]), ok))
        has_fourth = s in fourth_of
        places.append(("fold", s, len(self.out[s]) - has_fourth, ok))
        if has_fourth:
            places.append(("fourth", s, 1, frozenset(SUITS)))
    places.append(("stock", -1, len(self.stock), frozenset(SUITS)))
    fixed = _koelsch_cards(self, seat, places, pool, rng)
    pool = [c for c in pool if not any(c in cards for cards in fixed.values())]
    sizes = [(0 if i in fixed else size, ok) for i, (_, _, size, ok) in enumerate(places)]
    dealt = _deal_by_suit(pool, sizes, rng)
    for i, cards in fixed.items():
        dealt[i] = cards
    for (kind, s, _, _), cards in zip(places, dealt, strict=True):
        if kind == "hand":
            w.hands[s] = sorted(cards, key=SORT_KEY.__getitem__)
        elif kind == "fold":
            w.out[s] = w.out[s][:1] if s in fourth_of else []
            w.out[s].extend(sorted(cards, key=SORT_KEY.__getitem__))
        elif kind == "fourth":
            w.out[s][0] = cards[0]
        else:
            w.stock = cards
    if self.pending is not None and self.pending["kind"] == "reveal":
        w._fourth = w.out[self.pending["exchanger"]][0]
    elif hasattr(w, "_fourth"):
        w._fourth = None  # a past exchange's card: never read again, and not the seat's to know
    return w


def _koelsch_cards(self: Schroeoem, seat: int, places: list[tuple[str, int, int, frozenset[str]]], pool: list[str],
                   rng: random.Random) -> dict[int, list[str]]:
    """For each other seat with a Kölsch notice, hidden cards that complete a qualifying dealt hand:
    {index in `places`: cards}. Its hidden part of the dealt hand is one place (the hand, the folded
    cards, or an unrevealed fourth laid card); the known part is what it played or showed."""
    fixed: dict[int, list[str]] = {}
    free = set(pool)
    for s in self.koelsch:
        if s == seat:
            continue
        laid = next((x for x in self.exchanges if x["seat"] == s), None)
        kinds = ("fourth",) if laid is not None else ("hand", "fold")
        spots = [i for i, (k, o, size, _) in enumerate(places) if o == s and k in kinds and size]
        if len(spots) != 1:
            continue  # nothing hidden (the notice is already true of the known cards)
        i = spots[0]
        _, _, size, ok = places[i]
        known = frozenset(_koelsch_known(self, s, laid))
        fits = [h - known for h in KOELSCH_HANDS
                if known <= h and len(h - known) == size and all(c in free and CARD_SUIT[c] in ok for c in h - known)]
        if fits:
            cards = sorted(rng.choice(sorted(sorted(f) for f in fits)), key=SORT_KEY.__getitem__)
            fixed[i] = cards
            free.difference_update(cards)
    return fixed


def _koelsch_known(e: Schroeoem, s: int, laid: dict[str, Any] | None) -> list[str]:
    """The cards of seat `s`'s dealt hand everybody has seen: its shown laid cards, else the cards it played."""
    if laid is not None:
        return list(laid["revealed"]) + ([laid["fourth"]] if laid["fourth"] is not None else [])
    return [c["card"] for t in e.tricks for c in t["cards"] if c["seat"] == s] + [c for o, c in e.trick if o == s]


def _deal_by_suit(pool: list[str], places: list[tuple[int, frozenset[str]]],
                  rng: random.Random) -> list[list[str]]:
    """Deal `pool` (in a canonical order) into `places` = (size, suits allowed) at random. Places that
    exclude a suit are filled first, the most restricted first, each with a uniform choice among the cards
    it may take; the unrestricted places share the rest (a plain shuffle when nothing is restricted). That
    greedy order can strand a card in rare cases: then it tries again, and at last searches exhaustively."""
    for _ in range(20):
        out = _greedy_deal(pool, places, rng)
        if out is not None:
            return out
    out = _search_deal(sorted(pool, key=LOW_KEY.__getitem__), places, [[] for _ in places])
    if out is None:
        raise ValueError("no deal is consistent with what this seat has seen")
    return out


def _greedy_deal(pool: list[str], places: list[tuple[int, frozenset[str]]],
                 rng: random.Random) -> list[list[str]] | None:
    left = list(pool)
    rng.shuffle(left)
    out: list[list[str]] = [[] for _ in places]
    restricted = [i for i, (size, ok) in enumerate(places) if size and len(ok) < len(SUITS)]
    restricted.sort(key=lambda i: (sum(CARD_SUIT[c] in places[i][1] for c in left), i))
    for i in restricted:
        size, ok = places[i]
        fits = [c for c in left if CARD_SUIT[c] in ok]
        if len(fits) < size:
            return None
        out[i] = fits[:size]
        taken = set(out[i])
        left = [c for c in left if c not in taken]
    for i, (size, _ok) in enumerate(places):
        if i not in restricted:
            out[i], left = left[:size], left[size:]
    return out


def _search_deal(cards: list[str], places: list[tuple[int, frozenset[str]]],
                 out: list[list[str]]) -> list[list[str]] | None:
    """Depth-first: the first card goes to the first place with room that allows it and leaves the rest
    dealable."""
    if not cards:
        return out
    card, rest = cards[0], cards[1:]
    for i, (size, ok) in enumerate(places):
        if len(out[i]) < size and CARD_SUIT[card] in ok:
            out[i].append(card)
            if _search_deal(rest, places, out) is not None:
                return out
            out[i].pop()
    return None
