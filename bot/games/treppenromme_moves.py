"""Treppenrommé's moves: every legal action of the seat to act, listed (`Treppenromme.legal_actions`), and one
action checked against the rules and parsed (`parse`, which `apply` and `explain` use)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import IllegalAction, Reason
from .cards import pretty
from .treppenromme_melds import _CODE, _INFO, CYCLE, card_in_hand, parse_layoff, parse_meld

if TYPE_CHECKING:
    from .treppenromme import Treppenromme


def legal_actions(self: Treppenromme, seat: int) -> list[str]:
    if self.finished or seat != self.current:
        return []
    if self.step == "draw":
        return ["draw"] + [f"take {k}" for k in range(1, len(self.staircase) + 1)]
    hand = self.hands[seat]
    hl = len(hand)
    forb = self.taken_single if self.taken_single in hand else None
    acts: list[str] = []
    by_rank: list[list[str]] = [[] for _ in range(13)]
    by_suit = [[False] * 13 for _ in range(4)]
    for c in hand:
        si, ri = _INFO[c]
        by_rank[ri].append(c)
        by_suit[si][ri] = True

    def ok(m: list[str]) -> bool:  # would the meld leave only the forbidden card?
        return forb is None or hl - len(m) != 1 or forb in m

    for ri in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0):
        group = by_rank[ri]
        if len(group) == 3:
            if ok(group):
                acts.append("meld " + " ".join(group))
        elif len(group) == 4:
            for skip in (3, 2, 1, 0):
                m = group[:skip] + group[skip + 1:]
                if ok(m):
                    acts.append("meld " + " ".join(m))
            if ok(group):
                acts.append("meld " + " ".join(group))
    for si in range(4):
        held = by_suit[si]
        cnt = sum(held)
        if cnt < 3:
            continue
        row = _CODE[si]
        if cnt == 13:
            for start in range(13):
                for length in range(3, 13):
                    m = [row[(start + i) % 13] for i in range(length)]
                    if ok(m):
                        acts.append("meld " + " ".join(m))
            for start in range(13):
                m = [row[(start + i) % 13] for i in range(13)]
                if ok(m):  # (the card taken alone may be the only one left)
                    acts.append("meld " + " ".join(m) + " low " + CYCLE[start])
            continue
        for start in range(13):
            if not held[start] or held[start - 1]:
                continue
            run = [start]
            while held[(run[-1] + 1) % 13]:
                run.append((run[-1] + 1) % 13)
            length = len(run)
            for a in range(length - 2):
                for b in range(a + 3, length + 1):
                    m = [row[ri] for ri in run[a:b]]
                    if ok(m):
                        acts.append("meld " + " ".join(m))
    if self.melds:
        handset = set(hand)
        two_left = forb is not None and hl == 2
        for meld in self.melds:
            fits = meld.fits()
            both = len(fits) == 2 and fits[0][0] == fits[1][0]
            for card, end in fits:
                if card not in handset or (two_left and card != forb):
                    continue
                if both:
                    acts.append(f"layoff {card} {meld.id} {end}")
                else:
                    acts.append(f"layoff {card} {meld.id}")
    acts.extend("discard " + c for c in hand if c != forb)
    return acts


def parse(self: Treppenromme, seat: int, action: str) -> tuple:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
        raise IllegalAction(Reason("there is no seat {seat}", seat=seat))
    if self.finished:
        raise IllegalAction(Reason("the match is over"))
    if seat != self.current:
        raise IllegalAction(Reason("it is not your turn"))
    if not isinstance(action, str):
        raise IllegalAction(Reason("an action is a text like 'draw' or 'discard 7H'"))
    tokens = action.split()
    if not tokens:
        raise IllegalAction(Reason("empty action"))
    verb = tokens[0].lower()
    args = tokens[1:]
    if verb not in ("draw", "take", "meld", "layoff", "discard"):
        raise IllegalAction(Reason("unknown action {verb}: use draw, take K, meld ..., layoff C M, discard C",
                                    verb=repr(verb)))
    if self.step == "draw":
        if verb == "draw":
            if args:
                raise IllegalAction(Reason("'draw' takes no arguments"))
            return ("draw",)
        if verb == "take":
            if len(args) != 1 or not args[0].isdigit():
                raise IllegalAction(Reason("say 'take K' with K the number of staircase cards"))
            k = int(args[0])
            if not 1 <= k <= len(self.staircase):
                raise IllegalAction(Reason("you may take 1 to {most} staircase cards, not {k}",
                                            most=len(self.staircase), k=k))
            return ("take", k)
        raise IllegalAction(Reason("draw first: 'draw' from the talon or 'take K' from the staircase"))
    if verb in ("draw", "take"):
        raise IllegalAction(Reason("you have already drawn this turn"))
    hand = self.hands[seat]
    forb = self.taken_single if self.taken_single in hand else None
    if verb == "discard":
        if len(args) != 1:
            raise IllegalAction(Reason("say 'discard C' with one card"))
        card = card_in_hand(args[0], hand)
        if card == forb:
            raise IllegalAction(Reason("you took {card} alone from the staircase: you may not discard it this turn",
                                       card=pretty(card)))
        return ("discard", card)
    if verb == "meld":
        return parse_meld(args, hand, forb)
    return parse_layoff(args, hand, forb, self.melds)
