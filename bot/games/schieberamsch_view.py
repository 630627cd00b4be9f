"""What a Schieberamsch seat is shown (`Schieberamsch.view`, the keys and events documented) and why a move is
refused (`Schieberamsch.explain`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Engine, Reason
from .cards import pretty, pretty_cards, pretty_suit
from .schieberamsch_cards import _SEATS_FROM, POINTS, SORTED_DECK, SUIT_IDS, TRUMP, _sorted

JACKS = pretty_cards(["JC", "JS", "JH", "JD"])  # the trumps, as a reason names them (U♣ … on German cards)

if TYPE_CHECKING:
    from .schieberamsch import Schieberamsch


def view(self: Schieberamsch, seat: int | None = None) -> dict[str, Any]:
    """The table as `seat` sees it (`None`: a spectator; no hidden card).

    Common keys (docs/views.md): game, seats, phase, dealer, to_act, totals, hand_no, over, options,
    counts, trick, last_trick, tricks_won; private views add `hand`.

    Phases: "grand" (FH, MH, RH: `grand`/`pass`), "schieben" (`take`/`push`), "discard" (the taker:
    `discard C1 C2`), "kontra" (an opponent of the Grand Hand solo: `kontra`/`pass`), "rekontra" (the
    solo: `rekontra`/`pass`), "play" (`play C`), "over".

    Game keys (public):
    - forehand: seat left of the dealer, who leads trick 1; deals: the match length option (or null)
    - mode: null while Grand Hand is open, then "ramsch" or "grand"; solo: Grand Hand declarer or null
    - grand_passed: seats that passed Grand Hand, in order
    - pushes, multiplier (2**pushes), pushed_by, took_by: the Schieben so far (seats, in order)
    - skat_count: cards lying face down as the skat (0 while a taker holds it and after the deal)
    - kontra: seat that said Kontra or null; rekontra: the solo's seat if he said Rekontra, else null;
      kontra_passed: opponents who declined
    - leader: who led the current trick; trick_no: 1..10 in play (0 before)
    - trick: [{"seat", "card"}] in play order; last_trick: {"cards": [{"seat","card"}], "winner"} or null;
      tricks_won: per seat
    - points_taken: card points per seat (skat included for its owner) once the deal is over, else null
    - last_hand: the previous deal's record (like `hand_scored` without totals) or null
    - sheet: the deltas of every deal so far, one list per deal
    Private keys: hand (sorted Jacks ♣♠♥♦ then ♣ ♠ ♥ ♦ A 10 K Q 9 8 7); skat (the two cards just
    picked up, while that seat must discard); discarded (the two cards that seat put down, if it took).

    Events: deal {hand_no, dealer, forehand}; pass {seat, phase}; grand_hand {seat}; ramsch {forehand};
    take {seat}; skat {seat, cards, private}; push {seat, pushes}; discard {seat};
    discarded {seat, cards, private}; kontra {seat}; rekontra {seat}; play_start {mode, leader, multiplier};
    play {seat, card}; trick {cards, winner, points, trick_no}; skat_taken {seat, points} (Ramsch) /
    skat_counted {seat, points} (Grand Hand); hand_scored {hand_no, dealer, deltas, totals, points, tricks,
    mode, and for "ramsch": outcome ("durchmarsch"|"jungfrau"|"most_points"), pushes, multiplier,
    pushed_by, took_by, skat_to, scores (before ÷10); for "grand": solo, won, solo_points,
    opponent_points, matadors, with, schneider, schwarz, kontra, rekontra, modifier, value};
    match_over {winners, totals}.
    """
    phase = self._phase
    v: dict[str, Any] = {
        "game": self.key,
        "seats": 3,
        "phase": phase,
        "dealer": self._dealer,
        "forehand": self._fh,
        "to_act": [] if self._turn is None else [self._turn],
        "totals": list(self._totals),
        "hand_no": self._hand_no,
        "deals": self.options["deals"],
        "over": self._over,
        "options": dict(self.options),
        "counts": [m.bit_count() for m in self._masks],
        "mode": self._mode,
        "solo": self._solo,
        "grand_passed": list(self._grand_passed),
        "pushes": self._pushes,
        "multiplier": 1 << self._pushes,
        "pushed_by": list(self._pushed_by),
        "took_by": list(self._took_by),
        "skat_count": len(self._skat) if not self._over else 0,
        "kontra": self._kontra,
        "rekontra": self._rekontra,
        "kontra_passed": list(self._kontra_passed),
        "leader": self._leader,
        "trick_no": self._trick_no,
        "trick": [{"seat": s, "card": SORTED_DECK[k]}
                  for s, k in zip(_SEATS_FROM[self._leader or 0], self._trick, strict=False)],
        "last_trick": None if self._last_trick is None else {
            "cards": [{"seat": s, "card": SORTED_DECK[k]}
                      for s, k in zip(_SEATS_FROM[self._last_trick[1]], self._last_trick[0], strict=True)],
            "winner": self._last_trick[2]},
        "tricks_won": list(self._tricks_won),
        "points_taken": list(self._points_taken) if self._points_taken is not None else None,
        "last_hand": self._history[-1] if self._history else None,
        "sheet": [h["deltas"] for h in self._history],
    }
    if seat is not None:
        v["hand"] = self._hand(seat)
        if phase == "discard" and seat == self._turn:
            v["skat"] = _sorted(self._picked)
        if seat in self._discarded:
            v["discarded"] = list(self._discarded[seat])
    return _jsonable(v)


def explain(self: Schieberamsch, seat: int, action: str) -> str:
    if not isinstance(action, str):
        return Reason("an action is a string")
    phase = self._phase
    parts = action.split()
    verb = parts[0] if parts else ""
    if phase == "grand":
        return Reason("say 'grand' to announce Grand Hand or 'pass'")
    if phase == "schieben":
        return Reason("'take' the skat (you will then discard two cards) or 'push' it on unseen")
    if phase == "discard":
        if verb != "discard" or len(parts) != 3:
            return Reason("put two cards into the skat: discard C1 C2")
        hand = self._hand(seat)
        for c in parts[1:]:
            if c not in hand:
                return Reason("you don't hold {card}", card=pretty(c) if c in POINTS else repr(c))
        if parts[1] == parts[2]:
            return Reason("discard two different cards")
        if not self.options["jacks_in_skat"]:
            return Reason("Jacks ({jacks}) may not be put into the skat (house rule)", jacks=JACKS)
        return Engine.explain(self, seat, action)
    if phase == "kontra":
        return Reason("say 'kontra' to double the Grand Hand or 'pass'")
    if phase == "rekontra":
        return Reason("say 'rekontra' to double again or 'pass'")
    if phase == "play":
        if verb != "play" or len(parts) != 2:
            return Reason("play a card: play C")
        card = parts[1]
        if card not in self._hand(seat):
            if card in POINTS:
                return Reason("you don't hold {card}", card=pretty(card))
            return Reason("unknown card {card}", card=repr(card))
        led = SUIT_IDS[self._led]
        if led == TRUMP:
            return Reason("you must follow trump (play a Jack: {jacks})", jacks=JACKS)
        return Reason("you must follow suit ({suit}; the Jacks {jacks} are trumps, not {suit})", suit=pretty_suit(led),
                      jacks=JACKS)
    return Engine.explain(self, seat, action)


def copy_record(record: dict[str, Any]) -> dict[str, Any]:
    return {k: x[:] if x.__class__ is list else x for k, x in record.items()}


def _jsonable(v: dict[str, Any]) -> dict[str, Any]:
    # records in history are shared; hand out copies so a caller cannot mutate the engine
    if v["last_hand"] is not None:
        v["last_hand"] = copy_record(v["last_hand"])
    v["sheet"] = [list(d) for d in v["sheet"]]
    return v
