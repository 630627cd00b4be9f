"""What the fake's parts share: the headers of a JSON answer and the message flags a bot may set."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .models import IS_COMPONENTS_V2

JSON_HEADERS = {"Content-Type": "application/json", "Via": "1.1 google"}
# message flags a bot may set itself
SETTABLE_FLAGS = (1 << 2) | (1 << 12) | IS_COMPONENTS_V2  # suppress embeds, suppress notifications, v2

# gateway intents (Gateway, "List of Intents")
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_MESSAGE_CONTENT = 1 << 15
# Gateway, "Privileged Intents": these must be toggled on for the app in the Developer Portal before an IDENTIFY
# may ask for them
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT


def json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py only parses JSON when Content-Type is *exactly* application/json (no charset).
    hdrs = dict(JSON_HEADERS)
    if headers:
        hdrs.update(headers)
    return web.Response(status=status, body=json.dumps(body).encode(), headers=hdrs)
