"""Catching up: what players see follows what is stored, after a crash or a send that failed (a mixin of
`Delivery`). Each message's stored mark says what it last showed; only what is behind is sent again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.tables import Table, TableService
from bot.tables.model import ABANDONED, CANCELLED, FINISHED, OUT_OF_MATCH, RUNNING, shows_digest

from .errors import OPENING_DMS_TOO_FAST

if TYPE_CHECKING:
    from .table_ui import TableUI

log = logging.getLogger(__name__)

T = TypeVar("T")
CATCH_UP_RETRIES = (5, 30, 120, 600)  # seconds before each new try after a send failed
KEEP_TRYING_EVERY = 600  # then, while the table runs and the failure may pass (not 401/403/404), this often
ENDED_WITHOUT_A_MOVE = (CANCELLED, ABANDONED)  # ended by a command or the absent vote: only their end to show


class Attempts:
    """Runs the sends of one batch: a failure is logged and remembered, not raised, so the other parts still go
    out and only what succeeded is marked as shown (`catch_up` sends the rest later)."""

    def __init__(self, table_id: int):
        self.table_id = table_id
        self.failed = False
        self.lasting = False  # a failure that waiting does not cure (401/403/404): no endless retries
        self.error: BaseException | None = None  # the first failure (what a person can be told)
        self.sent = 0  # messages sent or edited (besides storing the marks)

    async def __call__(self, coro: Awaitable[T], *, send: bool = True) -> T | None:
        self.sent += send
        try:
            return await coro
        except Exception as exc:
            self.failed = True
            self.error = self.error or exc
            if not isinstance(exc, discord.HTTPException) or (exc.status in (401, 403, 404)
                                                              and exc.code != OPENING_DMS_TOO_FAST):  # (a pause)
                self.lasting = True  # a refusal, or a bug of ours: trying again every few minutes cures neither
            log.warning("table %s: an update did not go out (%r); it is sent again later", self.table_id, exc,
                        exc_info=not isinstance(exc, discord.HTTPException))
            return None


class CatchUp:
    """Sends what a table's messages are behind (a mixin of `Delivery`, which provides the attributes and methods
    below)."""

    # provided by Delivery
    ui: TableUI
    bot: discord.Client
    service: TableService
    _locks: dict[int, asyncio.Lock]
    _catching_up: dict[int, asyncio.Task[None]]

    if TYPE_CHECKING:
        def lock(self, table: Table) -> asyncio.Lock: ...
        async def post_table(self, table: Table) -> None: ...
        async def update_table(self, table: Table, events: list[dict[str, Any]] | None = None, *,
                               record: bool = True) -> int: ...
        async def send_hand(self, table: Table, seat: int, *, new_hand: bool = False, close_old: bool = True,
                            again: bool = True, force: bool = False, redraws: int = 2) -> str | None: ...
        async def post_score_sheet(self, table: Table) -> int | None: ...
        async def show_end(self, table: Table) -> Attempts: ...

    async def catch_up(self, table: Table) -> Attempts:
        """Bring what players see in line with what is stored, after a crash or a failed send: the table message,
        each hand DM and the score sheets are compared with the marks stored once they went out, and only what
        is behind is sent or edited (a DM that shows the right state is not touched, nothing is sent twice).
        Returns what it tried: `.sent` messages, `.failed` if one did not go out."""
        if table.status in ENDED_WITHOUT_A_MOVE:  # its end to show, once more (what a move would show is moot)
            return await self.show_end(table)
        attempt = Attempts(table.id)
        engine = table.engine
        if engine is None or table.status not in (RUNNING, FINISHED):
            return attempt
        async with self.lock(table):
            version = None
            if table.table_message_id is None:
                await attempt(self.post_table(table))
            elif table.shown_version != table.version:
                version = await attempt(self.update_table(table, [], record=False))
            hand_no = engine.view(None).get("hand_no")
            dms: dict[int, str] = {}
            for seat, s in enumerate(table.seats):
                signature = table.signatures[seat]
                if signature == OUT_OF_MATCH or s.computer:
                    continue
                if s.dm_message_id is None or s.dm_hand_no != hand_no:
                    if table.status != RUNNING or (s.dm_closed and s.dm_hand_no == hand_no):
                        continue  # a finished match deals no hand; closed DMs were told once for this hand
                    digest = await attempt(self.send_hand(table, seat, new_hand=True))
                elif s.dm_shows != shows_digest(signature, s.last_change):
                    digest = await attempt(self.send_hand(table, seat))
                else:
                    continue
                if digest is not None:
                    dms[seat] = digest
            sheets = None
            if await self.service.hands_scored(table) > table.sheets_shown:
                sheets = await attempt(self.post_score_sheet(table))
            await attempt(self.service.record_shown(table, version=version, sheets=sheets, dms=dms), send=False)
        if table.status != RUNNING:
            self._locks.pop(table.id, None)
        return attempt

    def catch_up_later(self, table: Table, *, lasting: bool = False) -> None:
        if table.id not in self._catching_up:
            self._catching_up[table.id] = asyncio.get_running_loop().create_task(
                self._retry_catch_up(table, lasting), name=f"table-{table.id}-catch-up")

    async def _retry_catch_up(self, table: Table, lasting: bool) -> None:
        """Try again after 5 s, 30 s, 2 and 10 minutes; then every 10 minutes while the table runs, unless the
        failure is one that waiting does not cure (401/403/404: every such answer counts towards Discord's
        invalid-request limit, so it is not repeated in a loop; a restart, or the next move, tries again)."""
        try:
            delays = iter(CATCH_UP_RETRIES)
            while True:
                delay = next(delays, None)
                if delay is None:
                    if lasting or table.status != RUNNING:
                        log.error("table %s: its messages are still behind after %d tries; the next move or a "
                                  "restart tries again", table.id, len(CATCH_UP_RETRIES))
                        return
                    delay = KEEP_TRYING_EVERY
                await asyncio.sleep(delay)
                if table.status not in (RUNNING, FINISHED, *ENDED_WITHOUT_A_MOVE):
                    return
                attempt = await self.catch_up(table)
                if not attempt.failed:
                    return
                lasting = attempt.lasting
        finally:
            self._catching_up.pop(table.id, None)

    async def catch_up_all(self, running: Iterable[Table]) -> None:
        """At start-up, once connected: catch up every restored running table and every table that finished
        while its last messages were on their way. A few at a time: most are in line and cost no call."""
        await self.bot.wait_until_ready()
        tables = [t for t in running if t.status == RUNNING] + await self.service.finished_behind()
        gate = asyncio.Semaphore(4)
        sent = 0

        async def one(table: Table) -> None:
            nonlocal sent
            async with gate:
                attempt = await self.catch_up(table)
            sent += attempt.sent
            if attempt.failed:
                self.catch_up_later(table, lasting=attempt.lasting)

        await asyncio.gather(*(one(t) for t in tables))
        ended = await self.service.ended_behind()
        for table in ended:  # ended without a move just before a crash: show the end (no buttons, no live hands)
            await self.ui.ended(table, restarted=True)
        log.info("caught up %d tables: %d messages were behind; %d ended tables shown ended", len(tables), sent,
                 len(ended))
