from __future__ import annotations

import random

import pytest

from benchmarks import rufmariasch_nested as nested
from bot.ai import choose
from bot.ai import rufmariasch as ai
from bot.ai.rufmariasch_sim import CARD_ID, Hand
from bot.games.rufmariasch import Rufmariasch


def positions(deals: int) -> list[tuple[int, Rufmariasch]]:
    """(seat to play, engine) at every card of `deals` hands played by the rules of thumb."""
    out = []
    for seed in range(deals):
        e = Rufmariasch.new(4, seed=seed)
        while True:
            seat = min(e.waiting_for())
            if e.called is not None and any(a.startswith("play ") for a in e.legal_actions(seat)):
                out.append((seat, e.clone()))
            if any(ev.get("type") == "hand_scored" for ev in e.apply(seat, choose(e, seat, level="easy"))):
                break
    return out


def test_a_redeal_keeps_what_the_seat_knows_and_deals_the_rest_anew():
    moved = 0
    for i, (seat, e) in enumerate(positions(8)):
        h = nested.Tallied.of(e)
        hidden = not h.revealed and not h.hands[seat] >> h.call_id & 1
        holders = set()
        for k in range(6):
            w = nested.redeal(h, seat, random.Random(i * 10 + k))
            assert w is not None
            assert w.hands[seat] == h.hands[seat]
            assert [x.bit_count() for x in w.hands] == [x.bit_count() for x in h.hands]
            assert sum(w.hands) == sum(h.hands)                       # the same cards, dealt anew
            assert not any(w.hands[s] & h.lacks[s] for s in range(4) if s != seat)
            for m in e.marriages:                                     # an announced King or Ober stays put
                for c in m["cards"]:
                    if c in e.hands[m["seat"]]:
                        assert w.hands[m["seat"]] >> CARD_ID[c] & 1
            assert w.points == [sum(e.card_points[s] for s in range(4) if w.side[s] == x) for x in (0, 1)]
            assert w.won == [sum(e.tricks_won[s] for s in range(4) if w.side[s] == x) for x in (0, 1)]
            if not hidden:
                assert w.side == h.side
            else:
                holder = next(s for s in range(4) if w.hands[s] >> h.call_id & 1)
                assert w.side[holder] == w.side[h.fh] == 1 and w.alone == (holder == h.fh)
                holders.add(holder)
        moved += len(holders) > 1
    assert moved > 10       # the search at that card does not know the playout's partner


def test_the_seat_tallies_add_up_to_the_side_totals_through_a_playout():
    for seat, e in positions(3)[::5]:
        h = nested.Tallied.of(e)
        h.playout(seat)
        assert sum(h.taken) == sum(h.points) == 90 and sum(h.tricks) == 8
        assert h.points == [sum(h.taken[s] for s in range(4) if h.side[s] == x) for x in (0, 1)]


def test_the_nested_playout_searches_only_in_a_fogged_seats_playouts_and_is_put_back():
    plain = Hand.playout
    found = positions(2)
    with nested.nested(2, leads=False):
        assert ai.Hand is nested.Tallied and nested.Tallied.playout is not plain
        for seat, e in found[:12]:
            h = nested.Tallied.of(e)
            assert h.copy().playout(seat) == plain(h.copy(), seat)   # own_self off: the yardsticks' playouts
            h.own_self = True
            v = h.copy().playout(seat)
            assert v == h.copy().playout(seat)                        # a pure function of the deal
            card = nested.searched_card(h, seat, 2, random.Random(1), plain)
            assert h.legal() >> card & 1
    assert Hand.playout is plain and ai.Hand is Hand


def test_the_command_runs_the_benchmark_and_refuses_an_empty_search(capsys):
    assert nested.main(["--inner", "1", "--leads", "--deals", "4", "--iterations", "2", "--jobs", "1"]) == 0
    assert "rufmariasch" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        nested.main(["--inner", "0"])
