"""Every REST call of the bot passes here: a bot-wide budget for the calls that count against Discord's global
rate limit, and the counts an operator reads (`bot/metrics.py`).

What Discord says (developer docs, Rate Limits): a bot token may make 50 requests per second in all (the
global limit, whatever the number of shards or processes); interaction endpoints (`/interactions/...`, and
`/webhooks/{application_id}/{token}...` for followups and the original response) do not count against it.
Every 401, 403 and 429 (but a 429 of scope "shared") counts towards 10,000 invalid requests per 10 minutes,
past which Cloudflare bans the bot's IP address for an hour.

What discord.py 2.7 does (`discord/http.py`, `HTTPClient.request`): it keeps the per-route buckets from the
`X-RateLimit-*` headers and waits when one is empty, retries a 429 after `retry_after` (closing a global lock
only after a *global* 429) and a 500/502/504/524 up to five tries. Nothing paces the bot below the global
limit before Discord answers 429. That is the budget here: `GLOBAL_PER_S` requests a second with a burst of
`BURST` (aiolimiter's leaky bucket), taken strictly in arrival order (an asyncio lock in front of it), so a busy
table cannot starve another, and the answer to a click never waits (interaction endpoints are
exempt). It is taken in the aiohttp trace's request start, right before each request goes out: after
discord.py's per-route waits and for each of its retries.

A pace taken at the start cannot say when a request *arrives*, and Discord counts arrivals: a busy event loop
or a slow network lets requests that started apart arrive together (at 2,000 tables opening at once on two
cores, dozens of global 429s). So each limited request also holds one of `WINDOW_SLOTS` slots from its start
until one second after its answer. Any request that arrives within a second [t, t+1) is answered at or after
its arrival, so at the moment the last of them started it still held its slot: at most `WINDOW_SLOTS` requests
arrive in any second, however they bunch on the way. When answers come slowly the slots bind and the pace
falls by itself (held 1 s + the answer's latency each).

Counting: an aiohttp trace (`trace_config`, handed to discord.py's session) sees every HTTP answer, the 429s
discord.py retries internally and the interaction responses included; where no HTTP answer is seen (SimCord
answers without aiohttp), the wrapper counts the call's outcome itself.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from aiolimiter import AsyncLimiter

log = logging.getLogger(__name__)

# Discord allows 50/s (more for a token whose limit Discord raised: DISCORD_GLOBAL_LIMIT). The slots (module
# docstring) keep arrivals within the limit less two in any second whatever the bunching, two below it for calls
# this process does not see (a second bot process during a restart); the pace spreads the calls evenly at 90 % of
# the limit (it was 80 % while it alone had to absorb the bunching).
DISCORD_GLOBAL_LIMIT = 50


def pace(limit: int = DISCORD_GLOBAL_LIMIT) -> tuple[float, int]:
    """The budget's pace (calls a second) and window slots for a token whose global limit is `limit`."""
    return 0.9 * limit, max(1, limit - 2)


GLOBAL_PER_S, WINDOW_SLOTS = pace()
BURST = 3
INVALID_WINDOW_S = 600.0  # Discord counts invalid requests over 10 minutes
INVALID_WARN = 1_000  # a tenth of the ban threshold (10,000): log a warning when the count passes it

# interaction endpoints as discord.py's route templates; and the URL paths the budget paces (the trace sees
# URLs): the REST API but its interaction endpoints (not the gateway's websocket, not the CDN)
_EXEMPT_ROUTE = re.compile(r"^/(interactions/|webhooks/\{webhook_id\}/\{webhook_token\})")
_LIMITED_PATH = re.compile(r"^/api/v\d+/(?!interactions/\d+/|webhooks/\d+/[^/]+)")
_API_PREFIX = re.compile(r"^/api/v\d+")
_TOKEN_AFTER = re.compile(r"^/(interactions|webhooks)/\{id\}/[^/{]+")
_SNOWFLAKE = re.compile(r"/\d+(?=/|$)")
_ANSWER_PATH = re.compile(r"^/api/v\d+/interactions/(\d+)/[^/]+/callback$")
DISCORD_EPOCH_S = 1_420_070_400  # a snowflake's top 42 bits are milliseconds since this moment (Reference, Snowflakes)


def _throttled_cleanup(http: Any, every_s: float = 60.0) -> Callable[[], None]:
    """discord.py drops idle rate-limit buckets by scanning all of them whenever it makes a new one, once it has
    256. Every interaction's answer is a new bucket (its route carries the interaction's id), so at hundreds of
    tables each click scanned thousands of buckets (10 % of the bot's CPU at 500 tables in a profile). The same
    clean-up, at most once a minute: a bucket is dropped after 5 idle minutes either way."""
    scan = http._try_clear_expired_ratelimits
    last = [0.0]

    def cleanup() -> None:
        now = time.monotonic()
        if now - last[0] >= every_s:
            last[0] = now
            scan()

    return cleanup


def exempt(route_path: str) -> bool:
    """Whether a discord.py route template (`Route.path`) is an interaction endpoint."""
    return bool(_EXEMPT_ROUTE.match(route_path))


def kind_of(method: str, path: str) -> str:
    """The route template of a URL path: ids become `{id}`, an interaction or webhook token `{token}`, so the
    counts keep one series per kind of call ("PATCH /channels/{id}/messages/{id}")."""
    path = _SNOWFLAKE.sub("/{id}", _API_PREFIX.sub("", path))
    path = _TOKEN_AFTER.sub(lambda m: f"/{m[1]}/{{id}}/{{token}}", path)
    return f"{method} {path}"


@dataclass
class _Call:
    """The call under way in this task (a context variable): its kind, and whether the trace saw an answer."""

    kind: str
    seen: bool = False


_CURRENT: contextvars.ContextVar[_Call | None] = contextvars.ContextVar("stammtisch_rest_call", default=None)


class RestGate:
    """The bot's REST boundary: `install(http)` wraps `HTTPClient.request`; `trace_config()` goes to the
    client's aiohttp session (`discord.Client(http_trace=...)`)."""

    def __init__(self, *, per_second: float | None = GLOBAL_PER_S, burst: int = BURST,
                 window_slots: int = WINDOW_SLOTS, clock: Callable[[], float] = time.monotonic):
        self.per_second = per_second  # None: count, but do not pace (SimCord's virtual clock)
        self.budget = AsyncLimiter(burst, burst / per_second) if per_second else None
        self.slots = asyncio.Semaphore(window_slots)
        self._turn = asyncio.Lock()  # aiolimiter lets a newcomer pass a waiter it has just woken
        self.clock = clock
        self.calls: Counter[tuple[str, str]] = Counter()  # (kind, status) -> answers
        self.rate_limited: Counter[str] = Counter()  # scope (user, global, shared) -> 429s
        self.limited_calls = 0  # calls (not counting discord.py's retries) that count against the global limit
        self.waited = 0  # requests that waited for the budget
        self.on_wait: Callable[[float], None] | None = None  # told each limited call's wait (metrics)
        # told, as each answer to an interaction goes out, how long after Discord created it (metrics)
        self.on_answer: Callable[[float], None] | None = None
        self._invalid: deque[float] = deque()
        self._warned = False

    # -- installing ---------------------------------------------------------------------------------
    def install(self, http: Any) -> None:
        """Route every `http.request` through the gate (on the instance: SimCord's client works the same)."""
        if getattr(http, "_stammtisch_gate", None) is self:
            return
        original: Callable[..., Awaitable[Any]] = http.request

        async def request(route: discord.http.Route, **kwargs: Any) -> Any:
            return await self.request(original, route, **kwargs)

        http.request = request
        http._stammtisch_gate = self
        if hasattr(http, "_try_clear_expired_ratelimits"):
            http._try_clear_expired_ratelimits = _throttled_cleanup(http)

    def trace_config(self) -> aiohttp.TraceConfig:
        trace = aiohttp.TraceConfig()
        trace.on_request_start.append(self._on_request_start)
        trace.on_request_end.append(self._on_request_end)
        trace.on_request_exception.append(self._on_request_exception)
        return trace

    # -- the boundary -------------------------------------------------------------------------------
    async def request(self, original: Callable[..., Awaitable[Any]], route: discord.http.Route,
                      **kwargs: Any) -> Any:
        self.limited_calls += not exempt(route.path)
        call = _Call(kind=f"{route.method} {route.path}")
        token = _CURRENT.set(call)
        status: int | str | None = None
        try:
            result = await original(route, **kwargs)
            status = 200
            return result
        except discord.RateLimited:
            status = None  # discord.py refused to wait that long; the 429 it saw, if any, is counted
            raise
        except discord.HTTPException as exc:
            status = exc.status
            raise
        except Exception:
            status = "error"  # no answer: a connection failure, a timeout
            raise
        finally:
            _CURRENT.reset(token)
            if not call.seen and status is not None:
                self.record(call.kind, status, {})

    async def _on_request_start(self, session: aiohttp.ClientSession, context: Any,
                                params: aiohttp.TraceRequestStartParams) -> None:
        """Each request to the REST API that counts against the global limit waits here for the budget."""
        if self.on_answer is not None and (answer := _ANSWER_PATH.match(params.url.path)):
            # Discord refuses an answer 3 s after it created the interaction (Receiving and Responding): the time
            # since is the interaction's id read as a snowflake, against this machine's clock
            self.on_answer(time.time() - ((int(answer[1]) >> 22) / 1000 + DISCORD_EPOCH_S))
        if self.budget is None or not _LIMITED_PATH.match(params.url.path):
            return
        if not self.budget.has_capacity() or self.slots.locked():
            self.waited += 1
        started = self.clock()
        async with self._turn:  # asyncio.Lock queues first come, first served; only the head waits in the bucket
            await self.slots.acquire()
            context.holds_slot = True
            await self.budget.acquire()
        if self.on_wait is not None:
            self.on_wait(self.clock() - started)

    def _free_slot(self, context: Any) -> None:
        """The request is answered (or failed): its slot is free one second from now (module docstring)."""
        if getattr(context, "holds_slot", False):
            context.holds_slot = False
            asyncio.get_running_loop().call_later(1.0, self.slots.release)

    async def _on_request_exception(self, session: aiohttp.ClientSession, context: Any,
                                    params: aiohttp.TraceRequestExceptionParams) -> None:
        self._free_slot(context)

    async def _on_request_end(self, session: aiohttp.ClientSession, context: Any,
                              params: aiohttp.TraceRequestEndParams) -> None:
        self._free_slot(context)
        call = _CURRENT.get()
        if call is not None:
            call.seen = True
            kind = call.kind
        else:  # not through HTTPClient.request: an interaction response or followup
            kind = kind_of(params.method, params.url.path)
        self.record(kind, params.response.status, params.response.headers)

    # -- counting -----------------------------------------------------------------------------------
    def record(self, kind: str, status: int | str, headers: Any) -> None:
        self.calls[(kind, str(status))] += 1
        if status == 429:
            scope = headers.get("X-RateLimit-Scope") or (
                "global" if str(headers.get("X-RateLimit-Global", "")).lower() == "true" else "user")
            self.rate_limited[scope] += 1
            if scope == "shared":  # a shared resource's limit: Discord does not count it as invalid
                return
        if status in (401, 403, 429):
            self._invalid_request()

    def _invalid_request(self) -> None:
        self._invalid.append(self.clock())
        count = self.invalid_requests()
        if count > INVALID_WARN and not self._warned:
            self._warned = True
            log.warning("%d invalid requests (401/403/429) in the last 10 minutes; Discord bans the bot's IP "
                        "for an hour at 10,000", count)
        elif count <= INVALID_WARN // 2:
            self._warned = False

    def invalid_requests(self) -> int:
        """401, 403 and (not shared) 429 answers in the last 10 minutes."""
        horizon = self.clock() - INVALID_WINDOW_S
        while self._invalid and self._invalid[0] <= horizon:
            self._invalid.popleft()
        return len(self._invalid)
