"""Schrum Schrum and its Bosnian variant Tač (docs/rules/schrum.md, docs/rules/tac.md): race games with face-down talons.

Both games share one engine (`_TalonRace`; what a seat is shown and the reasons for refusals in `schrum_view`);
the differences are the deck, the centre cycle, the destinations of an exposed card and Tač's miss/"Tač!" call
(`Tac`, in `tac.py`). Repezita lives in
`repezita.py`.

Model (the turn of docs/rules/schrum.md):
- Every seat owns a face-down **talon** (Tač: Closed pile) that nobody sees, not even its owner, and a
  face-up **reserve** (Tač: Open pile). There is one **centre** pile per hand, only ever started by an Ace.
- On his turn a player's top talon card is **exposed automatically** (public). If it has no destination it
  goes onto his own reserve **automatically** and the turn passes on; the engine only stops when the
  exposed card has at least one destination. Then the player must pick one (`centre`, `onto S`); in Tač
  he may also `keep` it (a deliberate *miss*, unless option `strict`). So `keep` is never the action for
  a card without destination: that step is automatic in both games (docs/engine.md).
- After a play the turn continues: an empty talon is refilled by turning the reserve over without
  shuffling (the bottom reserve card becomes the top talon card); talon and reserve both empty = win.
- Tač window: after a miss by P the next player N does not expose yet. `to_act()` is N plus every other
  player who may still call: N acts `expose` (closes the window and starts his turn) or `tac`; the others
  act `tac` or `pass` (stop waiting for them). The first `tac` closes the window and opens the penalty
  (phase "give"): every other player who can (at least 2 cards in total and a non-empty Closed pile) *may*
  give P his top Closed card: each of them acts `give` or `decline` (in any order; the turn timer and the
  computers give). Once all have decided, the given cards go onto the top of P's Closed pile clockwise
  from P's left (the last giver's card on top); then N's turn starts.
- Stall guard (a decision of this project, docs/rules/schrum.md): if no card reaches the centre during 2*N full rounds (2*N*seats consecutive
  turns, N = deck size), the hand is drawn. A turn in which a card reached the centre is not idle.
- House rules: Schrum Schrum's `reserve_rule` ("same" rank, or "next" in the centre sequence onto another
  player's reserve), Tač's `open_rule` and `strict`, and `three_ace` (the Ace that starts a 3-player Tač).
- Match: option `hands` hands; a won hand scores 1 point for the winner, a drawn hand scores nothing.
  The dealer rotates clockwise; forehand (left of the dealer) has the first turn.

`deal=` (first hand only): `{"hands": [[top, ..., bottom], ...]}` — every seat's talon listed from the top
card down (alias key `"talons"`), with the standard pile sizes (the whole deck, one card at a time from
forehand; Tač 3p: 17 each and the Ace of option `three_ace` (suit, default spades) is the centre). For a set-up
position you may also give `"reserves"` (per seat, bottom->top) and `"centre"` (bottom->top, a run starting
with an Ace); then the pile sizes are free, but the deck must be used exactly once and every seat needs at least one card.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from . import schrum_view as views
from .base import Engine, IllegalAction, Reason, choice, flag, integer
from .cards import DECK_32, pretty, validate_deal

SS_CYCLE: tuple[str, ...] = ("A", "7", "8", "9", "10", "J", "Q", "K")
TAC_CYCLE: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

CENTRE = -1  # destination code of the centre pile in the internal destination lists

_HANDS_OPTION = integer(1, 1, 99, "number of hands in the match (a won hand = 1 point)")


def _rank_table(deck: tuple[str, ...]) -> dict[str, str]:
    return {c: c[:-1] for c in deck}


def _next_table(cycle: tuple[str, ...]) -> dict[str, str]:
    return {r: cycle[(i + 1) % len(cycle)] for i, r in enumerate(cycle)}


class _TalonRace(Engine):
    """What Schrum Schrum and Tač share: talons, reserves, one centre pile, automatic steps."""

    CYCLE: ClassVar[tuple[str, ...]]
    DECK: ClassVar[tuple[str, ...]]
    PILE: ClassVar[str] = Reason("reserve")  # the word for the face-up pile in reasons
    _RANK: ClassVar[dict[str, str]]
    _NEXT: ClassVar[dict[str, str]]

    # -- set-up ---------------------------------------------------------------------------------
    def _setup(self, deal: dict[str, Any] | None) -> None:
        n = self.seats
        self._check_seats()
        self.totals = [0] * n
        self.hand_log: list[dict[str, Any]] = []
        self.hand_no = 0
        self.last_hand: dict[str, Any] | None = None
        self.winner: int | None = None
        self.stall_limit = 2 * len(self.DECK) * n
        self._phase = "play"
        dealer = self.options["dealer"]
        if dealer is None:
            dealer = self.rng.randrange(n)
        ev: list[dict[str, Any]] = []
        self._deal_hand(dealer, deal)
        self._proceed(self.cur, ev, True)
        #: the automatic steps `new()` already took (exposures, cards to reserves) — public events.
        self.start_events = ev

    def _check_seats(self) -> None:
        """Hook: reject seat counts the options do not allow."""

    def _hand_deck(self) -> tuple[list[str], list[str]]:
        """The cards to deal and the initial centre pile."""
        return list(self.DECK), []

    def _deal_hand(self, dealer: int, deal: dict[str, Any] | None) -> None:
        n = self.seats
        self.hand_no += 1
        self.dealer = dealer
        fh = (dealer + 1) % n
        if deal is None:
            cards, centre = self._hand_deck()
            self.rng.shuffle(cards)
            talons: list[list[str]] = [[] for _ in range(n)]
            for i, c in enumerate(cards):
                talons[(fh + i) % n].append(c)  # each dealt card lands on top of the pile
            reserves: list[list[str]] = [[] for _ in range(n)]
        else:
            talons, reserves, centre = self._fixed_deal(deal, fh)
        self.talons = talons  # internal order bottom->top (top = last element)
        # per talon card (bottom->top): does everybody know it? (a reserve turned over is public)
        self.known: list[list[bool]] = [[False] * len(t) for t in talons]
        self.reserves = reserves  # bottom->top
        self.centre = centre  # bottom->top
        self.need = self._NEXT[self._RANK[centre[-1]]] if centre else "A"
        self.exposed: str | None = None
        self._dests: list[int] = []
        self._acts: list[str] = []
        self.cur = fh
        self.idle = 0  # turns since a card last reached the centre
        self.hit = False  # a card reached the centre during the current turn
        self.gift_to: int | None = None  # Tač penalty: the offender who may receive cards
        self.pending: set[int] = set()  # Tač penalty: givers who have not decided yet
        self.giving: set[int] = set()  # Tač penalty: givers who chose to give
        self.eligible: list[int] = []  # Tač penalty: every possible giver, clockwise from the offender's left
        self.window: int | None = None  # Tač: offender whose miss may be called
        self.callers: set[int] = set()
        self._phase = "play"
        self._to_act: frozenset[int] = frozenset()

    def _fixed_deal(self, deal: dict[str, Any], fh: int) -> tuple[list[list[str]], list[list[str]], list[str]]:
        n = self.seats
        if not isinstance(deal, dict):
            raise ValueError("deal: must be a dict")
        deal = dict(deal)
        if "talons" in deal:
            if "hands" in deal:
                raise ValueError("deal: give 'hands' or 'talons', not both")
            deal["hands"] = deal.pop("talons")
        hands = deal.get("hands")
        if not isinstance(hands, list) or len(hands) != n or not all(isinstance(h, list) for h in hands):
            raise ValueError(f"deal: 'hands' needs {n} lists of cards")
        free = "reserves" in deal or "centre" in deal
        base_cards, base_centre = self._hand_deck()
        reserves = deal.get("reserves", [[] for _ in range(n)])
        centre = deal.get("centre", base_centre)
        if not isinstance(reserves, list) or len(reserves) != n or not all(isinstance(r, list) for r in reserves):
            raise ValueError(f"deal: 'reserves' needs {n} lists of cards")
        if not isinstance(centre, list):
            raise ValueError("deal: 'centre' must be a list of cards")
        if free:
            sizes: dict[str, Any] = {"hands": [len(h) for h in hands], "reserves": [len(r) for r in reserves],
                                     "centre": len(centre)}
            piles: dict[str, Any] = {"hands": hands, "reserves": reserves, "centre": centre}
        else:
            total = len(base_cards)
            sizes = {"hands": [total // n + (1 if (i - fh) % n < total % n else 0) for i in range(n)]}
            piles = {"hands": hands}
        validate_deal(piles, deck_cards=self.DECK, sizes=sizes)
        used = sum(len(h) for h in hands) + sum(len(r) for r in reserves) + len(centre)
        if used != len(self.DECK):
            raise ValueError(f"deal: the piles must hold all {len(self.DECK)} cards, not {used}")
        if not free and set(base_centre) & {c for h in hands for c in h}:
            raise ValueError("deal: the centre Ace cannot be in a talon")
        for i in range(n):
            if not hands[i] and not reserves[i]:
                raise ValueError(f"deal: seat {i} has no cards")
        rk, nxt = self._RANK, self._NEXT
        for j, c in enumerate(centre):
            want = "A" if j == 0 else nxt[rk[centre[j - 1]]]
            if rk[c] != want:
                raise ValueError("deal: the centre must be a run in the cycle starting with an Ace")
        return [list(reversed(h)) for h in hands], [list(r) for r in reserves], list(centre)

    # -- the automatic part of play -----------------------------------------------------------------
    def _dest(self, p: int, c: str) -> list[int]:
        raise NotImplementedError

    def _run(self, p: int, ev: list[dict[str, Any]], new_turn: bool) -> str:
        """Expose cards and take automatic steps from seat `p` on until a decision, a win or a stall.

        Returns "decision" (a card with destinations is exposed), "won" (`self.winner` set) or "drawn"."""
        talons, reserves, n = self.talons, self.reserves, self.seats
        while True:
            if new_turn:
                self.cur = p
                ev.append({"type": "turn", "seat": p})
            talon = talons[p]
            if not talon:
                res = reserves[p]
                if not res:
                    self.winner = p
                    ev.append({"type": "win", "seat": p})
                    return "won"
                res.reverse()
                talons[p] = talon = res
                reserves[p] = []
                self.known[p] = [True] * len(talon)
                ev.append({"type": "turnover", "seat": p, "cards": len(talon)})
            c = talon.pop()
            self.known[p].pop()
            ev.append({"type": "expose", "seat": p, "card": c})
            dests = self._dest(p, c)
            if dests:
                self.cur = p
                self.exposed = c
                self._dests = dests
                self._acts = self._actions(dests)
                self._to_act = frozenset((p,))
                return "decision"
            reserves[p].append(c)
            ev.append({"type": "to_reserve", "seat": p, "card": c, "miss": False})
            if self._turn_ended(ev):
                return "drawn"
            p = (p + 1) % n
            new_turn = True

    def _turn_ended(self, ev: list[dict[str, Any]]) -> bool:
        if self.hit:  # a card reached the centre this turn: the count of idle turns starts after it
            self.hit = False
            return False
        self.idle += 1
        if self.idle >= self.stall_limit:
            ev.append({"type": "stall", "turns": self.idle})
            return True
        return False

    def _actions(self, dests: list[int]) -> list[str]:
        return ["centre" if d == CENTRE else f"onto {d}" for d in dests]

    def _proceed(self, p: int, ev: list[dict[str, Any]], new_turn: bool, status: str | None = None) -> None:
        """Run automatic steps; score finished hands and deal the next ones until a decision or the end."""
        while True:
            if status is None:
                status = self._run(p, ev, new_turn)
            if status == "decision":
                return
            self._score_hand(status, ev)
            if self._phase == "over":
                return
            self._deal_hand((self.dealer + 1) % self.seats, None)
            ev.append({"type": "deal", "hand_no": self.hand_no, "dealer": self.dealer})
            p, new_turn, status = self.cur, True, None

    def _score_hand(self, status: str, ev: list[dict[str, Any]]) -> None:
        n = self.seats
        deltas = [0] * n
        winner = self.winner if status == "won" else None
        if winner is not None:
            deltas[winner] = 1
            self.totals[winner] += 1
        record = {"hand_no": self.hand_no, "dealer": self.dealer, "deltas": deltas, "winner": winner,
                  "drawn": winner is None}
        self.hand_log.append(record)
        self.last_hand = {"hand_no": self.hand_no, "winner": winner, "drawn": winner is None}
        ev.append({"type": "hand_scored", "hand_no": self.hand_no, "deltas": list(deltas),
                   "totals": list(self.totals), "winner": winner, "drawn": winner is None})
        self.exposed = None
        self._dests = []
        self._acts = []
        if self.hand_no >= self.options["hands"]:
            self._phase = "over"
            self._to_act = frozenset()
            ev.append({"type": "match_over", "winners": self._winners(), "totals": list(self.totals)})
        else:
            self.winner = None

    def _winners(self) -> list[int]:
        best = max(self.totals)
        if best <= 0:
            return []
        return [i for i, t in enumerate(self.totals) if t == best]

    # -- contract ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self._phase == "over"

    def to_act(self) -> frozenset[int]:
        return self._to_act

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self._to_act:
            return []
        if self._phase == "tac":
            return self._window_actions(seat)
        if self._phase == "give":
            return ["give", "decline"]
        return list(self._acts)

    def _window_actions(self, seat: int) -> list[str]:
        return []

    def default_action(self, seat: int) -> str:
        acts = self.legal_actions(seat)
        if not acts:
            raise IllegalAction(Reason("it is not your turn"))
        if self._phase == "tac":
            return "expose" if "expose" in acts else "pass"
        return acts[0]  # centre first, else the first reserve; never a miss; in a penalty: give

    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        if self._phase == "over":
            raise IllegalAction(Reason("the match is over"))
        if seat not in self._to_act:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
                raise IllegalAction(Reason("there is no seat {seat}", seat=seat))
            raise IllegalAction(self.explain(seat, action))
        if action not in self.legal_actions(seat):
            raise IllegalAction(self.explain(seat, action))
        return self._apply(seat, action)

    def _apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        ev: list[dict[str, Any]] = []
        if self._phase == "tac":
            self._window_apply(seat, action, ev)
            return ev
        if self._phase == "give":
            self._give_apply(seat, action, ev)
            return ev
        c = self.exposed
        assert c is not None
        self.exposed = None
        if action == "centre":
            self.centre.append(c)
            self.need = self._NEXT[self._RANK[c]]
            self.idle = 0
            self.hit = True
            ev.append({"type": "play", "seat": seat, "card": c, "to": "centre"})
        elif action == "keep":
            self.reserves[seat].append(c)
            ev.append({"type": "to_reserve", "seat": seat, "card": c, "miss": True})
            if self._turn_ended(ev):
                self._proceed(seat, ev, False, "drawn")
            else:
                self._open_window(seat, ev)
            return ev
        else:
            target = int(action[5:])
            self.reserves[target].append(c)
            ev.append({"type": "play", "seat": seat, "card": c, "to": target})
        self._proceed(seat, ev, False)
        return ev

    def _open_window(self, offender: int, ev: list[dict[str, Any]]) -> None:
        raise NotImplementedError

    def _window_apply(self, seat: int, action: str, ev: list[dict[str, Any]]) -> None:
        raise NotImplementedError

    def _give_apply(self, seat: int, action: str, ev: list[dict[str, Any]]) -> None:
        raise NotImplementedError

    # -- reasons ----------------------------------------------------------------------------------
    def explain(self, seat: int, action: str) -> str:
        return views.explain(self, seat, action)

    def _centre_reason(self, c: str) -> str:
        if not self.centre:
            return Reason("the centre is empty: only an Ace starts it, not {card}", card=pretty(c))
        return Reason("the centre needs a {rank} on {top}, not {card}", rank=self.need, top=pretty(self.centre[-1]),
                      card=pretty(c))

    def _keep_reason(self, c: str) -> str:
        return Reason("play is compulsory: {card} has a destination", card=pretty(c))

    def _onto_reason(self, c: str, target: int, top: str) -> str | None:
        if self._RANK[top] != self._RANK[c]:
            return Reason("{card} does not match the top of seat {seat}'s {word} ({top})", card=pretty(c), seat=target,
                          word=self.PILE, top=pretty(top))
        return None

    def _window_explain(self, seat: int, action: str) -> str:
        return Reason("{action} is not allowed now", action=repr(action))

    # -- views ------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Public view (and private view for `seat`), JSON-serialisable; the keys and the events are documented
        in `schrum_view.view`."""
        return views.view(self, seat)

    def clone(self) -> _TalonRace:
        """A fast independent copy (the searches of bot.ai clone once per move and world)."""
        w = object.__new__(type(self))
        w.__dict__.update(self.__dict__)
        w.options = dict(self.options)
        w.rng = random.Random()
        w.rng.setstate(self.rng.getstate())
        w.totals = list(self.totals)
        w.hand_log = list(self.hand_log)
        w.talons = [list(t) for t in self.talons]
        w.known = [list(k) for k in self.known]
        w.reserves = [list(r) for r in self.reserves]
        w.centre = list(self.centre)
        w._dests, w._acts = list(self._dests), list(self._acts)
        w.callers, w.pending, w.giving = set(self.callers), set(self.pending), set(self.giving)
        w.eligible = list(self.eligible)
        return w

    def sample(self, seat: int, rng: random.Random) -> _TalonRace:
        """Every talon card nobody has seen is dealt again among the unseen talon places (the counts stay;
        a talon made of a turned-over reserve is public and stays). Nobody sees his own talon, so the
        world does not depend on `seat`. The pool is sorted before shuffling (canonical)."""
        w = self.clone()
        pool = sorted(c for t, k in zip(self.talons, self.known, strict=True)
                      for c, seen in zip(t, k, strict=True) if not seen)
        rng.shuffle(pool)
        deal = iter(pool)
        w.talons = [[c if seen else next(deal) for c, seen in zip(t, k, strict=True)]
                    for t, k in zip(self.talons, self.known, strict=True)]
        w.rng = random.Random(rng.getrandbits(64))
        return w

    def result(self) -> dict[str, Any]:
        return {
            "winners": self._winners(),
            "totals": list(self.totals),
            "hands": [dict(h, deltas=list(h["deltas"])) for h in self.hand_log],
        }


class SchrumSchrum(_TalonRace):
    """Schrum Schrum (docs/rules/schrum.md): 32 cards, centre cycle A 7 8 9 10 J Q K A, plays by equal rank onto
    other players' reserves, compulsory play. Actions: `centre`, `onto S`. See the module docstring."""

    key = "schrum"
    title = "Schrum Schrum"
    min_seats = 2
    max_seats = 8
    OPTIONS = {
        "hands": _HANDS_OPTION,
        "unequal": flag(False, "allow 3, 5, 6 or 7 players with unequal talons (extra cards from forehand on)"),
        "reserve_rule": choice("same", ("same", "next"),
                               "onto another player's reserve: the same rank, or the next rank in the centre "
                               "sequence (A 7 8 9 10 J Q K A)"),
    }
    CYCLE = SS_CYCLE
    DECK = DECK_32
    _RANK = _rank_table(DECK_32)
    _NEXT = _next_table(SS_CYCLE)

    @classmethod
    def seat_counts(cls, options: dict[str, Any] | None = None) -> tuple[int, ...]:
        """2, 4 or 8 (equal piles), unless the option `unequal` allows the others."""
        return super().seat_counts(options) if (options or {}).get("unequal") else (2, 4, 8)

    def _check_seats(self) -> None:
        if self.seats not in self.seat_counts(self.options):
            raise ValueError(f"Schrum Schrum is played by 2, 4 or 8 players, not {self.seats} "
                             "(option unequal=True allows unequal piles)")

    def _dest(self, p: int, c: str) -> list[int]:
        r = self._RANK[c]
        out = [CENTRE] if r == self.need else []
        rk = self._RANK
        if self.options["reserve_rule"] == "next":
            nxt = self._NEXT
            for o, pile in enumerate(self.reserves):
                if o != p and pile and nxt[rk[pile[-1]]] == r:
                    out.append(o)
            return out
        for o, pile in enumerate(self.reserves):
            if o != p and pile and rk[pile[-1]] == r:
                out.append(o)
        return out

    def _onto_reason(self, c: str, target: int, top: str) -> str | None:
        if self.options["reserve_rule"] == "next":
            if self._NEXT[self._RANK[top]] != self._RANK[c]:
                return Reason("{card} is not the next rank after {top} (seat {seat}'s reserve)", card=pretty(c),
                              top=pretty(top), seat=target)
            return None
        return super()._onto_reason(c, target, top)
