"""What a table's messages say: the lobby, the table message and a seat's hand message, each as a payload
for discord.py and the job that draws its picture off the event loop. A part of `TableUI`, kept apart by job:
this builds messages, `table_ui.py` answers the clicks that ask for them."""

from __future__ import annotations

import contextlib
import io
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import command_name, either, tr
from bot.tables import Table, TableService
from bot.tables.model import ABANDONED, CANCELLED, FINISHED, LOBBY, RUNNING

from .components import ActionButton, TableButton, build_view
from .drawing import Drawing
from .game_ui import GameUI, card_style, snapshot, verb_of
from .lobby import permission_list
from .text_fit import MESSAGE_LIMIT, fit_block, fit_message


def _render():
    import bot.render as render

    return render


class TableMessages:
    """Payloads of the lobby, table and hand messages (a mixin of `TableUI`, which provides the attributes
    and methods below)."""

    # provided by TableUI
    bot: discord.Client
    service: TableService

    if TYPE_CHECKING:
        def game_ui(self, table: Table) -> GameUI: ...
        async def draw(self, job: Callable[[], bytes], *, reply: bool = False) -> bytes: ...

    def lobby_payload(self, table: Table) -> dict[str, Any]:
        lang = table.settings.get("lang", "en")
        cls = table.engine_cls
        host = " · " + tr(lang, "host") if table.status == LOBBY else ""  # who may start (it passes on if they leave)
        # a finished match's seats are not numbered: "1. 2. 3." under "The match is over." read as the final
        # standings, in seat order; its winners get a trophy instead
        finished = table.status == FINISHED
        winners = set(table.engine.result().get("winners") or ()) if finished and table.engine else set()
        seated = "\n".join(("- " if finished else f"{i + 1}. ") + (s.name if s.computer else f"<@{s.user_id}>")
                           + (host if s.user_id == table.host_id else "") + (" 🏆" if i in winners else "")
                           for i, s in enumerate(table.seats))
        lines = [f"**{tr(lang, '{game} table #{id}', game=cls.title, id=table.id)}**"]
        if table.status == LOBBY:
            if len(table.seats) >= cls.max_seats:  # Join is greyed out: say so, not "Join"
                lines.append(tr(lang, "All {n} seats are taken. The host starts.", n=len(table.seats)))
            elif cls.min_seats == cls.max_seats:
                lines.append(tr(lang, "Seats: {n} of {hi}. Join, then the host starts.", n=len(table.seats),
                                hi=cls.max_seats))
            elif (counts := cls.seat_counts(table.options)) != tuple(range(cls.min_seats, cls.max_seats + 1)):
                lines.append(tr(lang, "Seats: {n}; the game is played by {counts}. Join, then the host starts.",
                                n=len(table.seats), counts=either([str(k) for k in counts], lang)))
            else:
                lines.append(tr(lang, "Seats: {n} of {lo}–{hi}. Join, then the host starts.", n=len(table.seats),
                                lo=cls.min_seats, hi=cls.max_seats))
        elif table.status == CANCELLED:
            lines.append(tr(lang, "This table was cancelled."))
        elif table.status == ABANDONED:
            lines.append(tr(lang, "This table was abandoned; it counts in no standings."))
        else:
            where = f" <#{table.thread_id}>" if table.thread_id and table.thread_id != table.channel_id else ""
            said = tr(lang, "The match is over.") if table.status == FINISHED else tr(lang, "The game has started.")
            lines.append(said + where)
        lines.append(seated)
        after_seats = len(lines)  # what follows gets a blank line, or Discord reads it as the last seat's
        if table.status == LOBBY and (note := self.game_ui(table).lobby_note(table, lang)):
            lines.append(note)
        if table.status == LOBBY:  # a newcomer's way to the rules, where they decide to join
            lines.append(tr(lang, "New to {game}? {command} shows its rules, page by page.", game=cls.title,
                            command="/" + command_name(lang, "rules")))
        hints = bool(table.settings.get("hints"))
        stakes = self.game_ui(table).stakes  # (only a game played for stakes has a ledger to book in)
        if table.status == LOBBY and (hints or any(s.computer for s in table.seats)):
            lines.append(tr(lang, "Practice table (a computer plays or hints are on): nothing is booked in the stakes "
                                  "ledger, rated or counted in the leaderboards.") if stakes else
                         tr(lang, "Practice table (a computer plays or hints are on): nothing is rated or counted in "
                                  "the leaderboards."))
        elif table.status != LOBBY and table.practice:
            lines.append(tr(lang, "Practice table: nothing is booked or rated.") if stakes else
                         tr(lang, "Practice table: nothing is rated."))
        if len(lines) > after_seats and seated:
            lines.insert(after_seats, "")
        view = discord.ui.View(timeout=None)
        if table.status == LOBBY:
            full = len(table.seats) >= cls.max_seats
            ready = len(table.seats) in cls.seat_counts(table.options)
            view.add_item(TableButton("join", table.id, label=tr(lang, "Join"), style="success", disabled=full))
            view.add_item(TableButton("leave", table.id, label=tr(lang, "Leave")))
            view.add_item(TableButton("start", table.id, label=tr(lang, "Start"), style="primary",
                                      disabled=not ready))
            view.add_item(TableButton("cancel", table.id, label=tr(lang, "Cancel"), style="danger"))
            # the host's: computer players for empty seats, and hints
            view.add_item(TableButton("addeasy", table.id, label=tr(lang, "Add computer (easy)"), disabled=full,
                                      row=1))
            view.add_item(TableButton("addstrong", table.id, label=tr(lang, "Add computer (strong)"), disabled=full,
                                      row=1))
            view.add_item(TableButton("rmbot", table.id, label=tr(lang, "Remove computer"), row=1,
                                      disabled=not any(s.computer for s in table.seats)))
            view.add_item(TableButton("hints", table.id, row=1, style="success" if hints else "secondary",
                                      label=tr(lang, "Hints: on") if hints else tr(lang, "Hints: off")))
        elif table.status == RUNNING and not table.thread_id:
            view.add_item(TableButton("hand", table.id, label=tr(lang, "My hand"), style="primary"))
        return {"content": "\n".join(lines), "view": view,
                "allowed_mentions": discord.AllowedMentions.none()}

    def table_message(self, table: Table, events: list[dict[str, Any]] | None = None, *, notice: str | None = None,
                      in_words: bool = False) -> tuple[dict[str, Any], Callable[[], bytes]]:
        """The table message without its picture, and the job that draws the picture from a snapshot of the
        public view. `events`: what to narrate (default: the last move's). Cards are named as the table's
        pictures name them (U/O on a German deck, B/D on a French deck in German). `notice`: a line under the
        title (why the picture is missing). `in_words`: the public table in words too (`GameUI.table_state`),
        between the narration and the status line, for a message without its picture."""
        with card_style(self.game_ui(table).card_deck(table), table.settings.get("lang", "en")):
            return self._table_message(table, events, notice, in_words)

    def _table_message(self, table: Table, events: list[dict[str, Any]] | None, notice: str | None = None,
                       in_words: bool = False) -> tuple[dict[str, Any], Callable[[], bytes]]:
        lang = table.settings.get("lang", "en")
        engine = table.engine
        assert engine is not None
        public = engine.view(None)
        ui = self.game_ui(table)
        head = [f"**{tr(lang, '{game} table #{id}', game=table.engine_cls.title, id=table.id)}** · "
                + ui.hand_title(public, lang)]
        if notice:
            head.append(notice)
        batch = table.last_events if events is None else events
        narration = narrate(ui, batch, table.text_names, lang)
        shown = narration[-4:]
        timer = [timer_line(e, table.text_names, lang) for e in batch if e.get("type") == "timer"]
        if timer and timer[-1] not in shown:  # who did not move is the first thing said, whatever else is cut
            head.append(timer[-1])
            shown = narration[-3:]
        lines: list[str] = []  # after the narration: who is to play, or how the table ended
        if table.status == RUNNING:
            lines.append(ui.status(public, table.text_names, lang))
            lines.extend(tr(lang, "🤖 The strong computer plays for {name} until they are back.",
                            name=table.text_names[i]) for i, s in enumerate(table.seats) if s.autopilot)
            if table.vote:
                lines.append(tr(lang, "{name} seems to be away. Keep playing, with the strong computer playing for "
                                      "them until they are back?",
                                name=table.text_names[table.vote["seat"]]))
        elif table.status == "abandoned":
            lines.append(tr(lang, "This table was abandoned; it counts in no standings."))
        elif table.status == CANCELLED:
            lines.append(tr(lang, "This table was cancelled."))
        else:  # over: a bare "The match is over." is left out where the narration's line names the winners
            ends = [ui.narrate(e, table.text_names, lang) for e in batch if e.get("type") == "match_over"]
            status = ui.status(public, table.text_names, lang)
            if status != tr(lang, "The match is over.") or not any(line in shown for line in ends if line):
                lines.append(status)
        view = discord.ui.View(timeout=None)
        if table.status == RUNNING:
            view.add_item(TableButton("hand", table.id, label=tr(lang, "My hand"), style="primary"))
            for action in self.table_actions(table):  # the public decision being asked, for whoever is asked
                view.add_item(ActionButton(table.id, table.version, action, label=ui.label(action, lang),
                                           style=ui.style(verb_of(action)), row=1))
            if table.vote:
                view.add_item(TableButton("yes", table.id, label=tr(lang, "Keep playing"), style="success"))
                view.add_item(TableButton("no", table.id, label=tr(lang, "End the table"), style="danger"))
        elif table.status == FINISHED and table.engine is not None and table.engine.over:
            view.add_item(TableButton("again", table.id, label=tr(lang, "Play again"), style="primary"))
        if in_words and table.status == RUNNING:
            # the table in words, from the public view alone, with the room the head, the newest narration line and
            # the status leave it: the older narration gives way first (fit_message), then the block's last lines
            room = MESSAGE_LIMIT - len("\n".join(x for x in [*head, *shown[-1:], *lines] if x))
            lines = fit_block(ui.table_state(public, table.text_names, lang, settings=table.settings), room) + lines
        payload = {"content": fit_message(head, shown, lines), "view": view,
                   "allowed_mentions": discord.AllowedMentions.none(),
                   "filename": f"table-{table.id}-{table.version}.png"}
        return payload, ui.table_job(table, snapshot(public), lang)

    def table_actions(self, table: Table) -> list[str]:
        """The public decisions the seats to act are asked on the table message (see `GameUI.table_verbs`)."""
        ui, engine = self.game_ui(table), table.engine
        if not ui.table_verbs or engine is None:
            return []
        return list(dict.fromkeys(a for s in engine.to_act() for a in ui.table_actions(engine.legal_actions(s))))

    @staticmethod
    def with_picture(payload: dict[str, Any], png: bytes | None) -> dict[str, Any]:
        filename = payload.pop("filename")
        payload["attachments"] = [] if png is None else [discord.File(io.BytesIO(png), filename=filename)]
        return payload

    async def render_table(self, table: Table, events: list[dict[str, Any]] | None = None, *,
                           reply: bool = False) -> dict[str, Any]:
        payload, job = self.table_message(table, events)
        return self.with_picture(payload, await self.draw(job, reply=reply))

    def table_text(self, table: Table, events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The table message as text alone, where Discord refuses its picture (`Delivery.in_thread`): the narration,
        the public table in words (`GameUI.table_state`: the trick, the centre pile, the staircase and the melds, each
        seat's cards, as the picture would show them), who is to act and the decisions asked, with a line that says
        what a moderator can grant. No picture at all (`attachments` empty: an edit drops the old one, which shows an
        earlier moment); nothing is drawn."""
        lang = table.settings.get("lang", "en")
        notice = tr(lang, "🖼️ No picture: Discord does not let me attach files in {channel}. A moderator can grant me "
                          "{perms} there; the table shows as text until then.",
                    channel=f"<#{table.channel_id}>", perms=permission_list(self.picture_permissions(table)))
        payload, _ = self.table_message(table, events, notice=notice, in_words=True)
        return self.with_picture(payload, None)

    def picture_permissions(self, table: Table) -> list[str]:
        """What the bot lacks, as its cache knows it, to post the table's picture in the table's home: Attach Files
        and the sending it implies (developer docs, Permissions, "Implicit Permissions"). Attach Files where the
        cache does not say (a refusal the cache has not heard of yet)."""
        home = self.bot.get_channel(table.home_channel_id)
        guild = getattr(home, "guild", None)
        me = getattr(guild, "me", None)
        missing: list[str] = []
        if isinstance(home, (discord.abc.GuildChannel, discord.Thread)) and me is not None:
            perms = home.permissions_for(me)
            if not perms.attach_files:
                missing.append("Attach Files")
            if isinstance(home, discord.Thread) and not perms.send_messages_in_threads:
                missing.append("Send Messages in Threads")
            elif not isinstance(home, discord.Thread) and not perms.send_messages:
                missing.append("Send Messages")
        return missing or ["Attach Files"]

    def hand_message(self, table: Table, seat: int, lang: str | None = None, *, kept: bool = True
                     ) -> tuple[dict[str, Any], Callable[[], bytes] | None]:
        """A seat's hand message without its picture, and the job that draws the picture (or None). `kept`: a
        message that stays (a hand DM), redrawn when this seat's choices change but not when the turn passes
        between the others, so it names nobody's turn; a snapshot asked for now ("My hand") may."""
        lang = lang or table.seats[seat].locale or table.settings.get("lang", "en")
        engine = table.engine
        assert engine is not None
        ui = self.game_ui(table)
        view = engine.view(seat)
        legal = ui.hand_actions(engine.legal_actions(seat)) if table.status == RUNNING else []
        live = ui.live(table)
        deck = ui.card_deck(table)
        with card_style(deck, lang):  # buttons and text name ranks as the hand's picture does (U/O, B/D)
            controls = ui.hand_controls(view, legal, lang, table=table, seat=seat)
            lines = [f"**{tr(lang, '{game} table #{id}', game=table.engine_cls.title, id=table.id)}** · "
                     f"{ui.hand_title(view, lang)}"]
            note = (ui.hand_note(table, seat, view, legal, lang, self.deadline(table))
                    if table.status == RUNNING else None)
            asked = ui.asked_in_hand(table, legal)
            if table.status == CANCELLED:
                lines.append(tr(lang, "This table was cancelled."))
            elif table.status == ABANDONED:
                lines.append(tr(lang, "This table was abandoned; it counts in no standings."))
            elif table.status != RUNNING:
                lines.append(tr(lang, "The game is over."))
            elif table.seats[seat].autopilot:  # voted away: said first, with the button that ends it
                lines.append(tr(lang, "The strong computer plays for you: the others voted to keep playing while you "
                                      "were away. Click I'm back to play your own moves again."))
            elif note:
                lines.append(note)
            elif asked:
                lines.append(tr(lang, "Your move."))
            elif live and ui.table_verbs:  # shown whoever's turn it is: this message is not edited when the turn
                # comes round, so it says where the bids are asked too (it said "click a card" during Grand Hand)
                lines.append(tr(lang, "Click a card to play it when it is your turn; any other decision is asked on "
                                      "the table message, which shows whose turn it is."))
            elif live:
                lines.append(tr(lang, "Click a card to play it when it is your turn; the table message shows "
                                      "whose turn it is."))
            elif ui.table_actions(engine.legal_actions(seat)):  # a bid, asked where everyone sees it
                lines.append(tr(lang, "Your move, on the table message."))
            elif kept:
                lines.append(tr(lang, "Not your turn now: the table message shows whose turn it is."))
            else:
                lines.append(ui.status(engine.view(None), table.text_names, lang))
        with card_style(deck, lang):  # a game's own items make their labels here
            components = build_view(table.id, table.version, controls) if table.status == RUNNING else None
        if components is not None and table.seats[seat].autopilot:
            with contextlib.suppress(ValueError):  # (a full message: the line above still says it)
                components.add_item(TableButton("back", table.id, label=tr(lang, "I'm back"), style="success"))
        if components is not None and table.settings.get("hints") and seat not in view.get("eliminated", ()):
            with contextlib.suppress(ValueError):  # no room left: the hand's own controls come first
                components.add_item(TableButton("hint", table.id, label=tr(lang, "Hint"), style="secondary"))
        payload = {"content": "\n".join(lines), "view": components,
                   "filename": f"hand-{table.id}-{table.version}.png"}
        hand = view.get("hand")
        if not (hand and ui.hand_image):
            return payload, None
        playable = set() if live else {a.split()[1] for a in legal if a.startswith("play ") and len(a.split()) >= 2}
        cards = list(hand)
        four = bool(table.settings.get("four_colour"))
        return payload, Drawing(_render().hand_image, table.game, cards, playable, deck=deck, four_colour=four,
                                lang=lang)

    def hand_payload(self, table: Table, seat: int, lang: str | None = None) -> dict[str, Any]:
        """A seat's hand message with its picture, drawn here (cogs' own views of a hand)."""
        payload, job = self.hand_message(table, seat, lang)
        return self.with_picture(payload, job() if job else None)

    async def render_hand(self, table: Table, seat: int, lang: str | None = None, *,
                          reply: bool = False, kept: bool = True) -> dict[str, Any]:
        payload, job = self.hand_message(table, seat, lang, kept=kept)
        return self.with_picture(payload, await self.draw(job, reply=reply) if job else None)

    def deadline(self, table: Table) -> float | None:
        """When the table's turn timer runs out, as a Unix time (for Discord's <t:…:R>), or None."""
        if table.deadline is None:
            return None
        return time.time() + (table.deadline - self.service.clock())


def narrate(ui: GameUI, events: list[dict[str, Any]], names: list[str], lang: str) -> list[str]:
    """The public lines for a batch of events: the game's, and before the moves the turn timer made for someone
    ("timer" events, which `TableService.expire` adds to the outcome, not the engine) a line that says so."""
    lines: list[str] = []
    group: list[dict[str, Any]] = []
    for event in events:
        if event.get("type") == "timer":
            lines += ui.narrate_events(group, names, lang)
            group = []
            lines.append(timer_line(event, names, lang))
        else:
            group.append(event)
    return lines + ui.narrate_events(group, names, lang)


def timer_line(event: dict[str, Any], names: list[str], lang: str) -> str:
    return tr(lang, "⏱ The turn timer moved for {name}.", name=names[event["seat"]])
