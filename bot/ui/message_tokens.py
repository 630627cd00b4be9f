"""Editing the bot's messages through clicks' interaction tokens, outside Discord's global rate limit.

What Discord says (developer docs, Receiving and Responding): a component's click answered with UPDATE_MESSAGE
(type 7) or DEFERRED_UPDATE_MESSAGE (type 6, "edit the original message later") makes the message the component
is on the interaction's original response, and `PATCH /webhooks/{application.id}/{interaction.token}/messages/
@original` edits it; "interaction tokens are valid for 15 minutes". And (Rate Limits) "interaction endpoints are
not bound to the bot's global rate limit".

So a click answered on its own message (a decision or a vote on the table message, a card in a hand DM) lends
that message a way to be edited for the next minutes that does not spend the bot-wide budget of ~45 calls/s
(bot/rest.py), which at a few thousand busy tables is what the table pictures wait for. `MessageTokens` keeps the
newest such token per message and hands it out while it is safely young; delivery edits through it and falls back
to the channel's route when there is none or Discord no longer takes it. A click answered with a message of its
own (type 4, an ephemeral note) lends nothing: its @original is that note.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

import discord
from discord.webhook import async_ as webhook_adapter
from discord.webhook.async_ import async_context

from .components import edit_parameters

log = logging.getLogger(__name__)

TOKEN_LIFETIME_S = 15 * 60  # Receiving and Responding: "Interaction tokens are valid for 15 minutes"
# Used up to two minutes before that (counted from the interaction's creation, read from its id): an edit queued
# behind the REST budget or a 429 still goes out in time, and an expired token's 401 would count towards the
# invalid-request limit (Rate Limits).
TOKEN_MARGIN_S = 120.0
SWEEP_EVERY = 1000  # tokens kept between two sweeps of the expired ones
LENDING = (discord.InteractionResponseType.message_update, discord.InteractionResponseType.deferred_message_update)


@dataclass(frozen=True)
class MessageToken:
    application_id: int
    token: str
    message_id: int  # the message its @original is
    until: float  # time.monotonic() after which it is no longer used


class MessageTokens:
    """The newest usable interaction token of each message the bot edits (a table message, a hand DM)."""

    def __init__(self) -> None:
        self._tokens: dict[int, MessageToken] = {}  # message id -> token
        self._kept = 0

    def keep(self, message_id: int | None, interaction: discord.Interaction) -> None:
        """Remember `interaction`'s token if its answer made message `message_id` its original response."""
        message = interaction.message
        if (message_id is None or message is None or message.id != message_id
                or interaction.response.type not in LENDING or interaction.application_id is None):
            return
        age = time.time() - interaction.created_at.timestamp()
        if not 0.0 <= age <= TOKEN_LIFETIME_S:  # a clock that disagrees that much (a simulator's) says nothing
            age = 0.0
        until = time.monotonic() + TOKEN_LIFETIME_S - TOKEN_MARGIN_S - age
        old = self._tokens.get(message_id)
        if old is None or old.until < until:
            self._tokens[message_id] = MessageToken(interaction.application_id, interaction.token, message_id, until)
        self._kept += 1
        if self._kept % SWEEP_EVERY == 0:  # the messages nobody edits again (a finished hand's DM) let go
            now = time.monotonic()
            self._tokens = {m: t for m, t in self._tokens.items() if t.until > now}

    def get(self, message_id: int | None) -> MessageToken | None:
        token = self._tokens.get(message_id) if message_id is not None else None
        if token is None:
            return None
        if token.until <= time.monotonic():
            del self._tokens[message_id]
            return None
        return token

    def kept(self, message_id: int | None) -> MessageToken | None:
        """The token kept for a message, whatever its age (`get` judges the age; this only looks)."""
        return self._tokens.get(message_id) if message_id is not None else None

    def drop(self, message_id: int | None) -> None:
        self._tokens.pop(message_id, None)  # type: ignore[arg-type]

    def __len__(self) -> int:
        return len(self._tokens)


async def edit_original(client: discord.Client, token: MessageToken, **payload: Any) -> None:
    """`Interaction.edit_original_response` from a kept token: the same request through discord.py's webhook
    adapter (which waits out the webhook's own 429s), the answer not parsed into a message (see
    `components.edit_message`)."""
    http = client.http
    with edit_parameters(client, **payload) as params:
        await async_context.get().edit_original_interaction_response(
            token.application_id, token.token, session=http._HTTPClient__session,  # type: ignore[attr-defined]
            proxy=http.proxy, proxy_auth=http.proxy_auth, payload=params.payload, multipart=params.multipart,
            files=params.files)


class ReleaseLater(webhook_adapter.AsyncDeferredLock):
    """discord.py 2.7's webhook adapter holds a lock per rate-limit bucket around each request, and when an answer
    says the bucket is empty (`X-RateLimit-Remaining: 0`) it sleeps out the bucket's reset inside that lock before
    it hands the answer back. An edit through a click's token is awaited under its table's lock, so a table would
    wait for the reset after an edit that already landed. This lock hands the answer back at once and lets the
    bucket go only after the reset: the bucket's next request still waits, bounded by `TOKEN_EDIT_TIMEOUT_S`
    (delivery), after which that edit takes the channel's route."""

    async def __aexit__(self, *exc_info: object) -> None:
        if self.delta:
            asyncio.get_running_loop().call_later(self.delta, self.lock.release)
        else:
            self.lock.release()


def release_webhook_buckets_later() -> None:
    """Make discord.py's webhook requests use `ReleaseLater` (once, at startup; the adapter looks the class up
    at each request)."""
    webhook_adapter.AsyncDeferredLock = ReleaseLater  # type: ignore[misc]
