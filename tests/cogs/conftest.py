"""What every cog test checks besides its own assertions: SimCord forgives most of Discord's payload rules, so
each request the bot made in a test's world is checked against the fake Discord's (400 / 50035 on the real one)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.cogs.helpers import discord_refusals, ephemeral_flags_ignored


@pytest.fixture(autouse=True)
def discord_would_accept(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test that drives the bot through SimCord: nothing it sent is a form the real Discord refuses, and no
    follow-up it meant to be private would be public there."""
    world = request.getfixturevalue("world") if "world" in request.fixturenames else None
    yield
    if world is not None:
        refused = discord_refusals(world)
        assert not refused, f"the real Discord would refuse {len(refused)} of the bot's requests: {refused[:3]}"
        public = ephemeral_flags_ignored(world)
        assert not public, f"the real Discord would show {len(public)} ephemeral follow-ups to everyone: {public[:3]}"
