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
that fit it in `schroeoem_worlds`; this module keeps the rules of play and re-exports the names others use.
"""

from __future__ import annotations

import random
from typing import Any

from . import schroeoem_worlds as worlds
from .base import Engine, IllegalAction, Reason, integer
from .cards import DECK_32, SUIT_SYMBOLS, is_card, pretty, validate_deal
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

HAMMER_CALL = "Seht ihr meinen Hammer?"
HAMMER_ANSWER = "Jo, ich sehe deinen Hammer!"
HUEBSCHEN_CALL = "Sollen wir hübschen?"
KOELSCH_TEXT = "buys everyone a round (Kölsch)"

_VERBS = frozenset({"play", "knock", "hold", "fold", "exchange", "reveal", "pass", "huebschen",
                    "accept", "decline"})
_ANSWERS = {"knock": ("hold", "fold"), "reveal": ("reveal", "pass"), "huebschen": ("accept", "decline")}
_PROMPT_NAME = {"knock": Reason("the knock"), "reveal": Reason("the Vier Bilder reveal"),
                "huebschen": Reason("the Hübschen proposal")}


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
            return list(_ANSWERS[self.pending["kind"]])
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
            self._knock(seat, ev)
        elif verb in ("hold", "fold"):
            self._answer_knock(seat, verb == "fold", ev)
        elif verb == "exchange":
            self._exchange(seat, ev)
        elif verb == "pass" and self.pending is None:
            ev.append({"type": "pass", "seat": seat, "on": "exchange"})
            self._next_exchange()
        elif verb in ("reveal", "pass"):
            self._answer_reveal(seat, verb == "reveal", ev)
        elif verb == "huebschen":
            self._propose_huebschen(seat, ev)
        elif verb in ("accept", "decline"):
            self._answer_huebschen(seat, verb == "accept", ev)
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

    def _knock(self, k: int, ev: list[dict[str, Any]]) -> None:
        old = self.value
        self.value = old + 1
        self.last_knocker = k
        hammer = old == 1 and self.points[k] == 1 and not self.cards_played
        self.knock_log.append({"seat": k, "value": self.value, "hammer": hammer})
        ev.append({"type": "knock", "seat": k, "value": self.value, "previous": old})
        if hammer:
            ev.append({"type": "hammer", "seat": k, "call": HAMMER_CALL, "answer": HAMMER_ANSWER})
        self.queue = self._others_clockwise(k)
        self.pending = {"kind": "knock", "knocker": k, "value": self.value, "previous": old, "answers": []}

    def _answer_knock(self, q: int, fold: bool, ev: list[dict[str, Any]]) -> None:
        pending = self.pending
        assert pending is not None
        self.queue.pop(0)
        if fold:
            lost = pending["previous"]
            self.points[q] -= lost
            self.active[q] = False
            self.out[q].extend(self.hands[q])
            self.hands[q] = []
            self.folded.append(q)
            ev.append({"type": "fold", "seat": q, "lost": lost, "points": self.points[q]})
        else:
            ev.append({"type": "hold", "seat": q, "value": self.value})
        pending["answers"].append({"seat": q, "answer": "fold" if fold else "hold"})
        if self.queue:
            return
        self.pending = None
        remaining = [s for s in range(self.seats) if self.active[s]]
        if len(remaining) == 1:
            self._end_game(remaining[0], "folds", ev)
            return
        if self.phase == "exchange":
            if not self.active[self.ex_turn]:  # type: ignore[index]
                self._next_exchange()
        else:
            if not self.trick and not self.active[self.leader]:  # the player due to lead folded
                self.leader = self._left_in(self.leader, self.active)
            if self._trick_complete():  # the last player still to play folded
                self._finish_trick(ev)

    def _next_exchange(self) -> None:
        while self.ex_queue and len(self.stock) >= 4:
            s = self.ex_queue.pop(0)
            if self.active[s]:
                self.ex_turn = s
                return
        self.ex_queue = []
        self.ex_turn = None
        self.phase = "play"
        if not self.active[self.leader]:
            self.leader = self._left_in(self.leader, self.active)

    def _exchange(self, s: int, ev: list[dict[str, Any]]) -> None:
        laid = self.hands[s]
        self.rng.shuffle(laid)
        new = self.stock[:4]
        del self.stock[:4]
        new.sort(key=SORT_KEY.__getitem__)
        self.hands[s] = new
        shown, fourth = laid[:3], laid[3]
        penalty = any(IS_NUMBER[c] for c in shown)
        if penalty:
            self.points[s] -= 1
        self.out[s].append(fourth)
        self._fourth = fourth
        self.exchanges.append({"seat": s, "revealed": list(shown), "penalty": penalty, "fourth": None,
                               "revealer": None, "fourth_loser": None})
        ev.append({"type": "exchange", "seat": s, "stock_count": len(self.stock)})
        ev.append({"type": "exchange_hand", "seat": s, "cards": list(new), "private": s})
        ev.append({"type": "exchange_reveal", "seat": s, "cards": list(shown), "penalty": penalty,
                   "points": self.points[s]})
        self.queue = self._others_clockwise(s)
        self.pending = {"kind": "reveal", "exchanger": s, "answers": []}

    def _answer_reveal(self, q: int, reveal: bool, ev: list[dict[str, Any]]) -> None:
        pending = self.pending
        assert pending is not None
        x = pending["exchanger"]
        self.queue.pop(0)
        pending["answers"].append({"seat": q, "answer": "reveal" if reveal else "pass"})
        if reveal:
            card = self._fourth
            loser = x if IS_NUMBER[card] else q
            self.points[loser] -= 1
            self.out[x].remove(card)
            rec = self.exchanges[-1]
            rec["fourth"], rec["revealer"], rec["fourth_loser"] = card, q, loser
            ev.append({"type": "reveal", "seat": q, "exchanger": x, "card": card, "loser": loser,
                       "points": self.points[loser]})
            self.queue = []
        else:
            ev.append({"type": "pass", "seat": q, "on": "reveal"})
        if self.queue:
            return
        self.pending = None
        self._next_exchange()

    def _propose_huebschen(self, p: int, ev: list[dict[str, Any]]) -> None:
        self.huebschen_used.add(p)
        self.queue = self._others_clockwise(p)
        self.pending = {"kind": "huebschen", "proposer": p, "answers": []}
        ev.append({"type": "huebschen", "seat": p, "call": HUEBSCHEN_CALL})

    def _answer_huebschen(self, q: int, accept: bool, ev: list[dict[str, Any]]) -> None:
        pending = self.pending
        assert pending is not None
        self.queue.pop(0)
        pending["answers"].append({"seat": q, "answer": "accept" if accept else "decline"})
        ev.append({"type": "accept" if accept else "decline", "seat": q, "proposer": pending["proposer"]})
        if not accept:
            self.queue = []
            self.pending = None
            return
        if self.queue:
            return
        self.pending = None
        self._end_game(None, "huebschen", ev, next_dealer=pending["proposer"])

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
        ev.append({"type": "hand_scored", **_copy_record(record), "totals": list(self.points)})
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
        """The table as one JSON-serialisable dict.

        Common keys (docs/views.md): game, seats, phase, dealer, to_act, totals (= points), hand_no, over,
        options, counts, trick, last_trick, tricks_won; private views add `hand`.

        Game-specific public keys:
        - `phase`: "exchange" (Vier Bilder round before trick 1), "play", "knock" (answers to a knock),
          "reveal" (Vier Bilder: who reveals the fourth card), "huebschen" (answers), "over".
        - `mover`: the seat the game waits for (player to play / to decide / the asked player); null when
          over. `to_act` also lists players who may only `knock`/`huebschen` now.
        - `points` (= totals), `start_points` (at the start of this game), `value` (the game's current
          worth), `last_knocker` (seat or null), `knock_log` ([{seat, value, hammer}] this game),
          `can_knock` (seats that may knock now), `huebschen_open` (bool: every active player has 1 point).
        - `active` (seats still in this game), `folded` (seats folded this game, in order), `eliminated`
          (seats out of the match), `leader` (leads the current trick), `trick_no` (1-4), `tricks` (this
          game's completed tricks: [{cards, winner, best, trick_no}]; `best` differs from `winner` in the
          rare case where a folded player's card was highest).
        - `stock_count`, `exchanges` ([{seat, revealed: [3 cards], penalty: bool, fourth: card|null,
          revealer: seat|null, fourth_loser: seat|null}]), `exchange_turn` (seat asked in the exchange
          round or null).
        - `pending`: null or {"kind": "knock", knocker, value, previous, answers, asking} /
          {"kind": "reveal", exchanger, answers, asking} / {"kind": "huebschen", proposer, answers,
          asking}; `answers` = [{seat, answer}] so far.
        - `koelsch`: seats whose dealt hand's numbers sum > 37 (notice only, no cards named).
        - `last_game`: the previous game's record {hand_no, deltas, winner, value, void, reason, losers,
          folded, eliminated, dealer} or null; `winners`: match winners (when over).
        Private view adds `hand` and `out` (own cards out of play that nobody else saw: a folded hand, an
        unrevealed fourth Vier Bilder card).

        Events: deal {hand_no, dealer, leader, players, stock_count}; koelsch {seat, text};
        knock {seat, value, previous}; hammer {seat, call, answer}; hold {seat, value};
        fold {seat, lost, points}; exchange {seat, stock_count}; exchange_hand {seat, cards, private};
        exchange_reveal {seat, cards, penalty, points}; pass {seat, on: "exchange"|"reveal"};
        reveal {seat, exchanger, card, loser, points}; huebschen {seat, call}; accept/decline {seat,
        proposer}; play {seat, card, trick_no}; trick {cards, winner, trick_no, best, rare_case};
        hand_scored {hand_no, deltas, totals, winner (null if void), value, void, reason
        ("last_trick"|"folds"|"huebschen"), losers, folded, eliminated, dealer}; eliminated {seats, totals};
        match_over {winners, totals}.
        """
        n = self.seats
        pending = None
        if self.pending is not None:
            pending = {k: v for k, v in self.pending.items() if k != "answers"}
            pending["answers"] = [dict(a) for a in self.pending["answers"]]
            pending["asking"] = self.queue[0] if self.queue else None
        hub = self._huebschen_open()
        out: dict[str, Any] = {
            "game": self.key,
            "seats": n,
            "phase": "over" if self._over else (self.pending["kind"] if self.pending else self.phase),
            "dealer": self.dealer,
            "to_act": sorted(self.to_act()),
            "totals": list(self.points),
            "hand_no": self.hand_no,
            "over": self._over,
            "options": dict(self.options),
            "counts": [len(h) for h in self.hands],
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "last_trick": None if self.last_trick is None else {
                "cards": [dict(c) for c in self.last_trick["cards"]], "winner": self.last_trick["winner"]},
            "tricks_won": list(self.tricks_won),
            "trick_no": self.trick_no,
            "tricks": [{"cards": [dict(c) for c in t["cards"]], "winner": t["winner"], "best": t["best"],
                        "trick_no": t["trick_no"]} for t in self.tricks],
            "mover": self._mover(),
            "leader": self.leader,
            "points": list(self.points),
            "start_points": list(self.start_points),
            "value": self.value,
            "last_knocker": self.last_knocker,
            "knock_log": [dict(k) for k in self.knock_log],
            "can_knock": [k for k in range(n) if self._can_knock(k)],
            "huebschen_open": hub,
            "active": [s for s in range(n) if self.active[s]],
            "folded": list(self.folded),
            "eliminated": [s for s in range(n) if not self.in_match[s]],
            "stock_count": len(self.stock),
            "exchanges": [dict(e, revealed=list(e["revealed"])) for e in self.exchanges],
            "exchange_turn": self.ex_turn if self.phase == "exchange" and not self._over else None,
            "pending": pending,
            "koelsch": list(self.koelsch),
            "last_game": None if not self.history else _copy_record(self.history[-1]),
            "winners": list(self.winners),
        }
        if seat is not None:
            out["hand"] = list(self.hands[seat])
            out["out"] = list(self.out[seat])
        return out

    def result(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "totals": list(self.points),
                "hands": [_copy_record(h) for h in self.history]}

    # -- timers and reasons ---------------------------------------------------------------------------
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

    def explain(self, seat: int, action: str) -> str:
        if self._over:
            return Reason("the match is over")
        if not isinstance(action, str):
            return Reason("{action} is not an action", action=repr(action))
        verb, _, arg = action.partition(" ")
        if verb not in _VERBS:
            return Reason("unknown action {action}; Schrööm knows: play C, knock, hold, fold, exchange, "
                          "reveal, pass, huebschen, accept, decline", action=repr(action))
        if not self.in_match[seat]:
            return Reason("you are out of the match")
        if not self.active[seat]:
            return Reason("you have folded and are out of this game")
        if self.pending is not None:
            kind = self.pending["kind"]
            asking = self.queue[0]
            if seat != asking:
                return Reason("wait: seat {seat} must answer {prompt} first", seat=asking,
                              prompt=_PROMPT_NAME[kind])
            a, b = _ANSWERS[kind]
            return Reason("answer {prompt} with {a} or {b}", prompt=_PROMPT_NAME[kind], a=a, b=b)
        mover = self._mover()
        if verb == "knock":
            if seat == self.last_knocker:
                return Reason("you may not knock twice in a row: someone else must knock first")
            return Reason("you may knock to at most {most} (you have {points} point(s)) and the game is "
                          "already worth {value}",
                          most=self.points[seat] + 1, points=self.points[seat], value=self.value)
        if verb == "huebschen":
            if seat in self.huebschen_used:
                return Reason("you already proposed hübschen in this game")
            return Reason("hübschen needs at least two players in the game, every one of them on exactly "
                          "1 point")
        if verb in ("hold", "fold"):
            return Reason("nobody has knocked: there is nothing to hold or fold")
        if verb in ("accept", "decline"):
            return Reason("nobody proposed hübschen: there is nothing to accept or decline")
        if verb == "reveal":
            return Reason("there is no Vier Bilder card to reveal")
        if seat != mover:
            return Reason("it is not your turn (waiting for seat {seat})", seat=mover)
        if verb in ("exchange", "pass"):
            return Reason("Vier Bilder (exchange) is only possible before the first card, while the stock "
                          "holds 4 cards")
        # verb == "play"
        if self.phase == "exchange":
            return Reason("first say whether you exchange your cards (Vier Bilder) or pass")
        if not is_card(arg):
            return Reason("{token} is not a card", token=repr(arg))
        if arg not in self.hands[seat]:
            return Reason("you do not hold {card}", card=pretty(arg))
        if not self.trick:
            return Reason("{action} is not allowed now", action=repr(action))
        led = CARD_SUIT[self.trick[0][1]]
        return Reason("you must follow suit ({suit})", suit=SUIT_SYMBOLS[led])


def _copy_record(rec: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in rec.items()}


__all__ = ["Schroeoem", "CARD_STRENGTH", "CARD_SUIT", "IS_NUMBER", "KOELSCH_HANDS", "LOW_KEY", "NUMBER_VALUE",
           "RANK_ORDER", "SORT_KEY", "HAMMER_ANSWER", "HAMMER_CALL", "HUEBSCHEN_CALL", "KOELSCH_TEXT", "koelsch_sum"]
