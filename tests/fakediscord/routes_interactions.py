"""Interactions: making them for UserActions, and the routes that answer them (the callback, the original
response, follow-ups).

A part of `FakeDiscord` (`server.py`), kept apart by job."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from .models import (
    CB_AUTOCOMPLETE_RESULT,
    CB_CHANNEL_MESSAGE,
    CB_DEFERRED_CHANNEL_MESSAGE,
    CB_DEFERRED_UPDATE_MESSAGE,
    CB_LAUNCH_ACTIVITY,
    CB_MODAL,
    CB_PONG,
    CB_UPDATE_MESSAGE,
    EPHEMERAL,
    LOADING,
    FakeChannel,
    FakeMessage,
    FakeUser,
)
from .records import FakeInteraction
from .validation import DiscordError, invalid_form, validate_autocomplete, validate_modal


class InteractionRoutes:
    """Mixin for FakeDiscord."""

    # ---- route handlers: interactions -------------------------------------------------------------------
    def _interaction_by_token(self, params: dict[str, str]) -> FakeInteraction:
        ix = self._by_token.get(params["token"])
        if ix is None or params.get("application_id", str(self.application_id)) != str(self.application_id):
            raise DiscordError(404, 10015, "Unknown Webhook")
        # Receiving and Responding: "Interaction tokens are valid for 15 minutes"; then 401 / 50027
        if (self.token_lifetime is not None and ix.dispatched_clock is not None
                and self.now() - ix.dispatched_clock > self.token_lifetime):
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return ix

    async def _h_callback(self, rec, params, body, files):
        try:
            ix = self.interactions[int(params["interaction_id"])]
        except (KeyError, ValueError):
            raise DiscordError(404, 10062, "Unknown interaction") from None
        if ix.token != params["token"]:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        rec.interaction_id = ix.id
        rec.channel_id = ix.channel.id
        if ix.callback_type is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        now = time.perf_counter()
        # Receiving and Responding: the initial response must arrive within 3 seconds, else 404 / 10062
        if (self.callback_deadline is not None and ix.dispatched_clock is not None
                and self.now() - ix.dispatched_clock > self.callback_deadline):
            ix.late_callbacks += 1
            if ix.late_at is None:
                ix.late_at = time.perf_counter()
            if ix._late is not None and not ix._late.done():
                ix._late.set_result(None)
            self._notify()
            raise DiscordError(404, 10062, "Unknown interaction")
        if not isinstance(body, dict) or "type" not in body:
            raise invalid_form({"type": {"_errors": [{"code": "BASE_TYPE_REQUIRED", "message": "required"}]}})
        cb_type = int(body["type"])
        data = body.get("data") or {}
        msg: FakeMessage | None = None
        component_like = ix.type == 3 or (ix.type == 5 and ix.message is not None)
        if cb_type == CB_CHANNEL_MESSAGE and ix.type in (2, 3, 5):
            msg = self._create_message(ix.channel, data, files, author=self.bot, rec=rec, interaction=ix)
        elif cb_type == CB_DEFERRED_CHANNEL_MESSAGE and ix.type in (2, 3, 5):
            # Receiving and Responding, Messages: with DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE "the only valid message
            # flag you may use is EPHEMERAL"
            if int(data.get("flags") or 0) & ~EPHEMERAL:
                raise invalid_form({"data": {"flags": {"_errors": [{
                    "code": "MESSAGE_FLAGS_INVALID", "message": "Only EPHEMERAL may be set on a deferred message"}]}}})
            msg = self._create_message(ix.channel, {"flags": data.get("flags")}, [], author=self.bot, rec=rec,
                                       interaction=ix, extra_flags=LOADING)
        elif cb_type == CB_DEFERRED_UPDATE_MESSAGE and component_like:
            msg = ix.message
        elif cb_type == CB_UPDATE_MESSAGE and component_like:
            assert ix.message is not None
            # UPDATE_MESSAGE edits the clicked message as PATCH @original does, so it meets the same refusals:
            # Threads, "Active & Archived Threads" ("Users cannot edit messages ... in archived threads", only
            # active threads can be manipulated: 400 / 50083), and the per-channel count of edits of messages
            # older than an hour (JSON Error Codes 30046; no route named, the stricter reading as for @original)
            self._refuse_archived_message(ix.message)
            self._check_old_webhook_edit(ix.message)
            msg = self._edit_message(ix.message, data, files, rec)
        elif cb_type == CB_AUTOCOMPLETE_RESULT and ix.type == 4:
            validate_autocomplete(data)
            ix.choices = data.get("choices") or []
        elif cb_type == CB_MODAL and ix.type in (2, 3):  # not for a modal submit (type 5): 40043 below
            validate_modal(data)
            ix.modal = data
        elif cb_type in (CB_PONG, CB_LAUNCH_ACTIVITY) and ix.type == 1:
            pass
        else:
            raise DiscordError(400, 40043, f"Interaction callback type {cb_type} is not valid for interaction "
                                           f"type {ix.type}")
        ix.callback_type = cb_type
        ix.callback_data = data
        ix.callback_at = now
        ix.callback_request = rec
        ix.response_message = msg
        ix.events.append((now, "callback", msg.id if msg else None))
        if ix._responded is not None and not ix._responded.done():
            ix._responded.set_result(None)
        if rec.query.get("with_response", "").lower() not in ("1", "true"):
            return 204, None
        interaction: dict[str, Any] = {
            "id": str(ix.id),
            "type": ix.type,
            "response_message_loading": cb_type == CB_DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(msg is not None and msg.ephemeral),
        }
        if msg is not None:
            interaction["response_message_id"] = str(msg.id)
        resource: dict[str, Any] = {"type": cb_type}
        # Receiving and Responding, Interaction Callback Resource Object: the message is "Only present if type is
        # either CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE" (a deferral's loading message, or the clicked
        # message a type 6 leaves alone, are read through GET @original)
        if msg is not None and cb_type in (CB_CHANNEL_MESSAGE, CB_UPDATE_MESSAGE):
            resource["message"] = msg.payload()
        return 200, {"interaction": interaction, "resource": resource}

    def _check_old_webhook_edit(self, msg: FakeMessage) -> None:
        """A component's click answered with type 6 or 7 makes the message it is on (perhaps hours old) the
        interaction's original response, editable through the webhook for 15 minutes. Discord documents no
        figure for edits of old messages by either route; the fake applies the channel's (rules.OLD_EDIT_RULE) to
        both, the stricter reading: the limit is on editing the message, not on the route."""
        ch = self.channels.get(msg.channel_id)
        if ch is not None and not msg.ephemeral:
            self._check_old_edit(ch, msg)

    def _original_message(self, ix: FakeInteraction) -> FakeMessage:
        msg = ix.response_message
        if msg is None or msg.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    async def _h_original_get(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        return 200, self._original_message(ix).payload()

    async def _h_original_edit(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        self._refuse_archived_message(self._original_message(ix))
        self._check_old_webhook_edit(self._original_message(ix))
        msg = self._edit_message(self._original_message(ix), body, files, rec)
        ix.events.append((time.perf_counter(), "edit_original", msg.id))
        return 200, msg.payload()

    async def _h_original_delete(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        msg = self._original_message(ix)
        self._delete_message(msg, rec)
        ix.events.append((time.perf_counter(), "delete_original", msg.id))
        return 204, None

    async def _h_followup(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        if ix.callback_type is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        body = body or {}
        placeholder = ix.response_message
        if (ix.callback_type == CB_DEFERRED_CHANNEL_MESSAGE and placeholder is not None and placeholder.loading
                and not placeholder.deleted):
            # the first followup after a "thinking" defer replaces the loading message, and its visibility stays
            # whatever the followup's flags say (Receiving and Responding, "Followup Messages": a deferred
            # response's first followup edits it; discord-api-docs #2742)
            if int(body.get("flags") or 0) & EPHEMERAL and not placeholder.ephemeral:
                self.ignored_flags.append((ix.id, placeholder.id))
            msg = self._edit_message(placeholder, {k: v for k, v in body.items() if k != "flags"}, files, rec)
        else:
            channel = ix.channel
            thread_id = rec.query.get("thread_id")
            if thread_id:
                channel = self._channel_or_404({"channel_id": thread_id})
            msg = self._create_message(channel, body, files, author=self.bot, rec=rec, interaction=ix)
        ix.followups.append(msg)
        ix.events.append((time.perf_counter(), "followup", msg.id))
        if rec.query.get("wait", "").lower() in ("1", "true"):
            return 200, msg.payload()
        return 204, None

    def _followup_message(self, ix: FakeInteraction, params: dict[str, str]) -> FakeMessage:
        mid = params["message_id"]
        for msg in [*ix.followups, *([ix.response_message] if ix.response_message else [])]:
            if str(msg.id) == mid and not msg.deleted:
                return msg
        raise DiscordError(404, 10008, "Unknown Message")

    async def _h_followup_get(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        return 200, self._followup_message(ix, params).payload()

    async def _h_followup_edit(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        self._refuse_archived_message(self._followup_message(ix, params))
        self._check_old_webhook_edit(self._followup_message(ix, params))
        msg = self._edit_message(self._followup_message(ix, params), body, files, rec)
        ix.events.append((time.perf_counter(), "followup_edit", msg.id))
        return 200, msg.payload()

    async def _h_followup_delete(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        msg = self._followup_message(ix, params)
        self._delete_message(msg, rec)
        ix.events.append((time.perf_counter(), "followup_delete", msg.id))
        return 204, None

    # ---- interactions (used by UserActions) -------------------------------------------------------------
    def _new_interaction(self, itype: int, user: FakeUser, channel: FakeChannel, data: dict[str, Any],
                         message: FakeMessage | None = None, parent: FakeInteraction | None = None) -> FakeInteraction:
        if channel.guild_id in self.left_guilds:
            raise RuntimeError(f"the bot was removed from guild {channel.guild_id}: nobody can use it there")
        if channel.guild_id is not None and user.id in self.departed:
            raise RuntimeError(f"{user.name} left the server: they cannot use the bot there")
        ix = FakeInteraction(id=self.snowflake(), token=f"fake-{secrets.token_urlsafe(24)}", type=itype, user=user,
                             channel=channel, data=data, message=message, parent=parent, _fake=self)
        ix._responded = asyncio.get_running_loop().create_future()
        ix._late = asyncio.get_running_loop().create_future()
        self.interactions[ix.id] = ix
        self._by_token[ix.token] = ix
        return ix

    def _interaction_payload(self, ix: FakeInteraction) -> dict[str, Any]:
        ch = ix.channel
        # in a private thread the bot is no member of, the docs do not say what app_permissions carries: the fake
        # sends the channel's (as the bot would compute them from its cache), the reading that tells the bot least
        perms = self.bot_permissions(ch, as_member=True)
        payload: dict[str, Any] = {
            "id": str(ix.id),
            "application_id": str(self.application_id),
            "type": ix.type,
            "data": ix.data,
            "token": ix.token,
            "version": 1,
            "channel_id": str(ch.id),
            "channel": ch.payload(permissions=self.user_permissions(ix.user)),
            "locale": ix.user.locale,
            "app_permissions": str(perms),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": self.attachment_size_limit,
        }
        if ch.is_dm:
            payload["user"] = ix.user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": str(self.guild_id)}
        else:
            payload["guild_id"] = str(ch.guild_id)
            payload["guild"] = {"id": str(ch.guild_id), "locale": "de", "features": []}
            payload["guild_locale"] = "de"
            payload["member"] = ix.user.member_payload(permissions=self.user_permissions(ix.user))
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(ch.guild_id)}
        if ix.message is not None:
            payload["message"] = ix.message.payload()
        return payload

    async def _dispatch_interaction(self, ix: FakeInteraction) -> FakeInteraction:
        lag = self.gateway_delay

        def on_sent() -> None:
            ix.deliveries += 1
            if ix.dispatched_at is None:
                # the 3 s and the token's 15 minutes run from the interaction's creation, `gateway_delay` earlier
                ix.dispatched_at = time.perf_counter() - lag
                ix.dispatched_clock = self.now() - lag

        payload = self._interaction_payload(ix)
        if lag:
            await asyncio.sleep(lag)
        await self.gateway_for(payload).dispatch("INTERACTION_CREATE", payload, on_sent)
        return ix
