"""Places that are gone: a table's thread or channel deleted, the bot removed from the server. Its tables end
(running ones abandoned: counted nowhere, nothing booked; lobbies cancelled) and nothing more is sent there,
not even by a turn timer. SimCord cannot delete channels or remove the bot, so the tests send the gateway
events Discord sends (THREAD_DELETE, CHANNEL_DELETE, GUILD_DELETE without `unavailable`)."""

from __future__ import annotations

from tests.cogs.test_schieberamsch_flow import open_table, start_table
from tests.conftest import World


def requests_to(world: World, since: int, *ids: int) -> list[str]:
    return [f"{r.method} {r.path}" for r in world.env.http_requests[since:]
            if any(str(i) in r.path for i in ids if i)]


async def assert_quiet_and_ended(world: World, table, since: int, status: str = "abandoned") -> None:
    assert table.status == status and table.timer is None
    await world.env.advance_time(3 * 400)  # past three turn timers: no timed move, no reminder
    assert requests_to(world, since, table.thread_id, table.channel_id) == []
    row = await world.bot.db.fetchone("SELECT status FROM tables WHERE table_id = ?", (table.id,))
    assert row["status"] == status
    assert world.bot.tables.open_tables(guild_id=world.guild.id) == []


async def test_a_deleted_thread_ends_its_table_and_nothing_more_goes_there(world: World):
    table = await start_table(world)
    version = table.version
    since = len(world.env.http_requests)
    world.env.backend.emit("THREAD_DELETE", {"id": str(table.thread_id), "guild_id": str(world.guild.id),
                                             "parent_id": str(world.channel.id), "type": 11})
    await world.env.settle()
    await assert_quiet_and_ended(world, table, since)
    assert table.version == version  # no timed move was played for anybody
    played = await world.bot.db.fetchone("SELECT COUNT(*) AS n FROM match_results WHERE table_id = ?",
                                         (table.id,))
    assert played["n"] == 0  # counted nowhere


async def test_a_deleted_channel_ends_its_tables(world: World):
    table = await start_table(world)
    since = len(world.env.http_requests)
    world.env.backend.emit("CHANNEL_DELETE", {"id": str(world.channel.id), "guild_id": str(world.guild.id),
                                              "type": 0, "name": "cards"})
    await world.env.settle()
    await assert_quiet_and_ended(world, table, since)


async def test_the_bot_removed_from_the_server_ends_its_tables_and_lobbies(world: World):
    table = await start_table(world)
    other = world.guild.create_text_channel("more-cards")
    await world.users[3].slash(other, "schieberamsch new")
    lobby = world.table()
    assert lobby.status == "lobby" and lobby.id != table.id
    since = len(world.env.http_requests)
    world.env.backend.emit("GUILD_DELETE", {"id": str(world.guild.id)})
    await world.env.settle()
    await assert_quiet_and_ended(world, table, since)
    assert lobby.status == "cancelled"
    assert requests_to(world, since, other.id) == []


async def test_a_table_elsewhere_plays_on(world: World):
    _, _ = await open_table(world)
    table = world.table()
    world.env.backend.emit("THREAD_DELETE", {"id": "123456789", "guild_id": str(world.guild.id),
                                             "parent_id": str(world.channel.id), "type": 11})
    await world.env.settle()
    assert table.status == "lobby"
