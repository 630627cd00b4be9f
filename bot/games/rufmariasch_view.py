"""What a Rufmariasch seat is shown: `Rufmariasch.view` (the keys and events documented), its role and the sides
as far as it may know them, and why a move is refused (`Rufmariasch.explain`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Reason
from .cards import SUITS, pretty, pretty_cards
from .rufmariasch_cards import STRENGTH, SUIT_OF, _sym, target

if TYPE_CHECKING:
    from .rufmariasch import Rufmariasch


def explain(self: Rufmariasch, seat: int, action: str) -> str:
    if not isinstance(seat, int) or not 0 <= seat < 4:
        return Reason("there is no seat {seat}", seat=seat)
    if self._over:
        return Reason("the match is over")
    if seat != self.turn:
        return Reason("it is not your turn")
    if not isinstance(action, str):
        return Reason("an action is a text like 'play AH'")
    parts = action.split(" ")
    verb = parts[0]
    if self.phase == "call":
        if verb != "call":
            return Reason("first you must call a trump suit and a card: call T C (e.g. call H AS)")
        if len(parts) != 3:
            return Reason("use: call T C — a trump suit letter (C S H D) and a card code (e.g. call H AS)")
        if parts[1] not in SUITS:
            return Reason("{suit} is not a suit: use C, S, H or D", suit=repr(parts[1]))
        return Reason("{card} is not a card of the 32-card deck (e.g. AS, 10H, QC, 7D)", card=repr(parts[2]))
    if verb == "call":
        return Reason("trump and the called card are already chosen")
    if verb == "announce":
        if len(parts) != 2 or parts[1] not in SUITS:
            return Reason("use: announce S with a suit letter C, S, H or D")
        s = parts[1]
        if self.trick_no != 1:
            return Reason("marriages can only be announced in the first trick")
        if any(m["seat"] == seat and m["suit"] == s for m in self.marriages):
            return Reason("you already announced the marriage in {suit}", suit=_sym(s))
        return Reason("you do not hold both K and Q of {suit}", suit=_sym(s))
    if verb != "play" or len(parts) != 2:
        if self.trick_no == 1:
            return Reason("use: play C (e.g. play AH) or announce S")
        return Reason("use: play C (e.g. play AH)")
    card = parts[1]
    if card not in SUIT_OF:
        return Reason("{card} is not a card of the 32-card deck", card=repr(card))
    hand = self.hands[seat]
    if card not in hand:
        return Reason("you do not hold {card}", card=pretty(card))
    led = SUIT_OF[self.trick[0][1]]
    trump = self.trump or ""
    legal = self._legal_cards(seat)
    if SUIT_OF[card] != led and any(SUIT_OF[c] == led for c in hand):
        return Reason("you must follow suit ({suit})", suit=_sym(led))
    if SUIT_OF[card] == led:
        best = max((c for _, c in self.trick if SUIT_OF[c] == led), key=STRENGTH.__getitem__)
        return Reason("you must head the trick: play a {suit} higher than {card}", suit=_sym(led),
                      card=pretty(best))
    if any(SUIT_OF[c] == trump for c in hand):
        if SUIT_OF[card] != trump:
            return Reason("you cannot follow suit, so you must trump ({suit})", suit=_sym(trump))
        tbest = max((c for _, c in self.trick if SUIT_OF[c] == trump), key=STRENGTH.__getitem__)
        return Reason("you must overtrump {card}", card=pretty(tbest))
    return Reason("{card} is not allowed now (allowed: {allowed})", card=pretty(card),
                  allowed=pretty_cards(legal, ", "))


def role(self: Rufmariasch, seat: int) -> str | None:
    if seat == self.fh:
        return "caller"
    if self.partner_seat is None:
        return None
    return "partner" if seat == self.partner_seat else "defender"


def seat_sides(self: Rufmariasch) -> dict[str, list[int]]:
    caller, partner = self.fh, self.partner_seat
    callers = [caller] if partner == caller else sorted((caller, partner))
    return {"callers": callers, "defenders": [s for s in range(4) if s not in callers]}


def _side_info(self: Rufmariasch, v: dict[str, Any]) -> None:
    """Fill the keys that need the sides (only called when the viewer may know them)."""
    sides = seat_sides(self)
    alone = len(sides["callers"]) == 1
    v["alone"] = alone
    v["partner"] = None if alone else sides["callers"][1 - sides["callers"].index(self.fh)]
    v["sides"] = sides
    v["points_by_side"] = {k: sum(self.card_points[s] for s in seats) for k, seats in sides.items()}
    announced = sum(m["points"] for m in self.marriages if m["seat"] in sides["callers"])
    v["target"] = target(announced)


def view(self: Rufmariasch, seat: int | None = None) -> dict[str, Any]:
    """Public view (``seat=None``) or what ``seat`` may see.

    Common keys (docs/views.md): ``game``, ``seats`` (4), ``phase`` (``"call"``: the forehand must
    call; ``"play"``; ``"over"``), ``dealer``, ``to_act``, ``totals`` (money per seat, minor units),
    ``hand_no``, ``over``, ``options``, ``counts``, ``trick`` (``[{"seat","card"}]``), ``last_trick``
    (``{"cards", "winner", "points", "led"}`` or null), ``tricks_won`` (per seat); private: ``hand``.
    ``tricks`` (public): every completed trick of the current hand, oldest first, each shaped as
    ``last_trick`` (who played what, trick by trick; with ``trick`` the whole hand's play so far).

    Game keys (public):
      ``forehand``/``caller`` (seat; the caller is always the forehand), ``trump`` (suit letter,
      null before the call), ``called`` (card code, null before the call), ``trick_no`` (1..8; 0
      before the call), ``leader`` (seat that led the current trick, or the seat to lead),
      ``partner`` (seat, null until the called card is played (or shown in an announced marriage) and
      also null when the caller is alone), ``alone`` (null until then, then bool), ``revealed`` (the
      called card has been played or shown), ``sides`` (``{"callers": [..], "defenders": [..]}`` or null until
      revealed), ``points_by_side`` (card points taken so far per side, incl. the last-trick 10, or
      null until revealed), ``target`` (the callers' target, null until revealed, since it depends
      on which announcer is a caller), ``card_points`` (card points taken per seat — public, every
      trick was seen), ``marriages`` (``[{"seat","suit","points","cards"}]`` in announcement order),
      ``announce_open`` (announcements still possible: trick 1), ``stake``, ``deals`` (match length
      or null = open-ended), ``last_hand`` (the previous ``hand_scored`` record or null).
    Private additions: ``hand`` (sorted), ``role`` (``"caller"``/``"partner"``/``"defender"``, null
      for a non-caller during the call phase). The caller after the deal sees ``alone``; the partner
      and a lone caller see ``partner``/``alone``/``sides``/``points_by_side``/``target`` — nobody
      else learns the partner before the called card is played or shown in an announced marriage.

    Events: ``deal`` {hand_no, dealer, forehand} (a new hand: first four cards each);
    ``second_batch`` {hand_no, dealer, forehand} (after the call: four more each); ``dealt``
    (private) {batch 1|2, cards: the seat's whole hand so far, role (batch 2)}; ``call`` {seat, trump,
    card}; ``announce`` {seat, suit, points, cards}; ``play`` {seat, card}; ``partner_revealed``
    {caller, partner (null if alone), alone}; ``trick`` {cards, winner, points, trick_no}; ``hand_scored`` {hand_no, deltas, totals,
    dealer, caller, trump, called, partner, alone, callers, defenders, card_points{callers,
    defenders}, marriage_points{..}, marriages (+side, valid), announced_by_callers, target,
    callers_total, defenders_total, callers_win, payment, stake}; ``match_over`` {winners, totals}.
    """
    v: dict[str, Any] = {
        "game": self.key, "seats": 4, "phase": self.phase, "dealer": self.dealer,
        "to_act": sorted(self.to_act()), "totals": list(self.totals), "hand_no": self.hand_no,
        "over": self._over, "options": dict(self.options),
        "counts": [len(h) for h in self.hands],
        "trick": [{"seat": s, "card": c} for s, c in self.trick],
        "last_trick": None if self.last_trick is None else {
            **self.last_trick, "cards": [dict(x) for x in self.last_trick["cards"]]},
        "tricks": [{**t, "cards": [dict(x) for x in t["cards"]]} for t in self.tricks],
        "tricks_won": list(self.tricks_won),
        "forehand": self.fh, "caller": self.fh, "trump": self.trump, "called": self.called,
        "trick_no": self.trick_no,
        "leader": self.trick[0][0] if self.trick else (self.turn if not self._over else None),
        "partner": None, "alone": None, "revealed": self.revealed, "sides": None,
        "points_by_side": None, "target": None,
        "card_points": list(self.card_points),
        "marriages": [{**m, "cards": list(m["cards"])} for m in self.marriages],
        "announce_open": self.phase == "play" and self.trick_no == 1,
        "stake": self._stake, "deals": self._deals,
        "last_hand": copy_record(self.history[-1]) if self.history else None,
    }
    if self.revealed:
        _side_info(self, v)
    if seat is None:
        return v
    v["hand"] = list(self.hands[seat])
    v["role"] = role(self, seat)
    if self.phase == "play" and not self.revealed:
        if seat == self.partner_seat:
            _side_info(self, v)
        elif seat == self.fh:
            v["alone"] = False
    return v


def copy_record(r: dict[str, Any]) -> dict[str, Any]:
    out = dict(r)
    for k in ("callers", "defenders", "deltas", "totals"):
        out[k] = list(r[k])
    out["card_points"] = dict(r["card_points"])
    out["marriage_points"] = dict(r["marriage_points"])
    out["marriages"] = [{**m, "cards": list(m["cards"])} for m in r["marriages"]]
    return out
