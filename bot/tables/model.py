"""In-memory state of one table: its seats, its engine and what the Discord side last showed."""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.bidi import isolate
from bot.games import GAMES, Engine

LOBBY, RUNNING, FINISHED, CANCELLED, ABANDONED = "lobby", "running", "finished", "cancelled", "abandoned"
OUT_OF_MATCH = ("out of the match",)  # the signature of a seat the engine lists as eliminated
OPEN_STATUSES = (LOBBY, RUNNING)


class UserError(Exception):
    """Something the user caused; shown to them (ephemeral) after translation.

    `msgid` is an English catalog string with `{placeholders}` filled from `fields`.
    """

    def __init__(self, msgid: str, **fields: Any):
        super().__init__(msgid.format(**fields) if fields else msgid)
        self.msgid = msgid
        self.fields = fields


class StaleError(UserError):
    """A component from an earlier state of the table."""


ROBOT = "\N{ROBOT FACE}"  # the mark of a computer seat's name (its level after it: bot.render.drawable)
GEAR = "\N{GEAR}"  # ... as the pictures draw it
# A seat's name in SQL over `seats s LEFT JOIN players p USING (user_id)`: a person's from `players`, a computer's
# as it was seated (`seats.computer_name`; migration 0012 named those seated before it)
SEAT_NAME_SQL = "COALESCE(s.computer_name, p.name)"

@dataclass
class Seat:
    user_id: int
    name: str
    locale: str | None = None
    dm_channel_id: int | None = None
    dm_message_id: int | None = None
    dm_hand_no: int | None = None
    dm_closed: bool = False
    # the DM message was last drawn without controls (not stored: after a restart it may have some)
    dm_bare: bool = False
    dm_shows: str | None = None  # digest of the signature the hand DM shows (stored: see `shows_digest`)
    # (DM message id, newest table version drawn on it that has landed): see `Delivery.landed` (not stored)
    dm_landed: tuple[int, int] = (0, -1)
    last_change: int = 0
    # the seq of this seat's latest stored action: a button drawn before it answers an earlier question, even one
    # whose words ("Pass") are asked again (not stored: read from the action log when first needed)
    last_acted: int | None = None
    timeouts: int = 0
    autopilot: bool = False  # voted absent-but-continue: the strong computer stands in for this person
    computer: str | None = None  # a computer seat's level ("easy", "strong"); None for a person

    @property
    def plays_itself(self) -> str | None:
        """The level of the computer that moves for this seat: its own, or the strong one standing in."""
        return self.computer or ("strong" if self.autopilot else None)


@dataclass
class Table:
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    settings: dict[str, Any]
    seed: int
    host_id: int
    status: str = LOBBY
    seats: list[Seat] = field(default_factory=list)
    thread_id: int | None = None
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    engine: Engine | None = None
    version: int = 0
    signatures: list[Any] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    timer: asyncio.Task[None] | None = field(default=None, repr=False)
    deadline: float | None = None
    vote: dict[str, Any] | None = None  # an open absent-player vote: {"seat": s, "yes": [...]}
    vote_timer: asyncio.Task[None] | None = field(default=None, repr=False)  # ends the table if the vote stays open
    last_events: list[dict[str, Any]] = field(default_factory=list)
    practice: bool = False  # a computer seat or hints: nothing booked or rated (fixed at the start)
    thinking: asyncio.Task[None] | None = field(default=None, repr=False)  # the computers' moves under way
    gone: bool = field(default=False, repr=False)  # its server or its channel went (`TableService.gone`): no more sends
    pausing: bool = field(default=False, repr=False)  # `thinking` waits out a computer's pause, nothing else
    retries: int = field(default=0, repr=False)  # failed computer moves in a row retried (a race: no turn timer)
    shown_version: int | None = None  # the version the table message shows (None: not known)
    sheets_shown: int = 0  # the scored hands the last score sheet covered
    stored_at: float | None = None  # when (time.monotonic) the current version was stored: delivery lag
    # when (Unix time) the turn timer last started (the last move's `at`, or `tables.timer_since`): read on a restart,
    # which resumes the timer with the time the turn had left (None: not known, a whole period)
    timer_since: float | None = field(default=None, repr=False)
    timer_reminded: bool = field(default=False, repr=False)  # that timer's reminder went out (as stored)

    @property
    def engine_cls(self) -> type[Engine]:
        return GAMES[self.game]

    @property
    def home_channel_id(self) -> int:
        """Where the table's messages live: its thread, or the channel."""
        return self.thread_id or self.channel_id

    @property
    def lobby_channel_id(self) -> int:
        """Where the lobby message is: the channel, where the bot started the table's thread on it (a thread started
        from a message shares its id: developer docs, Start Thread from Message) or made none; else the thread the
        table was opened in (a user's thread, or an earlier table's on "Play again")."""
        if self.thread_id and self.thread_id != self.lobby_message_id:
            return self.thread_id
        return self.channel_id

    @property
    def names(self) -> list[str]:
        """The seats' names; a person's without the robot (🤖) that marks a computer's, so that nobody can pass for
        one by their display name, in the pictures (which draw a computer's name as its level) or the text."""
        return [s.name if s.computer else (s.name.replace(ROBOT, "").replace(GEAR, "").strip() or "?")
                for s in self.seats]

    @property
    def text_names(self) -> list[str]:
        """The names for message text, where Discord formats Markdown: a player called `**x**_y_` is shown as
        typed, not in bold and italics; a right-to-left name is isolated, so that "محمد −7," keeps its sign after
        the name (bot.bidi). Pictures and button labels, which Discord does not format, take `names`."""
        return [isolate(escape_markdown(n)) for n in self.names]

    @property
    def people(self) -> list[int]:
        """The seats of people (not computers)."""
        return [i for i, s in enumerate(self.seats) if s.computer is None]

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    def signature(self, seat: int, shows: Signature | None = None, engine: Engine | None = None) -> tuple[Any, ...]:
        """What a seat's hand message shows: when it changes, the message is re-rendered and older
        components of that seat become stale. `shows`: the game's own account of it (its UI's);
        `engine`: a state other than the table's (a move not stored yet)."""
        e = engine or self.engine
        assert e is not None
        v = e.view(seat)
        if seat in v.get("eliminated", ()):  # Schrööm: out for good, so its DM stays as it is
            return OUT_OF_MATCH
        legal = e.legal_actions(seat)
        return shows(self, v, legal) if shows else default_signature(v, legal)


_MARKDOWN = re.compile(r"([\\*_~|`>#<\[\]])")
# a list item's mark where a line begins: "- ", "+ " or "1. " (a name that begins a line, "- bob to play", would turn
# the status line into a list); only there, so "Jean-Luc" keeps its hyphen unescaped
_LIST_MARK = re.compile(r"^(\s*)(?:([-+])|(\d+)\.)(?=\s)")


def escape_markdown(text: str) -> str:
    """Backslash the characters Discord's Markdown acts on inside a line (and `<`, which starts a mention), and a
    list item's mark at the start."""
    return _LIST_MARK.sub(lambda m: m[1] + (f"\\{m[2]}" if m[2] else f"{m[3]}\\."), _MARKDOWN.sub(r"\\\1", text))


def shows_digest(signature: tuple[Any, ...], last_change: int) -> str:
    """A short, stable digest of what a hand message shows: its signature, drawn no earlier than the seat's last
    change (older buttons are stale). Stored with the seat once the message shows it, so a restart can tell a DM
    that is behind from one that is right (and leave the latter untouched)."""
    return hashlib.blake2b(repr((signature, last_change)).encode(), digest_size=8).hexdigest()


Signature = Callable[[Table, dict[str, Any], list[str]], tuple[Any, ...]]


def default_signature(view: dict[str, Any], legal: list[str]) -> tuple[Any, ...]:
    """A hand message shows the legal actions, the hand, which hand of the match and its phase."""
    return (tuple(legal), tuple(view.get("hand", ())), view.get("hand_no"), view.get("phase"))


AUTO_PERSON, AUTO_TIMER, AUTO_COMPUTER = 0, 1, 2  # actions.auto: who made the move


@dataclass
class Outcome:
    """What one accepted action (and the automatic ones it triggered) changed."""

    table: Table
    seat: int
    action: str
    events: list[dict[str, Any]] = field(default_factory=list)
    changed: set[int] = field(default_factory=set)  # seats whose hand message must be re-rendered
    new_hand: set[int] = field(default_factory=set)  # seats that need a new hand message (new deal)
    finished: bool = False


class Listener(Protocol):
    """The Discord side, told about changes it did not cause (a timer, a computer's move)."""

    async def table_changed(self, table: Table, outcome: Outcome | None) -> None: ...
    async def remind(self, table: Table, seats: list[int]) -> None: ...
    async def absent(self, table: Table, seat: int) -> None: ...
    async def ended(self, table: Table) -> None: ...


@dataclass
class Step:
    """A move applied to a copy of the engine, not stored yet (`TableService._step`): the state after it, its
    events, the seq it takes, the seats' signatures after it and those that changed, and the statements that store
    it. Several are stored in one transaction (`TableService._store`)."""

    seat: int
    action: str
    auto: int
    engine: Engine
    events: list[dict[str, Any]]
    seq: int
    signatures: list[Any]
    changed: set[int]
    statements: list[tuple[str, Any]]
    said: list[dict[str, Any]] = field(default_factory=list)  # events the outcome tells before the move's own
