"""Rufmariasch at a Discord table, for money: `/rufmariasch new|balance|ledger|settle`.

The rules live in `bot.games.rufmariasch`, the money in `bot.ledger`: the stake typed at `/rufmariasch new`
becomes the engine's `stake` (minor units per point, fixed for the match) and the table's `currency` label;
every scored deal books one ledger entry per player in the same transaction as the move that scored it.

The call: the forehand sees four cards and must name a trump suit and a card (`call T C`, 128 choices).
The hand message offers it as three menus that only note a draft (trump; called card ♣/♠; called card
♥/♦: at most 25 options a menu) and a Call button that sends the drafted action. Drafts live in memory,
per table and state version, and die with that state (any move, the turn timer's call, a restart):
nothing of a draft is a move.

Pictures: the table image shows the plates in points (money / stake, exact) and, underneath, a strip with
the stake and each player's money balance at this table, and the tricks per side once the sides are known.

Only fixed-length matches are offered (deals: a multiple of 4, default 8); the engine's open-ended mode
(`deals=None`, ended by `finish()`) is not reachable from Discord.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.games.cards import SUITS
from bot.games.rufmariasch import DECK_32, SORT_KEY
from bot.i18n import N_, normalize, tr
from bot.ledger import PAGE, Ledger, deal_entries, fewest_transfers, format_money, parse_stake, parties
from bot.render.money import table_png
from bot.rules_text import MESSAGE_LIMIT, paginate
from bot.tables import Table, UserError
from bot.tables.model import RUNNING, escape_markdown
from bot.ui import GameUI
from bot.ui.components import ActionButton
from bot.ui.drawing import Drawing
from bot.ui.errors import reply_error, send_ephemeral
from bot.ui.game_ui import Controls, Custom, card_label, snapshot, style_deck, suit_label
from bot.ui.options import DECK_CHOICES, TIMER_RANGE, table_settings
from bot.ui.seating import FORMER
from bot.ui.suits import SUIT_TEXT
from bot.ui.text_fit import fit_lines

KEY = "rufmariasch"
STALE = "That button is from an earlier moment of the game; here is your current hand."
SUIT_WORDS = {  # German-suited name first (the default deck), the French one after it
    "C": (N_("Acorns"), N_("Clubs")), "S": (N_("Leaves"), N_("Spades")), "H": (N_("Hearts"), N_("Hearts")),
    "D": (N_("Bells"), N_("Diamonds")),
}
CARD_MENUS = {"cards1": ("C", "S"), "cards2": ("H", "D")}
CONFIRMATION_ROOM = 300  # characters a settlement's last page leaves for the moderator's confirmation
# how long a settlement waits for Discord to say who of its players is still in the server (one gateway request per
# 100 players, answered in a round trip); later, everyone is written as a mention, as before the question was asked
MEMBERS_WITHIN_S = 1.0
MEMBERS_PER_REQUEST = 100  # user ids one REQUEST_GUILD_MEMBERS may name

log = logging.getLogger(__name__)


def _suit(suit: str, lang: str) -> str:
    """"🌰 Acorns" on German cards, "♣ Clubs" on French ones: the suit as the table's deck shows it; outside a
    `card_style` the names of both decks ("♣ Acorns / Clubs"), so it reads whichever deck is shown."""
    deck = style_deck()
    names = SUIT_WORDS[suit] if deck is None else SUIT_WORDS[suit][:1] if deck == "german" else SUIT_WORDS[suit][1:]
    words = dict.fromkeys(tr(lang, w) for w in names)
    return f"{suit_label(suit)} {' / '.join(words)}"


def _and(names: list[str]) -> str:
    return " & ".join(names)


# -- persistent components ----------------------------------------------------------------------------------
class CallMenu(discord.ui.DynamicItem[discord.ui.Select[Any]],
               template=r"st:rm:d:(?P<table>\d+):(?P<version>\d+):(?P<part>trump|cards1|cards2)"):
    """One menu of the call (trump, or a called card of two suits): choosing only notes a draft."""

    def __init__(self, table_id: int, version: int, part: str, *,
                 options: list[tuple[str, str, str | None, bool]] | None = None, placeholder: str = "",
                 row: int | None = None):
        opts = [discord.SelectOption(label=label[:100], value=value, description=(desc or "")[:100] or None,
                                     default=chosen)
                for value, label, desc, chosen in options or []] or [discord.SelectOption(label="-", value="-")]
        super().__init__(discord.ui.Select(custom_id=f"st:rm:d:{table_id}:{version}:{part}",
                                           placeholder=placeholder[:150] or None, options=opts, row=row))
        self.table_id, self.version, self.part = table_id, version, part

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> CallMenu:
        return cls(int(match["table"]), int(match["version"]), match["part"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in (interaction.data or {}).get("values", [])]  # type: ignore[union-attr]
        table_ui = interaction.client.table_ui  # type: ignore[attr-defined]
        try:
            ui = table_ui.games.get(KEY)
            if not isinstance(ui, RufmariaschUI):
                raise UserError("Table #{id} is not open any more.", id=self.table_id)
            await ui.on_draft(interaction, self.table_id, self.version, self.part, values)
        except Exception as exc:
            await reply_error(interaction, exc, table_id=self.table_id)


class SettleButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"st:rm:settle:(?P<upto>\d+)"):
    """A moderator confirms that the posted payments were made: books the counter-entries."""

    def __init__(self, upto: int, *, label: str = "", disabled: bool = False):
        super().__init__(discord.ui.Button(label=label or "OK", style=discord.ButtonStyle.success, disabled=disabled,
                                           custom_id=f"st:rm:settle:{upto}"))
        self.upto = upto

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> SettleButton:
        return cls(int(match["upto"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _cog(interaction).confirm_settle(interaction, self.upto)
        except Exception as exc:
            await reply_error(interaction, exc)


class LedgerPage(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"st:rm:lg:(?P<user>\d+):(?P<upto>\d+):(?P<page>\d+):(?P<tag>[pn])"):
    """Older / newer entries of one player's ledger (the pages are fixed at the first query: `upto`)."""

    def __init__(self, user_id: int, upto: int, page: int, tag: str, *, label: str = "", disabled: bool = False):
        super().__init__(discord.ui.Button(label=label or tag, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"st:rm:lg:{user_id}:{upto}:{page}:{tag}"))
        self.user_id, self.upto, self.page = user_id, upto, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LedgerPage:
        return cls(int(match["user"]), int(match["upto"]), int(match["page"]), match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            cog = _cog(interaction)
            payload = await cog.ledger_payload(interaction, self.user_id, self.upto, self.page)
            await interaction.response.edit_message(**payload)
        except Exception as exc:
            await reply_error(interaction, exc)


DYNAMIC_ITEMS = (CallMenu, SettleButton, LedgerPage)


def _cog(interaction: discord.Interaction) -> Rufmariasch:
    cog = interaction.client.get_cog("Rufmariasch")  # type: ignore[attr-defined]
    if cog is None:
        raise UserError("Sorry, something went wrong on my side. The table is safe; please try again.")
    return cog  # type: ignore[return-value]


# -- presentation ----------------------------------------------------------------------------------------------
@dataclass
class Draft:
    """The forehand's call so far. Kept per (table, state version): any move (or a restart) drops it."""

    trump: str | None = None
    card: str | None = None


class RufmariaschUI(GameUI):
    key = KEY
    stakes = True
    live_cards = True  # the call stays in the caller's DM: it shows which cards are in their own hand

    def __init__(self, table_ui: Any = None) -> None:
        self.table_ui = table_ui
        self.drafts: dict[tuple[int, int], Draft] = {}

    # -- the call: drafts ------------------------------------------------------------------------------------
    def draft(self, table_id: int, version: int) -> Draft:
        """The draft of the call at this table in this state (only the forehand acts while it is open)."""
        d = self.drafts.get((table_id, version))
        if d is None:
            for key in [k for k in self.drafts if k[0] == table_id]:
                del self.drafts[key]  # an earlier state of this table
            d = self.drafts[(table_id, version)] = Draft()
        return d

    async def on_draft(self, interaction: discord.Interaction, table_id: int, version: int, part: str,
                       values: list[str]) -> None:
        table_ui = self.table_ui or interaction.client.table_ui  # type: ignore[attr-defined]
        table = table_ui.service.get(table_id)
        lang = normalize(interaction.locale)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("You are not seated at this table.")
        engine = table.engine
        if table.status != RUNNING or engine is None:
            raise UserError("Table #{id} is not running.", id=table.id)
        if version != table.version or seat not in engine.to_act() or engine.view(None)["phase"] != "call":
            await table_ui.show_hand(interaction, table_id, note="⚠️ " + tr(lang, STALE))
            return
        value = values[0] if values else ""
        d = self.draft(table.id, version)
        if part == "trump" and value in SUITS:
            d.trump = value
        elif part in CARD_MENUS and value in DECK_32:
            d.card = value
        else:
            raise UserError("Choose something first.")
        if interaction.message is not None and table_ui.delivery.too_old(interaction.message.id, interaction):
            # an hour-old message (the caller took long): an edit would meet Discord's limit on edits of old
            # messages (30046). A private "My hand" answer is followed by a fresh one with the draft; the hand DM is
            # deferred, and the hand with the draft comes as a fresh DM while the old one goes (send_hand)
            if interaction.message.flags.ephemeral:
                await table_ui.show_hand(interaction, table.id)
                return
            await table_ui.delivery.safe(interaction.response.defer())
            # under the table's lock, as every hand DM goes out: a batch on its way (the turn timer's move) would
            # otherwise replace the same hour-old DM too, leaving two fresh DMs with live menus; what fails is caught up
            await table_ui.delivery.redraw_hand(table, seat)
            return
        payload, _ = table_ui.hand_message(table, seat, lang)  # the picture is not drawn: it stays as it is
        payload.pop("filename", None)
        await interaction.response.edit_message(**payload)

    def controls(self, view: dict[str, Any], legal: list[str], lang: str, *, live: bool = False) -> Controls:
        """The call: three menus that note a draft and a Call button that sends it (built when the message
        is, with the table id and state version, so each shows the draft of this table in this state)."""
        if view.get("phase") != "call" or not legal:
            return super().controls(view, legal, lang, live=live)
        hand = set(view.get("hand") or [])
        out = Controls()
        out.items.append(Custom(make=lambda t, v: CallMenu(
            t, v, "trump", row=0, placeholder=tr(lang, "1. Trump suit …"),
            options=[(s, _suit(s, lang), None, s == self.draft(t, v).trump) for s in SUITS])))
        mine = tr(lang, "in your hand: you would play alone")
        for row, (part, suits) in enumerate(CARD_MENUS.items(), start=1):
            cards = sorted((c for c in DECK_32 if c[-1] in suits), key=SORT_KEY.__getitem__)
            shown = " ".join(suit_label(s) for s in suits)  # one card from either menu: the second says "or"
            holder = tr(lang, "2. Called card: {suits} …", suits=shown) if row == 1 else \
                tr(lang, "… or a called card: {suits} …", suits=shown)
            out.items.append(Custom(make=lambda t, v, p=part, cs=cards, r=row, ph=holder: CallMenu(
                t, v, p, row=r, placeholder=ph,
                options=[(c, card_label(c), mine if c in hand else None, c == self.draft(t, v).card) for c in cs])))
        out.items.append(Custom(make=lambda t, v: self._call_button(t, v, hand, legal, lang)))
        return out

    def _call_button(self, table_id: int, version: int, hand: set[str], legal: list[str], lang: str) -> ActionButton:
        d = self.draft(table_id, version)
        action = f"call {d.trump} {d.card}" if d.trump and d.card else None
        if action is None or action not in legal:
            return ActionButton(table_id, version, "call", label=tr(lang, "Call (choose trump and a card first)"),
                                style="success", disabled=True, row=3)
        fields = {"suit": _suit(d.trump or "", lang), "card": card_label(d.card or "")}
        label = (tr(lang, "Call {suit}, {card}: alone", **fields) if d.card in hand
                 else tr(lang, "Call {suit}, {card}", **fields))
        return ActionButton(table_id, version, action, label=label, style="success", row=3)

    def hand_note(self, table: Any, seat: int, view: dict[str, Any], legal: list[str], lang: str,
                  deadline: float | None) -> str | None:
        if view.get("phase") == "call" and legal:
            return tr(lang, "You see your first four cards. Choose the trump suit and the card that calls your "
                            "partner (whoever holds it after the deal); then press Call.")
        if view.get("phase") != "play" or view.get("revealed"):
            return None
        # private: this seat's own role, which nobody else learns before the called card is played or shown
        note = None
        if view.get("role") == "partner":
            note = tr(lang, "You hold the called card {card}: you are {name}'s silent partner.",
                      card=card_label(view.get("called") or ""), name=table.text_names[view["caller"]])
        elif view.get("role") == "caller" and view.get("alone"):
            note = tr(lang, "You hold the called card yourself: you play alone against three.")
        if note and legal and not self.live(table):  # a live hand is not redrawn when the turn comes round
            note += " " + tr(lang, "Your move.")
        return note

    # -- labels and text ---------------------------------------------------------------------------------------
    def label(self, action: str, lang: str, *, bare: bool = False) -> str:
        verb, *args = action.split()
        if verb == "announce" and args and args[0] in SUIT_TEXT:  # the cards as the deck names them (K O, K Q)
            return f"{tr(lang, 'Marriage')} {card_label('K' + args[0])} {card_label('Q' + args[0])}"[:80]
        if verb == "call" and len(args) == 2 and args[0] in SUIT_TEXT:  # (a hint's words: the call is menus)
            return tr(lang, "Trump {suit}, called {card}", suit=suit_label(args[0]), card=card_label(args[1]))[:80]
        return super().label(action, lang, bare=bare)

    def hand_title(self, view: dict[str, Any], lang: str) -> str:
        deals = view.get("deals") or view.get("options", {}).get("deals")
        title = (tr(lang, "Deal {n} of {total}", n=view.get("hand_no", 1), total=deals) if deals
                 else tr(lang, "Deal {n}", n=view.get("hand_no", 1)))
        if view.get("trump") and view.get("called"):
            title += " · " + tr(lang, "Trump {suit}, called {card}", suit=suit_label(view["trump"]),
                                card=card_label(view["called"]))
        return title

    def status(self, view: dict[str, Any], names: list[str], lang: str) -> str:
        if view.get("over"):
            return super().status(view, names, lang)
        who = ", ".join(names[s] for s in view.get("to_act", []))
        if view.get("phase") == "call":
            return tr(lang, "{who} looks at four cards and calls trump and a partner card.", who=who)
        trick = self.trick_words(view, names, lang)
        return tr(lang, "{who} is to play.", who=who) + (" " + trick if trick else "")

    def narrate(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        if "private" in event:
            return None
        kind = event.get("type")
        if kind == "call":
            return tr(lang, "{name} calls {suit} as trump and the {card}: whoever holds it is the partner.",
                      name=names[event["seat"]], suit=suit_label(event["trump"]), card=card_label(event["card"]))
        if kind == "announce":
            return tr(lang, "{name} announces the marriage {cards} ({points}).", name=names[event["seat"]],
                      cards=" ".join(card_label(c) for c in event.get("cards", [])), points=event.get("points", 0))
        if kind == "partner_revealed":
            if event.get("alone"):
                return tr(lang, "{name} holds the called card: alone against three!", name=names[event["caller"]])
            return tr(lang, "{partner} is {caller}'s partner.", partner=names[event["partner"]],
                      caller=names[event["caller"]])
        if kind == "trick":
            cards = " ".join(card_label(c["card"]) for c in event.get("cards", []))
            return tr(lang, "{name} takes the trick ({cards}): {points} points.", name=names[event["winner"]],
                      cards=cards, points=event.get("points", 0))
        if kind == "hand_scored":
            fields = {"n": event.get("hand_no", "?"), "callers": _and([names[s] for s in event.get("callers", [])]),
                      "c": event.get("callers_total", 0), "d": event.get("defenders_total", 0),
                      "target": event.get("target", 0), "p": event.get("payment", 0) // max(1, event.get("stake", 1))}
            if len(event.get("callers", [])) == 1:  # the caller held the called card: alone against three
                if event.get("callers_win"):
                    return tr(lang, "Deal {n}: {callers} wins alone {c}:{d} (target {target}), a difference of {p} "
                                    "points.", **fields)
                return tr(lang, "Deal {n}: {callers} loses alone {c}:{d} (target {target}), a difference of {p} "
                                "points.", **fields)
            if event.get("callers_win"):
                return tr(lang, "Deal {n}: {callers} win {c}:{d} (target {target}), a difference of {p} points.",
                          **fields)
            return tr(lang, "Deal {n}: {callers} lose {c}:{d} (target {target}), a difference of {p} points.",
                      **fields)
        return super().narrate(event, names, lang)

    # -- pictures ------------------------------------------------------------------------------------------------
    def table_image(self, table: Table, view: dict[str, Any], lang: str) -> bytes:
        """The renderer's table in points, plus the money strip (stake, balances, tricks per side)."""
        return self.table_job(table, view, lang)()

    def table_job(self, table: Table, view: dict[str, Any], lang: str) -> Callable[[], bytes]:
        return Drawing(table_png, table.game, view, list(table.names), self.deck_style(table.settings),
                       bool(table.settings.get("four_colour")), str(table.settings.get("currency") or ""), lang)

    def score_sheet_job(self, table: Table, hands: list[dict[str, Any]], totals: list[int],
                        lang: str) -> Callable[[], bytes]:
        """The score sheet in points (money / stake): a Rufmariasch tally, not a column of cents."""
        import bot.render as render

        stake = int(table.options.get("stake") or 1)
        records = table.engine.result()["hands"] if table.engine is not None else []
        if len(records) == len(hands):  # the engine's records say what each deal was (caller, trump, score)
            hands = records

        def points(values: list[int]) -> list[int]:
            return [int(x) // stake for x in values]

        rows = []
        for h in hands:
            row = {**h, "deltas": points(h.get("deltas") or [])}
            if h.get("totals"):
                row["totals"] = points(h["totals"])
            rows.append(row)
        title = tr(lang, "{game} table #{id}", game=table.engine_cls.title, id=table.id) + " · " + tr(
            lang, "points × {stake}", stake=format_money(stake, str(table.settings.get("currency") or ""), lang))
        return partial(render.score_sheet, table.game, list(table.names), snapshot(rows), points(totals), title=title,
                       lang=lang)


# -- the cog -----------------------------------------------------------------------------------------------------
class Rufmariasch(commands.Cog):
    group = app_commands.Group(name="rufmariasch",
                               description=_T("Rufmariasch: four players, a called trump and a silent partner"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.ui = RufmariaschUI(bot.table_ui)  # type: ignore[attr-defined]
        bot.table_ui.register(self.ui)  # type: ignore[attr-defined]
        service = bot.tables  # type: ignore[attr-defined]
        if deal_entries not in service._result_writers.get(KEY, ()):  # a reloaded cog must not book twice
            service.add_result_writer(KEY, deal_entries)
        self.ledger = Ledger(bot.db)  # type: ignore[attr-defined]
        bot.add_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    # -- /rufmariasch new ------------------------------------------------------------------------------------
    @group.command(name=_T("new"), description=_T("Open a Rufmariasch table for four, playing for a stake per point"))
    @app_commands.describe(stake=_T("Money per point, such as 0.10 or 0,50; fixed for the whole match"),
                           currency=_T("Currency label, such as €, KM or ct (default: none)"),
                           deals=_T("Deals in the match, a multiple of 4 (default 8)"),
                           must_head=_T("Must a player beat the trick when able? (default yes)"),
                           deck=_T("Card faces: German (default) or French"),
                           turn_timer=_T("Seconds per move before the bot plays for you (default 300)"),
                           lit_cards=_T("Light up only the cards you may play (your hand is redrawn every turn)"))
    @app_commands.choices(deck=DECK_CHOICES)
    async def new(self, interaction: discord.Interaction, stake: app_commands.Range[str, 1, 24],
                  currency: app_commands.Range[str, 1, 12] | None = None,
                  deals: app_commands.Range[int, 4, 48] = 8, must_head: bool = True,
                  deck: app_commands.Choice[str] | None = None, turn_timer: TIMER_RANGE = 300,
                  lit_cards: bool = False) -> None:
        minor, label = parse_stake(stake, currency, normalize(interaction.locale))
        if deals % 4:
            raise UserError("The number of deals must be a multiple of 4, so everyone deals equally often.")
        settings = {**table_settings(deck, turn_timer, lit_cards), "currency": label}
        table = await self.bot.table_ui.open_table(  # type: ignore[attr-defined]
            interaction, KEY, options={"deals": deals, "stake": minor, "must_head": must_head}, settings=settings)
        if table is None:
            return
        lang = table.settings.get("lang", "en")
        await interaction.followup.send(tr(
            lang, "Table #{id} plays for {amount} per point, {deals} deals. Every deal is booked in this server's "
                  "ledger (/rufmariasch balance) unless the table becomes practice (a computer seated, or hints on: "
                  "the lobby says so). Join only if you agree to the stake.",
            id=table.id, amount=format_money(minor, label, lang), deals=deals))

    # -- /rufmariasch balance ---------------------------------------------------------------------------------
    @group.command(name=_T("balance"), description=_T("Rufmariasch money balance in this server"))
    @app_commands.describe(user=_T("Whose balance (default: yours)"))
    async def balance(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        lang = normalize(interaction.locale)
        who = user or interaction.user
        rows = await self.ledger.summary(interaction.guild_id or 0, who.id)
        if not rows:
            await send_ephemeral(interaction, tr(lang, "{name} has no Rufmariasch money booked in this server.",
                                                 name=who.mention), allowed_mentions=discord.AllowedMentions.none())
            return
        lines = [tr(lang, "**{name}** in this server:", name=who.mention)]
        for r in rows:
            lines.append(tr(lang, "{amount} (deals: {deals}, tables: {tables})",
                            amount=format_money(r.balance, r.currency, lang, signed=True), deals=r.deals,
                            tables=r.tables))
        text = fit_lines(lines, tr(lang, "… and {n} more", n="{n}"))  # one line per currency ever booked
        await send_ephemeral(interaction, text, allowed_mentions=discord.AllowedMentions.none())

    # -- /rufmariasch ledger ----------------------------------------------------------------------------------
    @group.command(name=_T("ledger"), description=_T("Recent Rufmariasch ledger entries in this server"))
    @app_commands.describe(user=_T("Whose entries (default: yours)"))
    async def ledger_(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        who = user or interaction.user
        upto = await self.ledger.last_entry(interaction.guild_id or 0)
        payload = await self.ledger_payload(interaction, who.id, upto, 0)
        await interaction.response.send_message(ephemeral=True, **payload)

    async def ledger_payload(self, interaction: discord.Interaction, user_id: int, upto: int,
                             page: int) -> dict[str, Any]:
        """One page of a player's entries in this server: amounts, tables, deals and times, nothing else."""
        if interaction.guild_id is None:
            raise UserError("Tables are opened in a server channel, not in DMs.")
        lang = normalize(interaction.locale)
        rows, count = await self.ledger.entries(interaction.guild_id, user_id, upto=upto, page=page)
        none = discord.AllowedMentions.none()
        if not count:
            return {"content": tr(lang, "{name} has no Rufmariasch money booked in this server.",
                                  name=f"<@{user_id}>"), "allowed_mentions": none}
        pages = (count + PAGE - 1) // PAGE
        lines = [tr(lang, "**Ledger of {name}** in this server, page {page} of {pages} (newest first):",
                    name=f"<@{user_id}>", page=page + 1, pages=pages)]
        for r in rows:
            amount = format_money(r["amount"], r["currency"], lang, signed=True)
            when = _timestamp(r["created_at"])
            what = (tr(lang, "table #{table}, deal {deal}", table=r["table_id"], deal=r["hand_no"])
                    if r["kind"] == "deal" else tr(lang, "settlement"))
            lines.append(f"`#{r['entry_id']}` {when} · {what} · **{amount}**")
        view = discord.ui.View(timeout=None)
        view.add_item(LedgerPage(user_id, upto, max(0, page - 1), "p", label=tr(lang, "◀ Newer"), disabled=page == 0))
        view.add_item(LedgerPage(user_id, upto, page + 1, "n", label=tr(lang, "Older ▶"), disabled=page + 1 >= pages))
        return {"content": "\n".join(lines)[:2000], "view": view, "allowed_mentions": none}

    # -- /rufmariasch settle ----------------------------------------------------------------------------------
    @group.command(name=_T("settle"), description=_T("Who pays whom so everyone here is square; a moderator confirms"))
    async def settle(self, interaction: discord.Interaction) -> None:
        lang = normalize(interaction.locale)
        guild_id = interaction.guild_id or 0
        upto = await self.ledger.last_entry(guild_id)
        # as the settlement names them: a forgotten person's entries that net to zero (a forget-me after a settlement)
        # owe nobody anything, and are no proposal with nothing to pay and a button
        booked = await self.ledger.balances(guild_id, upto=upto)
        balances = {c: p for c, users in booked.items() if (p := parties(users))}
        if not balances:
            await send_ephemeral(interaction, tr(lang, "Everyone is square already: there is nothing to settle."))
            return
        lines = [tr(lang, "**Settling up Rufmariasch** (ledger entries up to #{upto}): the fewest payments that "
                          "square everyone in this server.", upto=upto)]
        who = await self._names(interaction.guild, {u for users in balances.values() for u in users if u > 0}, lang)
        for currency, users in sorted(balances.items()):
            for payer, payee, amount in fewest_transfers(users):
                lines.append("• " + tr(lang, "{payer} pays {payee} {amount}", payer=who[payer], payee=who[payee],
                                        amount=format_money(amount, currency, lang)))
        lines.append(tr(lang, "When the money has changed hands, a moderator presses the button: that books "
                              "counter-entries, and every balance above becomes zero."))
        view = discord.ui.View(timeout=None)
        view.add_item(SettleButton(upto, label=tr(lang, "Confirm: settled")))
        # every payment the button squares is shown: a long list goes on over follow-ups, the button under the
        # last, which keeps room for the confirmation that is added to it
        pages = paginate("\n".join(lines), MESSAGE_LIMIT - CONFIRMATION_ROOM)
        none = discord.AllowedMentions.none()
        for i, page in enumerate(pages):
            button = {"view": view} if i == len(pages) - 1 else {}
            send = interaction.followup.send if i else interaction.response.send_message
            await send(page, allowed_mentions=none, **button)

    async def _names(self, guild: discord.Guild | None, user_ids: set[int], lang: str) -> dict[int, str]:
        """How a settlement names its parties: a member of the server by a mention (Discord shows their name as
        the server knows it now); someone who left the server, or whose account is gone, by the name stored when
        they last sat down (a mention of them reads "@unknown-user"); the forgotten (/privacy forget-me: their
        entries are anonymised, their stored name deleted) as "a former player". A mention where it is not known
        in time who is still in the server, or where no name is stored."""
        names = {0: tr(lang, FORMER)}
        present = await self._members(guild, sorted(user_ids))
        gone = user_ids - present if present is not None else set()
        stored = await self.ledger.names(sorted(gone)) if gone else {}
        for user_id in user_ids:
            names[user_id] = escape_markdown(stored[user_id]) if stored.get(user_id) else f"<@{user_id}>"
        return names

    @staticmethod
    async def _members(guild: discord.Guild | None, user_ids: list[int]) -> set[int] | None:
        """Which of `user_ids` are members of `guild` now; None when that is not known within MEMBERS_WITHIN_S.
        The bot has no member cache (no members intent), so it asks the gateway: REQUEST_GUILD_MEMBERS by user id,
        which needs no privileged intent and is not the all-members request Discord limits per guild, and costs
        no REST call of the global budget the tables share."""
        if guild is None:
            return None
        try:
            async with asyncio.timeout(MEMBERS_WITHIN_S):
                found: set[int] = set()
                for i in range(0, len(user_ids), MEMBERS_PER_REQUEST):
                    chunk = user_ids[i:i + MEMBERS_PER_REQUEST]
                    found |= {m.id for m in await guild.query_members(user_ids=chunk, limit=len(chunk),
                                                                       cache=False)}
                return found
        except (TimeoutError, discord.DiscordException, RuntimeError) as exc:
            log.warning("guild %s: who of %d players is still a member went unanswered (%r); the settlement "
                        "mentions them all", guild.id, len(user_ids), exc)
            return None

    async def confirm_settle(self, interaction: discord.Interaction, upto: int) -> None:
        lang = normalize(interaction.locale)
        if interaction.guild_id is None:
            raise UserError("Tables are opened in a server channel, not in DMs.")
        if not self.bot.table_ui.is_moderator(interaction):  # type: ignore[attr-defined]
            raise UserError("Only a moderator (Manage Server or Manage Messages) can confirm a settlement.")
        squared = await self.ledger.settle(interaction.guild_id, upto)
        n = sum(len(parties(users)) for users in squared.values())  # as the proposal named them
        # the counter-entries square the balances as of `upto`; deals booked after the proposal was shown stand,
        # and what they left is every balance now
        still = sum(len(parties(users)) for users in (await self.ledger.balances(interaction.guild_id)).values())
        confirmed = confirmation(lang, interaction.user.mention, n, upto, still)
        shown = interaction.message.content if interaction.message else ""
        content = f"{shown[:MESSAGE_LIMIT - len(confirmed) - 1]}\n{confirmed}"  # (the proposal left room for it)
        await interaction.response.edit_message(content=content, view=None,
                                                allowed_mentions=discord.AllowedMentions.none())


def confirmation(lang: str, mod: str, squared: int, upto: int, still: int) -> str:
    """The line a moderator's confirmation adds under the proposal: `squared` balances as of entry `upto` are zero;
    `still` balances are open now, left by deals booked after the proposal was shown (they are not settled)."""
    if not still:
        return "✅ " + tr(lang, "Settled: confirmed by {mod}; {n} balances are zero now.", mod=mod, n=squared)
    return "✅ " + tr(lang, "Settled: confirmed by {mod}; {n} balances are squared up to entry #{upto}.", mod=mod,
                     n=squared, upto=upto) + " " + tr(
        lang, "Deals booked after it stand: {n} balances are open now (/rufmariasch balance).", n=still)


def _timestamp(created_at: str) -> str:
    """An ISO UTC time from SQLite -> a Discord timestamp every reader sees in their own time zone."""
    try:
        return f"<t:{int(datetime.fromisoformat(created_at.replace('Z', '+00:00')).timestamp())}:f>"
    except ValueError:
        return created_at


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rufmariasch(bot))
