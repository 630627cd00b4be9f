"""Table images: every game renders every phase of a match, and hidden cards never change a picture."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.demo import choose, play, playable
from bot.games import GAMES, IllegalAction
from bot.render import hand_image, score_sheet, table_image

from .helpers import NAMES, check_png, fresh_deal, seat_counts, swapped

CASES = [(key, n) for key in GAMES for n in seat_counts(key)]


def _signature(v: dict[str, Any]) -> tuple:
    pending = v.get("pending") or {}
    return (v.get("phase"), v.get("turn_step"), pending.get("kind") if isinstance(pending, dict) else None,
            v.get("mode"), bool(v.get("trick")), v.get("over"))


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_phase_of_a_match_renders(key, seats):
    """A whole match with the demo players: a table image at the first sight of every phase (and of
    each trick / step state), every 40th action and the end; seat 0's hand when it acts; the sheet
    after every hand. A private view gives the same table image as the public one."""
    names = NAMES[:seats]
    seen: set[tuple] = set()
    state = {"n": 0, "hands": [], "tables": 0, "private_checked": 0}

    def on_step(e: Any, seat: int, action: str, events: list[dict[str, Any]]) -> None:
        state["n"] += 1
        v = e.view(None)
        sig = _signature(v)
        scored = [ev for ev in events if ev.get("type") == "hand_scored"]
        if sig in seen and state["n"] % 40 and not e.over and not scored:
            return
        seen.add(sig)
        png = table_image(key, v, names)
        im = check_png(png)
        assert im.width <= 1000
        state["tables"] += 1
        if state["tables"] % 3 == 1:  # the renderer reads public keys only
            assert table_image(key, e.view(state["tables"] % seats), names) == png
            state["private_checked"] += 1
        v0 = e.view(0)
        if v0.get("hand") and 0 in e.to_act():
            check_png(hand_image(key, v0["hand"], playable(e, key, 0), view=v0))
        for ev in scored:
            state["hands"].append(ev)
            check_png(score_sheet(key, names, state["hands"], ev["totals"], title="t"))

    e = play(key, seats, 11, on_step=on_step)
    assert e.over
    check_png(table_image(key, e.view(None), names))
    res = e.result()
    check_png(score_sheet(key, names, res["hands"], res["totals"], title=GAMES[key].title, lang="de"))
    assert state["tables"] >= len(seen) > 0 and state["private_checked"] > 0


@pytest.mark.parametrize("key", list(GAMES))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_states_differing_only_in_hidden_cards_give_identical_tables(key, seed):
    """Two matches dealt alike except two hidden cards swapped between seats 0 and 1, played with the
    same actions: until one of those cards shows, their public views agree and the table images -
    drawn even from the two differing *private* views - are byte-identical."""
    rng = random.Random(seed)
    seats = rng.choice(seat_counts(key) + [max(GAMES[key].min_seats, 2)])
    if key == "schrum":
        seats = rng.choice([2, 4, 8])
    deal_a = fresh_deal(key, seats, rng)
    if deal_a is None:
        pytest.skip(f"no deal builder for {key}")
    deal_b, cards = swapped(deal_a)
    E = GAMES[key]
    a = E.new(seats, seed=seed, deal=deal_a)
    b = E.new(seats, seed=seed, deal=deal_b)
    names = NAMES[:seats]
    compared = differing = 0
    for step in range(60):
        pa, pb = a.view(None), b.view(None)
        text = json.dumps(pa) + json.dumps(pb)
        if any(c in text for c in cards) or a.over:
            break
        if step % 4 == 0 and pa == pb:
            # the private views differ once seat 0 holds the swapped card (Schrum, Tač: never shown)
            differing += a.view(0) != b.view(0)
            img = table_image(key, pa, names)
            assert table_image(key, a.view(0), names) == img
            assert table_image(key, b.view(0), names) == img
            assert table_image(key, b.view(1), names) == img
            compared += 1
        seat, tries = choose(a, key, rng)
        done = None
        for action in tries + [a.default_action(seat)]:
            try:
                evs = a.apply(seat, action)
            except IllegalAction:
                continue
            done = action
            break
        assert done is not None
        try:
            b.apply(seat, done)
        except IllegalAction:
            break  # the swapped card made a difference to what is legal: the states part here
        if any(ev.get("type") == "hand_scored" for ev in evs):
            break
    # Public information may legitimately depend on the swapped cards from the start (Schrööm's Kölsch
    # notice names the seat with 38+ in numbers): such a deal cannot be compared, so it does not count.
    # Were every deal like that, hypothesis would fail the test as unsatisfiable.
    assume(compared >= 1)
    if compared >= 3 and key not in ("schrum", "tac"):
        assert differing >= 1


def test_rare_phases_render():
    """Phases a random match seldom reaches: Hübschen (all on 1 point), Schieberamsch's Grand Hand
    with Kontra and Re, Tač's miss window."""
    e = GAMES["schroeoem"].new(3, seed=2, options={"points": 1})
    seat = e.view(None)["mover"]
    e.apply(seat, "huebschen")
    v = e.view(None)
    assert v["phase"] == "huebschen"
    check_png(table_image("schroeoem", v, NAMES[:3], lang="de"))
    e.apply(v["mover"], "accept")
    check_png(table_image("schroeoem", e.view(None), NAMES[:3]))

    s = GAMES["schieberamsch"].new(3, seed=4)
    seen = set()
    for action in ("grand", "kontra", "rekontra"):
        seat = min(s.to_act())
        s.apply(seat, action)
        seen.add(s.view(None)["phase"])
        check_png(table_image("schieberamsch", s.view(None), NAMES[:3]))
    assert "play" in seen

    t = GAMES["tac"].new(2, seed=1)
    for _ in range(300):
        seat = min(t.to_act())
        acts = t.legal_actions(seat)
        if "keep" in acts and len(acts) > 1:
            t.apply(seat, "keep")
            break
        t.apply(seat, acts[0])
    v = t.view(None)
    if v["phase"] == "tac":
        check_png(table_image("tac", v, NAMES[:2]))


@pytest.mark.parametrize(("lang", "n", "text"), [("de", 1, "1 Stich"), ("de", 3, "3 Stiche"), ("en", 1, "1 trick"),
                                                  ("en", 0, "0 tricks")])
def test_trick_badges_keep_german_nouns_capitalised(lang, n, text):
    from types import SimpleNamespace

    from bot.render.i18n import words
    from bot.render.tables import trick_badge

    assert trick_badge(SimpleNamespace(w=words(lang), lang=lang), n)[0] == text


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_vier_bilder_on_a_big_table_finds_two_places_clear_of_everything(n):
    """5 to 8 seats put plates all round the felt: the Vier Bilder blocks go where no plate, no seat's card in
    the trick, the middle's last trick, the value disc or the stock is, and the picture shows them."""
    from bot.render.layout import boxes_meet
    from bot.render.tables import VB_H, VB_W, _free_spots, table_canvas

    e = GAMES["schroeoem"].new(n, seed=3, options={"points": 7})
    v = dict(e.view(None))
    t = table_canvas("schroeoem", v, NAMES[:n], "french", False, "en")
    spots = _free_spots(n, t.width, t.height)
    assert len(spots) == 2
    boxes = [(x, y, x + VB_W, y + VB_H) for x, y in spots]
    assert not boxes_meet(*boxes)
    assert not [s.i for s in t.seats for b in boxes if boxes_meet(b, s.box)]  # the seating drawn, not another
    v["exchanges"] = [{"seat": 1, "revealed": ["9H", "10C", "7H"], "penalty": True, "fourth": "JD"},
                      {"seat": 2, "revealed": ["8H", "KS", "AC"], "penalty": True, "fourth": None}]
    shown = table_canvas("schroeoem", v, NAMES[:n], "french", False, "en").c.im.convert("RGB")
    before = t.c.im.convert("RGB")
    for x, y, x1, y1 in boxes:  # each block is drawn in its place, and nothing else changed
        assert shown.crop((x, y, x1, y1)).tobytes() != before.crop((x, y, x1, y1)).tobytes()
        before.paste(shown.crop((x, y, x1, y1)), (x, y))
    assert shown.tobytes() == before.tobytes()


@pytest.mark.parametrize("n", [4, 6, 8])
def test_a_schroeoem_games_result_shows_in_the_middle_until_the_next_games_first_card(n):
    """At every table size the last game's result fills the empty middle when the next game begins (big tables
    left it out, so a game's outcome showed only in message lines that scroll away)."""
    from bot.render.tables import table_canvas

    e = GAMES["schroeoem"].new(n, seed=3, options={"points": 7})
    v = dict(e.view(None))
    assert not v.get("trick") and not v.get("last_trick")
    v["last_game"] = {"hand_no": 1, "deltas": [-2] + [0] * (n - 1), "winner": 1, "value": 2, "void": False,
                      "reason": "last_trick", "losers": [0], "folded": [], "eliminated": [], "dealer": 0}
    with_result = table_canvas("schroeoem", v, NAMES[:n], "french", False, "en")
    v["last_game"] = None
    without = table_canvas("schroeoem", v, NAMES[:n], "french", False, "en")
    middle = (with_result.cx - 120, with_result.cy - 20, with_result.cx + 120, with_result.cy + 20)
    assert with_result.c.im.convert("RGB").crop(middle).tobytes() != without.c.im.convert("RGB").crop(middle).tobytes()
