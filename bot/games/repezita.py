"""Repezita (docs/rules/repezita.md): the real-time Romanian shedding race — no turns.

Model:
- 1 deck of 52 for 2-4 players, 2 decks (104 cards) for 5-8 (option `decks` overrides). Cards of the second
  deck are distinct objects with the suffix `#2`: `7H` (first deck) and `7H#2` (second deck). Views, events
  and actions always use these ids, e.g. `play 7H#2 on 8C`.
- Deal: all cards one by one clockwise from forehand (left of the dealer): the first seats may get one more.
- Start signal: a new hand is dealt face down (phase "signal": nobody sees his hand, `to_act()` is the
  dealer alone) until the dealer acts `go`. Then the hands are picked up (phase "play").
- `to_act()` is every player still holding cards; each may act at any time with `play C on T`, where T is the
  pile top he saw (`-` for an empty pile). If T is not the current top (someone was faster) the request is
  rejected with `IllegalAction("stale")` and nothing happens (first card down counts, as in Speed).
- A card is correct on a non-empty pile iff its rank is adjacent to the top (cyclic A-2-...-K-A, suits
  irrelevant, same rank is wrong); on an empty pile only an Ace is correct — unless no player holding cards
  has an Ace, then any card starts the pile. A wrong card is physically possible, so it is a legal action: it
  goes onto the pile and its player takes the whole pile (incl. that card) into his hand; the pile is empty.
- Blocked state (a decision of this project): after every action, if no player holding cards has a correct card, the pile
  is removed from play (a "dead pile", automatic event); the next pile starts with an Ace, or with any card
  when nobody holding cards has an Ace (the same empty-pile rule as above).
- `pass` (always legal while playing) lets the moment go by: no event, no change. It is how a computer or a
  round-robin driver says "nothing to play now"; a Discord player simply does not click.
- A player whose last card is played correctly finishes (finishing order kept) and has won; when one player
  is left holding cards he is the loser and the hand ends.
- Scoring per hand: finishers get n-1, n-2, ... points by place (first finisher n-1), the loser 0. Match:
  option `hands` hands (default 1); the dealer rotates clockwise. `result()["winners"]`: every seat that is
  not last on points (in a one-hand match: every finisher; only the loser loses), `"order"` the seats from
  best to worst total and `"places"` the place per seat (ties share) for rankings.

`deal=` (first hand only): `{"hands": [[...], ...]}` with the standard sizes (the deck dealt from forehand).
For a set-up position you may add `"pile"` (the play pile, bottom->top) and `"out"` (cards out of play, kept
as one dead pile); then hand sizes are free, but the deck must be used exactly once and every seat needs
at least one card.
"""

from __future__ import annotations

import random
from typing import Any

from .base import Engine, IllegalAction, Reason, integer
from .cards import DECK_52, CardText, validate_deal

_VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11,
          "Q": 12, "K": 13}
SECOND = "#2"
DECK_104: tuple[str, ...] = DECK_52 + tuple(c + SECOND for c in DECK_52)
#: rank value (A=1 ... K=13) of every card id of both decks
VALUE: dict[str, int] = {c: _VALUE[c.split("#")[0][:-1]] for c in DECK_104}


def card_name(card: str) -> CardText:
    """`"7H#2"` -> `"7♥'"` for reasons (a prime marks the second deck)."""
    base, _, copy = card.partition("#")
    return CardText((base,), mark="'" if copy else "")



def winners_of(totals: list[int]) -> list[int]:
    """Everybody but the last: whoever goes out has won (one hand: every finisher; a tie for last with
    everybody, as after no hand at all, leaves no loser)."""
    worst = min(totals)
    if all(t == worst for t in totals):
        return list(range(len(totals)))
    return [i for i, t in enumerate(totals) if t > worst]

class Repezita(Engine):
    """Repezita: see the module docstring for the model, and `view()` for the view keys and events."""

    key = "repezita"
    NOTHING = "pass"
    title = "Repezita"
    min_seats = 2
    max_seats = 8
    OPTIONS = {
        "hands": integer(1, 1, 99, "number of hands in the match (finishers score n-1, n-2, ... by place)"),
        "decks": integer(None, 1, 2, "number of 52-card decks (default: 1 for 2-4 players, 2 for 5-8)",
                         allow_none=True),
    }

    # -- set-up -----------------------------------------------------------------------------------
    def _setup(self, deal: dict[str, Any] | None) -> None:
        n = self.seats
        self.decks = self.options["decks"] or (1 if n <= 4 else 2)
        self.deck = DECK_52 if self.decks == 1 else DECK_104
        self.totals = [0] * n
        self.hand_log: list[dict[str, Any]] = []
        self.hand_no = 0
        self.last_hand: dict[str, Any] | None = None
        self._over = False
        dealer = self.options["dealer"]
        if dealer is None:
            dealer = self.rng.randrange(n)
        self._deal_hand(dealer, deal)

    def _deal_hand(self, dealer: int, deal: dict[str, Any] | None) -> None:
        n = self.seats
        self.hand_no += 1
        self.dealer = dealer
        fh = (dealer + 1) % n
        if deal is None:
            cards = list(self.deck)
            self.rng.shuffle(cards)
            hands: list[list[str]] = [[] for _ in range(n)]
            for i, c in enumerate(cards):
                hands[(fh + i) % n].append(c)
            pile: list[str] = []
            out: list[str] = []
        else:
            hands, pile, out = self._fixed_deal(deal, fh)
        # a hand is an insertion-ordered dict (O(1) removal, deterministic order)
        self.hands: list[dict[str, None]] = [dict.fromkeys(h) for h in hands]
        self.ranks = [[0] * 14 for _ in range(n)]  # per seat: cards held of each rank value
        for s, h in enumerate(hands):
            rs = self.ranks[s]
            for c in h:
                rs[VALUE[c]] += 1
        self.pile = pile
        self.top_seat: int | None = None  # who played the pile's top card (None: set up or empty)
        self.dead: list[list[str]] = [out] if out else []
        self.finished: list[int] = []
        self.loser: int | None = None
        self.active = list(range(n))
        self.shown: list[set[str]] = [set() for _ in range(n)]  # cards everybody saw go into a hand (penalties)
        self.started = False  # the dealer's start signal was given
        self._to_act = frozenset((dealer,))
        if self._blocked():  # only possible with a set-up `deal=` pile
            self.dead.append(self.pile)
            self.pile = []

    def _fixed_deal(self, deal: dict[str, Any], fh: int) -> tuple[list[list[str]], list[str], list[str]]:
        n, total = self.seats, len(self.deck)
        if not isinstance(deal, dict):
            raise ValueError("deal: must be a dict")
        hands = deal.get("hands")
        if not isinstance(hands, list) or len(hands) != n or not all(isinstance(h, list) for h in hands):
            raise ValueError(f"deal: 'hands' needs {n} lists of cards")
        pile, out = deal.get("pile", []), deal.get("out", [])
        if not isinstance(pile, list) or not isinstance(out, list):
            raise ValueError("deal: 'pile' and 'out' must be lists of cards")
        if "pile" in deal or "out" in deal:
            sizes: dict[str, Any] = {"hands": [len(h) for h in hands], "pile": len(pile), "out": len(out)}
            piles: dict[str, Any] = {"hands": hands, "pile": pile, "out": out}
        else:
            sizes = {"hands": [total // n + (1 if (i - fh) % n < total % n else 0) for i in range(n)]}
            piles = {"hands": hands}
        validate_deal(piles, deck_cards=self.deck, sizes=sizes)
        used = sum(len(h) for h in hands) + len(pile) + len(out)
        if used != total:
            raise ValueError(f"deal: the piles must hold all {total} cards, not {used}")
        for i, h in enumerate(hands):
            if not h:
                raise ValueError(f"deal: seat {i} has no cards")
        return [list(h) for h in hands], list(pile), list(out)

    # -- rules ------------------------------------------------------------------------------------
    def _ace_held(self) -> bool:
        ranks = self.ranks
        return any(ranks[s][1] for s in self.active)

    def correct(self, card: str) -> bool:
        """Would `card` be a correct play on the current pile?"""
        if self.pile:
            return (VALUE[card] - VALUE[self.pile[-1]]) % 13 in (1, 12)
        return VALUE[card] == 1 or not self._ace_held()

    def _blocked(self) -> bool:
        if not self.pile:
            return False  # an Ace is held, or any card may start the pile
        t = VALUE[self.pile[-1]]
        up = t % 13 + 1
        down = (t - 2) % 13 + 1
        ranks = self.ranks
        return not any(ranks[s][up] or ranks[s][down] for s in self.active)

    # -- contract ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self._over

    def to_act(self) -> frozenset[int]:
        return self._to_act

    def top(self) -> str:
        """The pile top as written in actions: a card id, or `-` for an empty pile."""
        return self.pile[-1] if self.pile else "-"

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self._to_act:
            return []
        if not self.started:
            return ["go"]
        t = self.top()
        return [f"play {c} on {t}" for c in self.hands[seat]] + ["pass"]

    def default_action(self, seat: int) -> str:
        """The start signal; else a correct card if the seat holds one (the first in hand order), else its
        first card."""
        if seat not in self._to_act:
            raise IllegalAction(Reason("you have no cards to play") if not self._over else Reason("the match is over"))
        if not self.started:
            return "go"
        t = self.top()
        hand = self.hands[seat]
        for c in hand:
            if self.correct(c):
                return f"play {c} on {t}"
        return f"play {next(iter(hand))} on {t}"

    def _parse(self, seat: int, action: str) -> tuple[str | None, str]:
        """(card, "") for an acceptable action, else (None, reason)."""
        if self._over:
            return None, Reason("the match is over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            return None, Reason("there is no seat {seat}", seat=seat)
        if not self.started:
            if seat not in self._to_act:
                return None, Reason("the cards lie face down until {seat} (the dealer) says go", seat=self.dealer)
            return None, Reason("give the start signal first: go")
        if seat not in self._to_act:
            return None, Reason("you have no cards left")
        if action == "pass":
            return "", ""
        parts = action.split(" ") if isinstance(action, str) else []
        if len(parts) != 4 or parts[0] != "play" or parts[2] != "on":
            return None, Reason("unknown action {action}; use `play C on T` (T: the pile top you saw, - if empty)",
                                action=repr(action))
        card, seen = parts[1], parts[3]
        if card not in self.hands[seat]:
            if card in VALUE:
                return None, Reason("you do not hold {card}", card=card_name(card))
            return None, Reason("{card} is not a card of this game", card=repr(card))
        if seen != self.top():
            return None, "stale"
        return card, ""

    def explain(self, seat: int, action: str) -> str:
        return self._parse(seat, action)[1] or Reason("{action} is not allowed now", action=repr(action))

    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        if action == "go" and not self.started and seat in self._to_act and not self._over:
            self.started = True
            self._to_act = frozenset(self.active)
            return [{"type": "go", "seat": seat}]
        card, reason = self._parse(seat, action)
        if card is None:
            raise IllegalAction(reason)
        if not card:  # pass
            return []
        return self._play(seat, card)

    def _apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        return self.apply(seat, action)

    def _play(self, seat: int, card: str) -> list[dict[str, Any]]:
        ev: list[dict[str, Any]] = []
        hand = self.hands[seat]
        ranks = self.ranks[seat]
        pile = self.pile
        ok = self.correct(card)
        del hand[card]
        self.shown[seat].discard(card)
        pile.append(card)
        if ok:
            ranks[VALUE[card]] -= 1
            self.top_seat = seat
            ev.append({"type": "play", "seat": seat, "card": card, "correct": True})
            if not hand:
                self.finished.append(seat)
                self.active.remove(seat)
                ev.append({"type": "finish", "seat": seat, "place": len(self.finished)})
                if len(self.active) == 1:
                    self.loser = self.active[0]
                    ev.append({"type": "loser", "seat": self.loser})
                    self._score_hand(ev)
                    return ev
                self._to_act = frozenset(self.active)
        else:
            for c in pile:
                hand[c] = None
            self.shown[seat].update(pile)
            ranks[VALUE[card]] -= 1
            for c in pile:
                ranks[VALUE[c]] += 1
            ev.append({"type": "penalty", "seat": seat, "card": card, "taken": len(pile)})
            self.pile = []
            self.top_seat = None
        if self._blocked():
            self.dead.append(self.pile)
            ev.append({"type": "dead_pile", "cards": len(self.pile), "top": self.pile[-1],
                       "dead_piles": len(self.dead)})
            self.pile = []
        return ev

    def _score_hand(self, ev: list[dict[str, Any]]) -> None:
        n = self.seats
        deltas = [0] * n
        for place, s in enumerate(self.finished):
            deltas[s] = n - 1 - place
        for s in range(n):
            self.totals[s] += deltas[s]
        self.hand_log.append({"hand_no": self.hand_no, "dealer": self.dealer, "deltas": deltas,
                              "finished": list(self.finished), "loser": self.loser})
        self.last_hand = {"hand_no": self.hand_no, "finished": list(self.finished), "loser": self.loser}
        ev.append({"type": "hand_scored", "hand_no": self.hand_no, "deltas": list(deltas),
                   "totals": list(self.totals), "finished": list(self.finished), "loser": self.loser})
        if self.hand_no >= self.options["hands"]:
            self._over = True
            self._to_act = frozenset()
            ev.append({"type": "match_over", "winners": self._winners(), "totals": list(self.totals)})
        else:
            self._deal_hand((self.dealer + 1) % n, None)
            ev.append({"type": "deal", "hand_no": self.hand_no, "dealer": self.dealer})

    def _winners(self) -> list[int]:
        return winners_of(self.totals)

    def _order(self) -> list[int]:
        """Seats from best to worst total; ties by the last hand's finishing order (its loser last)."""
        last = self.hand_log[-1] if self.hand_log else {"finished": [], "loser": None}
        seq = list(last["finished"]) + [s for s in range(self.seats) if s not in last["finished"]]
        return sorted(range(self.seats), key=lambda s: (-self.totals[s], seq.index(s)))

    # -- views ------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Public view (and private view for `seat`), JSON-serialisable.

        Common keys (docs/views.md): game, seats, phase ("signal": dealt face down, waiting for the dealer's
        `go` | "play" | "over"), dealer, to_act (the dealer before the signal, then every seat still holding
        cards), totals (points), hand_no, over, options, counts (cards in hand per seat).
        Game keys:
        - "pile_top": top card id or null; "pile_count": cards in the pile; "pile_top_seat": who played it
        - "any_start": the pile is empty and nobody holding cards has an Ace, so any card starts it
        - "finished": seats in finishing order this hand; "loser": seat or null
        - "dead_piles": piles removed as blocked this hand; "dead_cards": cards in them
        - "decks": 1 or 2 (second-deck card ids end in "#2")
        - "last_hand": {"hand_no", "finished", "loser"} of the previous hand or null
        Private view: "hand" — that seat's cards, sorted by rank (A..K), suit, deck ([] before the signal).

        Events (all public): "go" {seat} (the start signal); "play" {seat, card, correct: true}; "penalty" {seat, card, taken} (wrong card:
        the seat took the whole pile of `taken` cards, incl. his card); "finish" {seat, place}; "loser"
        {seat}; "dead_pile" {cards, top, dead_piles} (blocked pile removed); "hand_scored" {hand_no,
        deltas, totals, finished, loser}; "deal" {hand_no, dealer}; "match_over" {winners, totals}.
        """
        pile = self.pile
        v: dict[str, Any] = {
            "game": self.key,
            "seats": self.seats,
            "phase": "over" if self._over else "play" if self.started else "signal",
            "dealer": self.dealer,
            "to_act": sorted(self._to_act),
            "totals": list(self.totals),
            "hand_no": self.hand_no,
            "over": self._over,
            "options": dict(self.options),
            "counts": [len(h) for h in self.hands],
            "pile_top": pile[-1] if pile else None,
            "pile_count": len(pile),
            "pile_top_seat": self.top_seat if pile else None,
            "any_start": not pile and not self._over and not self._ace_held(),
            "finished": list(self.finished),
            "loser": self.loser,
            "dead_piles": len(self.dead),
            "dead_cards": sum(len(d) for d in self.dead),
            "decks": self.decks,
            "last_hand": dict(self.last_hand) if self.last_hand else None,
        }
        if seat is not None:  # face down until the start signal
            v["hand"] = sorted(self.hands[seat], key=_sort_key) if self.started else []
        return v

    def result(self) -> dict[str, Any]:
        totals = self.totals
        return {
            "winners": self._winners(),
            "totals": list(totals),
            "order": self._order(),
            "places": [1 + sum(1 for o in totals if o > t) for t in totals],
            "hands": [dict(h, deltas=list(h["deltas"]), finished=list(h["finished"])) for h in self.hand_log],
        }

    def clone(self) -> Repezita:
        """A fast independent copy (the searches of bot.ai clone once per move and world)."""
        w = object.__new__(Repezita)
        w.__dict__.update(self.__dict__)
        w.options = dict(self.options)
        w.rng = random.Random()
        w.rng.setstate(self.rng.getstate())
        w.totals = list(self.totals)
        w.hand_log = list(self.hand_log)
        w.hands = [dict(h) for h in self.hands]
        w.ranks = [list(r) for r in self.ranks]
        w.pile = list(self.pile)
        w.dead = list(self.dead)
        w.finished = list(self.finished)
        w.active = list(self.active)
        w.shown = [set(x) for x in self.shown]
        return w

    def sample(self, seat: int, rng: random.Random) -> Repezita:
        """The other hands dealt again from the cards `seat` has not seen: not his own hand (once picked up),
        the pile, the dead piles, nor the cards a player visibly took with a penalty (they stay with him).
        Hand sizes stay. Before the start signal nobody has seen his hand, so every hand is dealt again.
        The pool is sorted before shuffling and a dealt hand lists its known cards first (canonical)."""
        w = self.clone()
        keep = [self.started and s == seat for s in range(self.seats)]
        fixed = [list(self.hands[s]) if keep[s] else sorted(self.shown[s], key=_sort_key)
                 for s in range(self.seats)]
        seen = {c for f in fixed for c in f}
        pool = sorted((c for h in self.hands for c in h if c not in seen), key=_sort_key)
        rng.shuffle(pool)
        at = 0
        for s in range(self.seats):
            need = len(self.hands[s]) - len(fixed[s])
            cards = fixed[s] + pool[at:at + need]
            at += need
            w.hands[s] = dict.fromkeys(cards)
            ranks = [0] * 14
            for c in cards:
                ranks[VALUE[c]] += 1
            w.ranks[s] = ranks
        w.rng = random.Random(rng.getrandbits(64))
        return w


_SUIT_ORDER = {"C": 0, "S": 1, "H": 2, "D": 3}


def _sort_key(card: str) -> tuple[int, int, str]:
    base = card.split("#")[0]
    return VALUE[card], _SUIT_ORDER[base[-1]], card
