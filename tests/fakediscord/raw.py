"""Raw requests against the fake, for the tests that show what it refuses (test_strict.py: timing, threads and
limits; test_forms.py: what a request may carry)."""

from __future__ import annotations

import json
import time
from typing import Any

import aiohttp

from tests.fakediscord import FakeDiscord, FakeInteraction
from tests.fakediscord.models import MESSAGE_COMPONENT

Answer = tuple[int, Any, "aiohttp.typedefs.LooseHeaders"]


async def call(http: aiohttp.ClientSession, fake: FakeDiscord, method: str, path: str,
               body: Any = None) -> Answer:
    async with http.request(method, fake.api_base + path, json=body) as resp:
        data = await resp.json() if resp.content_type == "application/json" else await resp.text()
        return resp.status, data, resp.headers


async def call_with_file(http: aiohttp.ClientSession, fake: FakeDiscord, method: str, path: str,
                         body: dict[str, Any] | None = None, filename: str = "table.png") -> Answer:
    """A multipart request as discord.py makes one: `payload_json` (the body, its `attachments` naming the file
    unless the body says otherwise) and the file as `files[0]`."""
    body = {"attachments": [{"id": 0, "filename": filename}], **(body or {})}
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps(body), content_type="application/json")
    form.add_field("files[0]", b"\x89PNG\r\n\x1a\n", filename=filename, content_type="image/png")
    async with http.request(method, fake.api_base + path, data=form) as resp:
        data = await resp.json() if resp.content_type == "application/json" else await resp.text()
        return resp.status, data, resp.headers


async def send(http: aiohttp.ClientSession, fake: FakeDiscord, channel_id: int, text: str = "hi") -> Answer:
    return await call(http, fake, "POST", f"/channels/{channel_id}/messages", {"content": text})


async def edit(http: aiohttp.ClientSession, fake: FakeDiscord, channel_id: int, message_id: int,
               text: str) -> Answer:
    return await call(http, fake, "PATCH", f"/channels/{channel_id}/messages/{message_id}", {"content": text})


async def new_thread(http: aiohttp.ClientSession, fake: FakeDiscord, parent: str = "spieltisch",
                     **body: Any) -> int:
    status, data, _ = await call(http, fake, "POST", f"/channels/{fake.channel(parent).id}/threads",
                                 {"name": "Tisch 1", "type": 11, **body})
    assert status == 201, data
    return int(data["id"])


def dispatched(fake: FakeDiscord, user: str = "anna", itype: int = MESSAGE_COMPONENT) -> FakeInteraction:
    """An interaction (a component click unless `itype` says otherwise) as if INTERACTION_CREATE had just gone
    out (no bot needed)."""
    ix = fake._new_interaction(itype, fake.user(user), fake.channel("spieltisch"),
                               {"custom_id": "x", "component_type": 2})
    ix.dispatched_at, ix.dispatched_clock = time.perf_counter(), fake.now()
    return ix
