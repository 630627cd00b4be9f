"""/history writes a table's day as the reader's language writes dates ("26. stu 2026.", "26 nov. 2026"), as a
season's start and a leaderboard's month are: it wrote the stored ISO day ("2026-11-26") in every language."""

from __future__ import annotations

import pytest

from tests.bot.test_stats import craft
from tests.cogs.helpers import client_locale
from tests.conftest import World


@pytest.mark.parametrize(("locale", "day"), [("en-GB", "26 Nov 2026"), ("de", "26.11.2026"),
                                             ("hr", "26. stu 2026."), ("ro", "26 nov. 2026")])
async def test_history_writes_the_day_as_the_readers_language_does(world: World, monkeypatch, locale, day):
    alice, bob = world.users[:2]
    store = world.bot.get_cog("Stats").store
    await craft(store.db, store, "schrum", [alice.id, bob.id], [1, 0], guild=world.guild.id,
                ended_at="2026-11-26T20:15:00.000Z")
    client_locale(monkeypatch, locale)
    history = await alice.slash(world.channel, "history")
    text = history.response.content
    assert f" · {day} · " in text and "2026-11-26" not in text, text
