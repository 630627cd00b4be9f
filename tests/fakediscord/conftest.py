"""Fixtures of the fake's own tests: a fake Discord on 127.0.0.1 and an HTTP session speaking to it as a bot."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as f:
        yield f


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(headers={"Authorization": "Bot fake-token"}) as session:
        yield session
