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


def hand_overs(db: Database, monkeypatch) -> list[object]:
    """The functions handed to the database thread from now on (each wakes it, and then the event loop)."""
    calls: list[object] = []
    queue = db.conn._tx  # aiosqlite's queue to its thread

    class Counting:
        def put_nowait(self, item):
            calls.append(item[1])
            queue.put_nowait(item)

    monkeypatch.setattr(db.conn, "_tx", Counting())
    return calls


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


async def test_a_database_that_ran_the_first_form_of_0009_gets_its_fingerprint_column(tmp_path):
    """0009 was edited after it shipped (its `fingerprint` column came later): 0011 makes the table again, so a
    database that recorded version 9 without the column catches its stats up instead of failing at every start."""
    old = await Database.open(tmp_path / "db.sqlite3", upto=8)
    await old.run("CREATE TABLE stat_unrecordable (table_id INTEGER PRIMARY KEY, reason TEXT NOT NULL, "
                  "noted_at TEXT)")
    await old.run("PRAGMA user_version = 9")
    await old.close()
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        columns = [r[1] for r in await db.fetchall("PRAGMA table_info(stat_unrecordable)")]
        assert "fingerprint" in columns
        from bot.stats.store import StatsStore

        await StatsStore(db).catch_up()
    finally:
        await db.close()


async def test_a_database_newer_than_the_bot_is_refused(tmp_path):
    db = await Database.open(tmp_path / "db.sqlite3")
    await db.run(f"PRAGMA user_version = {len(migrations()) + 1}")
    await db.close()
    with pytest.raises(RuntimeError, match="newer than this bot"):
        await Database.open(tmp_path / "db.sqlite3")


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
        calls = hand_overs(db, monkeypatch)
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

async def test_writes_that_arrive_together_share_one_transaction_and_fail_alone(tmp_path, monkeypatch):
    """Group commit: the writes of many tables that arrive while the database thread is busy are one hand-over;
    each is still atomic and answered on its own, and a failing one takes nobody else with it."""
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        calls = hand_overs(db, monkeypatch)

        def insert(user_id: int, name: str) -> tuple[str, tuple[object, ...]]:
            return ("INSERT INTO players (user_id, name) VALUES (?, ?)", (user_id, name))

        results = await asyncio.gather(
            *(db.write([insert(i, f"p{i}"), insert(100 + i, f"q{i}")]) for i in range(1, 21)),
            db.write([insert(500, "x"), insert(500, "duplicate")]),  # fails whole, alone
            db.write([insert(21, "p21")]),
            db.write([insert(600, "y"), insert(2**70, "z")]),  # a value SQLite cannot bind: alone too
            return_exceptions=True)
        # the first goes at once, alone; the others arrive while it is in the thread and go together next
        assert [len(call.args[0]) for call in calls] == [1, 22]
        assert results[:20] == [None] * 20 and results[21] is None
        assert isinstance(results[20], sqlite3.IntegrityError) and isinstance(results[22], OverflowError)
        names = {r["name"] for r in await db.fetchall("SELECT name FROM players")}
        assert names == {f"p{i}" for i in range(1, 22)} | {f"q{i}" for i in range(1, 21)}
    finally:
        await db.close()


async def test_a_batch_whose_commit_fails_stores_nothing_and_tells_every_writer(tmp_path):
    """A foreign key checked only at COMMIT (deferred) stands in for a commit that fails (a full disk): nothing of
    the batch is stored, every writer in it hears of it, and the next write goes through."""
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        results = await asyncio.gather(
            db.write([("INSERT INTO players (user_id, name) VALUES (1, 'alone')", ())]),  # goes at once, alone
            db.write([("INSERT INTO players (user_id, name) VALUES (2, 'a')", ())]),  # these two go together
            db.write([("PRAGMA defer_foreign_keys = ON", ()),
                      ("INSERT INTO actions (table_id, seq, seat, action) VALUES (999, 1, 0, 'x')", ())]),
            return_exceptions=True)
        assert [type(r) for r in results] == [type(None), sqlite3.IntegrityError, sqlite3.IntegrityError]
        await db.write([("INSERT INTO players (user_id, name) VALUES (4, 'c')", ())])
        assert [r["user_id"] for r in await db.fetchall("SELECT user_id FROM players ORDER BY user_id")] == [1, 4]
    finally:
        await db.close()


async def test_closing_commits_the_writes_already_accepted(tmp_path):
    db = await Database.open(tmp_path / "db.sqlite3")
    tasks = [asyncio.ensure_future(db.write([(f"INSERT INTO players (user_id, name) VALUES ({i}, 'p')", ())]))
             for i in range(1, 6)]
    await asyncio.sleep(0)
    await db.close()
    assert all(t.done() and t.exception() is None for t in tasks)
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        assert (await db.fetchone("SELECT COUNT(*) FROM players"))[0] == 5
    finally:
        await db.close()


@pytest.mark.parametrize("kind", ["a directory", "a path under a file"])
async def test_an_unusable_path_fails_at_once_and_leaves_no_thread(tmp_path, kind):
    (tmp_path / "file").write_text("")
    path = tmp_path if kind == "a directory" else tmp_path / "file" / "db.sqlite3"
    before = set(threading.enumerate())  # a thread of an earlier test may end meanwhile: look only for new ones
    with pytest.raises((OSError, sqlite3.Error)):
        await Database.open(path)
    assert not {t for t in threading.enumerate() if t.is_alive()} - before


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


async def test_an_insert_with_its_dependants_is_one_transaction(tmp_path):
    """A lobby is its table row and its host's seat together (`Lobbies.create`): both, or neither."""
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        table = ("INSERT INTO tables (guild_id, channel_id, game, seed, host_id, status) VALUES (1, 2, 'schrum', 3,"
                 " 4, 'lobby')", ())
        first = await db.insert([table, ("INSERT INTO seats (table_id, seat, user_id) VALUES (last_insert_rowid(),"
                                         " 0, 4)", ())])
        assert [tuple(r) for r in await db.fetchall("SELECT table_id, seat, user_id FROM seats")] == [(first, 0, 4)]
        with pytest.raises(sqlite3.IntegrityError):  # its seat 0 taken twice: the table row goes too
            await db.insert([table, ("INSERT INTO seats (table_id, seat, user_id) VALUES (last_insert_rowid(), 0,"
                                     " 4)", ()), ("INSERT INTO seats (table_id, seat, user_id) VALUES (?, 0, 5)",
                                                  (first + 1,))])
        assert [r[0] for r in await db.fetchall("SELECT table_id FROM tables")] == [first]
    finally:
        await db.close()


async def test_computers_seated_before_their_names_were_stored_get_distinct_names(tmp_path):
    """Migration 0012 stores a computer seat's name; seats from before it are named as the lobby names them,
    numbered within their table (a fallback from the level alone named two easy computers alike)."""
    from bot.db import Database
    from bot.tables.stored import StoredTables

    db = await Database.open(tmp_path / "db.sqlite3", upto=11)  # a bot before 0012 seated them
    await db.execute("INSERT INTO players (user_id, name) VALUES (7, 'anna')")
    await db.execute("INSERT INTO tables (guild_id, channel_id, game, options, settings, seed, host_id, status)"
                     " VALUES (1, 2, 'schieberamsch', '{}', '{}', 5, 7, 'running')")
    for seat, uid, level in ((0, 7, None), (1, -1, "easy"), (2, -2, "strong")):
        await db.execute("INSERT INTO seats (table_id, seat, user_id, computer) VALUES (1, ?, ?, ?)",
                         (seat, uid, level))
    await db.close()
    db = await Database.open(tmp_path / "db.sqlite3")  # the next start migrates it
    names = [s.name for s in (await StoredTables(db).seats([1]))[1]]
    await db.close()
    assert names == ["anna", "🤖 Computer (easy)", "🤖 Computer 2 (strong)"]
