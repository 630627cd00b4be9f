"""What a Schrööm seat is shown (`Schroeoem.view`, the keys and events documented) and why a move is refused
(`Schroeoem.explain`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Reason
from .cards import is_card, pretty, pretty_suit
from .schroeoem_calls import ANSWERS
from .schroeoem_cards import CARD_SUIT

if TYPE_CHECKING:
    from .schroeoem import Schroeoem

_VERBS = frozenset({"play", "knock", "hold", "fold", "exchange", "reveal", "pass", "huebschen",
                    "accept", "decline"})
_PROMPT_NAME = {"knock": Reason("the knock"), "reveal": Reason("the Vier Bilder reveal"),
                "huebschen": Reason("the Hübschen proposal")}


def view(self: Schroeoem, seat: int | None = None) -> dict[str, Any]:
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
        "last_game": None if not self.history else copy_record(self.history[-1]),
        "winners": list(self.winners),
    }
    if seat is not None:
        out["hand"] = list(self.hands[seat])
        out["out"] = list(self.out[seat])
    return out


def explain(self: Schroeoem, seat: int, action: str) -> str:
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
        a, b = ANSWERS[kind]
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
    return Reason("you must follow suit ({suit})", suit=pretty_suit(led))


def copy_record(rec: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in rec.items()}
