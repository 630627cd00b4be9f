"""Schrööm (docs/rules/schroeoem.md): four cards, four tricks, the last trick wins, knock to raise the stake.

Every player starts with `points` (default 7). A game is worth `value` (1 at the start); every loser
(active non-winner) loses it. Any active player may *knock* at any decision point (also mid-trick) to raise
the value by one; the others answer *hold* or *fold* (a folder loses the value from before the knock at
once and is out of this game). Players with <= 0 points are eliminated when a game ends; the last player
left wins the match. Special rules: Hammer, Vier Bilder (exchange), Kölsch notice, Hübschen (redeal).

Decision model (how the simultaneous parts of the rules are serialised):

* In the two *base* phases (`"exchange"`, `"play"`) `to_act()` holds the **mover** (the player the game
  waits for) plus every active player who may `knock` now (not the last knocker, `value <= points`) and
  every active player who may propose `huebschen`. A non-mover's `legal_actions` are only those optional
  calls. The view key `"mover"` names the seat the game actually waits for.
* A knock, a Vier Bilder exchange (for the fourth card) and a Hübschen proposal open a **prompt**: the
  other active players answer one at a time, clockwise from the caller's left; while a prompt is open
  only the asked player acts (`pending.asking`) and nobody may knock or propose.
* Vier Bilder: if the stock holds >= 4 cards when a game starts, the game opens with an exchange round
  (phase `"exchange"`): every active player, clockwise from the leader, is asked once `exchange` or
  `pass`. Everybody is asked (not only holders of four pictures) because the claim may be a bluff and
  asking only some would leak their hands. The round ends early when the stock drops below 4 cards.
  Then the leader plays the first card.

Interpretations ([R], documented in the report and below):

* Hübschen may be proposed at most once per player and game (so a declined proposal cannot loop).
  A void game is scored as a hand with `void: true` (losses already suffered stand) and players at
  <= 0 points are eliminated then, like at any game end.
* Vier Bilder penalties may bring a player to <= 0 mid-game, even the later game winner. If the end of
  a game would eliminate *every* player, the game winner stays in and wins the match. If the game winner
  is eliminated while others remain, the next remaining player clockwise from him deals.
* `default_action`: play the lowest legal card (Schrööm rank), `pass` on Vier Bilder prompts, `decline`
  Hübschen, and on a knock `hold` unless `points == value` (holding and losing would eliminate him while
  folding keeps one point); it never knocks. For a seat whose only options are the optional calls
  (`knock`/`huebschen`) it returns None: turn timers act only for `waiting_for()` (= the mover).

The cards' order and keys and the Kölsch hands are in `schroeoem_cards`, what a seat may know and the worlds
that fit it in `schroeoem_worlds`, the calls that interrupt play (knock, Vier Bilder, Hübschen) in `schroeoem_calls`,
the view and the reasons for refusals in `schroeoem_view`; this module keeps the deal, the tricks and the match's
points, and re-exports the names others use.
"""

from __future__ import annotations

import random
from typing import Any

from . import schroeoem_calls as calls
from . import schroeoem_view as views
from . import schroeoem_worlds as worlds
from .base import Engine, IllegalAction, Reason, integer
from .cards import DECK_32, validate_deal
from .schroeoem_calls import ANSWERS, HAMMER_ANSWER, HAMMER_CALL, HUEBSCHEN_CALL
from .schroeoem_cards import (
    CARD_STRENGTH,
    CARD_SUIT,
    IS_NUMBER,
    KOELSCH_HANDS,
    LOW_KEY,
    NUMBER_VALUE,
    RANK_ORDER,
    SORT_KEY,
    koelsch_sum,
)

KOELSCH_TEXT = "buys everyone a round (Kölsch)"


class Schroeoem(Engine):
    key = "schroeoem"
    title = "Schrööm"
    min_seats = 2
    max_seats = 8
    OPTIONS = {
        "points": integer(7, 1, 21, "start points of every player (each lost game costs its value)"),
    }

    # -- setup and dealing --------------------------------------------------------------------------
    def _setup(self, deal: dict[str, Any] | None) -> None:
        n = self.seats
        if deal is not None:
            if not isinstance(deal, dict):
                raise ValueError("deal: must be a dict with 'hands' (and optionally 'stock')")
            sizes: dict[str, Any] = {"hands": [4] * n}
            if "stock" in deal:
                sizes["stock"] = 32 - 4 * n
            validate_deal(deal, deck_cards=DECK_32, sizes=sizes)
        self.points: list[int] = [self.options["points"]] * n
        self.in_match: list[bool] = [True] * n
        self.hand_no = 0
        self.history: list[dict[str, Any]] = []
        self.winners: list[int] = []
        self._over = False
        self._ta: frozenset[int] | None = None
        dealer = self.options["dealer"]
        if dealer is None:
            dealer = self.rng.randrange(n)
        self._deal(dealer, deal)

    def _left_in(self, seat: int, flags: list[bool]) -> int:
        """First seat clockwise after `seat` whose flag is set."""
        n = self.seats
        s = (seat + 1) % n
        while not flags[s]:
            s = (s + 1) % n
        return s

    def _others_clockwise(self, seat: int) -> list[int]:
        n = self.seats
        return [(seat + i) % n for i in range(1, n) if self.active[(seat + i) % n]]

    def _deal(self, dealer: int, fixed: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        n = self.seats
        self.hand_no += 1
        self.dealer = dealer
        players = [(dealer + i) % n for i in range(1, n + 1) if self.in_match[(dealer + i) % n]]
        hands: list[list[str]] = [[] for _ in range(n)]
        if fixed is not None:
            for s in range(n):
                hands[s] = list(fixed["hands"][s])
            if "stock" in fixed:
                stock = list(fixed["stock"])
            else:
                used = {c for h in hands for c in h}
                stock = [c for c in DECK_32 if c not in used]
                self.rng.shuffle(stock)
        else:
            deck = list(DECK_32)
            self.rng.shuffle(deck)
            for i, s in enumerate(players):
                hands[s] = deck[4 * i:4 * i + 4]
            stock = deck[4 * len(players):]
        for h in hands:
            h.sort(key=SORT_KEY.__getitem__)
        self.hands = hands
        self.stock = stock  # index 0 = top
        self.out: list[list[str]] = [[] for _ in range(n)]  # own cards out of play, hidden from others
        self.active = list(self.in_match)
        self.folded: list[int] = []
        self.value = 1
        self.last_knocker: int | None = None
        self.knock_log: list[dict[str, Any]] = []
        self.exchanges: list[dict[str, Any]] = []
        self.huebschen_used: set[int] = set()
        self.start_points = list(self.points)
        self.trick: list[tuple[int, str]] = []
        self.trick_no = 1
        self.tricks: list[dict[str, Any]] = []
        self.last_trick: dict[str, Any] | None = None
        self.tricks_won = [0] * n
        self.cards_played = False
        self.pending: dict[str, Any] | None = None
        self.queue: list[int] = []
        self.leader = self._left_in(dealer, self.active)
        self.koelsch = [s for s in range(n) if self.active[s] and koelsch_sum(hands[s]) > 37]
        self.ex_queue: list[int] = []
        self.ex_turn: int | None = None
        events: list[dict[str, Any]] = [{"type": "deal", "hand_no": self.hand_no, "dealer": dealer,
                                         "leader": self.leader, "players": sorted(players),
                                         "stock_count": len(stock)}]
        for s in self.koelsch:
            events.append({"type": "koelsch", "seat": s, "text": KOELSCH_TEXT})
        if len(stock) >= 4:
            self.phase = "exchange"
            self.ex_queue = [(self.leader + i) % n for i in range(n) if self.active[(self.leader + i) % n]]
            self.ex_turn = self.ex_queue.pop(0)
        else:
            self.phase = "play"
        return events

    # -- queries ----------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self._over

    def _mover(self) -> int | None:
        if self._over:
            return None
        if self.pending is not None:
            return self.queue[0]
        if self.phase == "exchange":
            return self.ex_turn
        n = self.seats
        played = {s for s, _ in self.trick}
        s = self.leader
        for _ in range(n):
            if self.active[s] and s not in played:
                return s
            s = (s + 1) % n
        return None  # unreachable: a complete trick is resolved at once

    def waiting_for(self) -> frozenset[int]:
        """The seat the game waits for (turn timers run only for it): the mover or the asked player.
        Players who merely *may* knock or propose hübschen are in `to_act()` but not waited for."""
        m = self._mover()
        return frozenset() if m is None else frozenset((m,))

    def _can_knock(self, k: int) -> bool:
        return (self.pending is None and not self._over and self.active[k] and k != self.last_knocker
                and self.value <= self.points[k])

    def _huebschen_open(self) -> bool:
        if self.pending is not None or self._over:
            return False
        count = 0
        for s in range(self.seats):
            if self.active[s]:
                if self.points[s] != 1:
                    return False
                count += 1
        return count >= 2

    def to_act(self) -> frozenset[int]:
        if self._over:
            return frozenset()
        if self._ta is not None:
            return self._ta
        if self.pending is not None:
            ta = frozenset((self.queue[0],))
        else:
            acting = {self._mover()}
            hub = self._huebschen_open()
            for k in range(self.seats):
                if self._can_knock(k) or (hub and self.active[k] and k not in self.huebschen_used):
                    acting.add(k)
            ta = frozenset(acting)
        self._ta = ta
        return ta

    def _legal_cards(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.trick:
            led = CARD_SUIT[self.trick[0][1]]
            follow = [c for c in hand if CARD_SUIT[c] == led]
            if follow:
                return follow
        return list(hand)

    def legal_actions(self, seat: int) -> list[str]:
        if self._over or not isinstance(seat, int) or not 0 <= seat < self.seats:
            return []
        if seat not in self.to_act():
            return []
        if self.pending is not None:
            return list(ANSWERS[self.pending["kind"]])
        acts: list[str] = []
        if seat == self._mover():
            if self.phase == "exchange":
                acts += ["exchange", "pass"]
            else:
                acts += ["play " + c for c in self._legal_cards(seat)]
        if self._can_knock(seat):
            acts.append("knock")
        if seat not in self.huebschen_used and self.active[seat] and self._huebschen_open():
            acts.append("huebschen")
        return acts

    # -- applying -----------------------------------------------------------------------------------
    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            raise IllegalAction(Reason("there is no seat {seat}", seat=seat))
        if self._over:
            raise IllegalAction(Reason("the match is over"))
        if not isinstance(action, str) or action not in self.legal_actions(seat):
            raise IllegalAction(self.explain(seat, action))
        return self._apply(seat, action)

    def _apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        self._ta = None
        ev: list[dict[str, Any]] = []
        verb, _, arg = action.partition(" ")
        if verb == "play":
            self._play(seat, arg, ev)
        elif verb == "knock":
            calls.knock(self, seat, ev)
        elif verb in ("hold", "fold"):
            calls.answer_knock(self, seat, verb == "fold", ev)
        elif verb == "exchange":
            calls.exchange(self, seat, ev)
        elif verb == "pass" and self.pending is None:
            ev.append({"type": "pass", "seat": seat, "on": "exchange"})
            calls.next_exchange(self)
        elif verb in ("reveal", "pass"):
            calls.answer_reveal(self, seat, verb == "reveal", ev)
        elif verb == "huebschen":
            calls.propose_huebschen(self, seat, ev)
        elif verb in ("accept", "decline"):
            calls.answer_huebschen(self, seat, verb == "accept", ev)
        else:  # pragma: no cover - legal_actions only offers the verbs above
            raise IllegalAction(Reason("unknown action {action}", action=repr(action)))
        self._ta = None
        return ev

    def _play(self, seat: int, card: str, ev: list[dict[str, Any]]) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.cards_played = True
        ev.append({"type": "play", "seat": seat, "card": card, "trick_no": self.trick_no})
        if self._trick_complete():
            self._finish_trick(ev)

    def _trick_complete(self) -> bool:
        if not self.trick:
            return False
        played = {s for s, _ in self.trick}
        active = self.active
        return all(not active[s] or s in played for s in range(self.seats))

    def _finish_trick(self, ev: list[dict[str, Any]]) -> None:
        led = CARD_SUIT[self.trick[0][1]]
        best_seat, best = -1, -1
        for s, c in self.trick:
            if CARD_SUIT[c] == led and CARD_STRENGTH[c] > best:
                best_seat, best = s, CARD_STRENGTH[c]
        winner = best_seat
        if not self.active[winner]:  # seed's rare case: the folded player's card was highest
            winner = self._left_in(winner, self.active)
        cards = [{"seat": s, "card": c} for s, c in self.trick]
        record = {"cards": cards, "winner": winner, "best": best_seat, "trick_no": self.trick_no}
        self.tricks.append(record)
        self.last_trick = {"cards": cards, "winner": winner}
        self.tricks_won[winner] += 1
        self.trick = []
        ev.append({"type": "trick", "cards": cards, "winner": winner, "trick_no": self.trick_no,
                   "best": best_seat, "rare_case": best_seat != winner})
        if self.trick_no == 4:
            self._end_game(winner, "last_trick", ev)
        else:
            self.trick_no += 1
            self.leader = winner

    def _end_game(self, winner: int | None, reason: str, ev: list[dict[str, Any]],
                  next_dealer: int | None = None) -> None:
        n = self.seats
        losers: list[int] = []
        if winner is not None:
            for q in range(n):
                if self.active[q] and q != winner:
                    self.points[q] -= self.value
                    losers.append(q)
        deltas = [self.points[s] - self.start_points[s] for s in range(n)]
        newly = [s for s in range(n) if self.in_match[s] and self.points[s] <= 0]
        for s in newly:
            self.in_match[s] = False
        if not any(self.in_match) and winner is not None:  # [R] nobody left: the game winner survives
            self.in_match[winner] = True
            newly.remove(winner)
        record = {"hand_no": self.hand_no, "deltas": deltas, "winner": winner, "value": self.value,
                  "void": winner is None, "reason": reason, "losers": losers, "folded": list(self.folded),
                  "eliminated": newly, "dealer": self.dealer}
        self.history.append(record)
        ev.append({"type": "hand_scored", **views.copy_record(record), "totals": list(self.points)})
        if newly:
            ev.append({"type": "eliminated", "seats": list(newly), "totals": list(self.points)})
        remaining = [s for s in range(n) if self.in_match[s]]
        self.pending = None
        self.queue = []
        if len(remaining) <= 1:
            self._over = True
            self.phase = "over"
            self.winners = remaining
            ev.append({"type": "match_over", "winners": list(remaining), "totals": list(self.points)})
            return
        dealer = next_dealer if next_dealer is not None else winner
        assert dealer is not None
        if not self.in_match[dealer]:
            dealer = self._left_in(dealer, self.in_match)
        ev.extend(self._deal(dealer))

    # -- copies for the computer players --------------------------------------------------------------
    def clone(self) -> Schroeoem:
        """An independent copy, much quicker than a pickle round trip (searches clone a lot). Game records,
        knock records and finished tricks are never changed in place, so they are shared."""
        e = object.__new__(Schroeoem)
        e.__dict__.update(self.__dict__)
        e.options = dict(self.options)
        e.rng = random.Random()
        e.rng.setstate(self.rng.getstate())
        for name in ("points", "in_match", "history", "winners", "stock", "active", "folded", "knock_log",
                     "start_points", "trick", "tricks", "tricks_won", "queue", "koelsch", "ex_queue"):
            setattr(e, name, list(getattr(self, name)))
        e.hands = [list(h) for h in self.hands]
        e.out = [list(o) for o in self.out]
        e.exchanges = [dict(x) for x in self.exchanges]  # the last one gets its fourth card filled in
        e.huebschen_used = set(self.huebschen_used)
        if self.pending is not None:
            e.pending = dict(self.pending, answers=list(self.pending["answers"]))
        return e


    def voids(self) -> list[set[str]]:
        """Per seat, the suits it showed it lacks this game (`schroeoem_worlds.voids`)."""
        return worlds.voids(self)

    def sample(self, seat: int, rng: random.Random) -> Schroeoem:
        """See `Engine.sample` and `schroeoem_worlds.sample`."""
        return worlds.sample(self, seat, rng)

    # -- views --------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The table as one JSON-serialisable dict; its keys and the events are documented in
        `schroeoem_view.view`."""
        return views.view(self, seat)

    def explain(self, seat: int, action: str) -> str:
        return views.explain(self, seat, action)

    def result(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "totals": list(self.points),
                "hands": [views.copy_record(h) for h in self.history]}

    # -- timers ----------------------------------------------------------------------------------------------
    def default_action(self, seat: int) -> str | None:  # type: ignore[override]
        acts = self.legal_actions(seat)
        if not acts:
            return None
        if self.pending is not None:
            kind = self.pending["kind"]
            if kind == "knock":
                return "fold" if self.points[seat] == self.value else "hold"
            return "pass" if kind == "reveal" else "decline"
        if seat != self._mover():
            return None  # only optional calls (knock / huebschen): never taken for an absent player
        if self.phase == "exchange":
            return "pass"
        return "play " + min(self._legal_cards(seat), key=LOW_KEY.__getitem__)


__all__ = ["Schroeoem", "CARD_STRENGTH", "CARD_SUIT", "IS_NUMBER", "KOELSCH_HANDS", "LOW_KEY", "NUMBER_VALUE",
           "RANK_ORDER", "SORT_KEY", "HAMMER_ANSWER", "HAMMER_CALL", "HUEBSCHEN_CALL", "KOELSCH_TEXT", "koelsch_sum"]
