"""A seat's hand in its direct messages: one DM message per player per hand, edited in place; DM channels
opened once per user and kept; closed DMs said once in the table's home. A part of `Delivery`, kept apart by job."""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import tr
from bot.tables import Table, TableService
from bot.tables.model import FINISHED, RUNNING, shows_digest

from .components import bare, send_message
from .dms import DMChannels
from .errors import OPENING_DMS_TOO_FAST

if TYPE_CHECKING:
    from .table_ui import TableUI

log = logging.getLogger(__name__)

DM_CLOSED = 50007  # "Cannot send messages to this user"
NO_MUTUAL_GUILD = 50278  # "Cannot send messages to this user due to having no mutual guilds": they left the server
OPEN_DM_PAUSES = (1.0, 2.0, 4.0, 8.0, None)  # seconds to wait after each 40003; None: give up (catch-up retries)


def nonce(kind: str, *key: object) -> str:
    """A message's nonce (25 characters at most), the same whenever that message is sent again: by discord.py after
    an answer lost on the way back (a 5xx once Discord had made it), or by the catch-up after a crash between the
    send and storing its id. Discord then returns the message it made instead of a second one (Create Message,
    `enforce_nonce`). A new hand DM's key is (table, seat, the table's version when drawn, whether the old one was
    gone): successive deals differ; a table message's, its table and the message it replaces; a score sheet's, its
    table and the last hand it covers."""
    return kind + hashlib.blake2b(":".join(map(str, key)).encode(), digest_size=12).hexdigest()


class HandDMs:
    """Hands sent and edited in DMs (a mixin of `Delivery`, which provides the attributes and methods below)."""

    # provided by Delivery
    ui: TableUI
    bot: discord.Client
    service: TableService
    dms: DMChannels

    if TYPE_CHECKING:
        async def safe(self, coro: Any) -> Any: ...
        async def edit(self, channel_id: int, message_id: int,
                       render: Callable[[], Awaitable[dict[str, Any]]]) -> bool: ...
        async def say(self, table: Table, content: str, *, mention: bool = False) -> None: ...
        def too_old(self, message_id: int | None, interaction: discord.Interaction | None = None) -> bool: ...

    def landed(self, table: Table, seat: int, message_id: int, version: int) -> bool:
        """Note that `seat`'s hand, drawn at table `version`, has landed on its DM message `message_id`. False when
        a newer drawing had landed there before it: two edits of one message on their way at once (the answer to
        the player's click, which no rate limit holds, and a delivery edit held by one) land in either order, and
        the message now shows an older moment, with stale buttons or none where the player may move. The
        caller draws it again."""
        s = table.seats[seat]
        shown_on, newest = s.dm_landed
        if shown_on != message_id:
            newest = -1
        s.dm_landed = (message_id, max(newest, version))
        return version >= newest

    async def send_hand(self, table: Table, seat: int, *, new_hand: bool = False, close_old: bool = True,
                        again: bool = True, force: bool = False, redraws: int = 2) -> str | None:
        """One DM message per player per hand, edited in place; closed DMs are said once in the table channel.
        `close_old=False`: the last hand's message lost its buttons already (the response to the last card).
        Returns the digest of what the DM shows now (None: no DM); a new message records it at once, an edit
        leaves storing it to the caller. An edit is skipped when the DM already shows this moment (another batch
        drew it since this one's move), unless `force`; one that lands over a newer drawing is sent again (at
        most `redraws` times)."""
        s = table.seats[seat]
        engine = table.engine
        assert engine is not None
        if s.computer:
            return None  # a computer reads its hand from the engine, through what its seat may know
        await self.dms.load()
        hand_no = engine.view(None).get("hand_no")
        shows = shows_digest(table.signatures[seat], s.last_change)
        # this hand's DM message, edited in place (None: a new message is sent)
        editing = (s.dm_channel_id, s.dm_message_id) if (
            s.dm_message_id and s.dm_channel_id and s.dm_hand_no == hand_no and not new_hand) else None
        # an hour-old DM of a deal still played (a long deal) is not edited again and again (Discord limits such
        # edits: Delivery.too_old): this hand comes as a fresh message, and the old one goes (deleting is not an
        # edit). A single edit that closes it (a deal's end, the table's) stays within the limit and is made.
        replacing = editing if editing and table.status == RUNNING and self.too_old(editing[1]) else None
        if replacing:
            editing = None
        if editing and not force and s.dm_shows == shows:
            # a redundant edit would be one more request on its way to this message, and could land after the
            # answer to the player's next click
            return shows
        version = table.version
        channel_id = None
        try:
            if editing:
                dm_channel_id, message_id = editing
                s.dm_bare = await self.edit(dm_channel_id, message_id, lambda: self.ui.render_hand(table, seat))
                if not self.landed(table, seat, message_id, version) and redraws > 0:
                    log.info("table %s: an older drawing of seat %d's hand landed over a newer one; drawing it "
                             "again", table.id, seat)
                    return await self.send_hand(table, seat, close_old=close_old, force=True, redraws=redraws - 1)
                return shows
            if s.dm_message_id and s.dm_channel_id and close_old and not s.dm_bare and not replacing:
                # last hand's message: keep cards, drop buttons
                await self.safe(self.edit(s.dm_channel_id, s.dm_message_id, _without_buttons))
            if s.dm_closed and not new_hand:
                return None
            if table.status not in (RUNNING, FINISHED):
                return None  # an ended table (its place gone, abandoned) deals no new hand message to play from
            if self.dms.closed(s.user_id):  # refused at this or another table a short while ago: not again yet
                return await self._dms_closed(table, seat, hand_no)
            channel_id = s.dm_channel_id or self.dms.channel_id(s.user_id)
            if channel_id is None:  # opened once per user, then kept: no POST /users/@me/channels per deal
                channel_id = await self._open_dm(s.user_id)
            # drawn once the DM can be sent; the close above and the DM's opening awaited, so what it shows is read
            # again with it
            version, shows = table.version, shows_digest(table.signatures[seat], s.last_change)
            payload = await self.ui.render_hand(table, seat)
            files = payload.pop("attachments")
            if payload["view"] is None:
                payload.pop("view")
            now_bare = bare(payload)
            sent = await send_message(self.bot, channel_id, files=files, **payload,
                                      nonce=nonce("h", table.id, seat, version, int(again)))
            message_id = sent.id
            if sent.echoed:
                # an earlier try's message, since changed (its buttons taken by the close above): kept as this
                # hand's message, showing nothing known (a failed edit is caught up on it), then drawn again
                await self.service.record_dm(table, seat, channel_id=channel_id, message_id=message_id,
                                             hand_no=hand_no, closed=False, shows=None)
                now_bare = await self.edit(channel_id, message_id, lambda: self.ui.render_hand(table, seat))
            s.dm_bare = now_bare
            self.landed(table, seat, message_id, version)
            await self.service.record_dm(table, seat, channel_id=channel_id, message_id=message_id,
                                         hand_no=hand_no, closed=False, shows=shows)
            if replacing and replacing[1] != message_id:  # this deal's hour-old message goes
                await self.safe(self.bot.http.delete_message(*replacing))
            return shows
        except discord.NotFound:
            # the message or the kept DM channel is gone: a new message, in a channel opened afresh if need be
            if channel_id is not None:
                await self.dms.forget_channel(s.user_id)
            await self.service.record_dm(table, seat, channel_id=None, message_id=None, hand_no=None)
            if not again:
                raise
            return await self.send_hand(table, seat, new_hand=True, again=False)
        except discord.HTTPException as exc:  # (50278's HTTP status is not documented; it comes as 403, like 50007)
            if exc.code not in (DM_CLOSED, NO_MUTUAL_GUILD):
                raise
            # either way not tried again for a while (each refusal counts against the invalid-request limit)
            await self.dms.mark_closed(s.user_id, left=exc.code == NO_MUTUAL_GUILD)
            return await self._dms_closed(table, seat, hand_no)

    async def _open_dm(self, user_id: int) -> int:
        """Open a DM channel and keep its id. Discord limits how fast a bot opens new DM channels and answers 40003
        ("You are opening direct messages too fast") when a burst of new players sit down at once: wait and try
        again a few times, rather than leave the player without cards until the catch-up."""
        for pause in OPEN_DM_PAUSES:
            try:
                channel_id = int((await self.bot.http.start_private_message(user_id))["id"])
                break
            except discord.HTTPException as exc:
                if exc.code != OPENING_DMS_TOO_FAST or pause is None:
                    raise
                await asyncio.sleep(pause)
        await self.dms.remember(user_id, channel_id)
        return channel_id

    async def _dms_closed(self, table: Table, seat: int, hand_no: int | None) -> None:
        """The player's DMs are closed (or they share no server with the bot any more): remembered for this table,
        and said once in its home. The turn timer and the absent-player vote go on as for anyone away."""
        s = table.seats[seat]
        first = not s.dm_closed
        left = self.dms.left(s.user_id)
        await self.service.record_dm(table, seat, channel_id=None, message_id=None, hand_no=hand_no, closed=True)
        if first:
            lang = table.settings.get("lang", "en")
            if left:
                text = tr(lang, "<@{user}> is no longer in this server, so I cannot send them their cards. If they "
                                "do not come back, their turns time out as anyone's.", user=s.user_id)
            else:
                text = tr(lang, "<@{user}>, I cannot send you direct messages. Use the **My hand** button on the "
                                "table message to see your cards and play.", user=s.user_id)
            await self.say(table, text, mention=not left)
        return None

    async def send_hands(self, table: Table, seats: set[int], *, new_hand: bool = False,
                         skip: int | None = None) -> None:
        await asyncio.gather(*(self.send_hand(table, seat, new_hand=new_hand) for seat in sorted(seats)
                               if seat != skip))


async def _without_buttons() -> dict[str, Any]:
    return {"view": None}
