"""Delivery: the one path from what is stored to what players see.

A stored move (or a start, a timer, a computer's move) marks what each message owes (`Pending`); one batch at a
time per table sends the newest state of each owed message and records what it showed. Answering the click is
separate: its failure (10062 after Discord's 3 s deadline, a 5xx) changes nothing here. A batch whose part
failed is caught up later from the stored marks (`catch_up`), which is also what runs after a crash: the same
path serves a lost answer, a crash, an archived thread (un-archived, then sent again), a rate limit (discord.py
waits `retry_after`; moves meanwhile merge into the next batch, which shows the newest state) and a slow channel.
An edit goes through the token a recent click on that message lent (`message_tokens`), outside Discord's global
rate limit, wherever there is one.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.tables import Outcome, Table, TableService
from bot.tables.model import FINISHED, OUT_OF_MATCH, RUNNING

from .catch_up import Attempts, CatchUp
from .components import Sent, bare, edit_message, send_message
from .dms import DMChannels
from .errors import THREAD_LOCKED
from .hand_dms import HandDMs, nonce
from .home import THREAD_ARCHIVED, UNKNOWN_CHANNEL, HeldBack, TableHome
from .in_time import edit_in_time
from .message_tokens import MessageTokens, edit_original

if TYPE_CHECKING:
    from .table_ui import TableUI

log = logging.getLogger(__name__)

OLD_MESSAGE_EDITS = 30046  # "Maximum number of edits to messages older than 1 hour reached"
UNKNOWN_MESSAGE = 10008  # the message is gone (a moderator deleted it)
TOKEN_EDIT_TIMEOUT_S = 10.0  # see Delivery.edit
# Discord limits the edits of messages older than an hour (30046: a few per window and channel, the figure
# undocumented). It answers 429, which discord.py sleeps out and retries itself, five times, with the table's lock
# held: a table whose message is that old would stall at every move. So the table moves to a fresh message, and the
# old one goes, before it is that old: at its next edit after FRESH_FOR_S, or at a click on it (answered by a
# deferral then, not by an edit of the old message). Ages are read from the snowflakes (Discord's clock).
FRESH_FOR_S = 55 * 60
# Batches under way at once, bot-wide. A batch draws pictures and makes REST calls on the event loop the answers to
# clicks share; past what the process can do, further tables wait for a slot and their moves meanwhile merge into
# one batch (one table edit showing all of them), so the work per move falls as the load rises and the answers do
# not queue behind pictures. Each slot's calls also wait for the REST budget (bot/rest.py).
DELIVERY_SLOTS = 8
# A player whose DMs refused the bot, pressing "My hand", gets one new try of a DM hand at most this often (seconds):
# they may have opened their DMs since, and each refusal counts against Discord's invalid-request limit
DM_RETRY_S = 600.0


class PlaceGone(Exception):
    """The table's server or channel went while one of its messages was being drawn: it is not sent."""


@dataclass
class Pending:
    """The Discord updates that accepted moves still owe a table, merged: whoever ships them renders the
    table as it is then, so moves that arrive while the last updates are on their way (slow REST, a rate
    limit, a burst of Repezita plays) cost one table edit and one edit per changed hand, not one per move."""

    events: list[dict[str, Any]] = field(default_factory=list)
    hands: dict[int, bool] = field(default_factory=dict)  # seat -> needs a new hand message
    keep_old: set[int] = field(default_factory=set)  # seats whose old hand message the response already closed
    sheets: int = 0  # hands scored: post the score sheet
    table_shown: bool = False  # the answer to a click on the table message showed the table as it is now
    shown_version: int | None = None  # ... and which version it showed


class Delivery(TableHome, CatchUp, HandDMs):
    clock: Callable[[], float] = staticmethod(time.time)  # Discord's time as this host reads it (tests set it)

    def __init__(self, ui: TableUI):
        self.ui = ui
        self.bot: discord.Client = ui.bot
        self.service: TableService = ui.service
        self.dms = DMChannels(ui.service.db)
        self.tokens = MessageTokens()  # clicks' tokens that edit a message outside the global limit
        self._locks: dict[int, asyncio.Lock] = {}  # table id -> one batch at a time, see after_move
        self._slots = asyncio.Semaphore(DELIVERY_SLOTS)  # batches under way bot-wide, see DELIVERY_SLOTS
        self._pending: dict[int, Pending] = {}  # table id -> updates not yet shipped
        self._catching_up: dict[int, asyncio.Task[None]] = {}  # table id -> a later catch_up after a failed send
        self._shipping = 0  # after_move calls under way; `settle()` waits for them at shutdown
        self._settled = asyncio.Event()
        self._settled.set()
        self.lag_observers: list[Callable[[float], None]] = []  # seconds from stored to shown (metrics)
        self._dms_tried: dict[int, float] = {}  # user id -> when "My hand" last tried their closed DMs again
        self._discord_seen = 0.0  # the latest Discord time an interaction's snowflake told, should this host lag
        self.held_back: dict[int, HeldBack] = {}  # table id -> Discord's refusal of its place, until it lifts
        # table id -> the table, whose score sheets wait for its pictures (`post_score_sheet`): a finished one's too,
        # so that a permission given back brings its last sheet (cogs/tables.py)
        self.sheets_waiting: dict[int, Table] = {}

    def discord_now(self, interaction: discord.Interaction | None = None) -> float:
        """Discord's time now: this host's clock, or what an interaction's snowflake says, whichever is later."""
        if interaction is not None:
            self._discord_seen = max(self._discord_seen, interaction.created_at.timestamp())
        return max(self.clock(), self._discord_seen)

    def too_old(self, message_id: int | None, interaction: discord.Interaction | None = None) -> bool:
        """Whether the message is old enough that Discord's limit on edits of old messages is near (FRESH_FOR_S)."""
        if message_id is None:
            return False
        return self.discord_now(interaction) - discord.utils.snowflake_time(message_id).timestamp() > FRESH_FOR_S

    def lock(self, table: Table) -> asyncio.Lock:
        return self._locks.setdefault(table.id, asyncio.Lock())

    async def settle(self, timeout: float) -> None:
        """Let the table and hand messages of moves already stored go out (at shutdown, before the HTTP
        session and the database close under them); gives up after `timeout` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._settled.wait(), timeout)

    def close(self) -> None:
        for task in self._catching_up.values():
            task.cancel()

    # -- after a stored change ---------------------------------------------------------------------
    async def after_move(self, table: Table, outcome: Outcome, *, responded_seat: int | None = None,
                         responded_in_dm: bool = False, answer: discord.Interaction | None = None,
                         answer_since: float | None = None) -> None:
        """Bring the table message and the changed hands in line with an accepted move; returns once they are.

        One table's updates go out one batch after the other: a move made while the last one's DMs and image
        are still on their way must not race them, or a player gets two new-hand DMs (one left with live
        buttons) and an older image can land last. Moves that arrive meanwhile are merged into the next batch
        (`Pending`), which shows the table as it is when it goes out.

        `responded_seat`: the seat whose click was answered with its hand as it is now (only when that answer
        went out). `answer`: a click on the table message not yet answered; the answer shows the table (edits
        it), or, if the last move's updates are still on their way, acknowledges the click at once (Discord waits
        3 s) and the table is edited when this move's batch goes out. `answer_since`: when that click reached the
        bot (`time.monotonic()`; `in_time.edit_in_time`)."""
        pending = self._pending.setdefault(table.id, Pending())
        _merge(pending, table, outcome, responded_seat, responded_in_dm)
        self._shipping += 1
        self._settled.clear()
        try:
            lock = self.lock(table)
            if answer is not None and lock.locked():
                await self.safe(answer.response.defer())
                self.keep_token(table, answer)
                answer = None
            async with lock:
                batch = None
                if answer is not None:  # answered at once, not behind other tables' batches
                    batch = self._pending.pop(table.id, None)
                    batch_shown = batch is not None and await self._answer_with_table(
                        answer, table, batch, time.monotonic() if answer_since is None else answer_since)
                    if not batch_shown and not answer.response.is_done():  # (a late picture's click is deferred)
                        await self.safe(answer.response.defer())  # an earlier batch showed it, or the edit failed
                    self.keep_token(table, answer)
                async with self._slots:
                    if batch is None:  # moves stored while this one waited for its slot come along
                        batch = self._pending.pop(table.id, None)
                    if batch is not None:  # else an earlier move's batch carried this one too
                        await self._ship(table, batch)
        finally:
            self._shipping -= 1
            if not self._shipping:
                self._settled.set()
        if table.status != RUNNING and not self._pending.get(table.id):
            self._let_go(table)
            if outcome.finished:
                await self.retire_thread(table)
                await self.ui.refresh_lobby(table)  # it said "The game has started" for good

    async def started(self, table: Table) -> Attempts:
        """A table started: its table message and every person's first hand. What fails is caught up later, so
        a lost answer to Start or a refused send never leaves a running table unseen. Returns what it tried (a
        refusal is told to whoever pressed Start)."""
        attempt = Attempts(table.id)
        async with self.lock(table):
            await attempt(self.post_table(table))
            await asyncio.gather(*(attempt(self.send_hand(table, seat, new_hand=True)) for seat in table.people))
        if attempt.failed:
            self.catch_up_later(table, lasting=attempt.lasting)
        return attempt

    async def show_end(self, table: Table) -> Attempts:
        """A table that ended without a move (cancelled, abandoned): the table message shows how it ended and the
        hand DMs lose their controls. Stored as shown once all of it went out (`end_shown`); until then the catch-up
        tries again, and a restart too (`TableService.ended_behind`). Returns what it tried."""
        attempt = Attempts(table.id)
        if table.engine is None:
            return attempt
        async with self.lock(table):
            await attempt(self.update_table(table))
            await asyncio.gather(*(attempt(self.send_hand(table, seat, force=True)) for seat in table.people
                                   if table.signatures[seat] != OUT_OF_MATCH))  # (one out had its last DM)
        if attempt.failed:
            self.catch_up_later(table, lasting=attempt.lasting)
        else:
            await self.safe(self.service.record_end_shown(table))
            self._let_go(table)
        return attempt

    def _let_go(self, table: Table) -> None:
        """A closed table's last messages went out: what this keeps per table goes (its lock, a held-back note,
        the kept token of its table message). A finished match whose score sheets wait for its pictures stays in
        `sheets_waiting`: a permission given back brings them (`pictures_back`), the last the record of the match."""
        self._locks.pop(table.id, None)
        self.held_back.pop(table.id, None)
        if table.status != FINISHED:
            self.sheets_waiting.pop(table.id, None)
        self.tokens.drop(table.table_message_id)

    async def show_table(self, table: Table) -> Attempts:
        """Show the table as it is (a vote, an absent player): one batch like a move's, caught up if it fails.
        Returns what it tried."""
        attempt = Attempts(table.id)
        async with self.lock(table):
            await attempt(self.update_table(table))
        if attempt.failed:
            self.catch_up_later(table, lasting=attempt.lasting)
        return attempt

    async def _answer_with_table(self, interaction: discord.Interaction, table: Table, batch: Pending,
                                 since: float) -> bool:
        if self.too_old(table.table_message_id, interaction):  # deferred: the batch moves the table (update_table)
            return False
        try:
            version = table.version
            await edit_in_time(interaction, self.table_payload(table, batch.events, reply=True), since=since)
        except Exception as exc:  # (a connection dropped, a picture that failed: the batch then goes out by edit)
            log.warning("table %s: could not answer on the table message: %r", table.id, exc,
                        exc_info=not isinstance(exc, discord.HTTPException))
            return False
        batch.table_shown = True
        batch.shown_version = version
        self._observe_lag(table, version)
        return True

    async def _ship(self, table: Table, batch: Pending) -> None:
        """Send a batch, then store what went out (one write). A part that fails is left for `catch_up`."""
        attempt = Attempts(table.id)
        seats = sorted(batch.hands)
        hands = [attempt(self.send_hand(table, seat, new_hand=batch.hands[seat], close_old=seat not in batch.keep_old))
                 for seat in seats]
        version = batch.shown_version
        # a sheet held back while the pictures were refused goes with the first batch that may post it: the picture
        # tried again after PICTURES_RETRY_S (or shown by a click's answer) says nothing else, and the next hand's
        # sheet may be a whole deal away, or never come (the match's last)
        sheets_owed = bool(batch.sheets) or table.id in self.sheets_waiting
        if batch.table_shown:
            shown = await asyncio.gather(*hands)
        elif self.ui.game_ui(table).realtime:  # every DM first: the others see the move one round trip sooner
            shown = await asyncio.gather(*hands)
            version = await attempt(self.update_table(table, batch.events, record=False))
        else:  # the table first, so the next player's "Your move" never comes before the card it answers
            version = await attempt(self.update_table(table, batch.events, record=False))
            shown = await asyncio.gather(*hands)
        sheets = await attempt(self.post_score_sheet(table)) if sheets_owed else None
        dms = {seat: digest for seat, digest in zip(seats, shown, strict=True) if digest is not None}
        await attempt(self.service.record_shown(table, version=version, sheets=sheets, dms=dms), send=False)
        if attempt.failed:
            self.catch_up_later(table, lasting=attempt.lasting)

    # -- the table message -----------------------------------------------------------------------
    def keep_token(self, table: Table, interaction: discord.Interaction) -> None:
        """A click on the table message was answered by updating that message: its token edits the table for
        the next minutes outside the global rate limit (bot/ui/message_tokens.py)."""
        self.tokens.keep(table.table_message_id, interaction)

    async def edit(self, channel_id: int, message_id: int, render: Callable[[], Awaitable[dict[str, Any]]]) -> bool:
        """Edit one of the bot's messages to what `render()` gives, through a click's token where one is lent
        (outside the global limit), else through the channel's route. Returns whether it now has no controls."""
        token = self.tokens.get(message_id)
        payload = await render()
        now_bare = bare(payload)
        if token is not None:
            try:
                # discord.py's webhook adapter retries a 5xx five times and sleeps out every 429 itself, under this
                # table's lock: past TOKEN_EDIT_TIMEOUT_S the channel's route, whose own waits are the known ones
                async with asyncio.timeout(TOKEN_EDIT_TIMEOUT_S):  # (no task of its own, as wait_for would make)
                    await edit_original(self.bot, token, **payload)
                return now_bare
            except (discord.HTTPException, TimeoutError) as exc:
                if isinstance(exc, discord.HTTPException) and exc.code in (THREAD_ARCHIVED, THREAD_LOCKED,
                                                                           OLD_MESSAGE_EDITS):
                    raise  # the message's own trouble, handled as the channel's edit would be
                # expired (401 50027), unknown (10015), slow, or a 10008 that webhook routes have given for messages
                # in threads that exist: the channel's route says whether the message is really gone
                log.info("message %s: a click's token did not edit it (%r); editing it directly", message_id, exc)
                self.tokens.drop(message_id)
            payload = await render()  # the failed request closed the picture's file
            now_bare = bare(payload)
        await edit_message(self.bot, channel_id, message_id, **payload)
        return now_bare


    async def post_table(self, table: Table, events: list[dict[str, Any]] | None = None) -> None:
        """The table message: posted once at the start, then edited in place after every move (`events`: what to
        narrate, as `update_table` has them, when it moves to a fresh message)."""
        if table.gone:
            return
        opening = self.ui.opening.get(table.id)
        if opening is not None:  # joined and started before the thread was made: post it there, not in the channel
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(opening.wait(), 10)
        version = table.version
        # a table message carries a nonce: if Discord made it but its answer was lost, discord.py's retry (or the
        # catch-up after a crash) gets it back instead of a second table message with live buttons. It is keyed by
        # the message it replaces (none for the first; the old one when that was too old to edit or was deleted),
        # so each replacement is a new message and a retry of one is the same
        key = nonce("t", table.id, table.table_message_id or "")

        async def post(text: bool = False) -> Sent:
            payload = await self.table_payload(table, events, text=text)
            return await send_message(self.bot, table.home_channel_id, files=payload.pop("attachments"), **payload,
                                      nonce=key)

        try:
            sent = await self.in_thread(table, post, text=lambda: post(text=True))
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_CHANNEL:
                await self.home_gone(table)
            raise
        await self.service.set_messages(table, table_message_id=sent.id)
        if sent.echoed:
            # made by an earlier try whose answer was lost, it shows the table as it was then: kept as the table's
            # message (stored first, so a failed edit is caught up on it, not on a second one), then brought up to date
            await self.edit(table.home_channel_id, sent.id, lambda: self.table_payload(table))
        await self.service.record_shown(table, version=version)
        self._observe_lag(table, version)

    async def update_table(self, table: Table, events: list[dict[str, Any]] | None = None, *,
                           record: bool = True) -> int:
        """Edit the table message to show the table as it is now, narrating `events` (default: the last move's).
        Returns the version it shows; `record=False` leaves storing that to the caller (one write per batch)."""
        if table.table_message_id is None:
            await self.post_table(table)
            return table.shown_version or 0
        message_id = table.table_message_id
        version = table.version
        if self.too_old(message_id):
            log.info("table %s: its message is nearly an hour old; moving it to a fresh one", table.id)
            return await self._move_table(table, message_id, events)

        async def render(text: bool = False) -> dict[str, Any]:
            payload = await self.table_payload(table, events, text=text)
            if table.gone:  # its place went while the picture was drawn (a catch-up at start): nothing goes there
                raise PlaceGone
            return payload

        async def edit(text: bool = False) -> None:
            await self.edit(table.home_channel_id, message_id, lambda: render(text))

        try:
            await self.in_thread(table, edit, text=lambda: edit(text=True))
        except PlaceGone:
            return table.shown_version or 0
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_CHANNEL:  # the place, not the message: gone, or a passing answer caught up later
                await self.home_gone(table)
                raise
            await self.post_table(table)  # the message was deleted: a new one
            return table.shown_version or 0
        except discord.HTTPException as exc:
            if exc.code != OLD_MESSAGE_EDITS:
                raise
            log.info("table %s: its message is too old to edit again; posting a new one", table.id)
            return await self._move_table(table, message_id, events)
        self._observe_lag(table, version)
        if record:
            await self.service.record_shown(table, version=version)
        return version

    async def _move_table(self, table: Table, message_id: int, events: list[dict[str, Any]] | None = None) -> int:
        """Post the table as a fresh message, and delete the old one (deleting is not an edit), so nobody clicks
        its buttons: Discord limits the edits of messages older than an hour (FRESH_FOR_S)."""
        await self.post_table(table, events)
        await self.safe(self.bot.http.delete_message(table.home_channel_id, message_id))
        return table.shown_version or 0

    async def table_message_back(self, table: Table) -> None:
        """Seats are reminded of a move they can only make on the table message (a decision asked there, or "My
        hand" for closed DMs): a moderator may have deleted it. The bot has no message intents, so no MESSAGE_DELETE
        says so, and until a move edits it (10008) nobody could make that move but the turn timer, which would
        decide for the player. Asked once per such reminder (Get Channel Message: Read Message History is in the
        invite); a table message that is gone is posted again, in time for the reminder's ping to point at it."""
        message_id = table.table_message_id
        if message_id is None or table.gone or table.status != RUNNING:
            return  # (none yet: the catch-up posts it)
        try:
            await self.bot.http.get_message(table.home_channel_id, message_id)
            return
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_MESSAGE:
                return  # the place itself (10003): its next post asks whether it is gone (home_gone)
        except Exception as exc:  # a refusal or a failure says nothing about the message: left to the next move
            log.info("table %s: could not read its table message: %r", table.id, exc)
            return
        log.info("table %s: its message %s was deleted; posting the table again", table.id, message_id)
        attempt = Attempts(table.id)
        async with self.lock(table):
            if table.table_message_id == message_id and not table.gone:  # (a move meanwhile posted it already)
                self.tokens.drop(message_id)
                await attempt(self.post_table(table))
        if attempt.failed:
            self.catch_up_later(table, lasting=attempt.lasting)

    def _observe_lag(self, table: Table, version: int) -> None:
        if version == table.version and table.stored_at is not None:
            lag = time.monotonic() - table.stored_at
            for observe in self.lag_observers:
                observe(lag)


    async def post_score_sheet(self, table: Table) -> int | None:
        """Post the score sheet of every hand scored so far; returns the last hand it covers. None: not posted,
        since the sheet is a picture and the table's pictures are refused (`pictures_refused`), or Discord refused
        this one (403 / 50013, as a refused table picture: after a restart, which forgets the refusal, the sheet
        waiting may be the first picture asked for): it follows once they may go again (`pictures_back`, or the
        first batch after PICTURES_RETRY_S that posts pictures again)."""
        if self.pictures_refused(table):
            self.sheets_waiting[table.id] = table
            return None
        rows = await self.service.db.fetchall(
            "SELECT hand_no, seat, delta, total FROM hand_results WHERE table_id = ? ORDER BY hand_no, seat",
            (table.id,))
        hands: dict[int, list[int]] = {}
        totals = [0] * len(table.seats)
        for r in rows:
            hands.setdefault(r["hand_no"], [0] * len(table.seats))[r["seat"]] = r["delta"]
            totals[r["seat"]] = r["total"]
        lang = table.settings.get("lang", "en")
        png = await self.ui.draw(self.ui.game_ui(table).score_sheet_job(
            table, [{"deltas": d} for _, d in sorted(hands.items())], totals, lang))
        last = max(hands, default=0)

        async def post() -> Sent | None:
            # a nonce per sheet (the hands it covers): a send whose answer was lost is not posted twice
            return await send_message(self.bot, table.home_channel_id, nonce=nonce("s", table.id, last),
                                      file=discord.File(io.BytesIO(png), filename=f"scores-{table.id}.png"))

        async def wait() -> Sent | None:  # its picture refused: the sheet waits, as the table shows as text
            return None

        if await self.in_thread(table, post, text=wait) is None:
            self.sheets_waiting[table.id] = table
            return None
        self.sheets_waiting.pop(table.id, None)
        return last


    # -- hands ------------------------------------------------------------------------------------
    async def redraw_hand(self, table: Table, seat: int) -> None:
        """Draw a seat's hand DM again as it is now, after an older drawing landed over a newer one."""
        attempt = Attempts(table.id)
        async with self.lock(table):
            digest = await attempt(self.send_hand(table, seat, force=True))
            if digest is not None:
                await attempt(self.service.record_shown(table, dms={seat: digest}), send=False)
        if attempt.failed:
            self.catch_up_later(table, lasting=attempt.lasting)

    async def dms_again(self, table: Table, seat: int) -> None:
        """The seat's DMs refused the bot, and the player pressed "My hand": if they have opened them since, their
        hand comes by DM again from now on (one try per player every DM_RETRY_S)."""
        s = table.seats[seat]
        now = time.monotonic()
        if not s.dm_closed or table.status != RUNNING or now - self._dms_tried.get(s.user_id, -DM_RETRY_S) < DM_RETRY_S:
            return
        self._dms_tried[s.user_id] = now
        await self.dms.reopen(s.user_id)
        attempt = Attempts(table.id)
        async with self.lock(table):
            await attempt(self.send_hand(table, seat, new_hand=True))  # refused again: closed for another while

    async def safe(self, coro: Any) -> Any:
        """For messages nobody is waiting on: log a failure, never raise it into a game."""
        try:
            return await coro
        except discord.HTTPException as exc:
            log.warning("discord call failed: %s", exc)
        except Exception:
            log.exception("unexpected error while updating Discord")
        return None


def _merge(pending: Pending, table: Table, outcome: Outcome, responded_seat: int | None,
           responded_in_dm: bool) -> None:
    pending.events.extend(outcome.events)
    pending.sheets += sum(1 for e in outcome.events if e.get("type") == "hand_scored" and "private" not in e)
    for seat in sorted(outcome.changed | outcome.new_hand):
        new = seat in outcome.new_hand
        if seat == responded_seat and not (new and responded_in_dm):
            # the reply showed this seat its hand as it is now; a click from "My hand" leaves the DM to bring
            # in step
            if not (responded_in_dm or table.seats[seat].dm_closed):
                pending.hands.setdefault(seat, False)
            elif pending.hands.get(seat) is False:
                del pending.hands[seat]
            continue
        if seat == responded_seat:  # the response closed the last hand's message
            pending.keep_old.add(seat)
        pending.hands[seat] = pending.hands.get(seat, False) or new
