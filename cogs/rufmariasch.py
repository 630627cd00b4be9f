"""Rufmariasch at a Discord table, for money: `/rufmariasch new|balance|ledger|settle`.

The rules live in `bot.games.rufmariasch`, the money in `bot.ledger`, how the game looks in
`cogs.ui.rufmariasch`: the stake typed at `/rufmariasch new` becomes the engine's `stake` (minor units per point,
fixed for the match) and the table's `currency` label; every scored deal books one ledger entry per player in the
same transaction as the move that scored it.

Only fixed-length matches are offered (deals: a multiple of 4, default 8); the engine's open-ended mode
(`deals=None`, ended by `finish()`) is not reachable from Discord.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from datetime import datetime
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.i18n import normalize, tr
from bot.ledger import PAGE, Ledger, deal_entries, fewest_transfers, format_money, parse_stake, parties
from bot.rules_text import MESSAGE_LIMIT, paginate
from bot.tables import UserError
from bot.tables.model import escape_markdown
from bot.ui.errors import reply_error, send_ephemeral
from bot.ui.in_time import answer_wait
from bot.ui.options import DECK_CHOICES, TIMER_RANGE, table_settings
from bot.ui.text_fit import fit_lines
from cogs.ui.rufmariasch import KEY, CallMenu, RufmariaschUI

CONFIRMATION_ROOM = 300  # characters a settlement's last page leaves for the moderator's confirmation
# how long a settlement waits for Discord to say who of its players is still in the server (one gateway request per
# 100 players, answered in a round trip); later, everyone is written as a mention, as before the question was asked
MEMBERS_WITHIN_S = 1.0
MEMBERS_PER_REQUEST = 100  # user ids one REQUEST_GUILD_MEMBERS may name

log = logging.getLogger(__name__)


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
        since = time.monotonic()
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
        # who is still a member is asked only while the answer can still leave within Discord's 3 s (`answer_wait`)
        within = min(MEMBERS_WITHIN_S, answer_wait(interaction, since))
        who = await self._names(interaction.guild, {u for users in balances.values() for u in users if u > 0}, lang,
                                within=within)
        for currency, users in sorted(balances.items()):
            for payer, payee, amount in fewest_transfers(users):
                lines.append("• " + _payment(lang, who, payer, payee, format_money(amount, currency, lang)))
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

    async def _names(self, guild: discord.Guild | None, user_ids: set[int], lang: str, *,
                     within: float = MEMBERS_WITHIN_S) -> dict[int, str]:
        """How a settlement names its parties: a member of the server by a mention (Discord shows their name as
        the server knows it now); someone who left the server, or whose account is gone, by the name stored when
        they last sat down (a mention of them reads "@unknown-user"); the forgotten (/privacy forget-me: their
        entries are anonymised, their stored name deleted) as "a former player". A mention where it is not known
        in time who is still in the server, or where no name is stored."""
        names: dict[int, str] = {}
        present = await self._members(guild, sorted(user_ids), within)
        gone = user_ids - present if present is not None else set()
        stored = await self.ledger.names(sorted(gone)) if gone else {}
        for user_id in user_ids:
            names[user_id] = escape_markdown(stored[user_id]) if stored.get(user_id) else f"<@{user_id}>"
        return names

    @staticmethod
    async def _members(guild: discord.Guild | None, user_ids: list[int], within: float) -> set[int] | None:
        """Which of `user_ids` are members of `guild` now; None when that is not known within `within` seconds.
        The bot has no member cache (no members intent), so it asks the gateway: REQUEST_GUILD_MEMBERS by user id,
        which needs no privileged intent and is not the all-members request Discord limits per guild, and costs
        no REST call of the global budget the tables share."""
        if guild is None or within <= 0:
            return None
        try:
            async with asyncio.timeout(within):
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


def _payment(lang: str, who: dict[int, str], payer: int, payee: int, amount: str) -> str:
    """One payment of a settlement. The forgotten (/privacy forget-me) are party 0, "a former player", and have a
    sentence each way of their own: the one paid is in the dative in German, Croatian and Romanian ("zahlt einem
    ehemaligen Spieler", "plaća bivšem igraču", "îi plătește unui fost jucător"), which the nominative "a former
    player" put into "{payee}" would get wrong. `parties` merges all the forgotten into that one party, and a party
    never pays itself, so a former player paying a former player does not occur."""
    if payer == 0:
        return tr(lang, "A former player pays {payee} {amount}", payee=who[payee], amount=amount)
    if payee == 0:
        return tr(lang, "{payer} pays a former player {amount}", payer=who[payer], amount=amount)
    return tr(lang, "{payer} pays {payee} {amount}", payer=who[payer], payee=who[payee], amount=amount)


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
