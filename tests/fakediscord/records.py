"""The bot's exchanges with the fake as tests read them: every REST request it made (`RecordedRequest`, with its
`RecordedFile`s) and every interaction a fake user started, with the bot's answers to it (`FakeInteraction`)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CB_DEFERRED_CHANNEL_MESSAGE,
    CB_DEFERRED_UPDATE_MESSAGE,
    EPHEMERAL,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    FakeChannel,
    FakeMessage,
    FakeUser,
)

if TYPE_CHECKING:
    from .server import FakeDiscord


@dataclass(eq=False)
class RecordedFile:
    field: str
    filename: str
    content_type: str | None
    data: bytes | None
    size: int


@dataclass(eq=False)
class RecordedRequest:
    """One REST request as the fake saw it, in arrival order."""

    index: int
    method: str
    path: str  # without the /api/v10 prefix, e.g. "/channels/123/messages"
    query: dict[str, str]
    route: str = ""  # the template, e.g. "POST /channels/{channel_id}/messages"
    kind: str = "unhandled"  # e.g. "message_create", "interaction_callback", "followup", ...
    json: Any = None  # the JSON body, or the parsed payload_json of a multipart body
    files: list[RecordedFile] = field(default_factory=list)
    status: int | None = None
    response: Any = None
    error_code: int | None = None  # Discord JSON error code of a 4xx answer
    fault: int | None = None  # 500 or 429 when the answer was an injected fault
    t_start: float = 0.0
    t_end: float | None = None
    interaction_id: int | None = None
    channel_id: int | None = None
    message_id: int | None = None
    unhandled: bool = False
    rate_limit_headers: dict[str, str] = field(default_factory=dict)  # the X-RateLimit-* headers answered
    rate_limit_scope: str | None = None  # of a 429: "user", "global" or "shared"

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300

    def __repr__(self) -> str:
        extra = f" fault={self.fault}" if self.fault else ""
        return f"<Request #{self.index} {self.method} {self.path} -> {self.status} kind={self.kind}{extra}>"


@dataclass(eq=False)
class FakeInteraction:
    """An interaction a fake user started. Await ``wait()`` for the bot's callback."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    data: dict[str, Any]
    message: FakeMessage | None = None  # the message a component sits on
    parent: FakeInteraction | None = None  # for a modal submit: the interaction that opened the modal
    created_at: float = field(default_factory=time.perf_counter)
    dispatched_at: float | None = None  # when INTERACTION_CREATE was written to the gateway
    dispatched_clock: float | None = None  # the fake's (advanceable) clock at dispatch: 3 s deadline, 15 min token
    deliveries: int = 0  # > 1 when the dispatch was replayed after a RESUME
    callback_at: float | None = None  # when the (successful) interaction callback arrived
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    callback_request: RecordedRequest | None = None
    failed_callbacks: int = 0  # callback attempts answered with an injected fault
    late_callbacks: int = 0  # callback attempts refused with 10062 because the 3 s deadline had passed
    late_at: float | None = None  # when the first of them arrived (time.perf_counter())
    response_message: FakeMessage | None = None  # created (type 4/5) or updated (type 6/7) message
    followups: list[FakeMessage] = field(default_factory=list)
    events: list[tuple[float, str, int | None]] = field(default_factory=list)  # (t, kind, message id)
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    _fake: FakeDiscord | None = field(default=None, repr=False)
    _responded: asyncio.Future[None] | None = field(default=None, repr=False)
    _late: asyncio.Future[None] | None = field(default=None, repr=False)

    # ---- waiting ----------------------------------------------------------------------------------------
    async def wait(self, timeout: float = 5.0) -> FakeInteraction:
        """Wait until the bot answered the interaction callback; returns self."""
        assert self._responded is not None
        try:
            await asyncio.wait_for(asyncio.shield(self._responded), timeout)
        except TimeoutError:
            raise TimeoutError(self._describe_timeout(f"no interaction callback within {timeout}s")) from None
        return self

    async def settle(self, timeout: float = 5.0) -> bool:
        """Until the bot's callback arrived (True) or one came too late and was refused with 10062 (False: a lost
        answer; the bot may still have acted on the click)."""
        assert self._responded is not None and self._late is not None
        done, _ = await asyncio.wait([self._responded, self._late], timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if not done:
            raise TimeoutError(self._describe_timeout(f"no interaction callback within {timeout}s"))
        return self.callback_at is not None

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[FakeMessage]:
        assert self._fake is not None
        await self._fake.wait_for(lambda: len(self.followups) >= count, timeout=timeout,
                                  what=f"{count} followup(s) to interaction {self.id}")
        return self.followups

    async def wait_event(self, kind: str, count: int = 1, timeout: float = 5.0) -> None:
        """Wait until ``count`` events of ``kind`` (callback, followup, edit_original, followup_edit, ...) arrived."""
        assert self._fake is not None
        await self._fake.wait_for(lambda: sum(1 for e in self.events if e[1] == kind) >= count, timeout=timeout,
                                  what=f"{count} {kind} event(s) on interaction {self.id}")

    def _describe_timeout(self, head: str) -> str:
        lines = [f"{head}: {self!r}"]
        if self.dispatched_at is None:
            lines.append("  the INTERACTION_CREATE was never written to a gateway connection")
        if self._fake is not None:
            bad = [r for r in self._fake.requests if not r.ok][-5:]
            if bad:
                lines.append("  last failed requests: " + ", ".join(repr(r) for r in bad))
        return "\n".join(lines)

    # ---- results ----------------------------------------------------------------------------------------
    @property
    def responded(self) -> bool:
        return self.callback_type is not None

    @property
    def latency(self) -> float | None:
        """Seconds from the gateway dispatch to the callback's arrival at the fake."""
        if self.dispatched_at is None or self.callback_at is None:
            return None
        return self.callback_at - self.dispatched_at

    @property
    def answered_at(self) -> float | None:
        """When the user first saw an answer: the callback, or for a defer the first edit/followup after it."""
        if self.callback_at is None:
            return None
        if self.callback_type not in (CB_DEFERRED_CHANNEL_MESSAGE, CB_DEFERRED_UPDATE_MESSAGE):
            return self.callback_at
        for t, kind, _ in self.events:
            if kind in ("edit_original", "followup"):
                return t
        return None

    @property
    def answer_latency(self) -> float | None:
        """Seconds from the dispatch to ``answered_at``."""
        if self.dispatched_at is None or self.answered_at is None:
            return None
        return self.answered_at - self.dispatched_at

    @property
    def ephemeral(self) -> bool:
        if self.callback_data and int(self.callback_data.get("flags") or 0) & EPHEMERAL:
            return True
        return self.response_message is not None and self.response_message.ephemeral

    @property
    def deferred(self) -> bool:
        return self.callback_type in (CB_DEFERRED_CHANNEL_MESSAGE, CB_DEFERRED_UPDATE_MESSAGE)

    @property
    def messages(self) -> list[FakeMessage]:
        """The response message (if any) followed by the followups."""
        out = [self.response_message] if self.response_message is not None else []
        return out + [m for m in self.followups if m is not self.response_message]

    @property
    def kind(self) -> str:
        return {APPLICATION_COMMAND: "slash", MESSAGE_COMPONENT: "component", AUTOCOMPLETE: "autocomplete",
                MODAL_SUBMIT: "modal_submit"}.get(self.type, str(self.type))

    def __repr__(self) -> str:
        name = self.data.get("name") or self.data.get("custom_id")
        return (f"<FakeInteraction {self.kind} {name!r} id={self.id} user={self.user.name} "
                f"callback_type={self.callback_type}>")
