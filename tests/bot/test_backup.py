"""Backups of money and matches: a copy taken while tables are played is consistent and checks clean;
`check` finds an unbalanced ledger and a damaged file; the commands' exit codes."""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

from bot.db import Database
from bot.db.backup import backup, check
from bot.tables import TableService
from tests.bot.test_ledger import open_table, play, with_ledger

ROOT = Path(__file__).resolve().parents[2]


def deals_per_copy(path: Path) -> list[int]:
    """How many entries each (table, deal) has in the copy: a deal books all four players or none."""
    conn = sqlite3.connect(path)
    try:
        return [n for (n,) in conn.execute("SELECT COUNT(*) FROM rufmariasch_ledger WHERE kind = 'deal' "
                                           "GROUP BY table_id, hand_no")]
    finally:
        conn.close()


async def test_a_backup_taken_while_tables_are_played_checks_clean(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "live.sqlite3")
    service = with_ledger(TableService(db))
    tables = [await open_table(service, seed=s, channel=10 + s, users=tuple(100 + 4 * s + i for i in range(4)))
              for s in range(3)]
    stop, copies = threading.Event(), []

    def keep_copying() -> None:
        while not stop.is_set() or not copies:
            target = tmp_path / f"copy-{len(copies)}.sqlite3"
            backup(tmp_path / "live.sqlite3", target)
            copies.append(target)

    copier = asyncio.create_task(asyncio.to_thread(keep_copying))
    rng = random.Random(1)
    for table in tables:
        await play(service, table, rng)
    stop.set()
    await copier
    await service.close()
    await db.close()
    assert len(copies) >= 2
    booked = []
    for copy in copies:
        findings = check(copy)
        assert all(f.ok for f in findings), [f.line for f in findings]
        per_deal = deals_per_copy(copy)
        assert set(per_deal) <= {4}, "a copy holds half a deal's entries"
        booked.append(len(per_deal))
        assert not Path(f"{copy}-wal").exists(), "a copy is one self-contained file"
    assert booked == sorted(booked) and booked[-1] > booked[0], "the copies were taken during play"


async def test_check_finds_a_ledger_that_does_not_sum_to_zero_and_a_damaged_file(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "live.sqlite3")
    await db.execute("INSERT INTO rufmariasch_ledger (guild_id, table_id, hand_no, user_id, amount, currency, kind) "
                     "VALUES (1, 42, 1, 7, 150, '€', 'deal')")
    await db.close()
    backup(tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3")
    bad = [f.line for f in check(tmp_path / "copy.sqlite3") if not f.ok]
    assert len(bad) == 1 and "42" in bad[0] and "+1.50 €" in bad[0]

    damaged = tmp_path / "damaged.sqlite3"
    data = bytearray((tmp_path / "copy.sqlite3").read_bytes())
    data[4096 * 3: 4096 * 4] = os.urandom(4096)
    damaged.write_bytes(bytes(data))
    assert not all(f.ok for f in check(damaged))


def command(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, capture_output=True, text=True,
                          env={**clean, "PYTHONPATH": str(ROOT), **env}, timeout=60)


async def test_the_backup_and_check_commands(tmp_path: Path) -> None:
    await (await Database.open(tmp_path / "live.sqlite3")).close()
    made = command(tmp_path, "backup", "nightly.sqlite3", DATABASE_PATH=str(tmp_path / "live.sqlite3"))
    assert made.returncode == 0 and (tmp_path / "nightly.sqlite3").is_file(), made.stderr
    checked = command(tmp_path, "check", "nightly.sqlite3")
    assert checked.returncode == 0 and checked.stdout.strip().endswith("clean"), checked.stdout
    missing = command(tmp_path, "backup", "x.sqlite3", DATABASE_PATH=str(tmp_path / "nothing.sqlite3"))
    assert missing.returncode == 2 and "DATABASE_PATH" in missing.stderr and "Traceback" not in missing.stderr
    assert command(tmp_path, "check", "nothing.sqlite3").returncode == 2


async def test_the_commands_name_what_is_wrong_with_a_file(tmp_path: Path) -> None:
    """A file that is no database cannot be read (2, as for any unreadable file), a missing one "does not
    exist", a folder is called one, and a backup onto the live database itself is refused."""
    live = tmp_path / "live.sqlite3"
    await (await Database.open(live)).close()
    (tmp_path / "notes.txt").write_text("not a database, " * 100)
    (tmp_path / "empty.sqlite3").touch()
    other = sqlite3.connect(tmp_path / "other.sqlite3")
    other.execute("CREATE TABLE t (x)")
    other.close()
    for name, says in (("notes.txt", "cannot be read as a database"), ("nothing.sqlite3", "does not exist"),
                       (".", "is a folder"), ("empty.sqlite3", "not a Stammtisch database (an empty file)"),
                       ("other.sqlite3", "not a Stammtisch database (no Stammtisch migration applied)")):
        checked = command(tmp_path, "check", name)
        assert checked.returncode == 2 and says in checked.stderr, (name, checked.stderr)
        assert "Traceback" not in checked.stderr
    before = live.read_bytes()
    for target in (str(live), "./live.sqlite3"):
        onto = command(tmp_path, "backup", target, DATABASE_PATH=str(live))
        assert onto.returncode == 2 and "live database" in onto.stderr, onto.stderr
    assert live.read_bytes() == before and not list(tmp_path.glob("*.part"))
    folder = command(tmp_path, "backup", "x.sqlite3", DATABASE_PATH=str(tmp_path))
    assert folder.returncode == 2 and "is a folder" in folder.stderr and "DATABASE_PATH" in folder.stderr
    usage = command(tmp_path, "backup")
    assert usage.returncode == 2 and usage.stderr.startswith("usage: python -m bot backup [-h] FILE")
