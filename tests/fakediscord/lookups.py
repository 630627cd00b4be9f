"""What tests read of the fake and wait for: users, channels, messages, DMs, threads, recorded requests and
their latencies, registered commands; `wait_for` a condition, re-checked after every request and event.

A part of `FakeDiscord` (`server.py`), kept apart by job."""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from .models import DM, FakeChannel, FakeMessage, FakeUser
from .records import RecordedRequest


class Lookups:
    """Mixin for FakeDiscord."""

    # ---- lookups ----------------------------------------------------------------------------------------
    def user(self, ref: FakeUser | int | str) -> FakeUser:
        if isinstance(ref, FakeUser):
            return ref
        if isinstance(ref, int):
            if ref == self.bot.id:
                return self.bot
            return self.users[ref]
        for u in self.users.values():
            if u.name == ref:
                return u
        raise LookupError(f"no user {ref!r}; users: {[u.name for u in self.users.values()]}")

    def channel(self, ref: FakeChannel | int | str) -> FakeChannel:
        if isinstance(ref, FakeChannel):
            return ref
        if isinstance(ref, int):
            return self.channels[ref] if ref in self.channels else self.deleted_channels[ref]
        for c in [*self.channels.values(), *self.deleted_channels.values()]:
            if c.name == ref:
                return c
        raise LookupError(f"no channel {ref!r}; channels: {[c.name for c in self.channels.values()]}")

    def dm_channel(self, user: FakeUser | int | str) -> FakeChannel:
        """The user's DM channel with the bot (created on demand, as a user opening the DM would)."""
        u = self.user(user)
        ch = self.dm_channels.get(u.id)
        if ch is None:
            ch = FakeChannel(id=self.snowflake(), name=f"dm-{u.name}", type=DM, recipient=u)
            self.dm_channels[u.id] = ch
            self.channels[ch.id] = ch
        return ch

    def message(self, ref: FakeMessage | int) -> FakeMessage:
        return ref if isinstance(ref, FakeMessage) else self.messages[ref]

    def messages_in(self, channel: FakeChannel | int | str, *, visible_to: FakeUser | int | str | None = None,
                    include_deleted: bool = False) -> list[FakeMessage]:
        ch = self.channel(channel)
        out = [m for m in ch.messages if include_deleted or not m.deleted]
        if visible_to is not None:
            uid = self.user(visible_to).id
            out = [m for m in out if m.visible_to(uid)]
        return out

    def last_message(self, channel: FakeChannel | int | str, *, visible_to: FakeUser | int | str | None = None,
                     author: FakeUser | int | str | None = None) -> FakeMessage | None:
        msgs = self.messages_in(channel, visible_to=visible_to)
        if author is not None:
            aid = self.user(author).id
            msgs = [m for m in msgs if m.author.id == aid]
        return msgs[-1] if msgs else None

    def dms(self, user: FakeUser | int | str) -> list[FakeMessage]:
        """The bot's (not deleted) messages in the user's DM channel, oldest first."""
        ch = self.dm_channels.get(self.user(user).id)
        return [m for m in ch.messages if not m.deleted and m.author.bot] if ch else []

    def last_dm(self, user: FakeUser | int | str) -> FakeMessage | None:
        msgs = self.dms(user)
        return msgs[-1] if msgs else None

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread]

    def thread(self, name: str) -> FakeChannel:
        for t in self.threads:
            if t.name == name:
                return t
        raise LookupError(f"no thread {name!r}; threads: {[t.name for t in self.threads]}")

    def requests_of(self, kind: str, *, since: int = 0) -> list[RecordedRequest]:
        return [r for r in self.requests[since:] if r.kind == kind]

    def mark(self) -> int:
        """An index into ``requests``; pass it as ``since=`` to count only what came after."""
        return len(self.requests)

    def counts_by_kind(self, since: int = 0, *, ok_only: bool = False) -> Counter[str]:
        return Counter(r.kind for r in self.requests[since:] if not ok_only or r.ok)

    @property
    def unhandled_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.unhandled]

    @property
    def failed_requests(self) -> list[RecordedRequest]:
        """Requests answered with a (non-injected) error: what the bot did wrong or Discord would refuse."""
        return [r for r in self.requests if r.status is not None and r.status >= 400 and r.fault is None]

    def latencies(self, *, answer: bool = False, kind: str | None = None) -> list[float]:
        """Dispatch-to-callback seconds of every answered interaction (answer=True: to the first visible answer,
        i.e. after a defer the first edit/followup). kind: "slash", "component", "modal_submit", "autocomplete"."""
        out = []
        for ix in self.interactions.values():
            if kind is not None and ix.kind != kind:
                continue
            value = ix.answer_latency if answer else ix.latency
            if value is not None:
                out.append(value)
        return out

    def latency_stats(self, *, answer: bool = False, kind: str | None = None) -> dict[str, float]:
        """n, mean, p50, p90, p99, max (seconds) of latencies(); nearest-rank percentiles."""
        values = sorted(self.latencies(answer=answer, kind=kind))
        if not values:
            return {"n": 0}

        def pct(p: float) -> float:
            return values[min(len(values) - 1, max(0, math.ceil(p / 100 * len(values)) - 1))]

        return {"n": len(values), "mean": sum(values) / len(values), "p50": pct(50), "p90": pct(90),
                "p99": pct(99), "max": values[-1]}

    def command(self, name: str, *, guild: bool | None = None) -> dict[str, Any]:
        """A registered chat-input command by top-level name (guild commands shadow global ones)."""
        scopes: list[int | None] = [self.guild_id, None] if guild is None else ([self.guild_id] if guild else [None])
        for scope in scopes:
            cmd = self.commands.get(scope, {}).get((1, name))
            if cmd is not None:
                return cmd
        names = sorted({n for scope in self.commands.values() for (_, n) in scope})
        raise LookupError(f"no command {name!r} registered; registered: {names}")

    # ---- waiting ----------------------------------------------------------------------------------------
    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0, what: str | None = None,
                       poll: float = 0.05) -> Any:
        """Wait until predicate() is truthy and return its value. Re-checked after every request and gateway
        event of the fake, and every ``poll`` seconds (for predicates on state outside the fake)."""
        result = predicate()
        if result:
            return result
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        entry = (predicate, fut)
        self._waiters.append(entry)
        deadline = loop.time() + timeout
        try:
            while not fut.done():
                remaining = deadline - loop.time()
                if remaining <= 0:
                    bad = [r for r in self.requests if r.status is not None and r.status >= 400][-5:]
                    raise TimeoutError(f"timed out after {timeout}s waiting for {what or predicate}; "
                                       f"last error answers: {bad}")
                await asyncio.wait([fut], timeout=min(poll, remaining))
                if not fut.done():
                    result = predicate()
                    if result:
                        return result
            return fut.result()
        finally:
            self._waiters.remove(entry)

    def _notify(self) -> None:
        for predicate, fut in list(self._waiters):
            if fut.done():
                continue
            try:
                result = predicate()
            except Exception as exc:  # surface assertion bugs in predicates to the waiting test
                fut.set_exception(exc)
                continue
            if result:
                fut.set_result(result)

    async def wait_until_connected(self, timeout: float = 10.0) -> None:
        """Until the bot has a live gateway session (READY + GUILD_CREATE sent, or RESUMED)."""
        try:
            await asyncio.wait_for(self.gateway.ready.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(f"bot did not connect to the gateway within {timeout}s; "
                               f"requests so far: {self.requests[-5:]}") from None

    async def wait_for_commands(self, *names: str, timeout: float = 10.0) -> None:
        def registered() -> bool:
            have = {n for scope in self.commands.values() for (t, n) in scope if t == 1}
            return bool(have) and all(n in have for n in names)

        await self.wait_for(registered, timeout, what=f"commands {names or '(any)'} to be synced")
