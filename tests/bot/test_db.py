"""Migrations from an empty file and from every earlier version; the action log is append-only."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading

import pytest

from bot.db import Database, migrations


async def schema(db: Database) -> list[tuple[str, str]]:
    rows = await db.fetchall("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
    return [(r[0], r[1]) for r in rows]


async def test_empty_file_migrates_to_the_latest_version(tmp_path):
    db = await Database.open(tmp_path / "new" / "db.sqlite3")
    try:
        assert await db.version() == len(migrations())
        journal = await db.fetchone("PRAGMA journal_mode")
        assert journal[0] == "wal"
        assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1
    finally:
        await db.close()


@pytest.mark.parametrize("start", range(1, len(migrations()) + 1))
async def test_every_earlier_version_migrates_to_the_same_schema(tmp_path, start):
    fresh = await Database.open(tmp_path / "fresh.sqlite3")
    expected = await schema(fresh)
    await fresh.close()
    old = await Database.open(tmp_path / "old.sqlite3", upto=start)
    assert await old.version() == start
    await old.close()
    upgraded = await Database.open(tmp_path / "old.sqlite3")
    try:
        assert await upgraded.version() == len(migrations())
        assert await schema(upgraded) == expected
    finally:
        await upgraded.close()


async def test_migrating_twice_changes_nothing(tmp_path):
    db = await Database.open(tmp_path / "db.sqlite3")
    assert await db.migrate() == []
    await db.close()


async def test_action_log_is_append_only(tmp_path):
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        table_id = await db.execute(
            "INSERT INTO tables (guild_id, channel_id, game, seed, host_id, status) VALUES (1, 2, 'x', 3, 4, 'running')")
        await db.execute("INSERT INTO actions (table_id, seq, seat, action) VALUES (?, 1, 0, 'pass')", (table_id,))
        with pytest.raises(sqlite3.IntegrityError):
            await db.execute("UPDATE actions SET action = 'grand' WHERE table_id = ?", (table_id,))
        with pytest.raises(sqlite3.IntegrityError):
            await db.execute("DELETE FROM actions WHERE table_id = ?", (table_id,))
        with pytest.raises(sqlite3.IntegrityError):  # a sequence number is taken once
            await db.execute("INSERT INTO actions (table_id, seq, seat, action) VALUES (?, 1, 1, 'x')", (table_id,))
    finally:
        await db.close()


async def test_a_failed_batch_writes_nothing(tmp_path):
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        with pytest.raises(sqlite3.IntegrityError):
            await db.write([
                ("INSERT INTO players (user_id, name) VALUES (1, 'a')", ()),
                ("INSERT INTO players (user_id, name) VALUES (1, 'b')", ()),
            ])
        assert await db.fetchall("SELECT * FROM players") == []
    finally:
        await db.close()



async def test_a_transaction_is_one_hand_over_and_a_cancelled_writer_cannot_split_it(tmp_path, monkeypatch):
    """Each hand-over to the database thread wakes it and then the event loop: a whole transaction, or a query
    with its rows, is one. A caller cancelled while its transaction runs leaves it committed whole."""
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        calls = []
        execute = db.conn._execute

        async def counting(fn, *args, **kwargs):
            calls.append(fn)
            return await execute(fn, *args, **kwargs)

        monkeypatch.setattr(db.conn, "_execute", counting)
        rows = [(f"INSERT INTO players (user_id, name) VALUES ({i}, 'p{i}')", ()) for i in range(1, 51)]
        await db.write(rows)
        assert len(calls) == 1
        assert [tuple(r) for r in await db.fetchall("SELECT COUNT(*) FROM players")] == [(50,)]
        assert (await db.fetchone("SELECT name FROM players WHERE user_id = ?", (7,)))["name"] == "p7"
        assert await db.fetchone("SELECT name FROM players WHERE user_id = ?", (99,)) is None
        assert len(calls) == 4

        task = asyncio.ensure_future(db.write([(sql.replace("VALUES (", "VALUES (1000 + "), ()) for sql, _ in rows]))
        await asyncio.sleep(0)  # handed over
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await db.write([])  # after the cancelled one in the thread's queue
        assert [tuple(r) for r in await db.fetchall("SELECT COUNT(*) FROM players")] == [(100,)]
    finally:
        await db.close()

@pytest.mark.parametrize("kind", ["a directory", "a path under a file"])
async def test_an_unusable_path_fails_at_once_and_leaves_no_thread(tmp_path, kind):
    (tmp_path / "file").write_text("")
    path = tmp_path if kind == "a directory" else tmp_path / "file" / "db.sqlite3"
    before = threading.active_count()
    with pytest.raises((OSError, sqlite3.Error)):
        await Database.open(path)
    assert threading.active_count() == before


async def test_a_file_that_is_not_a_database_closes_its_connection(tmp_path):
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"these are not the pages of a database" * 200)
    before = set(threading.enumerate())  # a thread of an earlier test may end meanwhile: count only new ones
    with pytest.raises(sqlite3.DatabaseError):
        await Database.open(path)
    # a closed connection's thread ends right after the close returns, on a busy machine a moment later; an
    # unclosed one never does
    for thread in set(threading.enumerate()) - before:
        thread.join(timeout=10)
    assert not {t for t in threading.enumerate() if t.is_alive()} - before
