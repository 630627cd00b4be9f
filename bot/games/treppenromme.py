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

The cards, melds and the parsing of `meld` and `layoff` against a hand are in `treppenromme_melds`; this
module keeps the turn, the staircase, scoring and the views.
"""

from __future__ import annotations

import random
from typing import Any

from .base import Engine, IllegalAction, Reason, choice
from .cards import DECK_52, pretty, validate_deal
from .treppenromme_melds import (
    _CODE,
    _CYCLE,
    _FACE,
    _INFO,
    _NOBODY,
    _SEAT_SETS,
    _SORT,
    HAND_VALUE,
    _copy_record,
    _Meld,
    card_in_hand,
    parse_layoff,
    parse_meld,
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
        if self.finished or seat != self.current:
            return []
        if self.step == "draw":
            return ["draw"] + [f"take {k}" for k in range(1, len(self.staircase) + 1)]
        hand = self.hands[seat]
        hl = len(hand)
        forb = self.taken_single if self.taken_single in hand else None
        acts: list[str] = []
        by_rank: list[list[str]] = [[] for _ in range(13)]
        by_suit = [[False] * 13 for _ in range(4)]
        for c in hand:
            si, ri = _INFO[c]
            by_rank[ri].append(c)
            by_suit[si][ri] = True

        def ok(m: list[str]) -> bool:  # would the meld leave only the forbidden card?
            return forb is None or hl - len(m) != 1 or forb in m

        for ri in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0):
            group = by_rank[ri]
            if len(group) == 3:
                if ok(group):
                    acts.append("meld " + " ".join(group))
            elif len(group) == 4:
                for skip in (3, 2, 1, 0):
                    m = group[:skip] + group[skip + 1:]
                    if ok(m):
                        acts.append("meld " + " ".join(m))
                if ok(group):
                    acts.append("meld " + " ".join(group))
        for si in range(4):
            held = by_suit[si]
            cnt = sum(held)
            if cnt < 3:
                continue
            row = _CODE[si]
            if cnt == 13:
                for start in range(13):
                    for length in range(3, 13):
                        m = [row[(start + i) % 13] for i in range(length)]
                        if ok(m):
                            acts.append("meld " + " ".join(m))
                for start in range(13):
                    m = [row[(start + i) % 13] for i in range(13)]
                    acts.append("meld " + " ".join(m) + " low " + _CYCLE[start])
                continue
            for start in range(13):
                if not held[start] or held[start - 1]:
                    continue
                run = [start]
                while held[(run[-1] + 1) % 13]:
                    run.append((run[-1] + 1) % 13)
                length = len(run)
                for a in range(length - 2):
                    for b in range(a + 3, length + 1):
                        m = [row[ri] for ri in run[a:b]]
                        if ok(m):
                            acts.append("meld " + " ".join(m))
        if self.melds:
            handset = set(hand)
            two_left = forb is not None and hl == 2
            for meld in self.melds:
                fits = meld.fits()
                both = len(fits) == 2 and fits[0][0] == fits[1][0]
                for card, end in fits:
                    if card not in handset or (two_left and card != forb):
                        continue
                    if both:
                        acts.append(f"layoff {card} {meld.id} {end}")
                    else:
                        acts.append(f"layoff {card} {meld.id}")
        acts.extend("discard " + c for c in hand if c != forb)
        return acts

    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        """Validate by parsing (no enumeration of legal_actions), then apply. Raises IllegalAction and
        leaves the state untouched when the action is not legal."""
        parsed = self._parse(seat, action)
        return self._do(seat, parsed)

    def _apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        return self._do(seat, self._parse(seat, action))

    def explain(self, seat: int, action: str) -> str:
        try:
            self._parse(seat, action)
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

    # -- parsing / validation -----------------------------------------------------------------------
    def _parse(self, seat: int, action: str) -> tuple:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            raise IllegalAction(Reason("there is no seat {seat}", seat=seat))
        if self.finished:
            raise IllegalAction(Reason("the match is over"))
        if seat != self.current:
            raise IllegalAction(Reason("it is not your turn"))
        if not isinstance(action, str):
            raise IllegalAction(Reason("an action is a text like 'draw' or 'discard 7H'"))
        tokens = action.split()
        if not tokens:
            raise IllegalAction(Reason("empty action"))
        verb = tokens[0].lower()
        args = tokens[1:]
        if verb not in ("draw", "take", "meld", "layoff", "discard"):
            raise IllegalAction(Reason("unknown action {verb}: use draw, take K, meld ..., layoff C M, discard C",
                                        verb=repr(verb)))
        if self.step == "draw":
            if verb == "draw":
                if args:
                    raise IllegalAction(Reason("'draw' takes no arguments"))
                return ("draw",)
            if verb == "take":
                if len(args) != 1 or not args[0].isdigit():
                    raise IllegalAction(Reason("say 'take K' with K the number of staircase cards"))
                k = int(args[0])
                if not 1 <= k <= len(self.staircase):
                    raise IllegalAction(Reason("you may take 1 to {most} staircase cards, not {k}",
                                                most=len(self.staircase), k=k))
                return ("take", k)
            raise IllegalAction(Reason("draw first: 'draw' from the talon or 'take K' from the staircase"))
        if verb in ("draw", "take"):
            raise IllegalAction(Reason("you have already drawn this turn"))
        hand = self.hands[seat]
        forb = self.taken_single if self.taken_single in hand else None
        if verb == "discard":
            if len(args) != 1:
                raise IllegalAction(Reason("say 'discard C' with one card"))
            card = card_in_hand(args[0], hand)
            if card == forb:
                raise IllegalAction(Reason("you took {card} alone from the staircase: you may not discard it this turn",
                                           card=pretty(card)))
            return ("discard", card)
        if verb == "meld":
            return parse_meld(args, hand, forb)
        return parse_layoff(args, hand, forb, self.melds)


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
        anew among the rest of the other hands and the talon (whose order is hidden too)."""
        w = self.clone()
        w.rng = random.Random(rng.getrandbits(64))
        if self.finished:
            return w
        seen = set(self.hands[seat]) | set(self.staircase) | {c for m in self.melds for c in m.cards}
        for s in range(self.seats):
            if s != seat:
                seen.update(self.known[s])
        pool = [c for c in DECK_52 if c not in seen]
        rng.shuffle(pool)
        for s in range(self.seats):
            if s == seat:
                continue
            free = len(self.hands[s]) - len(self.known[s])
            w.hands[s] = sorted(self.known[s] + pool[:free], key=_SORT.__getitem__)
            del pool[:free]
        w.talon = pool
        return w

    # -- views ----------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The table as a JSON-serialisable dict.

        Common keys (docs/views.md): game, seats, phase ("play" | "over"), dealer, to_act, totals, hand_no,
        over, options, counts (hand sizes), hand (private views only, sorted C S H D, 2..K A).

        Treppenrommé keys (public):
        - "staircase": list of cards, bottom -> top (all face up; the top card is the last).
        - "talon_count": int; "rebuilt": bool (the talon was already rebuilt once this hand).
        - "melds": list of {"id" (1-based, per hand), "owner" (seat who melded it), "kind": "set"|"seq",
          "cards" (sets: suit order C S H D; sequences: low -> high), "values" (recorded value of each card,
          same order), "by" (seat who placed each card, same order), "points" (sum recorded for this meld),
          "ends" (what may still be laid off onto it: list of {"rank", "suit", "end"} with end "low"|"high"
          for sequences, null for sets; a 12-card sequence lists the missing card twice, once per end, a
          13-card sequence or a 4-card set none. Rank/suit pairs rather than card codes so that the public
          view never spells a card that may sit in a hand), "rank" (sets) or "suit" (sequences)}.
        - "hand_points": points recorded this hand per seat (melds and lay-offs).
        - "placed": per seat, whether that seat has melded or laid off this hand (False = Rommé hand still
          possible for it).
        - "turn": seat whose turn it is (null when over); "turn_no": completed turns this hand
          (the hand ends without finisher at 300).
        - "turn_step": "draw" (must `draw` or `take K`) | "meld" (may meld / lay off, must discard) | "over".
        - "took": what the player to act took this turn: null, {"from": "talon"} or
          {"from": "staircase", "cards": [...]} (public: the staircase is face up).
        - "taken_single": the card taken alone from the staircase this turn (may not be discarded), or null.
        - "target": the session target.
        - "last_hand": null or the previous hand's record {"hand_no", "dealer", "deltas", "meld_points",
          "finisher" (seat or null), "romme", "bonus", "remaining_points", "void", "turns"}.
        - "log": the running hand's public play, one entry per turn begun, oldest first (the running turn
          last): {"seat", "took" (as "took" above: {"from": "talon"} or {"from": "staircase", "cards"}),
          "rebuilt" (this draw rebuilt the talon from the staircase), "placed" (in order: {"meld" (id),
          "cards", "layoff" (false: a new meld; true: "cards" is the one card laid off)}), "discard" (card, or
          null while the turn runs or when it ended the hand)}. Never a drawn card: every seat sees the same.

        Events: "deal" {hand_no, dealer, staircase, talon_count}; "draw" {seat, talon_count} (public) plus
        "drawn" {seat, card, private: seat}; "rebuild" {seat, talon_count}; "take" {seat, k, cards};
        "meld" {seat, meld, kind, cards, values, points}; "layoff" {seat, card, meld, end ("low"|"high"|null),
        points}; "discard" {seat, card}; "out" {seat, romme, bonus}; "hand_void" {reason: "talon"|"turn_limit",
        seat}; "hand_scored" {hand_no, dealer, deltas, totals, meld_points, finisher, romme, bonus,
        remaining (cards left per seat, revealed at the settlement), remaining_points, void, turns};
        "match_over" {winners, totals}.
        """
        v: dict[str, Any] = {
            "game": self.key,
            "seats": self.seats,
            "phase": "over" if self.finished else "play",
            "dealer": self.dealer,
            "to_act": sorted(self.to_act()),
            "totals": list(self.totals),
            "hand_no": self.hand_no,
            "over": self.finished,
            "options": dict(self.options),
            "counts": [len(h) for h in self.hands],
            "staircase": list(self.staircase),
            "talon_count": len(self.talon),
            "rebuilt": self.rebuilt,
            "melds": [m.to_view() for m in self.melds],
            "hand_points": list(self.hand_points),
            "placed": list(self.placed),
            "turn": None if self.finished else self.current,
            "turn_no": self.turn_no,
            "turn_step": self.step,
            "took": None if self.took is None else dict(self.took),
            "taken_single": self.taken_single,
            "target": self.options["target"],
            "last_hand": None if self.last_hand is None else _copy_record(self.last_hand),
            "log": self.log_view(),
        }
        if seat is not None:
            if not isinstance(seat, int) or not 0 <= seat < self.seats:
                raise ValueError(f"there is no seat {seat}")
            v["hand"] = list(self.hands[seat])
        return v

    def log_view(self) -> list[dict[str, Any]]:
        """The running hand's public play, one entry per turn, oldest first (the view's "log")."""
        turns: list[dict[str, Any]] = []
        for item in self.log:
            verb, seat = item[0], item[1]
            if verb == "draw":
                turns.append({"seat": seat, "took": {"from": "talon"}, "rebuilt": item[2], "placed": [],
                              "discard": None})
            elif verb == "take":
                turns.append({"seat": seat, "took": {"from": "staircase", "cards": list(item[2])}, "rebuilt": False,
                              "placed": [], "discard": None})
            elif verb == "meld":
                turns[-1]["placed"].append({"meld": item[2], "cards": list(item[3]), "layoff": False})
            elif verb == "layoff":
                turns[-1]["placed"].append({"meld": item[2], "cards": [item[3]], "layoff": True})
            else:
                turns[-1]["discard"] = item[2]
        return turns

    def result(self) -> dict[str, Any]:
        top = max(self.totals)
        winners = [s for s in range(self.seats) if self.totals[s] == top] if self.finished else []
        return {"winners": winners, "totals": list(self.totals), "hands": [_copy_record(h) for h in self.history]}


__all__ = ["Treppenromme", "HAND_SIZE", "HAND_VALUE", "TURN_LIMIT", "seq_values", "set_values"]
