"""What a Schrum Schrum or Tač seat is shown (`view`, the keys and events documented) and why a move is refused
(`explain`, which asks the game's own hooks `_centre_reason`, `_keep_reason`, `_onto_reason` and
`_window_explain`): shared by both games of `schrum.py`'s talon race."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Reason
from .cards import pretty

if TYPE_CHECKING:
    from .schrum import _TalonRace


def view(self: _TalonRace, seat: int | None = None) -> dict[str, Any]:
    """Public view (and private view for `seat`), JSON-serialisable.

    Common keys (docs/views.md): game, seats, phase ("play": a card is exposed and its owner must
    decide; "tac": Tač miss window open; "give": Tač called, the givers decide; "over"), dealer, to_act, totals (hands won), hand_no, over,
    options, counts (cards each seat still has to shed: talon + reserve + its exposed card).
    Game keys:
    - "current": seat whose turn it is (during a Tač window: the next player, whose card is not exposed yet)
    - "talon_counts": face-down talon (Closed pile) sizes per seat — talon cards are never shown
    - "reserves": per seat the face-up reserve (Open pile), bottom->top; "reserve_tops": top or null
    - "centre": {"top": card or null, "count": int, "next": rank the centre needs ("A" when empty)}
    - "exposed": {"seat", "card"} or null — the card the current player must place
    - "ace_in_centre": bool (Tač: open-pile plays are allowed only then; always == centre non-empty)
    - "tac_window": offender seat or null; "tac_callers": seats that may still call Tač
    - "winner": winner of the current hand once the match ended on it, else null
    - "last_hand": {"hand_no", "winner", "drawn"} of the previous hand or null
    - "idle_turns" / "stall_limit": turns without a centre play and the draw threshold
    - "tac_penalty": {"offender", "givers" (every possible giver, clockwise), "undecided"} or null
    Private view (seat given): the same plus "hand": [] — a seat never sees its own talon.

    Events (all public, none names a talon card): "turn" {seat}; "turnover" {seat, cards} (reserve
    turned over as the new talon); "expose" {seat, card}; "play" {seat, card, to: "centre" | seat};
    "to_reserve" {seat, card, miss} (miss=false: automatic, no destination; true: Tač `keep`);
    "tac_window" {offender, callers}; "tac" {seat, offender, givers} (the call; givers: who may give);
    "give" {seat, offender, given} (one giver's choice); "tac_given" {offender, givers, cards} (the
    given top Closed cards moved, not shown); "tac_closed" {offender, by} (window closed without a
    call); "win" {seat};
    "stall" {turns} (hand drawn by the stall guard); "hand_scored" {hand_no, deltas, totals, winner,
    drawn}; "deal" {hand_no, dealer}; "match_over" {winners, totals}.
    """
    n = self.seats
    counts = [len(self.talons[i]) + len(self.reserves[i]) for i in range(n)]
    exposed = None
    if self.exposed is not None:
        counts[self.cur] += 1
        exposed = {"seat": self.cur, "card": self.exposed}
    centre = self.centre
    v: dict[str, Any] = {
        "game": self.key,
        "seats": n,
        "phase": self._phase,
        "dealer": self.dealer,
        "to_act": sorted(self._to_act),
        "totals": list(self.totals),
        "hand_no": self.hand_no,
        "over": self._phase == "over",
        "winners": self._winners() if self._phase == "over" else None,  # (none: every hand drawn)
        "options": dict(self.options),
        "counts": counts,
        "current": self.cur,
        "talon_counts": [len(t) for t in self.talons],
        "reserves": [list(r) for r in self.reserves],
        "reserve_tops": [r[-1] if r else None for r in self.reserves],
        "centre": {"top": centre[-1] if centre else None, "count": len(centre), "next": self.need},
        "exposed": exposed,
        "ace_in_centre": bool(centre),
        "tac_window": self.window,
        "tac_callers": sorted(self.callers),
        "winner": self.winner,
        "last_hand": dict(self.last_hand) if self.last_hand else None,
        "idle_turns": self.idle,
        "stall_limit": self.stall_limit,
        "tac_penalty": ({"offender": self.gift_to, "givers": list(self.eligible),
                         "undecided": sorted(self.pending)} if self.gift_to is not None else None),
    }
    if seat is not None:
        v["hand"] = []
    return v


def explain(self: _TalonRace, seat: int, action: str) -> str:
    if self._phase == "over":
        return Reason("the match is over")
    if self._phase == "tac":
        return self._window_explain(seat, action)
    if self._phase == "give":
        if seat in self._to_act:
            return Reason("give seat {seat} your top Closed card, or decline", seat=self.gift_to)
        return Reason("waiting for the others to give seat {seat} a card or not", seat=self.gift_to)
    if seat not in self._to_act:
        return Reason("it is not your turn")
    c = self.exposed
    assert c is not None
    r = self._RANK[c]
    word = self.PILE
    if action in ("tac", "expose", "pass"):
        return Reason("there is no miss to call now") if action == "tac" else Reason("your card is already exposed")
    if action == "centre":
        return self._centre_reason(c)
    if action == "keep":
        return self._keep_reason(c)
    parts = action.split() if isinstance(action, str) else []
    if len(parts) == 2 and parts[0] == "onto":
        try:
            target = int(parts[1])
        except ValueError:
            return Reason("onto needs a seat number, not {token}", token=repr(parts[1]))
        if not 0 <= target < self.seats:
            return Reason("there is no seat {seat}", seat=target)
        if target == seat:
            return Reason("you cannot play onto your own {word}", word=word)
        pile = self.reserves[target]
        if not pile:
            return Reason("seat {seat} has no {word} yet", seat=target, word=word)
        return self._onto_reason(c, target, pile[-1]) or Reason("{card} cannot go there", card=pretty(c))
    return Reason("unknown action {action}; you may: {actions} (exposed card {card}, rank {rank})",
                  action=repr(action), actions=", ".join(self._acts), card=pretty(c), rank=r)
