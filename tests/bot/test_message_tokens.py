"""The tokens clicks lend (bot/ui/message_tokens.py) and how delivery edits through them (`Delivery.edit`), on
their own: which answers lend, for how long, and what an edit does when the token's route fails or hangs."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.ui.delivery as delivery_module
import bot.ui.message_tokens as message_tokens
from bot.ui.delivery import Delivery
from bot.ui.message_tokens import MessageTokens

T = discord.InteractionResponseType
MESSAGE = 111


class Clock:
    """time.monotonic and time.time for the module under test, moved by hand."""

    def __init__(self) -> None:
        self.mono = 1000.0
        self.wall = 1_800_000_000.0

    def monotonic(self) -> float:
        return self.mono

    def time(self) -> float:
        return self.wall


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(message_tokens, "time", c)
    return c


def click(clock: Clock, *, on: int = MESSAGE, answered: T | None = T.message_update, age: float = 0.0,
          token: str = "tok") -> Any:
    """A component interaction as discord.py hands it over: the clicked message, how it was answered, when
    Discord created it."""
    return SimpleNamespace(message=SimpleNamespace(id=on), response=SimpleNamespace(type=answered),
                           application_id=7, token=token,
                           created_at=datetime.fromtimestamp(clock.wall - age, UTC))


@pytest.mark.parametrize("answered", [T.message_update, T.deferred_message_update])
def test_an_answer_that_updates_the_clicked_message_lends_its_token(clock, answered):
    tokens = MessageTokens()
    tokens.keep(MESSAGE, click(clock, answered=answered))
    kept = tokens.get(MESSAGE)
    assert kept is not None and kept.token == "tok" and kept.message_id == MESSAGE and kept.application_id == 7


@pytest.mark.parametrize("answered", [T.channel_message, T.deferred_channel_message, None])
def test_an_answer_with_a_message_of_its_own_lends_nothing(clock, answered):
    """Its @original is that new message (an ephemeral note, a hand shown by My hand), not the clicked one."""
    tokens = MessageTokens()
    tokens.keep(MESSAGE, click(clock, answered=answered))
    assert tokens.get(MESSAGE) is None


def test_a_click_on_another_message_lends_nothing_to_this_one(clock):
    tokens = MessageTokens()
    tokens.keep(MESSAGE, click(clock, on=222))
    tokens.keep(None, click(clock))
    assert tokens.get(MESSAGE) is None and tokens.get(222) is None


def test_a_token_is_used_for_the_lifetime_less_the_margin_counted_from_its_creation(clock):
    tokens = MessageTokens()
    tokens.keep(MESSAGE, click(clock, age=30.0))  # the click reached the bot 30 s after Discord made it
    safe = message_tokens.TOKEN_LIFETIME_S - message_tokens.TOKEN_MARGIN_S - 30.0
    clock.mono += safe - 1
    assert tokens.get(MESSAGE) is not None
    clock.mono += 1
    assert tokens.get(MESSAGE) is None, "past its safe age"
    assert tokens.kept(MESSAGE) is None, "and forgotten"


def test_a_clock_that_disagrees_by_more_than_the_lifetime_counts_from_now(clock):
    tokens = MessageTokens()
    tokens.keep(MESSAGE, click(clock, age=-3600.0))  # created "in the future": this machine's clock is off
    assert tokens.kept(MESSAGE).until == clock.mono + message_tokens.TOKEN_LIFETIME_S - message_tokens.TOKEN_MARGIN_S


def test_the_youngest_token_is_kept(clock):
    tokens = MessageTokens()
    tokens.keep(MESSAGE, click(clock, token="young", age=1.0))
    tokens.keep(MESSAGE, click(clock, token="older", age=200.0))  # answered late, after the younger one
    assert tokens.get(MESSAGE).token == "young"
    tokens.keep(MESSAGE, click(clock, token="newest"))
    assert tokens.get(MESSAGE).token == "newest"


def test_expired_tokens_of_messages_nobody_edits_again_are_swept(clock, monkeypatch):
    monkeypatch.setattr(message_tokens, "SWEEP_EVERY", 10)
    tokens = MessageTokens()
    for m in range(9):
        tokens.keep(m, click(clock, on=m))
    clock.mono += message_tokens.TOKEN_LIFETIME_S
    tokens.keep(99, click(clock, on=99))  # the tenth keep sweeps
    assert len(tokens) == 1 and tokens.kept(99) is not None


# -- Delivery.edit: the token's route, and the channel's when it fails ----------------------------------------
class Sent:
    def __init__(self) -> None:
        self.by_token: list[str] = []
        self.by_channel: list[int] = []
        self.renders = 0


def delivery(clock: Clock, sent: Sent, monkeypatch: pytest.MonkeyPatch, token_route) -> tuple[Any, Any]:
    """`Delivery.edit` on a stand-in with a kept token; the two routes recorded instead of sent."""
    tokens = MessageTokens()
    tokens.keep(MESSAGE, click(clock))
    monkeypatch.setattr(delivery_module, "edit_original", token_route)

    async def by_channel(client, channel_id, message_id, **payload):
        sent.by_channel.append(message_id)

    monkeypatch.setattr(delivery_module, "edit_message", by_channel)

    async def render() -> dict[str, Any]:
        sent.renders += 1
        return {"content": "the table", "view": None}

    return SimpleNamespace(tokens=tokens, bot=None), render


def http_error(status: int, code: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="refused")
    return discord.HTTPException(response, {"code": code, "message": "refused"})


async def test_an_edit_goes_through_the_kept_token(clock, monkeypatch):
    sent = Sent()

    async def token_route(client, token, **payload):
        sent.by_token.append(token.token)

    self, render = delivery(clock, sent, monkeypatch, token_route)
    await Delivery.edit(self, 5, MESSAGE, render)
    assert sent.by_token == ["tok"] and not sent.by_channel and sent.renders == 1


@pytest.mark.parametrize(("status", "code"), [(401, 50027), (404, 10015), (404, 10008), (500, 0)])
async def test_a_refused_token_gives_way_to_the_channel_route_once(clock, monkeypatch, status, code):
    """Expired, unknown, a 10008 (webhook routes have given it for messages in threads that exist: the channel's
    route says whether the message is gone), a server error: the channel's route, with a new drawing (the failed
    request closed the picture's file), and the token is forgotten, so a refusal is not repeated."""
    sent = Sent()

    async def token_route(client, token, **payload):
        sent.by_token.append(token.token)
        raise http_error(status, code)

    self, render = delivery(clock, sent, monkeypatch, token_route)
    await Delivery.edit(self, 5, MESSAGE, render)
    assert sent.by_token == ["tok"] and sent.by_channel == [MESSAGE] and sent.renders == 2
    assert self.tokens.kept(MESSAGE) is None


@pytest.mark.parametrize("code", [50083, 30046])
async def test_the_messages_own_trouble_is_raised_as_the_channels_edit_would(clock, monkeypatch, code):
    """An archived thread (un-archived by the caller) or an hour-old message's limit (a new table message)."""
    sent = Sent()

    async def token_route(client, token, **payload):
        raise http_error(400, code)

    self, render = delivery(clock, sent, monkeypatch, token_route)
    with pytest.raises(discord.HTTPException):
        await Delivery.edit(self, 5, MESSAGE, render)
    assert not sent.by_channel and self.tokens.kept(MESSAGE) is not None


async def test_a_token_edit_that_hangs_gives_way_to_the_channel_route(clock, monkeypatch):
    """discord.py's webhook adapter waits out 5xx and 429s itself, under the table's lock: past a bound the edit
    goes through the channel's route, and the table is not held for minutes."""
    monkeypatch.setattr(delivery_module, "TOKEN_EDIT_TIMEOUT_S", 0.05)
    sent = Sent()

    async def token_route(client, token, **payload):
        await asyncio.sleep(30)

    self, render = delivery(clock, sent, monkeypatch, token_route)
    async with asyncio.timeout(5):
        await Delivery.edit(self, 5, MESSAGE, render)
    assert sent.by_channel == [MESSAGE] and self.tokens.kept(MESSAGE) is None


async def test_an_edit_that_empties_its_bucket_returns_at_once_and_the_next_waits_for_the_reset(monkeypatch):
    """discord.py's webhook adapter sleeps out an emptied bucket's reset before it returns the answer; with
    `release_webhook_buckets_later` the answer comes back at once (the table's lock is not held for the reset),
    and the bucket's next request still goes only after the reset. Against a tiny HTTP server on 127.0.0.1 that
    answers as Discord does (Rate Limits: the `X-RateLimit-*` headers)."""
    from aiohttp import ClientSession, web
    from discord.webhook import async_ as adapter_module

    reset_after = 0.6
    arrivals: list[float] = []

    async def edit(request: web.Request) -> web.Response:
        arrivals.append(asyncio.get_running_loop().time())
        return web.json_response({}, headers={
            "X-RateLimit-Limit": "1", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": str(reset_after),
            "X-RateLimit-Bucket": "webhook-token"})

    app = web.Application()
    app.router.add_patch("/api/v10/webhooks/{app}/{token}/messages/@original", edit)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    monkeypatch.setattr(adapter_module, "AsyncDeferredLock", adapter_module.AsyncDeferredLock)  # restored after
    message_tokens.release_webhook_buckets_later()
    adapter = adapter_module.AsyncWebhookAdapter()
    loop = asyncio.get_running_loop()
    try:
        async with ClientSession() as session:
            async def patch() -> float:
                await adapter.edit_original_interaction_response(
                    1, "tok", session=session, proxy=None, proxy_auth=None, payload={"content": "x"})
                return loop.time()

            started = loop.time()
            first_done = await patch()
            assert first_done - started < reset_after / 2  # not the reset's sleep
            await patch()
    finally:
        await runner.cleanup()
    assert arrivals[1] - arrivals[0] >= reset_after * 0.9  # the bucket still paced the next request
