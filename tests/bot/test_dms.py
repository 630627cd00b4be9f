"""DM channels per user across tables and restarts: kept ids, closed DMs and players who left the server."""

from __future__ import annotations

from bot.db import Database
from bot.ui.dms import CLOSED_COOL_DOWN, DMChannels


async def test_why_dms_were_refused_is_kept_across_a_restart(tmp_path):
    now = [1000.0]
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        dms = DMChannels(db, clock=lambda: now[0])
        await dms.load()
        await dms.remember(1, 11)
        await dms.mark_closed(1, left=True)  # 50278: no server in common any more
        await dms.mark_closed(2)  # 50007: DMs closed
        again = DMChannels(db, clock=lambda: now[0])
        await again.load()
        assert again.closed(1) and again.left(1) and again.channel_id(1) == 11
        assert again.closed(2) and not again.left(2)
        now[0] += CLOSED_COOL_DOWN + 1
        assert not again.closed(1)
        await again.remember(1, 11)  # a DM went through again: they are back
        assert not again.left(1)
    finally:
        await db.close()
