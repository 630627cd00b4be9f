"""Building and driving Rufmariasch tables in the tests: new tables, runs of actions, random play, snapshots, and
the first example's hands, which other tests reuse."""

from __future__ import annotations

import json

from bot.games.rufmariasch import Rufmariasch


def new(hands=None, **options):
    options.setdefault("dealer", 3)          # forehand = caller = seat 0
    return Rufmariasch.new(4, seed=7, options=options, deal=None if hands is None else {"hands": hands})


def run(e, actions):
    """Apply each action for the one seat to act; return all events."""
    events = []
    for a in actions:
        (seat,) = e.to_act()
        events += e.apply(seat, a)
    return events


def scored(events):
    (hs,) = [x for x in events if x["type"] == "hand_scored"]
    return hs


def plays(e, seat):
    return sorted(a for a in e.legal_actions(seat) if a.startswith("play "))


def snapshot(e):
    return json.dumps([e.view(None)] + [e.view(s) for s in range(4)], sort_keys=True)


S1 = [["KS", "JS", "9S", "8S", "AC", "10C", "9C", "8C"],
      ["10S", "7S", "AH", "JD", "9D", "8D", "7D", "7C"],
      ["AS", "QS", "KH", "QH", "JH", "10D", "KD", "QD"],
      ["AD", "10H", "9H", "8H", "7H", "KC", "QC", "JC"]]


def random_play(e, rng, log=None, check=None):
    events = []
    while not e.over:
        (s,) = e.to_act()
        a = rng.choice(e.legal_actions(s))
        if log is not None:
            log.append((s, a))
        ev = e.apply(s, a)
        events += ev
        if check:
            check(e, ev)
    return events
