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
from typing import Any, NamedTuple, TypeVar

import aiosqlite

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
T = TypeVar("T")


class NewerDatabase(RuntimeError):
    """The file was migrated by a newer bot than this one."""


def migrations() -> list[tuple[int, Path]]:
    """All migration files in order; their numbers must run 1, 2, 3, ... without gaps."""
    found = sorted((int(m.group(1)), p) for p in MIGRATIONS_DIR.iterdir() if (m := _NAME.match(p.name)))
    for expected, (number, path) in enumerate(found, start=1):
        if number != expected:
            raise RuntimeError(f"migration numbering has a gap before {path.name}")
    return found


class Database:
    """Thin wrapper over one aiosqlite connection: each call is one hand-over to its thread (a whole transaction,
    or a query with its rows); `write` commits in groups."""

    def __init__(self, conn: aiosqlite.Connection, path: Path | str):
        self.conn = conn
        self.path = path
        # One connection for every coroutine, and no lock: each transaction is one function that aiosqlite's
        # thread runs whole, in the order they were handed over, so no two can interleave.
        self._pending: list[_Write] = []  # writes waiting for the transaction in the thread to end
        self._in_thread: list[_Write] = []  # the writes of the transaction in the thread
        self._quiet = asyncio.Event()  # no transaction in the thread
        self._quiet.set()

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
            # secure_delete: a forget-me's deleted name is overwritten in the file, not left in a free page (some
            # SQLite builds have it on by default, others not)
            for pragma in ("journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON",
                           "busy_timeout = 5000", "secure_delete = ON"):
                await db.run(f"PRAGMA {pragma}")
            if migrate:
                await db.migrate(upto=upto)
                await db._call(_probe_write)  # a file the bot may read but not write fails now, not at the first move
        except BaseException:
            await conn.close()  # its thread would otherwise keep the process alive
            raise
        return db

    async def close(self) -> None:
        await self._quiet.wait()  # the writes already accepted are committed first
        await self.conn.close()

    async def version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0])

    async def migrate(self, *, upto: int | None = None) -> list[int]:
        """Apply every migration newer than the file's version (up to `upto`); return those applied."""
        current = await self.version()
        known = len(migrations())
        if current > known:  # an older bot would write to a schema it does not know
            raise NewerDatabase(f"the database is at version {current}, newer than this bot's {known}: run the newer "
                               "bot, or restore a backup made by this one")
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
        return await self._call(partial(_execute, sql, tuple(params)))

    async def insert(self, statements: list[tuple[str, Iterable[Any]]]) -> int:
        """Run `statements` in one transaction of their own and return the rowid the first one made; the others
        may name it as `last_insert_rowid()` until they insert rows of their own (a table and its first seat)."""
        return await self._call(partial(_insert, [(sql, tuple(params)) for sql, params in statements]))

    async def write(self, statements: list[tuple[str, Iterable[Any]]]) -> None:
        """Run several statements atomically: all are committed, or none; return once they are committed.

        Group commit: the writes that arrive while a transaction is in the database thread go together in the
        next one, each in a savepoint of its own (a failing write rolls back only itself). Each hand-over wakes
        the thread and then the event loop, and under load the wake-ups cost more than the writes. The hand-over
        happens in the caller's own step, and the thread's answer settles every write of the batch at once, so a
        write waits no more turns of the loop than a lone one would (a saturated loop turns slowly). The
        transaction runs whole in the database thread: a cancelled caller cannot leave its write half done."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append(_Write([(sql, tuple(params)) for sql, params in statements], done))
        if self._quiet.is_set():
            self._hand_over(loop)
        await done

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        """Send the waiting writes to the database thread as one transaction (aiosqlite's queue, in order with
        every other call; its thread answers through `_Answer`, in one callback on the loop)."""
        batch, self._pending = self._pending, []
        conn = self.conn
        if not conn._running or conn._connection is None:
            for write in batch:
                if not write.done.done():
                    write.done.set_exception(ValueError("Connection closed"))
            return
        self._in_thread = batch
        self._quiet.clear()
        groups = [write.statements for write in batch]
        conn._tx.put_nowait((_Answer(loop, self._committed), partial(_outcomes, groups, conn._conn)))

    def _committed(self, outcome: list[BaseException | None] | BaseException) -> None:
        batch, self._in_thread = self._in_thread, []
        errors = [outcome] * len(batch) if isinstance(outcome, BaseException) else outcome
        for write, error in zip(batch, errors, strict=True):
            if write.done.done():  # its caller was cancelled; the write itself went through or failed whole
                continue
            if error is None:
                write.done.set_result(None)
            else:
                write.done.set_exception(error)
        self._quiet.set()
        if self._pending:
            self._hand_over(asyncio.get_running_loop())


class _Write(NamedTuple):
    statements: list[tuple[str, tuple[Any, ...]]]
    done: asyncio.Future[None]


class _Answer:
    """Stands in for the future aiosqlite's thread settles (`loop.call_soon_threadsafe(set_result, future, r)`):
    settling it calls `then` on the loop at once, where an asyncio future would take one more turn of the loop to
    run its callbacks."""

    def __init__(self, loop: asyncio.AbstractEventLoop, then: Callable[[Any], None]):
        self._loop, self._then, self._done = loop, then, False

    def get_loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def done(self) -> bool:
        return self._done

    def set_result(self, result: Any) -> None:
        self._done = True
        self._then(result)

    set_exception = set_result


def _outcomes(groups: list[list[tuple[str, tuple[Any, ...]]]],
              conn: sqlite3.Connection) -> list[BaseException | None] | BaseException:
    try:
        return _transactions(groups, conn)
    except BaseException as exc:  # noqa: BLE001  the commit itself failed: every write of the batch hears it
        return exc


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


def _probe_write(conn: sqlite3.Connection) -> None:
    """Write the header's user_version as it is, and take it back: SQLite says "readonly" only when it writes."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        conn.execute(f"PRAGMA user_version = {int(version)}")
    finally:
        conn.execute("ROLLBACK")


def _insert(statements: list[tuple[str, tuple[Any, ...]]], conn: sqlite3.Connection) -> int:
    conn.execute("BEGIN IMMEDIATE")
    try:
        rowid = 0
        for i, (sql, params) in enumerate(statements):
            cur = conn.execute(sql, params)
            rowid = rowid if i else cur.lastrowid or 0
            cur.close()
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return rowid


def _transactions(groups: list[list[tuple[str, tuple[Any, ...]]]],
                  conn: sqlite3.Connection) -> list[BaseException | None]:
    """One transaction holding every group in a savepoint of its own: a group that fails is rolled back alone and
    its error returned in its place. An error that leaves no savepoint to roll back to fails the whole batch."""
    conn.execute("BEGIN IMMEDIATE")
    errors: list[BaseException | None] = []
    try:
        for statements in groups:
            conn.execute("SAVEPOINT w")
            try:
                for sql, params in statements:
                    conn.execute(sql, params).close()
            except Exception as exc:  # SQLite's, or a value it cannot bind (an int past 64 bits), raised before it ran
                try:
                    conn.execute("ROLLBACK TO w")
                except sqlite3.Error:  # the error ended the transaction itself (a full disk, an I/O error)
                    raise exc from None
                errors.append(exc)
            else:
                errors.append(None)
            conn.execute("RELEASE w")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return errors


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
