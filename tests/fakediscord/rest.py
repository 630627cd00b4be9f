"""The REST entry point of the fake: the route table, matching a request to its handler, injected faults and
rate limits before it, and the recorded answer after it.

A part of `FakeDiscord` (`server.py`), kept apart by job."""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .common import json_response
from .records import RecordedFile, RecordedRequest
from .rules import ROUTE_RULES, RateLimitedError, bucket_hash, rate_limit_response_headers
from .validation import DiscordError

Handler = Callable[[RecordedRequest, dict[str, str], Any, list[RecordedFile]], Awaitable[tuple[int, Any]]]

# (method, path template, kind, handler name); first match wins
ROUTES: list[tuple[str, str, str, str]] = [
    ("GET", "/users/@me", "login", "_h_me"),
    ("GET", "/users/@me/guilds", "my_guilds", "_h_my_guilds"),
    ("POST", "/users/@me/channels", "dm_open", "_h_dm_open"),
    ("GET", "/users/{user_id}", "user_get", "_h_user_get"),
    ("GET", "/oauth2/applications/@me", "application_info", "_h_app_info"),
    ("GET", "/applications/@me", "application_info", "_h_app_info"),
    ("GET", "/gateway", "gateway", "_h_gateway"),
    ("GET", "/gateway/bot", "gateway", "_h_gateway_bot"),
    # application commands
    ("PUT", "/applications/{application_id}/commands", "command_sync", "_h_commands_put"),
    ("GET", "/applications/{application_id}/commands", "commands_get", "_h_commands_get"),
    ("POST", "/applications/{application_id}/commands", "command_upsert", "_h_command_post"),
    ("GET", "/applications/{application_id}/commands/{command_id}", "command_get", "_h_command_get"),
    ("PATCH", "/applications/{application_id}/commands/{command_id}", "command_edit", "_h_command_patch"),
    ("DELETE", "/applications/{application_id}/commands/{command_id}", "command_delete", "_h_command_delete"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands/permissions", "commands_get",
     "_h_command_permissions"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", "command_sync", "_h_commands_put"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", "commands_get", "_h_commands_get"),
    ("POST", "/applications/{application_id}/guilds/{guild_id}/commands", "command_upsert", "_h_command_post"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", "command_get",
     "_h_command_get"),
    ("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", "command_edit",
     "_h_command_patch"),
    ("DELETE", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", "command_delete",
     "_h_command_delete"),
    ("GET", "/applications/{application_id}/emojis", "emojis_get", "_h_emojis_get"),
    ("POST", "/applications/{application_id}/emojis", "emoji_create", "_h_emoji_create"),
    ("DELETE", "/applications/{application_id}/emojis/{emoji_id}", "emoji_delete", "_h_emoji_delete"),
    ("GET", "/applications/{application_id}/entitlements", "entitlements_get", "_h_empty_list"),
    # interactions
    ("POST", "/interactions/{interaction_id}/{token}/callback", "interaction_callback", "_h_callback"),
    ("GET", "/webhooks/{application_id}/{token}/messages/@original", "original_get", "_h_original_get"),
    ("PATCH", "/webhooks/{application_id}/{token}/messages/@original", "original_edit", "_h_original_edit"),
    ("DELETE", "/webhooks/{application_id}/{token}/messages/@original", "original_delete", "_h_original_delete"),
    ("POST", "/webhooks/{application_id}/{token}", "followup", "_h_followup"),
    ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", "followup_get", "_h_followup_get"),
    ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", "followup_edit", "_h_followup_edit"),
    ("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", "followup_delete", "_h_followup_delete"),
    # channels and messages
    ("GET", "/channels/{channel_id}", "channel_get", "_h_channel_get"),
    ("PATCH", "/channels/{channel_id}", "channel_edit", "_h_channel_edit"),
    ("DELETE", "/channels/{channel_id}", "channel_delete", "_h_channel_delete"),
    ("POST", "/channels/{channel_id}/messages", "message_create", "_h_message_create"),
    ("GET", "/channels/{channel_id}/messages", "messages_get", "_h_messages_get"),
    ("GET", "/channels/{channel_id}/messages/{message_id}", "message_get", "_h_message_get"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}", "message_edit", "_h_message_edit"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}", "message_delete", "_h_message_delete"),
    ("POST", "/channels/{channel_id}/typing", "typing", "_h_no_content"),
    ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", "reaction_add",
     "_h_reaction_add"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", "reaction_remove",
     "_h_reaction_remove"),
    ("POST", "/channels/{channel_id}/threads", "thread_create", "_h_thread_create"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads", "thread_create", "_h_thread_from_message"),
    ("PUT", "/channels/{channel_id}/thread-members/{user_id}", "thread_member_add", "_h_thread_member_add"),
    ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", "thread_member_remove",
     "_h_thread_member_remove"),
    # guild
    ("GET", "/guilds/{guild_id}", "guild_get", "_h_guild_get"),
    ("GET", "/guilds/{guild_id}/channels", "guild_channels_get", "_h_guild_channels"),
    ("GET", "/guilds/{guild_id}/roles", "guild_roles_get", "_h_guild_roles"),
    ("GET", "/guilds/{guild_id}/members", "members_get", "_h_members_get"),
    ("GET", "/guilds/{guild_id}/members/{user_id}", "member_get", "_h_member_get"),
]


def _compile(template: str) -> re.Pattern[str]:
    pattern = re.escape(template)
    pattern = re.sub(r"\\\{(\w+)\\\}", lambda m: f"(?P<{m.group(1)}>[^/]+)", pattern)
    return re.compile(f"^{pattern}$")


_COMPILED = [(method, _compile(template), f"{method} {template}", kind, name)
             for method, template, kind, name in ROUTES]


class RestEntry:
    """Mixin for FakeDiscord: every REST request goes through `_handle_rest`; `fail_next` schedules faults."""

    # ---- fault injection --------------------------------------------------------------------------------
    def fail_next(self, kind: str, status: int = 500, count: int = 1, *, after: bool = False) -> None:
        """Deterministic faults: the next ``count`` requests of ``kind`` (e.g. "interaction_callback",
        "message_create", "dm_message_create") answer ``status`` (500 or 429). ``after=True``: the request is
        carried out first and only its answer is lost on the way back (a 5xx from the edge after Discord made the
        message), so a client that simply tries again makes it twice."""
        self._scheduled_faults.append([kind, status, count, after])

    def _scheduled(self, rec: RecordedRequest, *, after: bool) -> int | None:
        """The status of a fault `fail_next` scheduled for this request (before or `after` it is carried out)."""
        for entry in self._scheduled_faults:
            if entry[0] == rec.kind and entry[2] > 0 and entry[3] == after:
                entry[2] -= 1
                return entry[1]
        return None

    def _pick_fault(self, rec: RecordedRequest) -> int | None:
        scheduled = self._scheduled(rec, after=False)
        if scheduled is not None:
            return scheduled
        if self.fail_rate <= 0:
            return None
        if self.fail_filter is not None and not self.fail_filter(rec):
            return None
        key = (rec.method, rec.path)
        if self._consecutive_faults.get(key, 0) >= self.fail_max_consecutive:
            return None
        if self.rng.random() >= self.fail_rate:
            return None
        self._consecutive_faults[key] = self._consecutive_faults.get(key, 0) + 1
        return self.rng.choice(self.fail_statuses)

    def _fault_response(self, rec: RecordedRequest, status: int) -> web.Response:
        if status == 429:
            ra = self.retry_after
            body = {"message": "You are being rate limited.", "retry_after": ra, "global": False}
            rule = ROUTE_RULES.get(rec.route)
            bucket = bucket_hash(rule.bucket if rule else rec.route)  # the bucket the route really has
            headers = {
                "Retry-After": str(max(1, math.ceil(ra))),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{time.time() + ra:.3f}",
                "X-RateLimit-Reset-After": f"{ra:.3f}",
                "X-RateLimit-Bucket": bucket,
                "X-RateLimit-Scope": "user",
            }
            rec.response = body
            rec.rate_limit_scope = "user"
            self.limits.answered(429, "injected")
            return json_response(429, body, headers)
        if status == 404 and rec.kind == "interaction_callback":  # a lost answer: the 3 s passed on the way
            body = {"message": "Unknown interaction", "code": 10062}
            rec.error_code = 10062
        else:
            body = {"message": f"{status}: Internal Server Error", "code": 0}
        rec.response = body
        return json_response(status, body)

    # ---- REST entry point -------------------------------------------------------------------------------
    async def _handle_rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        rec = RecordedRequest(index=len(self.requests), method=request.method, path=path,
                              query=dict(request.query), t_start=time.perf_counter())
        self.requests.append(rec)
        files: list[RecordedFile] = []
        try:
            await self._read_body(request, rec, files)
        except (ValueError, UnicodeDecodeError):
            return self._finish(rec, DiscordError(400, 50109, "The request body contains invalid JSON."))
        rec.files = files

        route = None
        for method, pattern, route_name, kind, handler_name in _COMPILED:
            if method != rec.method:
                continue
            m = pattern.match(path)
            if m:
                route = (route_name, kind, handler_name, m.groupdict())
                break
        if route is None:
            rec.unhandled = True
            return self._finish(rec, DiscordError(404, 0, "404: Not Found"))
        rec.route, rec.kind, handler_name, params = route
        self._annotate(rec, params)
        if rec.kind == "message_create" and rec.channel_id in self.channels and self.channels[rec.channel_id].is_dm:
            rec.kind = "dm_message_create"

        if self.token_reset or (self.token is not None and not path.startswith(("/interactions/", "/webhooks/"))
                                and request.headers.get("Authorization") != f"Bot {self.token}"):
            return self._finish(rec, DiscordError(401, 0, "401: Unauthorized"))
        if self.limits.banned():  # Cloudflare's answer: no JSON, no Via (discord.py raises HTTPException)
            rec.status, rec.error_code, rec.t_end = 429, 1015, time.perf_counter()
            rec.response = "error code: 1015"
            self._notify()
            return web.Response(status=429, text="error code: 1015", headers={"Retry-After": "3600"})
        if self.rest_delay:
            await asyncio.sleep(self.rest_delay)
        # an injected fault stands for a request that failed on the way (a 502 from the edge, an overloaded
        # node): it counts against no rate limit, so its answer carries no bucket the client could learn from
        fault = self._pick_fault(rec)
        if fault is not None:
            rec.fault = rec.status = fault
            rec.t_end = time.perf_counter()
            ix = self.interactions.get(rec.interaction_id or 0)
            if ix is not None and rec.kind == "interaction_callback":
                ix.failed_callbacks += 1
            return self._fault_response(rec, fault)
        self._consecutive_faults.pop((rec.method, rec.path), None)
        limited, rec.rate_limit_headers = self.limits.check(rec.route, params)
        if limited is not None:
            return self._finish(rec, limited)

        handler: Handler = getattr(self, handler_name)
        try:
            status, body = await handler(rec, params, rec.json, files)
        except DiscordError as exc:
            return self._finish(rec, exc)
        lost = self._scheduled(rec, after=True)
        if lost is not None:  # done, but the answer does not arrive
            self._finish(rec, status, body)
            rec.fault = rec.status = lost
            return self._fault_response(rec, lost)
        return self._finish(rec, status, body)

    def _finish(self, rec: RecordedRequest, status: int | DiscordError, body: Any = None) -> web.Response:
        headers = rec.rate_limit_headers
        scope = None
        if isinstance(status, RateLimitedError):
            headers = rate_limit_response_headers(status, headers)
            scope = rec.rate_limit_scope = status.scope
        if isinstance(status, DiscordError):
            body = status.body()
            rec.error_code = status.code if status.code or not isinstance(status, RateLimitedError) else None
            status = status.status
        self.limits.answered(status, scope)
        rec.status = status
        rec.response = body
        rec.t_end = time.perf_counter()
        for listener in self.request_listeners:
            listener(rec)
        self._notify()
        if status == 204 or (body is None and status < 300):
            return web.Response(status=204, headers={"Via": "1.1 google", **headers})
        return json_response(status, body, headers)

    async def _read_body(self, request: web.Request, rec: RecordedRequest, files: list[RecordedFile]) -> None:
        if not request.can_read_body:
            return
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                data = await part.read(decode=False)  # type: ignore[union-attr]
                name = part.name or ""
                if name == "payload_json":
                    rec.json = json.loads(bytes(data))
                else:
                    files.append(RecordedFile(field=name, filename=part.filename or name,  # type: ignore[union-attr]
                                              content_type=part.headers.get("Content-Type"),
                                              data=bytes(data), size=len(data)))
            return
        raw = await request.read()
        if raw:
            rec.json = json.loads(raw)

    def _annotate(self, rec: RecordedRequest, params: dict[str, str]) -> None:
        if "channel_id" in params and params["channel_id"].isdigit():
            rec.channel_id = int(params["channel_id"])
        if "message_id" in params and params["message_id"].isdigit():
            rec.message_id = int(params["message_id"])
        token = params.get("token")
        if token is not None:
            ix = self._by_token.get(token)
            if ix is not None:
                rec.interaction_id = ix.id
                rec.channel_id = ix.channel.id

    async def _serve_attachment(self, request: web.Request) -> web.StreamResponse:
        att = self.attachments.get(int(request.match_info["attachment_id"]))
        if att is None or att.data is None:
            return web.Response(status=404)
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")
