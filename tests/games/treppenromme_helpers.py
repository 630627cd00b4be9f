"""Setting up Treppenrommé positions in the tests (fixed hands, staircase and talon) and the value of a meld."""

from __future__ import annotations

import re

from bot.games.cards import DECK_52
from bot.games.treppenromme import Treppenromme

CARD_RE = re.compile(r"\b(?:10|[2-9JQKA])[CSHD]\b")


def fill_hands(seats, hands, staircase=(), talon=()):
    """Complete the given hands (None = any) with unused cards so every seat holds 7."""
    used = {c for h in hands if h for c in h} | set(staircase) | set(talon)
    spare = [c for c in DECK_52 if c not in used]
    out = []
    for s in range(seats):
        h = list(hands[s]) if s < len(hands) and hands[s] else []
        while len(h) < 7:
            h.append(spare.pop())
        out.append(h)
    return out


def game(seats=2, hands=(), staircase=None, talon=None, dealer=0, target=500, seed=1):
    deal = {"hands": fill_hands(seats, list(hands), staircase or (), talon or ())}
    if staircase is not None:
        deal["staircase"] = list(staircase)
    if talon is not None:
        deal["talon"] = list(talon)
    return Treppenromme.new(seats, seed=seed, options={"dealer": dealer, "target": target}, deal=deal)


def meld_value(cards, extra=()):
    """Seat 0 (dealer) draws, then melds `cards`; returns the recorded points of that meld."""
    e = game(hands=[list(cards) + list(extra)])
    e.apply(0, "draw")
    ev = e.apply(0, "meld " + " ".join(cards))
    meld = [x for x in ev if x["type"] == "meld"][0]
    assert e.view()["hand_points"][0] == meld["points"]
    assert e.view()["melds"][0]["points"] == meld["points"]
    return meld["points"]
