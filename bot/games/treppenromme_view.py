"""What a Treppenrommé seat is shown: `Treppenromme.view` (the keys and events documented) and its running
hand's public log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .treppenromme_melds import _copy_record

if TYPE_CHECKING:
    from .treppenromme import Treppenromme


def view(self: Treppenromme, seat: int | None = None) -> dict[str, Any]:
    """The table as a JSON-serialisable dict.

    Common keys (docs/views.md): game, seats, phase ("play" | "over"), dealer, to_act, totals, hand_no,
    over, options, counts (hand sizes), hand (private views only, sorted C S H D, 2..K A).

    Treppenrommé keys (public):
    - "staircase": list of cards, bottom -> top (all face up; the top card is the last).
    - "talon_count": int; "rebuilt": bool (the talon was already rebuilt once this hand).
    - "melds": list of {"id" (1-based, per hand), "owner" (seat who melded it), "kind": "set"|"seq",
      "cards" (sets: suit order C S H D; sequences: low -> high), "values" (recorded value of each card,
      same order), "by" (seat who placed each card, same order), "points" (sum recorded for this meld),
      "ends" (what may still be laid off onto it: list of {"rank", "suit", "end"} with end "low"|"high"
      for sequences, null for sets; a 12-card sequence lists the missing card twice, once per end, a
      13-card sequence or a 4-card set none. Rank/suit pairs rather than card codes so that the public
      view never spells a card that may sit in a hand), "rank" (sets) or "suit" (sequences)}.
    - "hand_points": points recorded this hand per seat (melds and lay-offs).
    - "placed": per seat, whether that seat has melded or laid off this hand (False = Rommé hand still
      possible for it).
    - "turn": seat whose turn it is (null when over); "turn_no": completed turns this hand
      (the hand ends without finisher at 300).
    - "turn_step": "draw" (must `draw` or `take K`) | "meld" (may meld / lay off, must discard) | "over".
    - "took": what the player to act took this turn: null, {"from": "talon"} or
      {"from": "staircase", "cards": [...]} (public: the staircase is face up).
    - "taken_single": the card taken alone from the staircase this turn (may not be discarded), or null.
    - "target": the session target.
    - "last_hand": null or the previous hand's record {"hand_no", "dealer", "deltas", "meld_points",
      "finisher" (seat or null), "romme", "bonus", "remaining_points", "void", "turns"}.
    - "log": the running hand's public play, one entry per turn begun, oldest first (the running turn
      last): {"seat", "took" (as "took" above: {"from": "talon"} or {"from": "staircase", "cards"}),
      "rebuilt" (this draw rebuilt the talon from the staircase), "placed" (in order: {"meld" (id),
      "cards", "layoff" (false: a new meld; true: "cards" is the one card laid off)}), "discard" (card, or
      null while the turn runs or when it ended the hand)}. Never a drawn card: every seat sees the same.

    Events: "deal" {hand_no, dealer, staircase, talon_count}; "draw" {seat, talon_count} (public) plus
    "drawn" {seat, card, private: seat}; "rebuild" {seat, talon_count}; "take" {seat, k, cards};
    "meld" {seat, meld, kind, cards, values, points}; "layoff" {seat, card, meld, end ("low"|"high"|null),
    points}; "discard" {seat, card}; "out" {seat, romme, bonus}; "hand_void" {reason: "talon"|"turn_limit",
    seat}; "hand_scored" {hand_no, dealer, deltas, totals, meld_points, finisher, romme, bonus,
    remaining (cards left per seat, revealed at the settlement), remaining_points, void, turns};
    "match_over" {winners, totals}.
    """
    v: dict[str, Any] = {
        "game": self.key,
        "seats": self.seats,
        "phase": "over" if self.finished else "play",
        "dealer": self.dealer,
        "to_act": sorted(self.to_act()),
        "totals": list(self.totals),
        "hand_no": self.hand_no,
        "over": self.finished,
        "options": dict(self.options),
        "counts": [len(h) for h in self.hands],
        "staircase": list(self.staircase),
        "talon_count": len(self.talon),
        "rebuilt": self.rebuilt,
        "melds": [m.to_view() for m in self.melds],
        "hand_points": list(self.hand_points),
        "placed": list(self.placed),
        "turn": None if self.finished else self.current,
        "turn_no": self.turn_no,
        "turn_step": self.step,
        "took": None if self.took is None else dict(self.took),
        "taken_single": self.taken_single,
        "target": self.options["target"],
        "last_hand": None if self.last_hand is None else _copy_record(self.last_hand),
        "log": log_view(self),
    }
    if seat is not None:
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise ValueError(f"there is no seat {seat}")
        v["hand"] = list(self.hands[seat])
    return v


def log_view(self: Treppenromme) -> list[dict[str, Any]]:
    """The running hand's public play, one entry per turn, oldest first (the view's "log")."""
    turns: list[dict[str, Any]] = []
    for item in self.log:
        verb, seat = item[0], item[1]
        if verb == "draw":
            turns.append({"seat": seat, "took": {"from": "talon"}, "rebuilt": item[2], "placed": [],
                          "discard": None})
        elif verb == "take":
            turns.append({"seat": seat, "took": {"from": "staircase", "cards": list(item[2])}, "rebuilt": False,
                          "placed": [], "discard": None})
        elif verb == "meld":
            turns[-1]["placed"].append({"meld": item[2], "cards": list(item[3]), "layoff": False})
        elif verb == "layoff":
            turns[-1]["placed"].append({"meld": item[2], "cards": [item[3]], "layoff": True})
        else:
            turns[-1]["discard"] = item[2]
    return turns
