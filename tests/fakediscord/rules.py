"""Discord's rate limits as the fake enforces them: per-route buckets, the global limit, the invalid-request count.

Every figure here either comes from Discord's developer documentation or, where the docs give none, from a
documented community figure (named in the comment). The bookkeeping is O(1) per request: fixed windows in
dicts, and a deque for the sliding 10-minute count of invalid requests, so the load benchmark can drive
thousands of tables through the fake on two cores.

Docs: Rate Limits, https://discord.com/developers/docs/topics/rate-limits (headers, 429 body, global limit,
"Interaction endpoints are not bound to the bot's Global Rate Limit", invalid request limit).
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import Counter, deque
from dataclasses import dataclass
from typing import Any, NamedTuple

from .validation import DiscordError

# Routes of the interaction endpoints (Receiving and Responding, "Endpoints"): exempt from the global limit.
INTERACTION_ROUTES = frozenset({
    "POST /interactions/{interaction_id}/{token}/callback",
    "GET /webhooks/{application_id}/{token}/messages/@original",
    "PATCH /webhooks/{application_id}/{token}/messages/@original",
    "DELETE /webhooks/{application_id}/{token}/messages/@original",
    "POST /webhooks/{application_id}/{token}",
    "GET /webhooks/{application_id}/{token}/messages/{message_id}",
    "PATCH /webhooks/{application_id}/{token}/messages/{message_id}",
    "DELETE /webhooks/{application_id}/{token}/messages/{message_id}",
})
# Top-level resources ("major parameters", Rate Limits page): a bucket counts per value of these.
MAJOR_PARAMETERS = ("channel_id", "guild_id", "interaction_id", "application_id", "token")

INVALID_WINDOW = 600.0  # seconds: "10,000 per 10 minutes" (Rate Limits, Invalid Request Limit)
INVALID_LIMIT = 10_000
BAN_SECONDS = 3600.0  # Cloudflare's temporary restriction; the issue and community reports say about an hour


class Rule(NamedTuple):
    bucket: str  # shared by the routes that name the same bucket
    limit: int
    per: float  # seconds


# Per-route limits. Discord publishes no figures ("should not be hard coded"); these are the long-standing
# community figures, which the headers then tell the client:
# - messages: 5 per 5 s per channel, for creating and for editing (discord/discord-api-docs#20, Discord staff:
#   "a 5/5 per server rate limit ... applies to message creation and editing"; per channel since the
#   per-resource change; also the community table https://gist.github.com/XynoxTheDev/8aa33c15bf0e2a550789d3f6faa475ee);
# - deleting messages 5 per 1 s per channel, reactions 1 per 0.25 s per channel (same table);
# - renaming a channel or thread (name/topic) 2 per 10 minutes (widely reported; enforced in server.py).
ROUTE_RULES: dict[str, Rule] = {
    "POST /channels/{channel_id}/messages": Rule("message-create", 5, 5.0),
    "PATCH /channels/{channel_id}/messages/{message_id}": Rule("message-edit", 5, 5.0),
    "DELETE /channels/{channel_id}/messages/{message_id}": Rule("message-delete", 5, 1.0),
    "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me": Rule("reaction", 1, 0.25),
    "DELETE /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me": Rule("reaction", 1, 0.25),
}
# An interaction's webhook routes (its original response, its follow-ups): "Interactions webhooks share the same rate
# limit properties as normal webhooks" (Receiving and Responding, "Followup Messages"), no figure given. Measured
# and reported in discord/discord-api-docs#2701: 5 per 2 s per interaction (the major parameter is the interaction
# behind the token, not the application id in the path), which Discord staff answered there: "the rate limits used
# are identical to webhook rate limits". One bucket for all of an interaction's webhook routes, the strict reading.
INTERACTION_WEBHOOK_RULE = Rule("interaction-webhook", 5, 2.0)
ROUTE_RULES.update({route: INTERACTION_WEBHOOK_RULE for route in INTERACTION_ROUTES if route.startswith(
    ("POST /webhooks/", "PATCH /webhooks/", "DELETE /webhooks/"))})
DEFAULT_LIMIT = Rule("", 50, 1.0)  # any other route: its own bucket (no published figure; loose on purpose)
RENAME_RULE = Rule("channel-rename", 2, 600.0)
# Edits of messages older than an hour (30046, "Maximum number of edits to messages older than 1 hour reached"):
# no documented figure; circuitsacul/starboard-4#118 (a large bot's author) measured about 3 per 20 s per
# channel. Answered 429 with code 30046, as discord.py users report it (aikaterna/aikaterna-cogs#302).
OLD_EDIT_RULE = Rule("old-message-edit", 3, 20.0)
OLD_MESSAGE_AGE = 3600.0
# Opening DM channels too fast (40003, "You are opening direct messages too fast"): no documented figure; we
# apply the bot DM figure Discord staff gave in discord/discord-api-docs#20 ("a 5/5 global DM rate limit") to
# opening a DM channel with a user the bot has none with yet. Answered 403 / 40003, as reported in
# davidhozic/discord-advertisement-framework#82 (discord.py: "403 Forbidden (error code: 40003)").
DM_OPEN_RULE = Rule("dm-open", 5, 5.0)
GLOBAL_LIMIT = 50  # requests per second per bot (Rate Limits, Global Rate Limit)


@dataclass(slots=True)
class Window:
    """A fixed window: `limit` requests, then none until `per` seconds after the window's first request."""

    limit: int
    per: float
    count: int = 0
    reset_at: float = 0.0

    def take(self, now: float) -> float:
        """0.0 if a request may go now (and counts it), else the seconds until the window resets."""
        if now >= self.reset_at:
            self.count = 0
            self.reset_at = now + self.per
        if self.count >= self.limit:
            return self.reset_at - now
        self.count += 1
        return 0.0


class RateLimitedError(DiscordError):
    """A 429 raised by a route handler (30046) or by the limiter: becomes Discord's 429 body and headers."""

    def __init__(self, retry_after: float, *, scope: str = "user", code: int | None = None,
                 message: str = "You are being rate limited.", is_global: bool = False) -> None:
        super().__init__(429, code or 0, message)
        self.retry_after = retry_after
        self.scope = scope
        self.is_global = is_global

    def body(self) -> dict[str, Any]:
        # rounded up to the millisecond: a client that waits exactly this long finds the window reset
        body: dict[str, Any] = {"message": self.message, "retry_after": math.ceil(self.retry_after * 1000) / 1000,
                                "global": self.is_global}
        if self.code:
            body["code"] = self.code
        return body


def bucket_hash(name: str) -> str:
    return hashlib.blake2s(name.encode(), digest_size=8).hexdigest()


class Limits:
    """The fake's rate limiter and invalid-request count. `clock` is the fake's (advanceable) monotonic clock."""

    def __init__(self, clock: Any, *, route_limits: bool = True, global_limit: int | None = GLOBAL_LIMIT,
                 ban: bool = True) -> None:
        self.clock = clock
        self.route_limits = route_limits
        self.global_window = Window(global_limit, 1.0) if global_limit else None
        self.ban = ban
        self.buckets: dict[tuple[str, str], Window] = {}
        self.invalid: deque[float] = deque()  # clock times of the invalid requests of the last 10 minutes
        self.invalid_total = 0
        self.invalid_worst = 0  # the most invalid requests seen in any 10-minute window
        self.rate_limited: Counter[str] = Counter()  # 429s answered, by scope: user / global / shared
        self.global_counted = 0  # requests that counted against the global limit
        self.banned_until = 0.0
        self.bans = 0

    # ---- per request ------------------------------------------------------------------------------------
    def banned(self) -> bool:
        return self.clock() < self.banned_until

    def check(self, route: str, params: dict[str, str]) -> tuple[RateLimitedError | None, dict[str, str]]:
        """Before a request is handled: (a 429 to answer, or None; the X-RateLimit-* headers of its answer)."""
        now = self.clock()
        if route not in INTERACTION_ROUTES and self.global_window is not None:
            wait = self.global_window.take(now)
            if wait:
                return RateLimitedError(wait, scope="global", is_global=True), {}
            self.global_counted += 1
        rule = ROUTE_RULES.get(route, DEFAULT_LIMIT)
        name = rule.bucket or route
        major = "+".join(params[k] for k in MAJOR_PARAMETERS if k in params)
        window = self.buckets.get((name, major))
        if window is None:
            window = self.buckets[(name, major)] = Window(rule.limit, rule.per)
        wait = window.take(now) if self.route_limits else 0.0
        headers = self.headers(window, name, now)
        if wait:
            return RateLimitedError(wait, scope="user"), headers
        return None, headers

    def take(self, rule: Rule, key: str) -> float:
        """A limit a handler applies itself (renames, old-message edits, new DMs): 0.0 or seconds to wait."""
        window = self.buckets.get((rule.bucket, key))
        if window is None:
            window = self.buckets[(rule.bucket, key)] = Window(rule.limit, rule.per)
        return window.take(self.clock())

    @staticmethod
    def headers(window: Window, name: str, now: float) -> dict[str, str]:
        reset_after = max(0.0, window.reset_at - now)
        return {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(max(0, window.limit - window.count)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash(name),
        }

    def answered(self, status: int, scope: str | None = None) -> None:
        """Count an answer: 401, 403 and 429 (except scope "shared") are invalid requests."""
        if status == 429:
            self.rate_limited[scope or "user"] += 1
        if status in (401, 403) or (status == 429 and scope != "shared"):
            now = self.clock()
            self.invalid.append(now)
            self.invalid_total += 1
            while self.invalid and self.invalid[0] <= now - INVALID_WINDOW:
                self.invalid.popleft()
            self.invalid_worst = max(self.invalid_worst, len(self.invalid))
            if self.ban and len(self.invalid) >= INVALID_LIMIT and not self.banned():
                self.banned_until = now + BAN_SECONDS
                self.bans += 1

    def invalid_last_10_minutes(self) -> int:
        now = self.clock()
        while self.invalid and self.invalid[0] <= now - INVALID_WINDOW:
            self.invalid.popleft()
        return len(self.invalid)


def rate_limit_response_headers(exc: RateLimitedError, headers: dict[str, str]) -> dict[str, str]:
    """The headers of a 429: Retry-After (whole seconds, as Discord sends it) and the scope; a global 429 carries
    X-RateLimit-Global instead of a bucket's headers (Rate Limits, "Example Exceeded Global Rate Limit")."""
    out = {"Retry-After": str(max(1, math.ceil(exc.retry_after))), "X-RateLimit-Scope": exc.scope}
    if exc.is_global:
        out["X-RateLimit-Global"] = "true"
    else:
        out.update(headers)
        out["X-RateLimit-Remaining"] = "0"
        out["X-RateLimit-Reset-After"] = f"{exc.retry_after:.3f}"
        out["X-RateLimit-Reset"] = f"{time.time() + exc.retry_after:.3f}"
    return out
