"""Review: /season history of a server with many long-titled seasons fits one message: whole lines, the newest
seasons first, then how many older ones were left out and the footer; it was cut at 2,000 characters mid-line."""

from __future__ import annotations

import re

import pytest

from tests.cogs.helpers import client_locale
from tests.cogs.test_stats import stats
from tests.conftest import World


@pytest.mark.parametrize("locale, more", [("en-US", "… and {n} more"), ("de", "… und {n} weitere")])
async def test_many_seasons_end_cleanly_with_how_many_were_left_out(world: World, monkeypatch, locale, more):
    store = stats(world)
    for n in range(2, 61):  # seasons 2 to 60, each with a title as long as /season start takes
        await store.start_season(world.guild.id, world.users[0].id, f"Season {n:02d} " + "x" * 50)
    client_locale(monkeypatch, locale)
    reply = await world.users[1].slash(world.channel, "season history")
    text = reply.response.content
    lines = text.split("\n")
    assert reply.ephemeral and len(text) <= 2000
    shown = [int(m[1]) for line in lines[1:-2] if (m := re.match(r"\w+ (\d+), ", line))]
    assert shown == list(range(60, 60 - len(shown), -1)) and len(shown) == len(lines) - 3, lines
    assert all(line.endswith(f"Season {n:02d} " + "x" * 50) for n, line in zip(shown, lines[1:-2], strict=True))
    assert lines[-2] == more.format(n=60 - len(shown)), lines[-2]
    assert "/" in lines[-1] and ":<" in lines[-1], lines[-1]  # the footer: a season's leaderboard


async def test_a_few_seasons_are_all_listed_newest_first(world: World):
    store = stats(world)
    await store.start_season(world.guild.id, world.users[0].id, "Spring")
    await store.start_season(world.guild.id, world.users[0].id, None)
    text = (await world.users[1].slash(world.channel, "season history")).response.content
    assert text.split("\n")[1].startswith("Season 3, since") and "Season 2, since" in text.split("\n")[2]
    assert "Season 1, since the beginning" in text and "more" not in text and "Newest first." in text, text
