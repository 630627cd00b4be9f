"""Treppenrommé (docs/rules/treppenromme.md): staircase rummy for 2 to 4 players with 52 cards.

A turn: `draw` (top talon card) or `take K` (the top K staircase cards), then any number of
`meld ...` and `layoff ...`, then `discard C` onto the staircase (not needed when the hand is empty:
the player has gone out). Points are recorded the moment a card is placed and never re-valued.

Action notation (docs/engine.md, made precise here):

- `draw` - the top talon card. With an empty talon the first `draw` of the hand rebuilds the talon from
  the staircase minus its top card (shuffled); if that is impossible (nothing under the top card, or the
  talon was already rebuilt) the `draw` ends the hand without a finisher (the rules: talon empty).
- `take K` - the top K staircase cards, 1 <= K <= staircase length.
- `meld C1 C2 C3 ...` - a set (3-4 cards of one rank, different suits) or a sequence (>= 3 cards of one
  suit forming one arc on the cycle A-2-...-K-A). `legal_actions` lists every valid meld of the hand
  exactly once in canonical form: sets in suit order C S H D, sequences low -> high. Every valid meld is
  a contiguous run of held cards, so the list is complete and polynomial (at most about 600 entries even
  for a hand holding the whole deck). `apply` also accepts the same cards in any order (normalised).
  A 13-card sequence (one whole suit) has no unique low end: the melder names it with a trailing
  `low R` (R = rank, e.g. `meld 5H 6H ... 4H low 5`; a card code such as `low 5H` is accepted too).
  `low R` is accepted on shorter sequences as long as it names their actual low end.
- `layoff C M` - card C onto meld id M (any player's meld). On a 12-card sequence the missing card fits
  both ends: then the action must say `layoff C M low` or `layoff C M high` (both are listed; the end
  decides an Ace's value: 1 at the low end, 10 at the high end). An explicit end that fits is accepted
  anywhere.
- `discard C` - onto the staircase; ends the turn (or the hand, if it empties the hand).

Interpretations of the rules (what the rule text leaves open):

- Card-taken-alone rule [R]: after `take 1` that card may not be discarded this turn. A meld or lay-off
  that would leave that card as the *only* hand card is therefore illegal too (the player could neither
  discard nor finish); any order that ends with the forbidden card melded/laid off is fine.
- Rommé hand: the finisher placed nothing (no meld, no lay-off) in an earlier turn of this hand.
- 300-turn guard: the hand ends without finisher when the 300th turn of the hand is completed.
- Match end: after the hand in which some total reaches the target, if exactly one seat has the highest
  total; a tie at the top plays another hand.

The cards, melds and the parsing of `meld` and `layoff` against a hand are in `treppenromme_melds`, the list of
legal actions and the checking of one action in `treppenromme_moves`, the view in `treppenromme_view`; this
module keeps the deal, the turn's changes to the table and scoring.
"""

from __future__ import annotations

import random
from typing import Any

from . import treppenromme_moves as moves
from . import treppenromme_view as views
from .base import Engine, IllegalAction, Reason, choice
from .cards import DECK_52, validate_deal
from .treppenromme_melds import (
    _FACE,
    _INFO,
    _NOBODY,
    _SEAT_SETS,
    _SORT,
    HAND_VALUE,
    _copy_record,
    _Meld,
    seq_values,
    set_values,
)

HAND_SIZE = 7
TURN_LIMIT = 300


class Treppenromme(Engine):
    """Treppenrommé engine. See the module docstring for actions and interpretations."""

    key = "treppenromme"
    title = "Treppenrommé"
    min_seats = 2
    max_seats = 4
    OPTIONS = {
        "target": choice(500, (500, 1000), "points that end the session (500 or 1000)"),
    }
    TURN_IS_SEVERAL_ACTIONS = True  # draw or take, meld and lay off, discard

    # -- setup ------------------------------------------------------------------------------------
    def _setup(self, deal: dict[str, Any] | None) -> None:
        n = self.seats
        self.totals = [0] * n
        self.history: list[dict[str, Any]] = []
        self.last_hand: dict[str, Any] | None = None
        self.finished = False
        self.hand_no = 0
        first = self.options["dealer"]
        self.dealer = self.rng.randrange(n) if first is None else first
        self._deal(deal)

    def _deal(self, deal: dict[str, Any] | None = None) -> dict[str, Any]:
        n = self.seats
        self.hand_no += 1
        if deal is None:
            cards = list(DECK_52)
            self.rng.shuffle(cards)
            hands = [cards[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(n)]
            talon = cards[n * HAND_SIZE:]
            staircase = [talon.pop()]
        else:
            hands, staircase, talon = self._fixed_deal(deal)
        self.hands = [sorted(h, key=_SORT.__getitem__) for h in hands]
        self.talon = talon  # top = last
        self.staircase = staircase  # bottom -> top
        self.melds: list[_Meld] = []
        self.hand_points = [0] * n
        self.placed = [False] * n  # placed anything this hand (incl. the current turn)
        self.placed_earlier = [False] * n  # placed in an earlier turn of this hand (Rommé hand test)
        self.rebuilt = False
        self.rebuilt_from: frozenset[str] = frozenset()  # the staircase cards shuffled into the rebuilt talon
        self.known: list[list[str]] = [[] for _ in range(n)]  # staircase cards taken, still in that hand
        # the hand's public play, oldest first, as tuples: ("draw", seat, rebuilt), ("take", seat, cards),
        # ("meld", seat, meld id, cards), ("layoff", seat, meld id, card), ("discard", seat, card)
        self.log: list[tuple] = []
        self.turn_no = 0
        self.current = self.dealer  # the dealer starts
        self._start_turn()
        return {"type": "deal", "hand_no": self.hand_no, "dealer": self.dealer,
                "staircase": list(self.staircase), "talon_count": len(self.talon)}

    def _fixed_deal(self, deal: dict[str, Any]) -> tuple[list[list[str]], list[str], list[str]]:
        """`deal={"hands": [[7 cards] per seat], "staircase": [bottom..top] (optional, normally one
        card), "talon": [next draws, first drawn first] (optional)}`; missing cards come from the rng."""
        if not isinstance(deal, dict):
            raise ValueError("deal: must be a dict")
        sizes: dict[str, Any] = {"hands": [HAND_SIZE] * self.seats}
        for key in ("staircase", "talon"):
            if key in deal:
                if not isinstance(deal[key], list):
                    raise ValueError(f"deal: {key!r} must be a list of cards")
                sizes[key] = len(deal[key])
        if "staircase" in deal and not deal["staircase"]:
            raise ValueError("deal: the staircase needs at least one card")
        validate_deal(deal, deck_cards=DECK_52, sizes=sizes)
        hands = [list(h) for h in deal["hands"]]
        used = {c for h in hands for c in h} | set(deal.get("staircase", ())) | set(deal.get("talon", ()))
        rest = [c for c in DECK_52 if c not in used]
        self.rng.shuffle(rest)
        staircase = list(deal["staircase"]) if "staircase" in deal else [rest.pop()]
        talon = rest + list(reversed(deal.get("talon", [])))
        return hands, staircase, talon

    def _start_turn(self) -> None:
        self.step = "draw"
        self.taken_single: str | None = None
        self.took: dict[str, Any] | None = None
        self.placed_now = False

    # -- contract -----------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.finished

    def to_act(self) -> frozenset[int]:
        return _NOBODY if self.finished else _SEAT_SETS[self.current]

    def legal_actions(self, seat: int) -> list[str]:
        return moves.legal_actions(self, seat)

    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        """Validate by parsing (no enumeration of legal_actions), then apply. Raises IllegalAction and
        leaves the state untouched when the action is not legal."""
        parsed = moves.parse(self, seat, action)
        return self._do(seat, parsed)

    def _apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        return self._do(seat, moves.parse(self, seat, action))

    def explain(self, seat: int, action: str) -> str:
        try:
            moves.parse(self, seat, action)
        except IllegalAction as exc:
            return exc.reason
        return Reason("{action} is legal", action=repr(action))

    def default_action(self, seat: int) -> str:
        """Timed out: `draw` when drawing; otherwise discard the highest-valued allowed card. Never melds."""
        if self.finished or seat != self.current:
            raise IllegalAction(Reason("it is not your turn"))
        if self.step == "draw":
            return "draw"
        forb = self.taken_single
        allowed = [c for c in self.hands[seat] if c != forb]
        best = max(allowed, key=lambda c: (HAND_VALUE[c], _SORT[c] % 13, -_SORT[c]))
        return "discard " + best

    # -- state changes ------------------------------------------------------------------------------
    def _do(self, seat: int, p: tuple) -> list[dict[str, Any]]:
        verb = p[0]
        hand = self.hands[seat]
        if verb == "draw":
            events: list[dict[str, Any]] = []
            if not self.talon:
                if self.rebuilt or len(self.staircase) < 2:
                    events.append({"type": "hand_void", "reason": "talon", "seat": seat})
                    return events + self._end_hand(None)
                self.talon = self.staircase[:-1]
                self.rebuilt_from = frozenset(self.talon)
                self.rng.shuffle(self.talon)
                self.staircase = self.staircase[-1:]
                self.rebuilt = True
                events.append({"type": "rebuild", "seat": seat, "talon_count": len(self.talon)})
            card = self.talon.pop()
            self._add(hand, card)
            self.log.append(("draw", seat, bool(events)))
            self.step = "meld"
            self.took = {"from": "talon"}
            events.append({"type": "draw", "seat": seat, "talon_count": len(self.talon)})
            events.append({"type": "drawn", "seat": seat, "card": card, "private": seat})
            return events
        if verb == "take":
            k = p[1]
            cards = self.staircase[-k:]
            del self.staircase[-k:]
            for c in cards:
                self._add(hand, c)
            self.known[seat].extend(cards)
            self.log.append(("take", seat, tuple(cards)))
            self.step = "meld"
            self.taken_single = cards[0] if k == 1 else None
            self.took = {"from": "staircase", "cards": list(cards)}
            return [{"type": "take", "seat": seat, "k": k, "cards": list(cards)}]
        if verb == "discard":
            card = p[1]
            hand.remove(card)
            self._forget(seat, card)
            self.staircase.append(card)
            self.log.append(("discard", seat, card))
            events = [{"type": "discard", "seat": seat, "card": card}]
            if not hand:
                return events + self._go_out(seat)
            if self.placed_now:
                self.placed_earlier[seat] = True
            self.turn_no += 1
            if self.turn_no >= TURN_LIMIT:
                events.append({"type": "hand_void", "reason": "turn_limit", "seat": seat})
                return events + self._end_hand(None)
            self.current = (seat + 1) % self.seats
            self._start_turn()
            return events
        if verb == "meld":
            _, kind, cards, suit, rank, low = p
            for c in cards:
                hand.remove(c)
                self._forget(seat, c)
            values = set_values(cards) if kind == "set" else seq_values(cards)
            meld = _Meld(len(self.melds) + 1, seat, kind, cards, values, suit, rank, low)
            self.melds.append(meld)
            self.log.append(("meld", seat, meld.id, tuple(cards)))
            pts = sum(values)
            self._credit(seat, pts)
            events = [{"type": "meld", "seat": seat, "meld": meld.id, "kind": kind, "cards": list(cards),
                       "values": list(values), "points": pts}]
        else:  # layoff
            _, card, meld, end = p
            hand.remove(card)
            self._forget(seat, card)
            si, ri = _INFO[card]
            if meld.kind == "set":
                value = HAND_VALUE[card]
                meld.cards.append(card)
                meld.cards.sort(key=_SORT.__getitem__)
                pos = meld.cards.index(card)
                meld.values.insert(pos, value)
                meld.by.insert(pos, seat)
            elif end == "low":
                value = 1 if ri == 0 else _FACE[ri]
                meld.cards.insert(0, card)
                meld.values.insert(0, value)
                meld.by.insert(0, seat)
                meld.low = (meld.low - 1) % 13
            else:
                value = 10 if ri == 0 else _FACE[ri]
                meld.cards.append(card)
                meld.values.append(value)
                meld.by.append(seat)
            self.log.append(("layoff", seat, meld.id, card))
            self._credit(seat, value)
            events = [{"type": "layoff", "seat": seat, "card": card, "meld": meld.id, "end": end,
                       "points": value}]
        if not hand:
            return events + self._go_out(seat)
        return events

    def _forget(self, seat: int, card: str) -> None:
        if card in self.known[seat]:
            self.known[seat].remove(card)

    @staticmethod
    def _add(hand: list[str], card: str) -> None:
        key = _SORT[card]
        i = len(hand)
        while i and _SORT[hand[i - 1]] > key:
            i -= 1
        hand.insert(i, card)

    def _credit(self, seat: int, pts: int) -> None:
        self.hand_points[seat] += pts
        self.placed[seat] = True
        self.placed_now = True

    def _go_out(self, seat: int) -> list[dict[str, Any]]:
        romme = not self.placed_earlier[seat]
        left = sum(HAND_VALUE[c] for s in range(self.seats) if s != seat for c in self.hands[s])
        bonus = left * 2 if romme else left
        return [{"type": "out", "seat": seat, "romme": romme, "bonus": bonus}] + self._end_hand(seat, bonus, romme)

    def _end_hand(self, finisher: int | None, bonus: int = 0, romme: bool = False) -> list[dict[str, Any]]:
        n = self.seats
        deltas = list(self.hand_points)
        if finisher is not None:
            deltas[finisher] += bonus
        for s in range(n):
            self.totals[s] += deltas[s]
        remaining = [list(h) for h in self.hands]
        record = {
            "hand_no": self.hand_no, "dealer": self.dealer, "deltas": deltas,
            "meld_points": list(self.hand_points), "finisher": finisher, "romme": romme, "bonus": bonus,
            "remaining_points": [sum(HAND_VALUE[c] for c in h) for h in self.hands],
            "void": finisher is None, "turns": self.turn_no,
        }
        self.history.append(record)
        self.last_hand = record
        events: list[dict[str, Any]] = [dict(record, type="hand_scored", totals=list(self.totals),
                                             remaining=remaining)]
        top = max(self.totals)
        leaders = [s for s in range(n) if self.totals[s] == top]
        if top >= self.options["target"] and len(leaders) == 1:
            self.finished = True
            self.step = "over"
            self.taken_single = None
            self.took = None
            events.append({"type": "match_over", "winners": leaders, "totals": list(self.totals)})
            return events
        self.dealer = (self.dealer + 1) % n
        events.append(self._deal())
        return events

    # -- copies for the computer players --------------------------------------------------------------
    def clone(self) -> Treppenromme:
        """An independent copy, much quicker than a pickle round trip (searches clone a lot). Hand records
        are never changed in place, so they are shared; melds grow by lay-offs, so they are copied."""
        e = object.__new__(Treppenromme)
        e.__dict__.update(self.__dict__)
        e.options = dict(self.options)
        e.rng = random.Random()
        e.rng.setstate(self.rng.getstate())
        for name in ("totals", "history", "talon", "staircase", "hand_points", "placed", "placed_earlier", "log"):
            setattr(e, name, list(getattr(self, name)))
        e.hands = [list(h) for h in self.hands]
        e.known = [list(k) for k in self.known]
        e.melds = [m.copy() for m in self.melds]
        if self.took is not None:
            e.took = dict(self.took)
        return e

    def sample(self, seat: int, rng: random.Random) -> Treppenromme:
        """See `Engine.sample`. `seat` sees its hand, the staircase and the melds; the cards a player took
        from the staircase stay in his hand until he places or discards them. Every other card is dealt
        anew among the rest of the other hands and the talon (whose order is hidden too), as `deal_unseen`
        says: after a rebuild the talon holds only cards everybody saw on the staircase."""
        w = self.clone()
        w.rng = random.Random(rng.getrandbits(64))
        if self.finished:
            return w
        hands, w.talon = self.deal_unseen(seat, rng)
        for s, cards in hands.items():
            w.hands[s] = sorted(self.known[s] + cards, key=_SORT.__getitem__)
        return w

    def unseen(self, seat: int) -> list[tuple[list[str], dict[int, int]]]:
        """What `seat` cannot see, in kinds: each kind's cards (in deck order) and how many of them each other
        hand holds, those left over lying in the talon. One kind until the talon is rebuilt. From then on
        the talon holds only the old staircase's cards, which everybody saw, so two: the cards that were in
        the other hands at the rebuild (none in the talon), and the rebuilt talon's, of which each other hand
        holds as many as it drew since and has not shown (a count everybody can keep)."""
        seen = set(self.hands[seat]) | set(self.staircase) | {c for m in self.melds for c in m.cards}
        others = [s for s in range(self.seats) if s != seat]
        for s in others:
            seen.update(self.known[s])
        free = {s: len(self.hands[s]) - len(self.known[s]) for s in others}
        cards = [c for c in DECK_52 if c not in seen]
        talon_kind = self.rebuilt_from
        if not talon_kind:
            return [(cards, free)]
        drawn = {s: sum(c in talon_kind and c not in self.known[s] for c in self.hands[s]) for s in others}
        held = {s: free[s] - drawn[s] for s in others}
        return [([c for c in cards if c not in talon_kind], held), ([c for c in cards if c in talon_kind], drawn)]

    def deal_unseen(self, seat: int, rng: random.Random) -> tuple[dict[int, list[str]], list[str]]:
        """The cards `seat` cannot see (`unseen`) dealt anew: each other hand's unknown cards, and the talon."""
        hands, talon = deal_kinds(self.unseen(seat), rng)
        rng.shuffle(talon)  # the talon's order is hidden as well
        return hands, talon

    # -- views ----------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The table as a JSON-serialisable dict; its keys and the events are documented in
        `treppenromme_view.view`."""
        return views.view(self, seat)

    def result(self) -> dict[str, Any]:
        top = max(self.totals)
        winners = [s for s in range(self.seats) if self.totals[s] == top] if self.finished else []
        return {"winners": winners, "totals": list(self.totals), "hands": [_copy_record(h) for h in self.history]}


__all__ = ["Treppenromme", "HAND_SIZE", "HAND_VALUE", "TURN_LIMIT", "seq_values", "set_values"]


def deal_kinds(kinds: list[tuple[list[str], dict[int, int]]],
               rng: random.Random) -> tuple[dict[int, list[str]], list[str]]:
    """Deal `Treppenromme.unseen`'s kinds: each hand its count of each kind's cards, at random; and the cards
    left over (for the talon, in no particular order)."""
    hands: dict[int, list[str]] = {}
    rest: list[str] = []
    for cards, counts in kinds:
        dealt = rng.sample(cards, sum(counts.values()))
        at = 0
        for s, n in counts.items():
            hands.setdefault(s, []).extend(dealt[at:at + n])
            at += n
        chosen = set(dealt)
        rest.extend(c for c in cards if c not in chosen)
    return hands, rest
