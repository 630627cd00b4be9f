"""Reading tables back from the database at start-up: seats, the action log, engine snapshots.

A running table's engine is its snapshot (if one was taken) with the actions after it applied, or else the whole
log replayed from the seed. The service decides what to do with what is read (arm timers, mark a table that no
longer replays abandoned); this module only reads and rebuilds.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from bot.db import Database

from . import snapshots
from .model import SEAT_NAME_SQL, Seat, Table
from .timers import unix_time

log = logging.getLogger(__name__)

CHUNK = 100  # tables whose action logs are read at once at start-up


@dataclass
class Saved:
    """What the database holds to rebuild a running table's engine: a snapshot taken after action `base`
    (or none, base 0) and the actions after it."""

    snapshot: bytes | None = None
    base: int = 0
    actions: list[tuple[int, str]] = field(default_factory=list)


def table_from_row(r: Any, seats: list[Seat], last_move_at: str | None = None) -> Table:
    """A table from its row; `last_move_at`: its last action's `at`, for a table whose turn timer is resumed."""
    return Table(id=r["table_id"], guild_id=r["guild_id"], channel_id=r["channel_id"], game=r["game"],
                 options=json.loads(r["options"]), settings=json.loads(r["settings"]), seed=r["seed"],
                 host_id=r["host_id"], status=r["status"], seats=seats, thread_id=r["thread_id"],
                 lobby_message_id=r["lobby_message_id"], table_message_id=r["table_message_id"],
                 shown_version=r["shown_version"], sheets_shown=r["sheets_shown"], practice=bool(r["practice"]),
                 vote=json.loads(r["vote"]) if r["vote"] else None, timer_since=(since := timer_start(r, last_move_at)),
                 timer_reminded=since is not None and (r["reminded_since"] or 0) >= since)


def timer_start(r: Any, last_move_at: str | None) -> float | None:
    """When a table's turn timer started (Unix time): its last move's `at`, or a later start that was no move (the
    table's start, a vote's end, "I'm back": `tables.timer_since`); None where neither is known."""
    starts = [t for t in (r["timer_since"], unix_time(last_move_at) if last_move_at else None) if t is not None]
    return max(starts) if starts else None


def replay(table: Table, actions: list[tuple[int, str]]) -> Any:
    """A fresh engine for the table with `actions` applied."""
    engine = table.engine_cls.new(len(table.seats), seed=table.seed, options=table.options)
    for seat, action in actions:
        engine.apply(seat, action)
    return engine


class StoredTables:
    def __init__(self, db: Database):
        self.db = db

    async def actions(self, table_id: int) -> list[tuple[int, str]]:
        rows = await self.db.fetchall("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))
        return [(r[0], r[1]) for r in rows]

    async def seats(self, table_ids: list[int]) -> dict[int, list[Seat]]:
        seat_rows = []
        for i in range(0, len(table_ids), CHUNK):  # (SQLite binds at most 32,766 values in one statement)
            chunk = table_ids[i:i + CHUNK]
            seat_rows += await self.db.fetchall(
                f"SELECT s.*, {SEAT_NAME_SQL} AS name, p.locale FROM seats s LEFT JOIN players p USING (user_id)"
                f" WHERE s.table_id IN ({','.join('?' * len(chunk))}) ORDER BY s.table_id, s.seat", chunk)
        seats: dict[int, list[Seat]] = {}
        for r in seat_rows:
            seats.setdefault(r["table_id"], []).append(Seat(
                user_id=r["user_id"], name=r["name"] or str(r["user_id"]), locale=r["locale"],
                dm_channel_id=r["dm_channel_id"], dm_message_id=r["dm_message_id"], dm_hand_no=r["dm_hand_no"],
                dm_closed=bool(r["dm_closed"]), last_change=r["last_change"], timeouts=r["timeouts"],
                autopilot=bool(r["autopilot"]), dm_shows=r["dm_shows"], computer=r["computer"]))
        return seats

    async def saved(self, table_ids: list[int]) -> AsyncIterator[Saved]:
        """Each table's snapshot and the actions after it, in the order of `table_ids`. They are read a chunk
        of tables ahead, so the database thread reads the next chunk while the event loop replays this one."""
        chunks = [table_ids[i:i + CHUNK] for i in range(0, len(table_ids), CHUNK)]

        async def read(chunk: list[int]) -> dict[int, Saved]:
            marks = ",".join("?" * len(chunk))
            out = {t: Saved() for t in chunk}
            for table_id, seq, state in await self.db.fetchall(
                    f"SELECT table_id, seq, state FROM snapshots WHERE table_id IN ({marks})", chunk):
                out[table_id].base, out[table_id].snapshot = seq, state
            for table_id, seat, action in await self.db.fetchall(
                    "SELECT a.table_id, a.seat, a.action FROM actions a LEFT JOIN snapshots s USING (table_id)"
                    f" WHERE a.table_id IN ({marks}) AND a.seq > COALESCE(s.seq, 0) ORDER BY a.table_id, a.seq",
                    chunk):
                out[table_id].actions.append((seat, action))
            return out

        ahead = asyncio.ensure_future(read(chunks[0])) if chunks else None
        for i in range(len(chunks)):
            assert ahead is not None
            saved = await ahead
            ahead = asyncio.ensure_future(read(chunks[i + 1])) if i + 1 < len(chunks) else None
            await asyncio.sleep(0)  # let the next read reach the database thread before replaying
            for table_id in chunks[i]:
                yield saved[table_id]

    async def rebuild(self, table: Table, saved: Saved) -> tuple[Any, int]:
        """The engine and action count of a running table, from its snapshot if it has a usable one."""
        if saved.snapshot is not None:
            try:
                engine = snapshots.load(saved.snapshot, table.engine_cls)
                for seat, action in saved.actions:
                    engine.apply(seat, action)
                return engine, saved.base + len(saved.actions)
            except Exception:
                log.warning("table %s: snapshot at action %d unusable; replaying the whole log", table.id,
                            saved.base, exc_info=True)
            actions = await self.actions(table.id)
        else:
            actions = saved.actions
        return replay(table, actions), len(actions)
