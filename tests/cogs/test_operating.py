"""What a busy server and a developer meet: /table list within Discord's 2,000 characters, names shown as
written, commands synced to a dev server only once."""

from __future__ import annotations

import re

from bot.tables.model import LOBBY
from bot.ui.text_fit import fit_lines
from tests.conftest import World


def test_fit_lines_keeps_whole_lines_and_says_how_many_more():
    assert fit_lines(["a", "b"], "… and {n} more") == "a\nb"
    text = fit_lines(["x" * 150] * 24, "… and {n} more")
    assert len(text) <= 2000 and text.endswith("… and 11 more") and text.count("x" * 150) == 13
    assert fit_lines([f"{i}" for i in range(30)], "… and {n} more", most=20).endswith("19\n… and 10 more")
    assert fit_lines(["y" * 2500], "… and {n} more") == "… and 1 more"


async def test_table_list_fits_in_one_message_with_24_long_tables(world: World):
    service = world.bot.tables
    long = "Ein sehr langer Name, der nicht aufhört " * 2  # 80 characters, as long as Discord's display names
    for i in range(23):
        await service.create(guild_id=world.guild.id, channel_id=1000 + i, host_id=5000 + i,
                             host_name=f"{long}{i}"[:80], game="schieberamsch")
    await service.create(guild_id=world.guild.id, channel_id=2000, host_id=6000, host_name="**x**_y_",
                         game="schieberamsch")
    assert len(service.open_tables(guild_id=world.guild.id)) == 24
    result = await world.users[0].slash(world.channel, "table list")
    text = result.response.content
    assert result.ephemeral and len(text) <= 2000
    shown = [line for line in text.splitlines() if line.startswith("**#")]
    more = re.search(r"… and (\d+) more$", text)
    assert more and len(shown) + int(more[1]) == 24 and len(shown) >= 10
    assert all(t.status == LOBBY for t in service.open_tables(guild_id=world.guild.id))


async def test_table_list_shows_markdown_in_names_as_written(world: World):
    await world.bot.tables.create(guild_id=world.guild.id, channel_id=2000, host_id=6000, host_name="**x**_y_",
                                  game="schieberamsch")
    text = (await world.users[0].slash(world.channel, "table list")).response.content
    assert r"\*\*x\*\*\_y\_" in text


async def test_table_list_in_german_says_how_many_more(world: World):
    from bot.i18n import tr
    assert tr("de", "… and {n} more", n=3) == "… und 3 weitere"


async def test_a_dev_server_sync_clears_the_global_commands(world: World):
    bot = world.bot
    since = len(world.env.http_requests)
    bot.dev_guild_id = world.guild.id
    await bot.sync_tree()
    puts = [r for r in world.env.http_requests[since:] if r.method == "PUT"]
    guild_put = [r for r in puts if f"/guilds/{world.guild.id}/commands" in r.path]
    global_put = [r for r in puts if r.path.endswith("/commands") and "/guilds/" not in r.path]
    assert guild_put and {c["name"] for c in guild_put[-1].json} >= {"table", "schieberamsch", "rules"}
    assert global_put and global_put[-1].json == []  # the commands synced globally before are gone
    assert puts.index(global_put[-1]) > puts.index(guild_put[-1])  # after the dev server has them
