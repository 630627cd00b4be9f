"""Setting up and playing Schrööm games in the tests: fixed deals, actions, tricks, and the hands several tests
reuse."""

from __future__ import annotations

from bot.games.cards import DECK_32
from bot.games.schroeoem import Schroeoem

A, B, C, D = 0, 1, 2, 3


def new(hands, dealer, points=7, seed=0, stock=None):
    deal = {"hands": hands}
    if stock is not None:
        deal["stock"] = stock
    return Schroeoem.new(len(hands), seed=seed, options={"dealer": dealer, "points": points}, deal=deal)


def act(e, seat, action):
    assert action in e.legal_actions(seat), (seat, action, e.legal_actions(seat), e.view()["phase"])
    return e.apply(seat, action)


def pass_exchanges(e):
    while e.view()["phase"] == "exchange":
        act(e, e.view()["mover"], "pass")


def plays(e, seat):
    return sorted(a[5:] for a in e.legal_actions(seat) if a.startswith("play "))


def play_trick(e, cards):
    """Play `cards` (seat -> card) in turn order; returns the events of the last play."""
    ev = []
    for _ in range(len(cards)):
        m = e.view()["mover"]
        ev = act(e, m, "play " + cards[m])
    return ev


def rest_of_deck(*hands):
    used = {c for h in hands for c in h}
    return [c for c in DECK_32 if c not in used]


# Four tens for one player: he wins every trick he leads.
TENS = ["10H", "10S", "10C", "10D"]
JACKS = ["JH", "JS", "JC", "JD"]
QUEENS = ["QH", "QS", "QC", "QD"]
KINGS = ["KH", "KS", "KC", "KD"]


def lead_out_tens(e, holder, others):
    """`holder` (who leads) plays his tens, each other seat follows suit with its same-suit card."""
    for suit in "HSCD":
        cards = {holder: "10" + suit}
        for seat, rank in others.items():
            cards[seat] = rank + suit
        ev = play_trick(e, cards)
    return ev


THREE = [["AH", "7C", "8C", "9C"], ["7H", "JC", "QC", "KC"], ["KH", "7D", "8D", "9D"]]
