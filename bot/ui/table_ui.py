"""The Discord side of every table: answering the clicks on its lobby, table and hand messages (opening it is
`lobby.py`, a mixin). What those messages say is `messages.py`; how they reach the players is `delivery.py`.

Cogs call `open_table`; the persistent components in `components.py` call the `on_*` methods.
The service (`bot.tables`) holds the rules of the table; this module only shows and asks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

import discord

from bot.i18n import command_name, naming_seats, normalize, tr
from bot.tables import Outcome, StaleError, Table, TableService, UserError
from bot.tables.model import ABANDONED, CANCELLED, RUNNING, shows_digest

from .delivery import Delivery
from .drawing import Drawings
from .errors import MAX_ACTIVE_THREADS, MISSING_ACCESS, THREAD_LOCKED, explain, reply_error, send_ephemeral
from .game_ui import Button, GameUI, card_label, card_style, verb_of
from .in_time import edit_in_time, send_in_time
from .lobby import Lobbies, new_commands, permission_list
from .messages import TableMessages
from .seating import check_origin, computer_name, in_private, seat_name
from .suits import text_suits

log = logging.getLogger(__name__)

T = TypeVar("T")


class TableUI(Lobbies, TableMessages):
    def __init__(self, bot: discord.Client, service: TableService, *, default_locale: str = "en",
                 draw_processes: bool = False):
        self.bot = bot
        self.service = service
        self.games: dict[str, GameUI] = {}
        self.default_locale = default_locale
        self.opening: dict[int, asyncio.Event] = {}  # tables whose lobby/thread open_table is still making
        self.lobby_locks: dict[int, asyncio.Lock] = {}  # table id -> one lobby edit at a time (refresh_lobby)
        # Pictures are drawn off the event loop (bot/ui/drawing.py: in processes of their own for python -m bot),
        # so one table's drawing never holds up another player's click. Replies get their own: they are waited on.
        self.drawings = Drawings(processes=draw_processes)
        service.listener = self
        self.delivery = Delivery(self)

    def register(self, game_ui: GameUI) -> None:
        self.games[game_ui.key] = game_ui
        if game_ui.table_verbs or game_ui.live_cards:
            self.service.shows[game_ui.key] = game_ui.hand_signature

    def game_ui(self, table: Table) -> GameUI:
        return self.games.get(table.game) or GameUI()

    async def settle(self, timeout: float) -> None:
        await self.delivery.settle(timeout)

    def close(self) -> None:
        self.delivery.close()
        self.drawings.close()

    async def draw(self, job: Callable[[], bytes], *, reply: bool = False) -> bytes:
        """Run a drawing job (which must only read snapshots) off the event loop."""
        return await self.drawings.draw(job, reply=reply)

    def _note_locale(self, table: Table, interaction: discord.Interaction) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is not None:
            lang = normalize(interaction.locale)
            if table.seats[seat].locale != lang:  # kept for a restart: the seat's DMs are redrawn in it
                table.seats[seat].locale = lang
                self.service.remember_locale(interaction.user.id, lang)

    # -- table buttons ----------------------------------------------------------------------------
    async def on_table_button(self, interaction: discord.Interaction, kind: str, table_id: int) -> None:
        try:
            if kind == "again":
                await self.play_again(interaction, table_id)
                return
            check_origin(interaction, self.service.get(table_id), dm_ok=kind in ("hint", "back"))  # in DMs
            if kind == "hand":
                await self.show_hand(interaction, table_id)
                return
            if kind in ("yes", "no"):
                await self.on_vote(interaction, table_id, kind == "yes")
                return
            if kind == "hint":
                await self.on_hint(interaction, table_id)
                return
            if kind == "back":
                await self.on_back(interaction, table_id)
                return
            service = self.service
            user = interaction.user
            lobby_lang = service.get(table_id).settings.get("lang", "en")
            if kind in ("addeasy", "addstrong"):
                level = kind[3:]
                table = await service.add_computer(table_id, user.id, level,
                                                   lambda n: computer_name(lobby_lang, level, n))
            elif kind == "rmbot":
                table = await service.remove_computer(table_id, user.id)
            elif kind == "hints":
                table = await service.set_setting(table_id, user.id, "hints",
                                                  not service.get(table_id).settings.get("hints"))
            elif kind == "join":
                table = await service.join(table_id, user.id, seat_name(user))
            elif kind == "leave":
                table = await service.leave(table_id, user.id)
            elif kind == "cancel":
                table = await service.cancel(table_id, user.id, moderator=self.is_moderator(interaction))
            else:
                self.check_can_play(interaction, service.get(table_id))
                table = await service.start(table_id, user.id)
            self._note_locale(table, interaction)
            # a lobby open an hour: Discord limits the edits of such messages (30046, a 429 that discord.py sleeps
            # out past the click's 3 s), so the click is acknowledged at once and the lobby edited after the rest
            old = interaction.message is not None and self.delivery.too_old(interaction.message.id, interaction)
            if old:
                await self.delivery.safe(interaction.response.defer())
            else:
                try:
                    await interaction.response.edit_message(**self.lobby_payload(table))
                except discord.HTTPException as exc:  # a lost answer (10062, a 5xx): the lobby is edited instead
                    log.warning("table %s: could not answer the %s click: %s", table.id, kind, exc)
                    await self.refresh_lobby(table)
            if kind == "start":
                attempt = await self.delivery.started(table)
                if isinstance(attempt.error, discord.Forbidden):
                    # a refusal, not a hiccup: the host is told why the table does not show (it is sent again later)
                    await send_ephemeral(interaction, explain(attempt.error, interaction.locale)[0])
                else:  # its picture refused, the table shows as text: the host is told what a moderator can grant
                    await self.tell_held_back(interaction, table)
            elif kind == "cancel" and table.thread_id and table.thread_id != table.channel_id:
                await self.delivery.say(table, tr(table.settings.get("lang", "en"), "This table was cancelled."))
                await self.delivery.retire_thread(table)
            if old:
                await self.refresh_lobby(table)
        except Exception as exc:
            await reply_error(interaction, exc, table_id=table_id)

    # -- hands ------------------------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction, table_id: int,
                        note: str | None = None, *, since: float | None = None) -> None:
        """The clicker's hand as an ephemeral answer; `since`: when the click reached the bot (default: now)."""
        since = time.monotonic() if since is None else since
        table = self.service.get(table_id)
        seat = table.seat_of(interaction.user.id)
        lang = normalize(interaction.locale)
        if seat is None:  # a bystander curious about "My hand": where they can play instead
            raise UserError("You are not seated at this table, so it holds no cards of yours. To play, join a table "
                            "that still waits for players ({list}), or open one: {commands}.",
                            list=f"/{command_name(lang, 'table')} {command_name(lang, 'list')}",
                            commands=new_commands(lang))
        if table.engine is None:
            raise UserError("The game has not started yet.")
        self._note_locale(table, interaction)

        async def drawing() -> dict[str, Any]:
            payload = await self.render_hand(table, seat, lang, reply=True, kept=False)  # a snapshot of now
            if note:
                payload["content"] = note + "\n" + payload["content"]
            return payload

        await send_in_time(interaction, drawing(), since=since)
        await self.delivery.dms_again(table, seat)

    # -- moves ------------------------------------------------------------------------------------
    async def on_select(self, interaction: discord.Interaction, table_id: int, version: int, verb: str,
                        values: list[str]) -> None:
        try:
            table = self.service.get(table_id)
            seat = table.seat_of(interaction.user.id)
            legal = table.engine.legal_actions(seat) if table.engine and seat is not None else []
            action = resolve_select(verb, values, legal)
        except Exception as exc:
            await reply_error(interaction, exc, table_id=table_id)
            return
        await self.on_action(interaction, table_id, version, action)

    async def on_action(self, interaction: discord.Interaction, table_id: int, version: int, action: str) -> None:
        table = await self._on_action(interaction, table_id, version, action)
        if table is not None:  # the move counted: if Discord refuses the table its place, its mover is told why
            await self.tell_held_back(interaction, table)

    async def tell_held_back(self, interaction: discord.Interaction, table: Table) -> None:
        """Once per refusal and player: the table message could not show the last moves (a permission taken, the
        thread locked, the server at its cap of active threads). Their moves count; a moderator can bring the table
        back."""
        told = self.delivery.held_back.get(table.id)
        if told is None or interaction.user.id in told.told:
            return
        told.told.add(interaction.user.id)
        lang = normalize(interaction.locale)
        if told.pictures:  # the table goes on as text: what is missing is its picture
            text = tr(lang, "Discord does not let me attach the table's picture in {channel}, so the table shows there "
                            "as text; the game goes on. Ask a moderator to grant me {perms} there: the picture comes "
                            "back once they do.", channel=f"<#{table.channel_id}>",
                      perms=permission_list(self.picture_permissions(table)))
        elif told.error.code == THREAD_LOCKED:
            text = explain(told.error, lang)[0]
        elif told.error.code == MAX_ACTIVE_THREADS:
            # the table's thread archived, and Discord keeps it so while the server is at its cap of active threads
            # (Threads, "Active & Archived Threads"): no permission helps, a thread closed or deleted makes room, and
            # the catch-up's next try brings the table back by itself (delivery.in_thread un-archives the thread)
            text = tr(lang, "This server has reached Discord's limit of active threads, so I cannot reopen the "
                            "table's thread {channel}: the table there is behind. Your move counts, and the game goes "
                            "on from your hand (your direct messages, or My hand). Closing (archiving) or deleting "
                            "old threads makes room, and the table then catches up by itself.",
                      channel=f"<#{table.home_channel_id}>")
        elif told.error.code == MISSING_ACCESS and self.out_of_private_thread(table):
            # removed from the private thread the table lives in (Threads, "Permissions": only its members and
            # moderators see one): no moderator's permission brings the bot back, a member adding it does, and the
            # table catches up then (on_thread_join)
            text = tr(lang, "Your move counts, but I am no longer in the private thread {channel}, so I cannot show "
                            "the table there. Add me back (mention me in it): the table catches up then.",
                      channel=f"<#{table.home_channel_id}>")
        else:
            text = tr(lang, "Your move counts, but Discord does not let me show the table in {channel} ({what}). Ask a "
                            "moderator to let me send messages, attach files and post in threads there: the table "
                            "catches up once they do.", channel=f"<#{table.home_channel_id}>",
                      what=told.error.text or str(told.error.code))
        await self.delivery.safe(send_ephemeral(interaction, text))

    def out_of_private_thread(self, table: Table) -> bool:
        """Whether the table's home is a private thread the bot is no member of (asked on a 403 / 50001). The cache
        says so while it holds the thread; after a restart it does not (READY and GUILD_CREATE bring only the threads
        the bot may see), and a thread of the table's that is missing there while the bot sees its channel is one:
        a public thread is seen wherever its channel is (Threads, "Permissions")."""
        home = self.bot.get_channel(table.home_channel_id)
        if home is not None:
            return getattr(home, "type", None) is discord.ChannelType.private_thread
        parent = self.bot.get_channel(table.channel_id)
        me = getattr(getattr(parent, "guild", None), "me", None)
        return bool(table.thread_id and isinstance(parent, discord.abc.GuildChannel) and me is not None
                    and parent.permissions_for(me).view_channel)

    async def _on_action(self, interaction: discord.Interaction, table_id: int, version: int,
                         action: str) -> Table | None:
        """The move of a click, answered; returns its table when the move counted."""
        since = time.monotonic()  # the click reached the bot: Discord's 3 s for the answer run (in_time.py)
        self.delivery.discord_now(interaction)  # Discord's time, should this host's clock lag (Delivery.too_old)
        try:
            table = self.service.get(table_id)
            check_origin(interaction, table, dm_ok=True)
            self._note_locale(table, interaction)
            try:
                outcome = await self.service.act(table_id, interaction.user.id, action, version=version,
                                                 public=interaction.message is not None and not in_private(interaction))
            except StaleError as exc:
                lang = normalize(interaction.locale)
                seat = table.seat_of(interaction.user.id)
                if seat is not None and version < await self.service.last_own_move(table, seat):
                    # drawn before this player's own last move: a second click of one already counted (a double
                    # click, a Go said twice), not someone else's faster move
                    note: str | None = tr(lang, "Your last move counted already; this click was on a button from before it.")
                else:
                    note = self.game_ui(table).stale_note(table.engine.view(None), lang) if table.engine else None
                if note is not None and interaction.guild_id is None:
                    await send_ephemeral(interaction, note)  # the faster move re-renders this DM
                    return None
                note = "⚠️ " + (note or tr(interaction.locale, exc.msgid))
                await self.show_hand(interaction, table_id, note=note, since=since)
                return None
            except UserError as exc:
                await send_ephemeral(interaction, self.refusal(table, interaction, action, exc))
                return None
            if interaction.message is not None and interaction.message.id == table.table_message_id:
                # a public decision asked on the table message: the answer to the click is the table edit
                await self.delivery.after_move(table, outcome, answer=interaction, answer_since=since)
                return table
            if not in_private(interaction):
                # a decision clicked on a table message that is the table's no more (too old to edit, replaced by a
                # new one and not yet deleted): it counts, but the answer must not draw the clicker's hand into a
                # message the channel sees; it takes that message's buttons away, and the new table message shows
                # the move
                old = interaction.message
                if old is not None and self.delivery.too_old(old.id, interaction):  # no edit: a deferral, and the
                    await self.delivery.safe(interaction.response.defer())  # delete that failed, again (no edit)
                    await self.delivery.safe(self.bot.http.delete_message(old.channel.id, old.id))
                else:
                    await self.delivery.safe(interaction.response.edit_message(view=None))
                await self.delivery.after_move(table, outcome)
                return table
            seat = outcome.seat
            lang = normalize(interaction.locale)
            from_dm = interaction.guild_id is None
            # the hand DM itself, not a private reply in the DM (a stale click's current hand, a Treppenrommé page
            # of an hour-old DM): answering such a reply leaves the hand DM to bring in line, as "My hand" does
            own_dm = from_dm and interaction.message is not None and not interaction.message.flags.ephemeral
            if from_dm and interaction.message is not None and self.delivery.too_old(interaction.message.id,
                                                                                     interaction):
                # a hand DM an hour old (a long deal): an answer that edits it would meet Discord's limit on such
                # edits (30046, slept out past the 3 s); deferred, the hand comes as a fresh DM (send_hand)
                await self.delivery.safe(interaction.response.defer())
                await self.delivery.after_move(table, outcome)
                if seat in outcome.new_hand:  # the deal's last card: that hand's message goes (no edit closes it)
                    await self.delivery.safe(self.bot.http.delete_message(interaction.message.channel.id,
                                                                          interaction.message.id))
                return table
            shown: str | None = None
            version = table.version
            if seat in outcome.new_hand and from_dm:
                # the last hand's message keeps its picture and loses its buttons; the new hand comes as a new DM
                drawing = _ready({"content": tr(lang, "Hand finished."), "view": None})
            else:
                shown = shows_digest(table.signatures[seat], table.seats[seat].last_change)
                drawing = self.render_hand(table, seat, lang, reply=True)
            try:
                now_bare = await edit_in_time(interaction, drawing, since=since)
            except Exception as exc:
                # the move is stored; the answer was lost (10062 past Discord's 3 s deadline, a 5xx, a connection
                # dropped on the way, a picture that failed): the hand message and the table are brought in line as
                # if someone else had moved
                log.warning("table %s: the answer to a move was lost (%r); delivering it instead", table.id, exc,
                            exc_info=not isinstance(exc, discord.HTTPException))
                await self.delivery.after_move(table, outcome)
                return table
            if own_dm:
                table.seats[seat].dm_bare = now_bare
                if interaction.message is not None:  # its token edits this DM later, outside the global limit
                    self.delivery.tokens.keep(interaction.message.id, interaction)
            redraw = False
            if shown is not None and from_dm and interaction.message is not None and \
                    interaction.message.id == table.seats[seat].dm_message_id:
                # the answer brought the hand DM in line: say so now, so a crash before the table edit does not
                # make the restart edit this DM again (a failed note only costs that edit: the move is stored and
                # answered, and the table and the other hands must still follow it)
                try:
                    await self.service.record_shown(table, dms={seat: shown})
                except Exception:
                    log.exception("table %s: could not note the hand DM of seat %d as shown", table.id, seat)
                # ... unless a newer drawing of it (the next turn's, sent meanwhile) landed before this answer
                redraw = not self.delivery.landed(table, seat, interaction.message.id, version)
            await self.delivery.after_move(table, outcome, responded_seat=seat, responded_in_dm=own_dm)
            if redraw:
                log.info("table %s: the answer to a move landed over a newer drawing of the hand; drawing it again",
                         table.id)
                await self.delivery.redraw_hand(table, seat)
            return table
        except Exception as exc:
            await reply_error(interaction, exc, table_id=table_id)
        return None

    def refusal(self, table: Table, interaction: discord.Interaction, action: str, exc: UserError) -> str:
        """Why a move was refused; for a card click, also what can be played now or whom the table waits for
        (live cards are clickable whoever's turn it is). Only the clicker's own cards are named, as their hand
        message names them."""
        with card_style(self.game_ui(table).card_deck(table), normalize(interaction.locale)), \
                naming_seats(table.text_names):  # an engine's "seat 2" is said as that player's name
            return text_suits(self._refusal(table, interaction, action, exc))  # the reasons write ♣ ♠ bare

    def _refusal(self, table: Table, interaction: discord.Interaction, action: str, exc: UserError) -> str:
        lang = normalize(interaction.locale)
        text = tr(lang, exc.msgid, **exc.fields)
        ui, engine = self.game_ui(table), table.engine
        seat = table.seat_of(interaction.user.id)
        if engine is None or seat is None or table.status != RUNNING or verb_of(action) not in ui.card_verbs:
            return text
        view = engine.view(seat)
        cards = [a.split()[1] for a in engine.legal_actions(seat) if verb_of(a) in ui.card_verbs and " " in a]
        if cards:
            shown = " ".join(card_label(c) for c in ui.sort_hand(cards, view))
            return text + "\n" + tr(lang, "Playable now: {cards}.", cards=shown)
        if seat in engine.to_act():  # asked something else first: where, said to them (not "anna: Grand Hand?")
            legal = engine.legal_actions(seat)
            if ui.table_actions(legal):
                return tr(lang, "You cannot play a card now: your move is on the table message, with its buttons.")
            if legal:
                return tr(lang, "You cannot play a card now: choose in your hand message's menu first.")
            text = tr(lang, "You cannot play a card now.")
        return text + "\n" + ui.status(engine.view(None), table.text_names, lang)

    async def on_hint(self, interaction: discord.Interaction, table_id: int) -> None:
        """What the strong computer would do now in the clicker's seat, told only to them. It sees what that
        seat may see, like every computer."""
        table = self.service.get(table_id)
        seat = table.seat_of(interaction.user.id)
        lang = normalize(interaction.locale)
        if seat is None:
            raise UserError("You are not seated at this table.")
        if not table.settings.get("hints") or not table.practice:
            raise UserError("Hints are off at this table: its results count.")
        engine = table.engine
        if engine is None or table.status != RUNNING or not engine.legal_actions(seat):
            raise UserError("There is nothing for you to do right now.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        if seat in engine.waiting_for():
            action: str | None = await self.service.think(table, engine, seat, "strong")
        else:  # free to act out of turn (a knock, a call): acting is a choice, and so is letting it pass
            action = await self.service.think_volunteer(table, engine, seat, "strong")
        if table.engine is not engine:
            await interaction.followup.send(tr(lang, "The table moved on while I was thinking; ask again."),
                                            ephemeral=True)
            return
        if action is None:
            await interaction.followup.send(tr(lang, "The strong computer would do nothing now and wait."),
                                            ephemeral=True)
            return
        move = self.shown_label(table, seat, action, lang)
        await interaction.followup.send(tr(lang, "The strong computer would choose: {move}", move=move),
                                        ephemeral=True)

    async def on_back(self, interaction: discord.Interaction, table_id: int) -> None:
        """The person the strong computer plays for since the vote says they are back: their seat is theirs again,
        their hand DM loses its note and the table message its line."""
        table = await self.service.back(table_id, interaction.user.id)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        await send_ephemeral(interaction, tr(normalize(interaction.locale),
                                             "Welcome back: the computer no longer plays for you."))
        await self.delivery.redraw_hand(table, seat)
        await self.delivery.show_table(table)

    def shown_label(self, table: Table, seat: int, action: str, lang: str) -> str:
        """An action as the seat's hand message words its button ("Do not reveal", not the engine's "pass"); an
        action asked elsewhere (the table message) as the game labels it."""
        ui, engine = self.game_ui(table), table.engine
        assert engine is not None
        with card_style(ui.card_deck(table), lang):
            controls = ui.hand_controls(engine.view(seat), ui.hand_actions(engine.legal_actions(seat)), lang,
                                        table=table, seat=seat)
            shown = next((item.label for item in controls.items if isinstance(item, Button) and item.action == action),
                         None)
            return shown or ui.move_text(action, engine.view(seat), lang)

    async def on_vote(self, interaction: discord.Interaction, table_id: int, keep: bool) -> None:
        # answered first: a vote that ends the table edits the table message and its thread before `vote` returns,
        # which can take longer than Discord's 3 s; what follows (a refusal too) comes as a follow-up
        with contextlib.suppress(discord.HTTPException):  # lost or not, the table is shown by delivery
            await interaction.response.defer()
        asked = self.service.get(table_id).vote if table_id in self.service.tables else None
        result = await self.service.vote(table_id, interaction.user.id, keep)
        table = self.service.get(table_id) if table_id in self.service.tables else None
        lang = normalize(interaction.locale)
        if result == "waiting":
            await send_ephemeral(interaction, tr(lang, "Your vote counts; waiting for the others."))
            return
        if table is not None:
            self.delivery.keep_token(table, interaction)
            await self.delivery.show_table(table)
            if asked and table.seats[asked["seat"]].autopilot:  # voted away: their DM says so, with "I'm back"
                await self.delivery.redraw_hand(table, asked["seat"])

    # -- listener (changes the players did not click) ----------------------------------------------
    async def table_changed(self, table: Table, outcome: Outcome | None) -> None:
        if outcome is not None:
            await self.delivery.safe(self.delivery.after_move(table, outcome))

    async def remind(self, table: Table, seats: list[int]) -> None:
        lang = table.settings.get("lang", "en")
        seats = [s for s in seats if not table.seats[s].plays_itself]
        if not seats:
            return
        if table.engine is not None and any(  # their move is on the table message: it must be there to make it
                table.seats[s].dm_closed or self.game_ui(table).table_actions(table.engine.legal_actions(s))
                for s in seats):
            await self.delivery.safe(self.delivery.table_message_back(table))
        mentions = " ".join(f"<@{table.seats[s].user_id}>" for s in seats)
        deadline = self.deadline(table)
        if deadline is None:
            text = tr(lang, "{who}: your turn at table #{id}. The turn timer plays for you soon.", who=mentions,
                      id=table.id)
        else:
            text = tr(lang, "{who}: your turn at table #{id}. The turn timer plays for you {when}.", who=mentions,
                      id=table.id, when=f"<t:{int(deadline)}:R>")
        await self.delivery.say(table, text, mention=True)

    async def absent(self, table: Table, seat: int) -> None:
        await self.delivery.show_table(table)

    async def ended(self, table: Table, *, restarted: bool = False) -> None:
        """A table ended without a move (cancelled, abandoned after the absent vote): show it so, on the table
        message and in every hand DM, whose controls go. `restarted`: shown by a restart (the process died before),
        when a cancel's lobby edit may not have gone out either."""
        if table.status in (CANCELLED, ABANDONED):
            await self.delivery.show_end(table)
        elif table.engine is not None:  # (a finished match's last batch redrew the hands already)
            await self.delivery.show_table(table)
        await self.delivery.retire_thread(table)
        if table.status == ABANDONED or restarted:  # (a cancel is shown on the lobby by its own command)
            await self.refresh_lobby(table)


def resolve_select(verb: str, values: list[str], legal: list[str]) -> str:
    """The legal action a select choice stands for; arguments match as a set, in any order."""
    if not values:
        raise UserError("Choose something first.")
    if not verb:
        return values[0]
    wanted = sorted(" ".join(values).split())
    for action in legal:
        v, *args = action.split()
        if v == verb and sorted(args) == wanted:
            return action
    return f"{verb} {' '.join(values)}"


async def _ready(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload with nothing to draw, as `edit_in_time` takes it."""
    return payload
