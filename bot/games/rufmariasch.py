"""Rufmariasch: four players, a called trump suit and a silent partner found by a called card.

Rules: `docs/rules/rufmariasch.md`. In short:

* 32 cards, rank A 10 K Q(Ober) J(Unter) 9 8 7 in every suit; only the called suit is trump.
  Card points: A 10, 10 10, last trick +10 (90 in all).
* Four cards each (clockwise from forehand), then the forehand, having seen only those four, calls
  ``call T C``: the trump suit ``T`` and any card ``C``. Then four more cards each. Whoever holds ``C``
  after the full deal is the caller's silent partner; if the caller holds it himself he plays alone (1 v 3).
  The partner (or the fact that the caller is alone) becomes public only when ``C`` is played, or shown
  in an announced marriage (its holder announcing the King and Ober of its suit).
* In trick 1, on his own turn and before playing, a player holding K and Q of a suit may ``announce S``
  (20, or 40 in trumps; several allowed). The cards are shown to all and stay in hand. A side's marriages
  count only if that side wins at least one trick.
* Mariage play obligations: follow suit and head the trick (unless it is already trumped), trump when void
  (overtrumping when able), otherwise any card. Option ``must_head=False`` keeps only follow/trump.
* Callers win iff ``callersTotal >= Tgt(D)`` (``Tgt = 50`` if the callers announced nothing, else ``40 + D``).
  ``P = |callersTotal - defendersTotal| * stake``; 2 v 2 each loser pays ``P`` to one winner, 1 v 3 the lone
  player gets/pays ``P`` from/to each of the three.

Match length: option ``deals`` (a multiple of 4, default 8). ``deals=None`` is an open-ended match: the
engine then never ends by itself; the table ends it by calling :meth:`Rufmariasch.finish` (not an action,
so not part of the action log: a table that restores a finished open-ended match replays its log and
calls ``finish()`` again).

The cards, calls and the settlement of a hand are in `rufmariasch_cards`, what a seat may know and the worlds
that fit it in `rufmariasch_worlds`, the view and the reasons for refusals in `rufmariasch_view`; this module
keeps the rules of play and re-exports the names others use.
"""

from __future__ import annotations

import random
from typing import Any

from . import rufmariasch_view as views
from . import rufmariasch_worlds as worlds
from .base import Engine, IllegalAction, Reason, flag, integer
from .cards import DECK_32, SUITS, validate_deal
from .rufmariasch_cards import (
    ANNOUNCE,
    CALL_SET,
    CALLS,
    LAST_TRICK_BONUS,
    PLAY,
    POINTS,
    RANK_ORDER,
    SORT_KEY,
    STRENGTH,
    SUIT_CARDS,
    SUIT_OF,
    TRICKS,
    settle,
    target,
)


class Rufmariasch(Engine):
    """Rufmariasch match engine (4 seats). See the module docstring and :meth:`view`."""

    key = "rufmariasch"
    title = "Rufmariasch"
    min_seats = 4
    max_seats = 4
    OPTIONS = {
        "deals": integer(8, 4, 1000, "number of deals in the match, a multiple of 4 (default 8); "
                         "None = open-ended, ended by the table", multiple_of=4, allow_none=True),
        "stake": integer(1, 1, 1_000_000, "money (integer minor units) per point of difference, default 1"),
        "must_head": flag(True, "must head the trick / overtrump when able (default True); False: only "
                                "follow suit, trump when void"),
    }

    # -- setup and dealing ------------------------------------------------------------------------
    def _setup(self, deal: dict[str, Any] | None) -> None:
        fixed: list[list[str]] | None = None
        if deal is not None:
            if not isinstance(deal, dict):
                raise ValueError("deal: must be a dict like {'hands': [[8 cards] x 4]}")
            validate_deal(deal, deck_cards=DECK_32, sizes={"hands": [8, 8, 8, 8]})
            fixed = [list(h) for h in deal["hands"]]
        self._deals = self.options["deals"]
        self._stake = self.options["stake"]
        self._must_head = self.options["must_head"]
        first = self.options["dealer"]
        self.dealer = first if first is not None else self.rng.randrange(4)
        self.totals = [0, 0, 0, 0]
        self.hand_no = 0
        self.history: list[dict[str, Any]] = []
        self._over = False
        self._deal(fixed)

    def _deal(self, fixed: list[list[str]] | None) -> list[dict[str, Any]]:
        """Deal a new hand: first batch in hand, second batch held back until the call."""
        self.hand_no += 1
        self.fh = (self.dealer + 1) % 4
        if fixed is None:
            cards = list(DECK_32)
            self.rng.shuffle(cards)
            first = [[] for _ in range(4)]
            second = [[] for _ in range(4)]
            for i in range(4):                          # 4 each clockwise from FH, twice
                first[(self.fh + i) % 4] = cards[4 * i:4 * i + 4]
                second[(self.fh + i) % 4] = cards[16 + 4 * i:20 + 4 * i]
        else:
            first = [h[:4] for h in fixed]
            second = [h[4:] for h in fixed]
        self.hands: list[list[str]] = [sorted(h, key=SORT_KEY.__getitem__) for h in first]
        self._second: list[list[str]] = second
        self.phase = "call"
        self.turn = self.fh
        self.trump: str | None = None
        self.called: str | None = None
        self.partner_seat: int | None = None    # hidden: holder of the called card (== caller: alone)
        self.revealed = False
        self.trick: list[tuple[int, str]] = []
        self.trick_no = 0
        self.last_trick: dict[str, Any] | None = None
        self.tricks: list[dict[str, Any]] = []      # this hand's completed tricks, oldest first (public)
        self.tricks_won = [0, 0, 0, 0]
        self.card_points = [0, 0, 0, 0]
        self.marriages: list[dict[str, Any]] = []
        self._lacks: list[set[str]] = [set(), set(), set(), set()]   # cards each seat showed it lacks
        events: list[dict[str, Any]] = [{"type": "deal", "hand_no": self.hand_no, "dealer": self.dealer,
                                         "forehand": self.fh}]
        for s in range(4):
            events.append({"type": "dealt", "private": s, "batch": 1, "cards": list(self.hands[s])})
        return events

    # -- contract ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self._over

    def to_act(self) -> frozenset[int]:
        if self._over:
            return frozenset()
        return frozenset((self.turn,))

    def _legal_cards(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return hand
        led = SUIT_OF[trick[0][1]]
        trump = self.trump
        follow = [c for c in hand if SUIT_OF[c] == led]
        if follow:
            if not self._must_head:
                return follow
            if led != trump:
                for _, x in trick:
                    if SUIT_OF[x] == trump:
                        return follow                  # already trumped: any card of the led suit
            best = max(STRENGTH[x] for _, x in trick if SUIT_OF[x] == led)
            higher = [c for c in follow if STRENGTH[c] > best]
            return higher or follow
        trumps = [c for c in hand if SUIT_OF[c] == trump]
        if trumps:
            if not self._must_head:
                return trumps
            tbest = max((STRENGTH[x] for _, x in trick if SUIT_OF[x] == trump), default=-1)
            higher = [c for c in trumps if STRENGTH[c] > tbest]
            return higher or trumps
        return hand

    def _announceable(self, seat: int) -> list[str]:
        if self.trick_no != 1:
            return []
        hand = self.hands[seat]
        done = {m["suit"] for m in self.marriages if m["seat"] == seat}
        return [s for s in SUITS if s not in done and "K" + s in hand and "Q" + s in hand]

    def legal_actions(self, seat: int) -> list[str]:
        if self._over or seat != self.turn:
            return []
        if self.phase == "call":
            return list(CALLS)
        acts = [PLAY[c] for c in self._legal_cards(seat)]
        if self.trick_no == 1:
            acts.extend(ANNOUNCE[s] for s in self._announceable(seat))
        return acts

    def default_action(self, seat: int) -> str:
        """Call: the longest suit of the four cards (ties: more points, then suit order) as trump and the
        highest card of it the caller lacks (so he gets a partner). Play: the lowest legal card, no
        announcement."""
        if self.phase == "call":
            hand = self.hands[seat]
            trump = max(SUITS, key=lambda s: (sum(SUIT_OF[c] == s for c in hand),
                                              sum(POINTS[c] for c in hand if SUIT_OF[c] == s),
                                              -SUITS.index(s)))
            card = next(r + trump for r in RANK_ORDER if r + trump not in hand)
            return f"call {trump} {card}"
        cards = self._legal_cards(seat)
        return PLAY[min(cards, key=lambda c: (STRENGTH[c], POINTS[c], SUIT_OF[c] == self.trump,
                                              SORT_KEY[c]))]

    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        """Fast path: validate without building every legal action string, then apply."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            raise IllegalAction(Reason("there is no seat {seat}", seat=seat))
        if self._over:
            raise IllegalAction(Reason("the match is over"))
        if seat != self.turn:
            raise IllegalAction(Reason("it is not your turn"))
        if not isinstance(action, str):
            raise IllegalAction(self.explain(seat, action))
        if self.phase == "call":
            if action not in CALL_SET:
                raise IllegalAction(self.explain(seat, action))
            _, t, c = action.split(" ")
            return self._do_call(seat, t, c)
        if action.startswith("play "):
            card = action[5:]
            if card not in self.hands[seat] or card not in self._legal_cards(seat):
                raise IllegalAction(self.explain(seat, action))
            return self._do_play(seat, card)
        if action.startswith("announce "):
            s = action[9:]
            if s not in self._announceable(seat):
                raise IllegalAction(self.explain(seat, action))
            return self._do_announce(seat, s)
        raise IllegalAction(self.explain(seat, action))

    def _apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        return self.apply(seat, action)

    def explain(self, seat: int, action: str) -> str:
        return views.explain(self, seat, action)

    # -- actions ------------------------------------------------------------------------------------
    def _do_call(self, seat: int, trump: str, card: str) -> list[dict[str, Any]]:
        self.trump = trump
        self.called = card
        events: list[dict[str, Any]] = [{"type": "call", "seat": seat, "trump": trump, "card": card}]
        for s in range(4):
            self.hands[s] = sorted(self.hands[s] + self._second[s], key=SORT_KEY.__getitem__)
        self._second = [[], [], [], []]
        self.partner_seat = next(s for s in range(4) if card in self.hands[s])
        events.append({"type": "second_batch", "hand_no": self.hand_no, "dealer": self.dealer,
                       "forehand": self.fh})
        for s in range(4):
            events.append({"type": "dealt", "private": s, "batch": 2, "cards": list(self.hands[s]),
                           "role": views.role(self, s)})
        self.phase = "play"
        self.trick_no = 1
        self.turn = self.fh
        return events

    def _do_announce(self, seat: int, s: str) -> list[dict[str, Any]]:
        pts = 40 if s == self.trump else 20
        m = {"seat": seat, "suit": s, "points": pts, "cards": ["K" + s, "Q" + s]}
        self.marriages.append(m)
        events = [{"type": "announce", **m, "cards": list(m["cards"])}]
        if self.called in m["cards"] and not self.revealed:  # showing the called card shows the partner
            events.append(self._reveal())
        return events

    def _reveal(self) -> dict[str, Any]:
        """The called card is seen (played, or shown in a marriage): everybody knows the sides now."""
        self.revealed = True
        alone = self.partner_seat == self.fh
        return {"type": "partner_revealed", "caller": self.fh, "partner": None if alone else self.partner_seat,
                "alone": alone}

    def _note_lacks(self, seat: int, card: str) -> None:
        """What playing `card` to the current trick shows everybody `seat` does not hold: a suit not followed,
        trumps not played when void, and (must_head) the higher cards it did not head or overtrump with."""
        trick = self.trick
        if not trick:
            return
        led = SUIT_OF[trick[0][1]]
        trump = self.trump
        suit = SUIT_OF[card]
        lacks = self._lacks[seat]
        if suit != led:
            lacks.update(SUIT_CARDS[led])
            if suit != trump:
                lacks.update(SUIT_CARDS[trump])
            elif self._must_head:
                tbest = max((STRENGTH[x] for _, x in trick if SUIT_OF[x] == trump), default=-1)
                if STRENGTH[card] < tbest:
                    lacks.update(c for c in SUIT_CARDS[trump] if STRENGTH[c] > tbest)
            return
        if self._must_head and (led == trump or all(SUIT_OF[x] != trump for _, x in trick)):
            best = max(STRENGTH[x] for _, x in trick if SUIT_OF[x] == led)
            if STRENGTH[card] < best:
                lacks.update(c for c in SUIT_CARDS[led] if STRENGTH[c] > best)

    def _do_play(self, seat: int, card: str) -> list[dict[str, Any]]:
        self._note_lacks(seat, card)
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events: list[dict[str, Any]] = [{"type": "play", "seat": seat, "card": card}]
        if card == self.called and not self.revealed:
            events.append(self._reveal())
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return events
        # trick complete
        trick = self.trick
        trump = self.trump
        led = SUIT_OF[trick[0][1]]
        win_seat, win_card = trick[0]
        for s, c in trick[1:]:
            cs, ws = SUIT_OF[c], SUIT_OF[win_card]
            if (cs == ws and STRENGTH[c] > STRENGTH[win_card]) or (cs == trump and ws != trump):
                win_seat, win_card = s, c
        pts = POINTS[trick[0][1]] + POINTS[trick[1][1]] + POINTS[trick[2][1]] + POINTS[trick[3][1]]
        if self.trick_no == TRICKS:
            pts += LAST_TRICK_BONUS
        self.tricks_won[win_seat] += 1
        self.card_points[win_seat] += pts
        cards = [{"seat": s, "card": c} for s, c in trick]
        self.last_trick = {"cards": cards, "winner": win_seat, "points": pts, "led": led}
        self.tricks = [*self.tricks, self.last_trick]
        events.append({"type": "trick", "cards": cards, "winner": win_seat, "points": pts,
                       "trick_no": self.trick_no})
        self.trick = []
        self.turn = win_seat
        if self.trick_no < TRICKS:
            self.trick_no += 1
            return events
        events.extend(self._score_hand())
        return events

    def _score_hand(self) -> list[dict[str, Any]]:
        caller = self.fh
        partner = self.partner_seat
        assert partner is not None
        alone = partner == caller
        callers = [caller] if alone else sorted((caller, partner))
        defenders = [s for s in range(4) if s not in callers]
        cp = self.card_points
        card_c = sum(cp[s] for s in callers)
        card_d = sum(cp[s] for s in defenders)
        won_c = sum(self.tricks_won[s] for s in callers) > 0
        won_d = sum(self.tricks_won[s] for s in defenders) > 0
        announced = 0
        mar_c = mar_d = 0
        marriages = []
        for m in self.marriages:
            side = "callers" if m["seat"] in callers else "defenders"
            valid = won_c if side == "callers" else won_d
            if side == "callers":
                announced += m["points"]
                mar_c += m["points"] if valid else 0
            else:
                mar_d += m["points"] if valid else 0
            marriages.append({**m, "cards": list(m["cards"]), "side": side, "valid": valid})
        total_c = card_c + mar_c
        total_d = card_d + mar_d
        win, pay, deltas = settle(caller, partner, total_c, total_d, announced, self._stake)
        for s in range(4):
            self.totals[s] += deltas[s]
        record = {
            "hand_no": self.hand_no, "dealer": self.dealer, "caller": caller, "trump": self.trump,
            "called": self.called, "partner": None if alone else partner, "alone": alone,
            "callers": callers, "defenders": defenders,
            "card_points": {"callers": card_c, "defenders": card_d},
            "marriage_points": {"callers": mar_c, "defenders": mar_d},
            "marriages": marriages, "announced_by_callers": announced, "target": target(announced),
            "callers_total": total_c, "defenders_total": total_d, "callers_win": win,
            "payment": pay, "stake": self._stake, "deltas": deltas, "totals": list(self.totals),
        }
        self.history.append(record)
        events: list[dict[str, Any]] = [{"type": "hand_scored", **views.copy_record(record)}]
        if self._deals is not None and self.hand_no >= self._deals:
            return events + self._end_match()
        self.dealer = (self.dealer + 1) % 4
        events.extend(self._deal(None))
        return events

    def _end_match(self) -> list[dict[str, Any]]:
        self._over = True
        self.phase = "over"
        self.turn = -1
        return [{"type": "match_over", "winners": self._winners(), "totals": list(self.totals)}]

    def finish(self) -> list[dict[str, Any]]:
        """End the match now (the table stops; the only way an open-ended ``deals=None`` match ends).

        A hand in progress is abandoned unscored. Not an action: it is not in the action log, so a
        restoring table replays the log and calls ``finish()`` again. Returns the ``match_over`` event
        (``[]`` if the match was already over)."""
        if self._over:
            return []
        return self._end_match()

    def _winners(self) -> list[int]:
        best = max(self.totals)
        return [s for s in range(4) if self.totals[s] == best]

    def result(self) -> dict[str, Any]:
        """``winners`` (highest money total; all tied seats), ``totals`` and ``hands`` (one record per
        scored hand: the ``hand_scored`` fields without ``type``)."""
        return {"winners": self._winners(), "totals": list(self.totals),
                "hands": [views.copy_record(r) for r in self.history]}

    # -- copies for the computer players ---------------------------------------------------------
    def clone(self) -> Rufmariasch:
        """An independent copy, several times quicker than the pickle round trip (searches clone a lot).
        Hand records, marriages, the last trick and the list of the hand's tricks are never changed in place
        (a trick completed makes a new list), so they are shared."""
        e = object.__new__(Rufmariasch)
        e.__dict__.update(self.__dict__)
        e.options = dict(self.options)
        e.rng = random.Random()
        e.rng.setstate(self.rng.getstate())
        e.totals = list(self.totals)
        e.history = list(self.history)
        e.hands = [list(h) for h in self.hands]
        e._second = [list(h) for h in self._second]
        e.trick = list(self.trick)
        e.tricks_won = list(self.tricks_won)
        e.card_points = list(self.card_points)
        e.marriages = list(self.marriages)
        e._lacks = [set(x) for x in self._lacks]
        return e


    def sample(self, seat: int, rng: random.Random) -> Rufmariasch:
        """See `Engine.sample` and `rufmariasch_worlds.sample`."""
        return worlds.sample(self, seat, rng)

    # -- views --------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Public view (``seat=None``) or what ``seat`` may see; the keys and the events are documented in
        `rufmariasch_view.view`."""
        return views.view(self, seat)


__all__ = ["Rufmariasch", "ANNOUNCE", "CALLS", "DECK_32", "PLAY", "POINTS", "RANK_ORDER", "SORT_KEY", "STRENGTH",
           "SUIT_CARDS", "SUIT_OF", "TRICKS", "settle", "target"]
