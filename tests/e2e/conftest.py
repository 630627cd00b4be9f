from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake


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
