"""A stake over the limit is refused with the limit written as the player's language writes amounts: a German
client read "höchstens 1,000.00 pro Punkt", the English number format, where every other amount says "1.000,00"."""

from __future__ import annotations

import pytest

from tests.cogs.helpers import client_locale
from tests.conftest import World


@pytest.mark.parametrize(("locale", "limit"), [("de", "1.000,00"), ("hr", "1.000,00"), ("ro", "1.000,00"),
                                               ("en-US", "1,000.00")])
async def test_the_stake_limit_is_written_in_the_players_number_format(world: World, monkeypatch, locale, limit):
    client_locale(monkeypatch, locale)
    result = await world.users[0].slash(world.channel, "rufmariasch new", stake="5000")
    assert result.ephemeral and limit in result.response.content, result.response.content
    assert world.bot.tables.tables == {}
