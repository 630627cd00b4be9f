"""Schrööm's calls that interrupt the play: knocking (hold or fold), the Vier Bilder exchange (reveal the fourth
card or pass) and Hübschen (accept or decline); each opens a prompt the others answer in turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .schroeoem_cards import IS_NUMBER, SORT_KEY

if TYPE_CHECKING:
    from .schroeoem import Schroeoem

HAMMER_CALL = "Seht ihr meinen Hammer?"
HAMMER_ANSWER = "Jo, ich sehe deinen Hammer!"
HUEBSCHEN_CALL = "Sollen wir hübschen?"

ANSWERS = {"knock": ("hold", "fold"), "reveal": ("reveal", "pass"), "huebschen": ("accept", "decline")}
"""The answers each prompt's asked player chooses between."""


def knock(self: Schroeoem, k: int, ev: list[dict[str, Any]]) -> None:
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


def answer_knock(self: Schroeoem, q: int, fold: bool, ev: list[dict[str, Any]]) -> None:
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
            next_exchange(self)
    else:
        if not self.trick and not self.active[self.leader]:  # the player due to lead folded
            self.leader = self._left_in(self.leader, self.active)
        if self._trick_complete():  # the last player still to play folded
            self._finish_trick(ev)


def next_exchange(self: Schroeoem) -> None:
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


def exchange(self: Schroeoem, s: int, ev: list[dict[str, Any]]) -> None:
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


def answer_reveal(self: Schroeoem, q: int, reveal: bool, ev: list[dict[str, Any]]) -> None:
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
    next_exchange(self)


def propose_huebschen(self: Schroeoem, p: int, ev: list[dict[str, Any]]) -> None:
    self.huebschen_used.add(p)
    self.queue = self._others_clockwise(p)
    self.pending = {"kind": "huebschen", "proposer": p, "answers": []}
    ev.append({"type": "huebschen", "seat": p, "call": HUEBSCHEN_CALL})


def answer_huebschen(self: Schroeoem, q: int, accept: bool, ev: list[dict[str, Any]]) -> None:
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
