"""Route handlers for who the bot is, the gateway's address, application commands and emojis.

A part of `FakeDiscord` (`server.py`), kept apart by job."""

from __future__ import annotations

import re
from typing import Any

from .rules import RateLimitedError
from .validation import DiscordError, check_command_count, invalid_form, validate_commands

DAILY_COMMAND_CREATES = 200  # per scope (a guild, or the global commands) and day


class CommandRoutes:
    """Mixin for FakeDiscord."""

    # ---- route handlers: identity, application, gateway -------------------------------------------------
    async def _h_me(self, rec, params, body, files):
        return 200, {**self.bot.payload(), "verified": True, "mfa_enabled": False, "email": None,
                     "locale": "en-US", "premium_type": 0}

    async def _h_my_guilds(self, rec, params, body, files):
        """Get Current User Guilds (developer docs, User): the servers the bot is in now, as partial guilds in id
        order, `limit` 1 to 200 (default 200) after `after` or before `before`. Unlike READY, nothing cached: a
        server that removed the bot while no gateway session was there to be told is not listed."""
        query = rec.query
        try:
            limit = int(query.get("limit", 200))
            after = int(query["after"]) if "after" in query else None
            before = int(query["before"]) if "before" in query else None
        except ValueError:
            raise DiscordError(400, 50035, "Invalid Form Body") from None
        if not 1 <= limit <= 200:
            raise DiscordError(400, 50035, "Invalid Form Body (limit: int value should be between 1 and 200)")
        ids = sorted(g for g in self.guild_names if g not in self.left_guilds
                     and (after is None or g > after) and (before is None or g < before))
        ids = ids[-limit:] if before is not None and after is None else ids[:limit]
        return 200, [{"id": str(g), "name": self.guild_names[g], "icon": None, "banner": None, "owner": False,
                      "permissions": "0", "features": []} for g in ids]

    async def _h_user_get(self, rec, params, body, files):
        try:
            return 200, self.user(int(params["user_id"])).payload()
        except (KeyError, ValueError):
            raise DiscordError(404, 10013, "Unknown User") from None

    async def _h_app_info(self, rec, params, body, files):
        owner = next(iter(self.users.values()), self.bot)
        return 200, {
            "id": str(self.application_id), "name": self.bot.name, "icon": None, "description": "",
            "summary": "", "type": None, "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
            "owner": owner.payload(), "team": None, "verify_key": "0" * 64, "flags": 0,
            "bot": self.bot.payload(), "interactions_endpoint_url": None, "redirect_uris": [],
            "approximate_guild_count": 1, "tags": [], "integration_types_config": {"0": {}},
        }

    async def _h_gateway(self, rec, params, body, files):
        return 200, {"url": self.gateway_url}

    async def _h_gateway_bot(self, rec, params, body, files):
        remaining, reset_after = self.session_starts_left()
        return 200, {"url": self.gateway_url, "shards": self.shard_count,
                     "session_start_limit": {"total": self.session_start_limit or 1000, "remaining": remaining,
                                             "reset_after": int(reset_after * 1000), "max_concurrency": 1}}

    # ---- route handlers: application commands -----------------------------------------------------------
    def _scope(self, params: dict[str, str]) -> int | None:
        if params.get("application_id") != str(self.application_id):
            raise DiscordError(403, 50001, "Missing Access")
        gid = params.get("guild_id")
        if gid is None:
            return None
        if gid != str(self.guild_id):
            raise DiscordError(403, 50001, "Missing Access")
        return int(gid)

    def _full_command(self, cmd: dict[str, Any], scope: int | None, old: dict[str, Any] | None) -> dict[str, Any]:
        full = {
            "type": 1, "description": "", "options": [], "default_member_permissions": None,
            "dm_permission": True, "nsfw": False, "name_localizations": None, "description_localizations": None,
            **cmd,
        }
        full["id"] = old["id"] if old else str(self.snowflake())
        full["application_id"] = str(self.application_id)
        full["version"] = str(self.snowflake())
        if scope is not None:
            full["guild_id"] = str(scope)
        return full

    async def _h_commands_put(self, rec, params, body, files):
        scope = self._scope(params)
        if not isinstance(body, list):
            raise invalid_form({"_errors": [{"code": "BASE_TYPE_ARRAY", "message": "Must be an array"}]})
        validate_commands(body)
        check_command_count(body)
        store = self.commands.setdefault(scope, {})
        self._count_creates(scope, sum((cmd.get("type", 1), cmd["name"]) not in store for cmd in body))
        new: dict[tuple[int, str], dict[str, Any]] = {}
        for cmd in body:
            key = (cmd.get("type", 1), cmd["name"])
            new[key] = self._full_command(cmd, scope, store.get(key))
        store.clear()
        store.update(new)
        return 200, list(new.values())

    async def _h_commands_get(self, rec, params, body, files):
        return 200, list(self.commands.get(self._scope(params), {}).values())

    async def _h_command_permissions(self, rec, params, body, files):
        self._scope(params)
        return 200, []

    async def _h_command_post(self, rec, params, body, files):
        scope = self._scope(params)
        validate_commands([body])
        store = self.commands.setdefault(scope, {})
        key = (body.get("type", 1), body["name"])
        old = store.get(key)
        if old is None:
            check_command_count([*store.values(), body])
            self._count_creates(scope, 1)
        store[key] = self._full_command(body, scope, old)
        return (200 if old else 201), store[key]

    def _count_creates(self, scope: int | None, n: int) -> None:
        """Application Commands, Registering a Command: "There is a global rate limit of 200 application command
        creates per day, per guild"; Bulk Overwrite: "Commands that do not already exist will count toward daily
        application command create limits" (an unchanged overwrite creates nothing). Past it: 30034, as a 429 whose
        retry_after runs until the day's oldest create leaves the window (the status is not documented; bots
        report 429)."""
        if not n or not self.command_create_limit:
            return
        now = self.now()
        window = [t for t in self.command_creates.get(scope, []) if now - t < 86400]
        if len(window) + n > DAILY_COMMAND_CREATES:
            raise RateLimitedError(86400 - (now - window[0]) if window else 86400, code=30034,
                                   message="Max number of daily application command creates has been reached (200)")
        self.command_creates[scope] = window + [now] * n

    def _find_command(self, params: dict[str, str]) -> tuple[dict[tuple[int, str], dict[str, Any]], tuple[int, str]]:
        store = self.commands.get(self._scope(params), {})
        for key, cmd in store.items():
            if cmd["id"] == params["command_id"]:
                return store, key
        raise DiscordError(404, 10063, "Unknown application command")

    async def _h_command_get(self, rec, params, body, files):
        store, key = self._find_command(params)
        return 200, store[key]

    async def _h_command_patch(self, rec, params, body, files):
        store, key = self._find_command(params)
        merged = {**store[key], **body}
        validate_commands([merged])
        store[key] = merged
        return 200, merged

    async def _h_command_delete(self, rec, params, body, files):
        store, key = self._find_command(params)
        del store[key]
        return 204, None

    async def _h_emojis_get(self, rec, params, body, files):
        return 200, {"items": list(self.emojis.values())}

    async def _h_emoji_create(self, rec, params, body, files):
        name = body.get("name") or ""
        if not re.fullmatch(r"\w{2,32}", name):
            raise invalid_form({"name": {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": "Invalid name"}]}})
        if any(e["name"] == name for e in self.emojis.values()):
            raise invalid_form({"name": {"_errors": [{"code": "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                                                      "message": "Emoji name already taken"}]}})
        emoji = {"id": str(self.snowflake()), "name": name, "roles": [], "require_colons": True,
                 "managed": False, "animated": str(body.get("image", "")).startswith("data:image/gif"),
                 "available": True, "user": self.bot.payload()}
        self.emojis[int(emoji["id"])] = emoji
        return 201, emoji

    async def _h_emoji_delete(self, rec, params, body, files):
        if self.emojis.pop(int(params["emoji_id"]), None) is None:
            raise DiscordError(404, 10014, "Unknown Emoji")
        return 204, None

    async def _h_empty_list(self, rec, params, body, files):
        return 200, []

    async def _h_no_content(self, rec, params, body, files):
        self._channel_or_404(params)
        return 204, None
