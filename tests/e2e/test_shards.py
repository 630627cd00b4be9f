"""Two shards in one bot process: the fake Discord recommends two shards and serves two guilds, one on each;
a table in each guild plays, with clicks on the table message (the guild's shard) and in the players' DMs
(DM interactions always arrive on shard 0, also for a table whose guild is on shard 1)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.players import OpenTable, open_table
from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import bot_process

pytestmark = pytest.mark.e2e

MOVES = 12  # per table: the Grand Hand round on the table message, then cards from the DMs


@pytest.fixture
async def two_shards() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(shards=2) as fake:
        second = fake.add_guild("Zweite Runde", shard=1 - fake.shard_of(fake.guild_id))
        fake.add_channel("zweiter-tisch", guild=second)
        for name in ("emil", "fritz"):
            fake.add_user(name)
        yield fake


def dispatched(fake: FakeDiscord, shard: int, event: str) -> int:
    return sum(1 for _, way, _, name, _ in fake.gateways[shard].log if way == "out" and name == event)


async def play(fake: FakeDiscord, table: OpenTable) -> tuple[int, int]:
    """MOVES moves; returns how many clicks were on the table message and how many in a DM."""
    for _ in range(MOVES):
        ix = await table.players.move(timeout=15)
        assert not ix.failed_callbacks
    assert table.players.refused == 0 and table.players.stale == 0
    in_dm = sum(1 for ix in table.players.interactions if fake.channel(ix.message.channel_id).is_dm)
    return MOVES - in_dm, in_dm


async def test_a_table_in_a_guild_of_each_shard_plays(two_shards: FakeDiscord, tmp_path: Path) -> None:
    fake = two_shards
    async with bot_process(fake, env={"DATABASE_PATH": str(tmp_path / "db.sqlite3")}, dev_guild=False) as bp:
        await bp.wait_ready("schieberamsch", timeout=45)
        assert [g.shard for g in fake.gateways] == [[0, 2], [1, 2]]
        await bp.wait_line("in 2 servers")
        tables = [await open_table(fake, "anna", ["bernd", "ceca"], channel="spieltisch"),
                  await open_table(fake, "dario", ["emil", "fritz"], channel="zweiter-tisch")]
        guilds = [fake.channel("spieltisch").guild_id, fake.channel("zweiter-tisch").guild_id]
        assert sorted(fake.shard_of(g) for g in guilds) == [0, 1]
        for table in tables:
            on_table, in_dm = await play(fake, table)
            assert on_table > 0 and in_dm > 0
        for shard in (0, 1):
            assert dispatched(fake, shard, "INTERACTION_CREATE") > 0
        assert "Traceback" not in bp.log
