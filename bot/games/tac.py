"""Tač, the Bosnian variant of Schrum Schrum (docs/rules/tac.md): the talon race of `schrum.py` with 52 cards,
the centre first, Open piles by rank, and the miss window: a player who keeps a card that had a destination
may be caught with "Tač!" and is given cards as a penalty. See `schrum.py`'s docstring for the shared model."""

from __future__ import annotations

from typing import Any

from .base import Reason, choice, flag
from .cards import DECK_52, pretty
from .schrum import _HANDS_OPTION, CENTRE, TAC_CYCLE, _next_table, _rank_table, _TalonRace


class Tac(_TalonRace):
    """Tač (docs/rules/tac.md): 52 cards, 2-4 players, 3 players start with ♠A in the centre. The centre comes
    first; open-pile plays (same rank, option `open_rule`) only when the centre does not fit and only once an
    Ace lies in the centre. Actions: `centre`, `onto S`, `keep` (a miss), `tac`, `expose`, `pass` (window).
    See the module docstring."""

    key = "tac"
    title = "Tač"
    min_seats = 2
    max_seats = 4
    PILE = Reason("Open pile")
    OPTIONS = {
        "hands": _HANDS_OPTION,
        "open_rule": choice("same", ("same", "adjacent"),
                            "onto an Open pile: same rank, or adjacent rank (±1, no K-A wrap)"),
        "strict": flag(False, "misses are impossible (no `keep` when the card has a destination)"),
        "three_ace": choice("spades", ("spades", "hearts", "diamonds", "clubs", "random"),
                            "three players: the Ace that starts the centre (or one drawn at random each hand)"),
    }
    CYCLE = TAC_CYCLE
    DECK = DECK_52
    _RANK = _rank_table(DECK_52)
    _NEXT = _next_table(TAC_CYCLE)
    _IDX = {r: i for i, r in enumerate(TAC_CYCLE)}

    def _hand_deck(self) -> tuple[list[str], list[str]]:
        if self.seats == 3:
            suit = self.options["three_ace"]
            if suit == "random":
                suit = self.rng.choice(("clubs", "diamonds", "hearts", "spades"))
            ace = "A" + suit[0].upper()
            return [c for c in self.DECK if c != ace], [ace]
        return list(self.DECK), []

    def _dest(self, p: int, c: str) -> list[int]:
        r = self._RANK[c]
        if r == self.need:
            return [CENTRE]
        if not self.centre:
            return []
        rk = self._RANK
        out = []
        if self.options["open_rule"] == "same":
            for o, pile in enumerate(self.reserves):
                if o != p and pile and rk[pile[-1]] == r:
                    out.append(o)
        else:
            idx = self._IDX
            i = idx[r]
            for o, pile in enumerate(self.reserves):
                if o != p and pile and abs(idx[rk[pile[-1]]] - i) == 1:
                    out.append(o)
        return out

    def _actions(self, dests: list[int]) -> list[str]:
        acts = super()._actions(dests)
        if not self.options["strict"]:
            acts.append("keep")
        return acts

    # -- the miss window ---------------------------------------------------------------------------
    def _open_window(self, offender: int, ev: list[dict[str, Any]]) -> None:
        n = self.seats
        self.window = offender
        self.callers = {s for s in range(n) if s != offender}
        self.cur = (offender + 1) % n
        self._phase = "tac"
        self._to_act = frozenset(self.callers | {self.cur})
        ev.append({"type": "tac_window", "offender": offender,
                   "callers": [(offender + k) % n for k in range(1, n)]})

    def _window_actions(self, seat: int) -> list[str]:
        acts = ["expose"] if seat == self.cur else []
        if seat in self.callers:
            acts.append("tac")
            if seat != self.cur:
                acts.append("pass")
        return acts

    def _close_window(self) -> None:
        self.window = None
        self.callers = set()
        self._phase = "play"

    def _window_apply(self, seat: int, action: str, ev: list[dict[str, Any]]) -> None:
        offender = self.window
        assert offender is not None
        nxt = self.cur
        if action == "pass":
            self.callers.discard(seat)
            self._to_act = frozenset(self.callers | {nxt})
            return
        if action == "tac":
            n = self.seats
            givers = []
            for k in range(1, n):
                g = (offender + k) % n
                if self.talons[g] and len(self.talons[g]) + len(self.reserves[g]) >= 2:
                    givers.append(g)
            ev.append({"type": "tac", "seat": seat, "offender": offender, "givers": givers})
            self._close_window()
            if givers:
                self._phase = "give"
                self.gift_to = offender
                self.eligible = givers
                self.pending = set(givers)
                self.giving = set()
                self._to_act = frozenset(givers)
                return
        else:
            ev.append({"type": "tac_closed", "offender": offender, "by": seat})
            self._close_window()
        self._proceed(nxt, ev, True)

    def _give_apply(self, seat: int, action: str, ev: list[dict[str, Any]]) -> None:
        """One giver's choice; when the last has decided the cards move, clockwise from the offender's left."""
        offender = self.gift_to
        assert offender is not None
        self.pending.discard(seat)
        if action == "give":
            self.giving.add(seat)
        ev.append({"type": "give", "seat": seat, "offender": offender, "given": action == "give"})
        if self.pending:
            self._to_act = frozenset(self.pending)
            return
        dest, known = self.talons[offender], self.known[offender]
        givers = [g for g in self.eligible if g in self.giving]
        for g in givers:
            dest.append(self.talons[g].pop())
            known.append(self.known[g].pop())
        ev.append({"type": "tac_given", "offender": offender, "givers": givers, "cards": len(givers)})
        self.gift_to = None
        self.eligible, self.pending, self.giving = [], set(), set()
        self._phase = "play"
        self._proceed(self.cur, ev, True)

    def waiting_for(self) -> frozenset[int]:
        """During a miss window only the next player must act (`expose`); calling Tač is optional, so a turn
        timer neither waits for the other players nor plays `pass` for them. A penalty waits for every giver
        (the timer gives for him)."""
        if self._phase == "tac":
            return frozenset((self.cur,))
        return self._to_act

    def _window_explain(self, seat: int, action: str) -> str:
        if seat == self.window and action != "tac":
            return Reason("it is not your turn: seat {seat} plays next", seat=self.cur)
        if action == "tac":
            return Reason("you cannot call Tač on your own miss") if seat == self.window else Reason("you already passed")
        if action == "expose":
            return Reason("only seat {seat} (next to play) exposes the next card", seat=self.cur)
        if action == "pass":
            return Reason("expose your card to go on (or call Tač!)") if seat == self.cur else Reason("you already passed")
        return Reason("seat {seat} missed a play: the next player may expose a card, anyone else may call Tač! or pass",
                      seat=self.window)

    # -- reasons ----------------------------------------------------------------------------------
    def _keep_reason(self, c: str) -> str:
        return Reason("strict rule: misses are off, {card} must be played", card=pretty(c))

    def _onto_reason(self, c: str, target: int, top: str) -> str | None:
        if self._RANK[c] == self.need:
            return Reason("{card} fits the centre, so it must go there", card=pretty(c))
        if not self.centre:
            return Reason("no plays onto Open piles before an Ace is in the centre")
        if self.options["open_rule"] == "adjacent":
            return Reason("{card} is not one rank above or below {top} (seat {seat}'s Open pile)", card=pretty(c),
                          top=pretty(top), seat=target)
        return super()._onto_reason(c, target, top)
