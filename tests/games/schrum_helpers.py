"""Setting up Schrum Schrum and Tač positions in the tests, and reading events, talons and strings.

Positions are set up through `deal=` with "hands" (talons, top card first), "reserves" and "centre"
(bottom->top); the cards a scenario does not name go to the bottom of the other seats' talons.
With option dealer = me - 1 the seat `me` is forehand and has the first turn.
"""

from __future__ import annotations

from bot.games.cards import DECK_32, DECK_52
from bot.games.schrum import SS_CYCLE, TAC_CYCLE, SchrumSchrum


def centre_run(cls, top, used=()):
    """A legal centre pile A ... `top` (bottom->top) using cards not in `used`."""
    cycle = SS_CYCLE if cls is SchrumSchrum else TAC_CYCLE
    deck = DECK_32 if cls is SchrumSchrum else DECK_52
    taken = set(used) | {top}
    out = []
    for r in cycle[: cycle.index(top[:-1])]:
        card = next(c for c in deck if c[:-1] == r and c not in taken)
        taken.add(card)
        out.append(card)
    return out + [top]


def position(cls, n, me, talons=None, reserves=None, centre=(), top=None, seed=1, fill=None, **options):
    """A new match whose first hand starts from the given piles; the rest of the deck is spread over the
    bottoms of the talons of the seats in `fill` (default: every seat except `me`). `top`: the centre is a
    run from an Ace up to this card, of cards not named elsewhere."""
    deck = DECK_32 if cls is SchrumSchrum else DECK_52
    talons = {s: list(t) for s, t in (talons or {}).items()}
    reserves = {s: list(r) for s, r in (reserves or {}).items()}
    named = [c for t in talons.values() for c in t] + [c for r in reserves.values() for c in r]
    if top is not None:
        centre = centre_run(cls, top, used=named)
    named += list(centre)
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [c for c in deck if c not in named]
    fill = [s for s in range(n) if s != me] if fill is None else fill
    hands = [talons.get(s, []) for s in range(n)]
    for i, c in enumerate(rest):
        hands[fill[i % len(fill)]].append(c)
    deal = {"hands": hands, "reserves": [reserves.get(s, []) for s in range(n)], "centre": list(centre)}
    opts = {"dealer": (me - 1) % n}
    opts.update(options)
    return cls.new(n, seed=seed, options=opts, deal=deal)


def types(events):
    return [e["type"] for e in events]


def talon_cards(e):
    return {c for t in e.talons for c in t}


def all_strings(obj):
    """Every string anywhere in a JSON-like object (keys and values)."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from all_strings(k)
            yield from all_strings(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from all_strings(v)
