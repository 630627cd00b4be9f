"""Point an in-process discord.py client at a FakeDiscord (what the bot does itself from its env vars)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .server import FakeDiscord


@contextlib.contextmanager
def pointed_at(fake: FakeDiscord) -> Iterator[None]:
    """Set discord.http.Route.BASE and DiscordWebSocket.DEFAULT_GATEWAY to the fake; restore them afterwards.

    Both are class attributes read at request / connect time, so this also covers the webhook adapter used for
    interaction callbacks and followups (it builds discord.http.Route objects too).
    """
    import discord.gateway
    import discord.http
    import yarl

    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway
