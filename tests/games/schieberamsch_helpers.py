"""Building and driving Schieberamsch deals in the tests, and the deals several test modules share.

Seats: with option dealer=2 the forehand (FH) is seat 0, middlehand (MH) seat 1, rearhand (RH) seat 2.
"""

from __future__ import annotations

from bot.games.cards import DECK_32
from bot.games.schieberamsch import (
    Schieberamsch,
)

FH, MH, RH = 0, 1, 2


def new(deal=None, seed=1, **options):
    opts = {"dealer": 2, "deals": 3}
    opts.update(options)
    return Schieberamsch.new(3, seed=seed, options=opts, deal=deal)


def make_deal(fh=(), mh=(), rh=(), skat=()):
    """A full deal from partial hands: the unnamed cards fill the skat, then FH, MH, RH, in deck order."""
    named = [*fh, *mh, *rh, *skat]
    assert len(set(named)) == len(named)
    rest = [c for c in DECK_32 if c not in named]
    skat = list(skat) + [rest.pop(0) for _ in range(2 - len(skat))]
    hands = []
    for part in (fh, mh, rh):
        hands.append(list(part) + [rest.pop(0) for _ in range(10 - len(part))])
    return {"hands": hands, "skat": skat}


def act(e, *actions):
    """Apply each action for the single seat to act; return all events."""
    events = []
    for a in actions:
        (seat,) = e.to_act()
        events += e.apply(seat, a)
    return events


def to_play(e, schieben=("push", "push", "push")):
    act(e, "pass", "pass", "pass", *schieben)
    assert e.view()["phase"] == "play"


def play_tricks(e, tricks):
    """Play tricks given as lists of three cards in play order; return all events."""
    events = []
    for trick in tricks:
        for card in trick:
            events += act(e, "play " + card)
    return events


def scored(events):
    (h,) = [x for x in events if x["type"] == "hand_scored"]
    return h


def grouped(plays):
    return [plays[i:i + 3] for i in range(0, len(plays), 3)]


def strings_in(obj):
    """Every string value (not key) anywhere in a JSON-like object."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from strings_in(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from strings_in(v)


JUNGFRAU_75_45 = {  # FH pushes, MH and RH take; FH never wins a trick
    "deal": {"hands": [["KC", "9C", "QS", "9S", "QH", "AD", "10D", "KD", "8D", "7D"],
                       ["JH", "JD", "10C", "AS", "8S", "7S", "AH", "10H", "9H", "8H"],
                       ["JC", "JS", "AC", "8C", "7C", "10S", "KS", "KH", "7H", "9D"]],
             "skat": ["QD", "QC"]},
    "pre": ["pass", "pass", "pass", "push", "take", "discard AS 9H", "take", "discard 8C AS"],
    "plays": ["8D", "QD", "9D", "8S", "KS", "QS", "KH", "QH", "10H", "10C", "AC", "9C", "9H", "KC", "8H",
              "JC", "KD", "JH", "7H", "AD", "AH", "QC", "7C", "9S", "JD", "JS", "10D", "10S", "7D", "7S"],
}


DURCHMARSCH = make_deal(
    fh=["JC", "JS", "JH", "JD", "AC", "10C", "KC", "AS", "10S", "AH"],
    mh=["QC", "9C", "8C", "KS", "QS", "9S", "10H", "KH", "QH", "9H"],
    rh=["8S", "7H", "8H", "AD", "10D", "KD", "QD", "9D", "8D", "7D"],
    skat=["7C", "7S"])


GH_WITH2_75 = {
    "deal": {"hands": [["JC", "JS", "JD", "9C", "7C", "QH", "8H", "7H", "AD", "KD"],
                       ["JH", "AC", "10C", "QC", "QS", "9S", "8S", "7S", "10H", "9D"],
                       ["KC", "8C", "AS", "10S", "KS", "KH", "9H", "10D", "8D", "7D"]],
             "skat": ["AH", "QD"]},
    "pre": ["grand", "pass", "pass"],
    "plays": ["JS", "JH", "AS", "AD", "9D", "10D", "KD", "QS", "8D", "7C", "QC", "8C", "10H", "9H", "QH",
              "AC", "KC", "9C", "9S", "KS", "7H", "10S", "8H", "7S", "7D", "JD", "8S", "JC", "10C", "KH"],
}
