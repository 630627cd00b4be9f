"""Statuses read one way in every game and both languages: each line a player reads as a status starts with a
capital letter ("Everybody plays", "Nobody went out", "Loser: Bernd", "Bernd to play") - the table picture's
header and result banner, and the table message's status and event lines. Names are written as their players
chose them, so the players here have capitalised names."""

from __future__ import annotations

import random

import pytest

from bot.demo import new_match, step
from bot.games import GAMES
from bot.render import layout
from bot.render.score import describe
from bot.render.tables import table_canvas
from cogs.ui.repezita import RepezitaUI
from cogs.ui.rufmariasch import RufmariaschUI
from cogs.ui.schieberamsch import SchieberamschUI
from cogs.ui.schroeoem import SchroeoemUI
from cogs.ui.schrum import SchrumUI, TacUI
from cogs.ui.treppenromme import TreppenrommeUI

NAMES = ["Anna", "Bernd", "Claudia", "Dragan", "Emil", "Frieda"]
UIS = {ui.key: ui for ui in (RufmariaschUI(), SchieberamschUI(), SchroeoemUI(), SchrumUI(), TacUI(), RepezitaUI(),
                             TreppenrommeUI())}


def test_every_game_has_a_view():
    assert set(UIS) == set(GAMES)


def statuses(key: str, lang: str, monkeypatch) -> set[str]:
    """What a match shows as statuses: picture headers and banners (sampled), the status line and event lines."""
    seen: set[str] = set()
    header, banner = layout.Table.header, layout.Table.banner

    def spy_header(self, title, status="", *args, **kwargs):
        seen.add(status)
        return header(self, title, status, *args, **kwargs)

    def spy_banner(self, lines, *args, **kwargs):
        seen.update(lines)
        return banner(self, lines, *args, **kwargs)

    monkeypatch.setattr(layout.Table, "header", spy_header)
    monkeypatch.setattr(layout.Table, "banner", spy_banner)
    ui = UIS[key]
    for seats in sorted({GAMES[key].min_seats, min(4, GAMES[key].max_seats)}):
        names = NAMES[:seats]
        e = new_match(key, seats, seed=seats)
        rng = random.Random(seats)
        n = 0
        while True:
            view = e.view(None)
            seen.add(ui.status(view, names, lang))
            if n % 9 == 0 or e.over:
                table_canvas(key, view, names, "french", False, lang)
            if e.over:
                break
            seen.update(ui.narrate_events(step(e, key, rng)[2], names, lang))
            n += 1
        seen.update(describe(key, h, names, lang) for h in e.result()["hands"])
    return {s for s in seen if s}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("key", sorted(GAMES))
def test_statuses_start_with_a_capital(key, lang, monkeypatch):
    seen = statuses(key, lang, monkeypatch)
    assert len(seen) > 5
    small = sorted(s for s in seen if not s[:1].isupper() and s[:1].isalpha())
    assert not small, small[:10]
