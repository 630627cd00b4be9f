from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord

# Answers that mean the bot sent a form the real Discord refuses, whatever the test provokes (lost answers, archived
# threads, missing permissions and rate limits are other codes): an invalid form body, an answer that does not fit
# the interaction, a second answer, an empty message, too many commands
REFUSED_FORMS = {50035, 40043, 40060, 50006, 30032}


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
    refused = [r for r in fake.failed_requests if r.error_code in REFUSED_FORMS]
    assert not refused, [(r.kind, r.status, r.error_code, r.response) for r in refused[:3]]
    assert not fake.ignored_flags, f"ephemeral follow-ups that the real Discord would show to everyone: {fake.ignored_flags}"


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "stammtisch.sqlite3"


def read_db(path: Path, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
    """Read the bot's database from outside (WAL: a reader sees what the bot committed)."""
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()
