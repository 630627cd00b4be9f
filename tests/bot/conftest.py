"""Fixtures shared by the core's tests."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.tables import TableService


@pytest.fixture
async def service(tmp_path):
    """A table service on a fresh, migrated database."""
    db = await Database.open(tmp_path / "db.sqlite3")
    svc = TableService(db)
    yield svc
    await svc.close()
    await db.close()
