"""The SQLite database: one aiosqlite connection, WAL, foreign keys, forward-only migrations.

Migrations are numbered SQL files in `bot/db/migrations/`; `PRAGMA user_version` records the last one
applied. Each runs in its own transaction, so a failed migration leaves the previous version intact.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
T = TypeVar("T")


def migrations() -> list[tuple[int, Path]]:
    """All migration files in order; their numbers must run 1, 2, 3, ... without gaps."""
    found = sorted((int(m.group(1)), p) for p in MIGRATIONS_DIR.iterdir() if (m := _NAME.match(p.name)))
    for expected, (number, path) in enumerate(found, start=1):
        if number != expected:
            raise RuntimeError(f"migration numbering has a gap before {path.name}")
    return found


class Database:
    """Thin wrapper over one aiosqlite connection. Writes go through `transaction()`-style helpers."""

    def __init__(self, conn: aiosqlite.Connection, path: Path | str):
        self.conn = conn
        self.path = path
        # One connection for every coroutine: a write() transaction must not interleave with another write,
        # or the second BEGIN fails and its ROLLBACK undoes the first one's half-done transaction.
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str, *, migrate: bool = True, upto: int | None = None) -> Database:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            # fail here, in this thread, for a file SQLite cannot open (a folder, no permission): aiosqlite's
            # worker thread would report it once more after the event loop is gone
            sqlite3.connect(path).close()
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        db = cls(conn, path)
        try:
            for pragma in ("journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON",
                           "busy_timeout = 5000"):
                await db.run(f"PRAGMA {pragma}")
            if migrate:
                await db.migrate(upto=upto)
        except BaseException:
            await conn.close()  # its thread would otherwise keep the process alive
            raise
        return db

    async def close(self) -> None:
        await self.conn.close()

    async def version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0])

    async def migrate(self, *, upto: int | None = None) -> list[int]:
        """Apply every migration newer than the file's version (up to `upto`); return those applied."""
        current = await self.version()
        applied = []
        for number, path in migrations():
            if number <= current or (upto is not None and number > upto):
                continue
            sql = path.read_text(encoding="utf-8")
            await self.run("BEGIN IMMEDIATE")
            try:
                for statement in _split_sql(sql):
                    await self.run(statement)
                await self.run(f"PRAGMA user_version = {number}")
                await self.run("COMMIT")
            except BaseException:
                await self.run("ROLLBACK")
                raise
            log.info("database migrated to version %d (%s)", number, path.name)
            applied.append(number)
        return applied

    # -- small query helpers -------------------------------------------------------------------
    # Each helper is one hand-over to aiosqlite's thread: a whole transaction, or a statement with its rows.
    # Going through aiosqlite's cursor API costs a hand-over per step (execute, fetch, close; BEGIN, each
    # statement, COMMIT), and every hand-over wakes the thread and then the event loop: at 1,000 tables (50
    # moves/s) those were the event loop's largest single cost. A cursor is closed before its function
    # returns, so no statement stays open across a COMMIT.
    async def _call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        conn = self.conn
        return await conn._execute(fn, conn._conn)  # aiosqlite's queue to its thread, in order with its own

    async def run(self, sql: str, params: Iterable[Any] = ()) -> None:
        """Execute one statement."""
        await self._call(partial(_run, sql, tuple(params)))

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        return await self._call(partial(_fetch, sql, tuple(params), None))

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        rows = await self._call(partial(_fetch, sql, tuple(params), 1))
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement in its own transaction (autocommit); return lastrowid."""
        async with self._write_lock:
            return await self._call(partial(_execute, sql, tuple(params)))

    async def write(self, statements: list[tuple[str, Iterable[Any]]]) -> None:
        """Run several statements atomically: all are committed, or none. The transaction runs whole in the
        database thread: a cancelled caller cannot leave it half done."""
        work = [(sql, tuple(params)) for sql, params in statements]
        async with self._write_lock:
            await self._call(partial(_transaction, work))


def _run(sql: str, params: tuple[Any, ...], conn: sqlite3.Connection) -> None:
    conn.execute(sql, params).close()


def _fetch(sql: str, params: tuple[Any, ...], size: int | None, conn: sqlite3.Connection) -> list[Any]:
    cur = conn.execute(sql, params)
    try:
        return cur.fetchall() if size is None else cur.fetchmany(size)
    finally:
        cur.close()


def _execute(sql: str, params: tuple[Any, ...], conn: sqlite3.Connection) -> int:
    cur = conn.execute(sql, params)
    try:
        return cur.lastrowid or 0
    finally:
        cur.close()


def _transaction(statements: list[tuple[str, tuple[Any, ...]]], conn: sqlite3.Connection) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        for sql, params in statements:
            conn.execute(sql, params).close()
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements; `sqlite3.complete_statement` keeps triggers whole."""
    statements, buf = [], ""
    for line in script.splitlines(keepends=True):
        if line.lstrip().startswith("--") and not buf.strip():
            continue
        buf += line
        if sqlite3.complete_statement(buf):
            statements.append(buf.strip())
            buf = ""
    if buf.strip():
        statements.append(buf.strip())
    return statements
