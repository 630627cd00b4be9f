"""Computers in a real-time race retry a failed move "at most 5 times in a row": the counter must start over
after a move that succeeds, or a long Repezita match with scattered failed writes stalls for good."""
from __future__ import annotations

import asyncio

from bot.tables import computers


async def test_retries_start_over_after_a_successful_move(service, monkeypatch):
    monkeypatch.setattr(computers, "RETRY_S", 0.05)
    table = await service.create(guild_id=1, channel_id=10, host_id=100, host_name="h", game="repezita",
                                 settings={"computer_pause": 0.01, "turn_timer": 0}, seed=3)
    await service.add_computer(table.id, 100, "easy", lambda n: f"cpu{n}")
    await service.add_computer(table.id, 100, "easy", lambda n: f"cpu{n}")
    original = service.db.write
    failed_seqs: set[int] = set()
    # one failed write (for the first try only) at each of these seqs: six failures, never two in a row
    targets = {2, 4, 6, 8, 10, 12}

    async def scattered_failures(statements):
        for sql, args in statements:
            if "INSERT INTO actions" in sql and args[-1] == 2 and args[1] in targets and args[1] not in failed_seqs:
                failed_seqs.add(args[1])
                raise OSError("database is locked")
        return await original(statements)

    monkeypatch.setattr(service.db, "write", scattered_failures)
    await service.start(table.id, 100)
    dealer = table.engine.view(None)["dealer"]
    if not table.seats[dealer].computer:
        await service.act(table.id, 100, "go", version=table.version)
    for _ in range(300):
        if table.version >= 14 or table.engine.over:
            break
        await asyncio.sleep(0.02)
    assert len(failed_seqs) == 6 or table.engine.over, failed_seqs
    assert table.version >= 14, (f"the computers gave up after {len(failed_seqs)} scattered failures "
                                 f"(retries={table.retries}) at version {table.version}")
