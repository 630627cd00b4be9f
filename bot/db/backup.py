"""`python -m bot backup FILE` and `python -m bot check FILE`: copies of the database, and their verification.

The copy uses SQLite's online backup in a single step: one read transaction sees one committed state, and
under WAL it never blocks the running bot's writes. The copy is switched to a rollback journal, so it is one
self-contained file. `check` opens a file read-only and never migrates it.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

from .database import migrations


class BackupError(Exception):
    """The source or target cannot be used; the message is one line for the person running the command."""


@dataclass(frozen=True)
class Finding:
    ok: bool
    line: str


def not_a_file(path: Path) -> str | None:
    """Why `path` cannot be a database file ("does not exist", "is a folder"), or None when it is a file."""
    if path.is_dir():
        return f"{str(path)!r} is a folder, not a database file"
    if not path.exists():
        return f"{str(path)!r} does not exist"
    if not path.is_file():
        return f"{str(path)!r} is not a regular file"
    return None


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    if why := not_a_file(path):
        raise BackupError(why)
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True, timeout=30)
    except sqlite3.Error as exc:
        raise BackupError(f"{str(path)!r} cannot be opened: {exc}") from exc
    try:  # the first read of the header: a file that is no SQLite database fails here
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise BackupError(f"{str(path)!r} cannot be read as a database: {exc}") from exc
    return conn


def backup(source: Path, target: Path) -> None:
    """Copy the database at `source` (running or not) into `target`, replacing it only once complete."""
    part = target.with_name(target.name + ".part")
    if target.is_dir():
        raise BackupError(f"the backup {str(target)!r} is a folder: name a file in it")
    if target.exists() and source.exists() and target.samefile(source):
        raise BackupError(f"the backup {str(target)!r} is the live database (DATABASE_PATH) itself: "
                          "name another file")
    try:
        src = _connect(source, "rw")
    except BackupError as exc:
        raise BackupError(f"DATABASE_PATH {exc}") from exc
    try:
        part.unlink(missing_ok=True)
        dst = sqlite3.connect(part)
        try:
            src.backup(dst)  # pages=-1: everything in one step, so one consistent snapshot
            dst.execute("PRAGMA journal_mode = DELETE")
        finally:
            dst.close()
        os.replace(part, target)
    except (OSError, sqlite3.Error) as exc:
        part.unlink(missing_ok=True)
        raise BackupError(f"cannot write the backup {str(target)!r}: {exc}") from exc
    finally:
        src.close()


def check(path: Path) -> list[Finding]:
    """Integrity, migration level and the stakes ledgers of the database file at `path`."""
    conn = _connect(path, "ro")
    try:
        if conn.execute("PRAGMA user_version").fetchone()[0] == 0:  # SQLite takes a 0-byte file for an empty one
            empty = "an empty file" if path.stat().st_size == 0 else "no Stammtisch migration applied"
            raise BackupError(f"{str(path)!r} is not a Stammtisch database ({empty})")
        return _check(conn)
    except sqlite3.Error as exc:
        return [Finding(False, f"unreadable: {exc}")]
    finally:
        conn.close()


def _check(conn: sqlite3.Connection) -> list[Finding]:
    problems = [row[0] for row in conn.execute("PRAGMA integrity_check")]
    findings = [Finding(problems == ["ok"], "integrity: " + "; ".join(problems[:5]))]
    broken = conn.execute("PRAGMA foreign_key_check").fetchall()
    findings.append(Finding(not broken, f"foreign keys: {len(broken)} rows point nowhere" if broken
                            else "foreign keys: ok"))
    version, known = conn.execute("PRAGMA user_version").fetchone()[0], len(migrations())
    findings.append(Finding(version <= known, f"migrations: version {version} of {known}"
                            + (" (this bot is older than the file)" if version > known else "")))
    if version >= 2:  # 0002 brought the ledger
        findings.extend(_ledger(conn))
    return findings


def _ledger(conn: sqlite3.Connection) -> list[Finding]:
    """Every Rufmariasch table's deals and every settlement pay out exactly what they take in."""
    tables, deals = conn.execute("SELECT COUNT(DISTINCT table_id), COUNT(DISTINCT table_id || '/' || hand_no) "
                                 "FROM rufmariasch_ledger WHERE kind = 'deal'").fetchone()
    off = conn.execute("SELECT table_id, currency, SUM(amount) FROM rufmariasch_ledger WHERE kind = 'deal' "
                       "GROUP BY table_id, currency HAVING SUM(amount) != 0").fetchall()
    settle_off = conn.execute("SELECT guild_id, settled_upto, currency, SUM(amount) FROM rufmariasch_ledger "
                              "WHERE kind = 'settle' GROUP BY guild_id, settled_upto, currency "
                              "HAVING SUM(amount) != 0").fetchall()
    findings = [Finding(not off, f"stakes: {tables} Rufmariasch tables, {deals} deals, "
                        + ("every table's ledger sums to zero" if not off else
                           "ledger not zero at table(s) " + ", ".join(
                               f"{t} ({s / 100:+.2f} {c})".rstrip() for t, c, s in off[:10])))]
    if settle_off:
        findings.append(Finding(False, "settlements not zero: " + ", ".join(
            f"server {g} up to entry {u} ({s / 100:+.2f} {c})".rstrip() for g, u, c, s in settle_off[:10])))
    return findings


def backup_command(source: Path, target: Path) -> int:
    try:
        backup(source, target)
    except BackupError as exc:
        print(f"stammtisch: {exc}", file=sys.stderr)
        return 2
    print(f"stammtisch: backed up {source} to {target} ({target.stat().st_size} bytes)")
    return 0


def check_command(path: Path) -> int:
    """Exit code 0: clean; 1: a problem found; 2: the file cannot be opened."""
    try:
        findings = check(path)
    except BackupError as exc:
        print(f"stammtisch: {exc}", file=sys.stderr)
        return 2
    for finding in findings:
        print(("ok    " if finding.ok else "FAIL  ") + finding.line)
    clean = all(f.ok for f in findings)
    print(f"{path}: {'clean' if clean else 'PROBLEMS FOUND'}")
    return 0 if clean else 1
