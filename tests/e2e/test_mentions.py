"""`python -m bot` against the fake Discord's model of who a message pings (developer docs, Message resource,
Allowed Mentions Object): without `allowed_mentions` Discord parses `@everyone`/`@here` in a channel message's
content, so a player whose display name reads "@everyone" must not make the bot ping the whole server."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.players import open_table
from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import bot_process

pytestmark = pytest.mark.e2e


async def test_names_that_read_everyone_ping_nobody(fake: FakeDiscord, db_file: Path) -> None:
    fake.grant(fake.bot, "mention_everyone")  # so a careless message would ping everyone
    fake.add_user("@everyone")  # display names as typed (the scripted players find the turn by them)
    fake.add_user("@here")
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "@everyone", ["@here", "ceca"], options={"deals": 3})
        for _ in range(3):
            await table.players.move()
        await (await fake.slash("ceca", "spieltisch", "table list", {})).wait()
        await (await fake.slash("@here", table.thread_id, "table status", {})).wait()
    sent = [m for m in fake.messages.values() if m.author.id == fake.bot.id]
    named = [m for m in sent if "@everyone" in m.text or "@here" in m.text]
    assert named, "the names are shown somewhere (else this test checks nothing)"
    assert not [m for m in sent if m.mention_everyone], [m.text for m in sent if m.mention_everyone]
    lobby = fake.message(table.lobby.id)
    assert f"<@{fake.user('@here').id}>" in lobby.content and not lobby.mentions  # seated, not pinged
