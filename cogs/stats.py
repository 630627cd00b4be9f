"""Leaderboards, personal stats, history, replays, seasons and forgetting: `/leaderboard`, `/stats`,
`/history`, `/replay`, `/season start|history` and `/privacy forget-me`.

The numbers come from `bot.stats` (records written with every finished match, openskill ratings); the
pictures from `bot.render.leaderboard`, drawn where the table pictures are (never on the event loop). A replay draws
each step with the table UI's own `render_table`, so it shows exactly the image the live table showed then.
"""

from __future__ import annotations

import asyncio
import io
import logging
import math
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.games import GAMES
from bot.i18n import SUPPORTED, format_day, normalize, tr
from bot.render import hands_sheet
from bot.render.leaderboard import leaderboard_png, stats_card_png
from bot.stats import Aggregate, Board, Replay, StatsStore, spec
from bot.stats.boards import RATING, cells, money
from bot.stats.store import SeatLine
from bot.tables import UserError
from bot.tables.model import FINISHED, RUNNING, Seat, Table, escape_markdown
from bot.ui import GameUI
from bot.ui.errors import reply_error, send_ephemeral
from bot.ui.game_ui import card_style, score_text
from bot.ui.in_time import edit_in_time, send_in_time
from bot.ui.lobby import new_commands
from bot.ui.seating import FORMER
from bot.ui.text_fit import listing
from bot.workers import Job

log = logging.getLogger(__name__)

PAGE = 10
GAME_CHOICES = [app_commands.Choice(name=cls.title, value=key) for key, cls in GAMES.items()]
PERIOD_CHOICES = [app_commands.Choice(name=_T("All time"), value="all"),
                  app_commands.Choice(name=_T("This season"), value="season"),
                  app_commands.Choice(name=_T("This month"), value="month")]
REPLAY_CACHE = 8


def _cog(interaction: discord.Interaction) -> Stats:
    return interaction.client.get_cog("Stats")  # type: ignore[attr-defined,return-value]


# -- persistent components ------------------------------------------------------------------------
class BoardPage(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"st:lb:(?P<game>[a-z]+):(?P<period>all|season|month):(?P<season>\d+):(?P<page>\d+):(?P<tag>[pn])"
                         r"(?::(?P<lang>[a-z]{2,3}):(?P<asker>\d+))?"):
    """A leaderboard page button: everything needed to draw the page is in its custom_id, the language it is
    written in and whose row it marks too (the asker's: the board is public, and anyone may page it). Buttons
    from before these two were added page in the clicker's language."""

    def __init__(self, game: str, period: str, season: int, page: int, tag: str, *, label: str,
                 disabled: bool = False, lang: str | None = None, asker: int | None = None):
        shown = f":{lang}:{asker}" if lang and asker else ""
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"st:lb:{game}:{period}:{season}:{page}:{tag}{shown}"))
        self.game, self.period, self.season, self.page = game, period, season, page
        self.lang, self.asker = lang, asker

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BoardPage:
        return cls(match["game"], match["period"], int(match["season"]), int(match["page"]), match["tag"], label="",
                   lang=match["lang"], asker=int(match["asker"]) if match["asker"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        since = time.monotonic()
        try:
            await edit_in_time(interaction, _cog(interaction).board_payload(
                interaction, self.game, self.period, self.season or None, self.page, lang=self.lang,
                asker=self.asker), since=since)
        except Exception as exc:
            await reply_error(interaction, exc)


class ReplayStep(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"st:rp:(?P<table>\d+):(?P<step>\d+):(?P<tag>[a-z]+)"):
    def __init__(self, table_id: int, step: int, tag: str, *, label: str, disabled: bool = False, row: int = 0):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           row=row, custom_id=f"st:rp:{table_id}:{step}:{tag}"))
        self.table_id, self.step = table_id, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReplayStep:
        return cls(int(match["table"]), int(match["step"]), match["tag"], label="")

    async def callback(self, interaction: discord.Interaction) -> None:
        since = time.monotonic()
        try:
            await edit_in_time(interaction, _cog(interaction).replay_payload(interaction, self.table_id, self.step),
                               since=since)
        except Exception as exc:
            await reply_error(interaction, exc)


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"st:pf:(?P<user>\d+):(?P<answer>yes|no)"):
    def __init__(self, user_id: int, answer: str, *, label: str = ""):
        style = discord.ButtonStyle.danger if answer == "yes" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label or answer, style=style, custom_id=f"st:pf:{user_id}:{answer}"))
        self.user_id, self.answer = user_id, answer

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ForgetButton:
        return cls(int(match["user"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _cog(interaction).on_forget(interaction, self.user_id, self.answer == "yes")
        except Exception as exc:
            await reply_error(interaction, exc)


def board_page(board: Board, page: int, lang: str, when: str, name_of: Callable[[Aggregate], str],
               me: int | None = None) -> tuple[int, int, Job, str, str]:
    """One page of a leaderboard: (page, pages, the job that draws its PNG, the message text, the image's alt
    text). The text names each player with the ranking's measure and rating, short enough that the picture stays
    in sight on a phone; the alt text (what screen readers say for the picture) lists every column. The picture is
    drawn where the table pictures are (`TableUI.draw`), not on the event loop."""
    game = board.game
    pages = max(1, math.ceil(len(board.rows) / PAGE))
    page = max(0, min(page, pages - 1))
    rows = board.rows[page * PAGE:(page + 1) * PAGE]
    sp = spec(game)
    headers = [tr(lang, c.title) for c in sp.columns]
    names = [name_of(a) for a in rows]
    values = [cells(game, a, lang) for a in rows]
    heading = tr(lang, "Leaderboard · {game}", game=GAMES[game].title)
    ranked_by = tr(lang, "Ranked by {measure}.", measure=tr(lang, sp.measure))
    page_text = tr(lang, "Page {page} of {pages}", page=page + 1, pages=pages)
    subtitle = f"{when} · {page_text} · {tr(lang, 'Players: {n}', n=len(board.rows))}"
    mine = next((i for i, a in enumerate(rows) if a.user_id == me), None)
    png = Job(leaderboard_png, heading, subtitle, headers,
              [(a.rank, n, v) for a, n, v in zip(rows, names, values, strict=True)],
              name_header=tr(lang, "Player"), footer=ranked_by, mark=mine)
    lines = [f"**{heading}** · {subtitle}", ranked_by]
    alt = [f"{heading} · {subtitle}"]
    short = [0] + [i for i, c in enumerate(sp.columns) if c is RATING]  # the measure ranked by, the rating
    for a, name, vals in zip(rows, names, values, strict=True):
        lines.append(f"{a.rank}. {escape_markdown(name)}: " + ", ".join(f"{headers[i]} {vals[i]}" for i in short))
        alt.append(f"{a.rank}. {name}: " + ", ".join(f"{h} {v}" for h, v in zip(headers, vals, strict=True)))
    return page, pages, png, "\n".join(lines)[:2000], "\n".join(alt)[:1024]


# -- the cog ----------------------------------------------------------------------------------------
DYNAMIC_ITEMS = (BoardPage, ReplayStep, ForgetButton)


def _result(game: str, seat: SeatLine, lang: str) -> str:
    """A seat's result in /history: its points, or a Rufmariasch table's money ("+10.00 €", as booked in the ledger;
    a practice table's, which books nothing, without a currency): its engine counts money in minor units, which
    read as points a hundred times too many."""
    if game == "rufmariasch":
        return money(seat.total if seat.money is None else seat.money, seat.currency, lang)
    return score_text(seat.total)


class Stats(commands.Cog):
    season_group = app_commands.Group(name=_T("season"), description=_T("Seasons of this server's leaderboards"),
                                      guild_only=True)
    privacy = app_commands.Group(name=_T("privacy"), description=_T("What the bot keeps about you"))

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.store = StatsStore(bot.db)  # type: ignore[attr-defined]
        self.store.attach(bot.tables)  # type: ignore[attr-defined]
        self._replays: OrderedDict[int, tuple[Any, Replay]] = OrderedDict()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        # Before the bot connects: record and rate what finished without a record (nothing else writes yet).
        try:
            await self.store.catch_up()
        except Exception:
            log.exception("stats catch-up failed; the bot runs on")

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    # -- names -------------------------------------------------------------------------------------
    def _name(self, guild: discord.Guild | None, user_id: int, stored: str, lang: str) -> str:
        if user_id <= 0:
            return tr(lang, FORMER)
        member = guild.get_member(user_id) if guild is not None else None
        return member.display_name if member is not None else (stored or tr(lang, FORMER))

    def _period_text(self, lang: str, period: str, season: int | None, month: str | None) -> str:
        if period == "season":
            return tr(lang, "Season {n}", n=season)
        if period == "month":
            return tr(lang, "Month {month}", month=format_day(month or "", lang))
        return tr(lang, "All time")

    # -- /leaderboard ------------------------------------------------------------------------------
    @app_commands.command(name=_T("leaderboard"), description=_T("The best players of a game in this server"))
    @app_commands.describe(game=_T("Which game"), period=_T("All time (default), this season or this month"),
                           season=_T("An earlier season's number (implies the season period)"),
                           page=_T("Page number"))
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                          period: app_commands.Choice[str] | None = None,
                          season: app_commands.Range[int, 1, 9999] | None = None,
                          page: app_commands.Range[int, 1, 10000] = 1) -> None:
        chosen = period.value if period else ("season" if season else "all")
        if season and chosen != "season":
            raise UserError("A season number goes with the season period.")
        await send_in_time(interaction, self.board_payload(interaction, game.value, chosen, season, page - 1),
                           since=time.monotonic(), ephemeral=False)

    async def board_payload(self, interaction: discord.Interaction, game: str, period: str, season: int | None,
                            page: int, *, lang: str | None = None, asker: int | None = None) -> dict[str, Any]:
        """A leaderboard page in `lang` marking `asker`'s row (default: the interaction's, for /leaderboard)."""
        lang = lang if lang in SUPPORTED else normalize(interaction.locale)
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserError("Leaderboards belong to a server: use this command in one.")
        if game not in GAMES:
            raise UserError("Unknown game {game}.", game=game)
        if season is not None and period == "season" and season > await self.store.current_season(guild_id):
            raise UserError("There is no season {n} yet in this server.", n=season)
        month = None  # a month board's page buttons keep its month (as YYYYMM where a season's number goes)
        if period == "month" and season:
            month, season = datetime(season // 100, season % 100, 1, tzinfo=UTC), None
        board = await self.store.leaderboard(guild_id, game, period, season=season, now=month)
        title = GAMES[game].title
        when = self._period_text(lang, period, board.season, board.month)
        if not board.rows:
            if not await self.store.has_games(guild_id):
                raise UserError("Nobody has finished a game in this server yet. Open a table with a game's command"
                                " ({commands}), and the leaderboard fills up. Practice tables (with a computer or"
                                " hints) are not counted.", commands=new_commands(lang))
            if period == "all":  # "for All time" read as a heading in the middle of a sentence
                raise UserError("No finished {game} matches here yet. Practice tables (with a computer or hints) are"
                                " not counted.", game=title)
            raise UserError("No finished {game} matches here for {period} yet.", game=title, period=when)
        me = asker or interaction.user.id
        page, pages, drawing, text, alt = board_page(
            board, page, lang, when, lambda a: self._name(interaction.guild, a.user_id, a.name, lang), me)
        png = await self.bot.table_ui.draw(drawing, reply=True)  # type: ignore[attr-defined]
        view = discord.ui.View(timeout=None)
        if pages > 1:
            s = board.season if period == "season" else 0
            if period == "month" and board.month:
                s = int(board.month.replace("-", ""))
            view.add_item(BoardPage(game, period, s or 0, max(page - 1, 0), "p", label=tr(lang, "◀ Previous"),
                                    disabled=page == 0, lang=lang, asker=me))
            view.add_item(BoardPage(game, period, s or 0, min(page + 1, pages - 1), "n", label=tr(lang, "Next ▶"),
                                    disabled=page >= pages - 1, lang=lang, asker=me))
        file = discord.File(io.BytesIO(png), filename=f"leaderboard-{game}-{page + 1}.png", description=alt)
        return {"content": text, "attachments": [file], "view": view,
                "allowed_mentions": discord.AllowedMentions.none()}

    # -- /stats ------------------------------------------------------------------------------------
    @app_commands.command(name=_T("stats"), description=_T("A player's record in this server, game by game"))
    @app_commands.describe(user=_T("Whose record (default: yours)"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.User | discord.Member | None = None) -> None:
        await send_in_time(interaction, self.stats_payload(interaction, user), since=time.monotonic(),
                           ephemeral=False)

    async def stats_payload(self, interaction: discord.Interaction,
                            user: discord.User | discord.Member | None) -> dict[str, Any]:
        lang = normalize(interaction.locale)
        target = user or interaction.user
        if target.bot:
            raise UserError("{name} is a bot and plays no cards.", name=target.display_name)
        record = await self.store.player_stats(interaction.guild_id or 0, target.id)
        if record is None:
            if target.id == interaction.user.id:
                raise UserError("You have not finished a game in this server yet. Sit down at a table! Practice tables (with a computer or hints) are not counted.")
            raise UserError("{name} has not finished a game in this server yet. Practice tables (with a computer or hints) are not counted.", name=target.display_name)
        name = target.display_name
        headers = [tr(lang, "Game"), tr(lang, "Record"), tr(lang, "Matches"), tr(lang, "Won"), tr(lang, "Rating")]
        rows, lines = [], [f"**{tr(lang, 'Stats of {name}', name=escape_markdown(name))}**"]
        series: dict[str, list[int]] = {}
        for g in record.games:
            title = GAMES[g.game].title if g.game in GAMES else g.game
            sp = spec(g.game)
            primary = next((c for c in sp.columns if c.primary), sp.columns[0])
            measure = primary.fmt(g.agg, lang)
            rating = str(g.agg.rating)
            rows.append([title, f"{tr(lang, primary.title)} {measure}", str(g.agg.matches), str(g.agg.wins), rating])
            if primary.counts == "wins":  # not "Matches won 0, 0 won of 1"
                lines.append(tr(lang, "{game}: {wins} won of {matches}, rating {rating}", game=title,
                                wins=g.agg.wins, matches=g.agg.matches, rating=rating))
            else:
                lines.append(tr(lang, "{game}: {measure_name} {measure}, {wins} won of {matches}, rating {rating}",
                                game=title, measure_name=tr(lang, primary.title), measure=measure, wins=g.agg.wins,
                                matches=g.agg.matches, rating=rating))
            if g.game in record.history:
                series[title] = [v for _, v in record.history[g.game]]
        total = sum(g.agg.matches for g in record.games)
        subtitle = tr(lang, "Finished matches in this server: {n}", n=total)
        png = await self.bot.table_ui.draw(Job(  # type: ignore[attr-defined]
            stats_card_png, name, subtitle, headers, rows, series, chart_title=tr(lang, "Rating after each match"),
            empty_chart=tr(lang, "No rating yet.")), reply=True)
        file = discord.File(io.BytesIO(png), filename=f"stats-{target.id}.png",
                            description=tr(lang, "Stats card; the same figures are in the message text."))
        return {"content": "\n".join(lines)[:2000], "attachments": [file],
                "allowed_mentions": discord.AllowedMentions.none()}

    # -- /history ----------------------------------------------------------------------------------
    @app_commands.command(name=_T("history"), description=_T("Recently finished tables in this server"))
    @app_commands.describe(user=_T("Only tables this player sat at"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction,
                      user: discord.User | discord.Member | None = None) -> None:
        lang = normalize(interaction.locale)
        records = await self.store.history(interaction.guild_id or 0, user.id if user else None)
        if not records:
            if user is not None:
                raise UserError("{name} has no finished tables in this server yet. Practice tables (with a computer or hints) are not counted.", name=user.display_name)
            raise UserError("No finished tables in this server yet. Practice tables (with a computer or hints) are not counted.")
        lines = [f"**{tr(lang, 'Recently finished tables')}**"]
        for rec in records:
            title = GAMES[rec.game].title if rec.game in GAMES else rec.game
            seats = ", ".join(
                f"{escape_markdown(self._name(interaction.guild, s.user_id, s.name, lang))} {_result(rec.game, s, lang)}"
                + (" ★" if s.winner else "") for s in rec.seats)
            lines.append(f"#{rec.table_id} · {title} · {format_day(rec.ended_at, lang)} · {seats}")
        await send_ephemeral(interaction, listing(lines, tr(lang, "Step through one with /replay and its number."), lang),
                             allowed_mentions=discord.AllowedMentions.none())

    # -- /replay -----------------------------------------------------------------------------------
    @app_commands.command(name=_T("replay"), description=_T("Step through a finished match, move by move"))
    @app_commands.describe(table=_T("The table's number (see /history)"), step=_T("Start at this move (default 0)"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction, table: app_commands.Range[int, 1, 2**53 - 1],
                     step: app_commands.Range[int, 0, 100000] = 0) -> None:
        await send_in_time(interaction, self.replay_payload(interaction, table, step), since=time.monotonic())

    async def _replay(self, guild_id: int, table_id: int) -> tuple[Any, Replay]:
        cached = self._replays.get(table_id)
        if cached is not None and cached[0].guild_id == guild_id:
            self._replays.move_to_end(table_id)
            return cached
        status, source = await self.store.replay_source(guild_id, table_id)
        if source is None:
            if status == "missing":
                raise UserError("There is no table #{id} in this server.", id=table_id)
            if status in ("lobby", RUNNING):
                raise UserError("Table #{id} is still being played. Replays are for finished matches, so nobody's"
                                " cards are shown too early.", id=table_id)
            raise UserError("Table #{id} did not finish (it was abandoned or cancelled), so it has no replay.",
                            id=table_id)
        replay = Replay(source.game, len(source.names), source.seed, source.options, source.actions)
        await asyncio.to_thread(replay.walk)  # a long match's log takes milliseconds to play: not on the loop
        entry = (source, replay)
        self._replays[table_id] = entry
        while len(self._replays) > REPLAY_CACHE:
            self._replays.popitem(last=False)
        return entry

    def _shown_table(self, source: Any, replay: Replay, k: int, lang: str) -> Table:
        """A Table as the live game had it after `k` actions, for the table UI to draw. Its engine is a copy: the
        cached replay's own moves on with another click on the same replay while this one's picture is drawn."""
        engine = replay.engine_at(k).clone()
        names = [n or tr(lang, FORMER) for n in source.names]
        table = Table(id=source.table_id, guild_id=source.guild_id, channel_id=0, game=source.game,
                      options=source.options, settings=source.settings, seed=source.seed, host_id=0,
                      status=FINISHED if engine.over else RUNNING,
                      seats=[Seat(user_id=u, name=n) for u, n in zip(source.user_ids, names, strict=True)])
        table.engine = engine
        table.version = k
        table.last_events = replay.events()[k - 1] if k > 0 else list(getattr(engine, "start_events", ()))
        return table

    async def replay_payload(self, interaction: discord.Interaction, table_id: int, step: int) -> dict[str, Any]:
        lang = normalize(interaction.locale)
        source, replay = await self._replay(interaction.guild_id or 0, table_id)
        k = max(0, min(step, replay.steps))
        table = self._shown_table(source, replay, k, lang)
        ui: Any = self.bot.table_ui  # type: ignore[attr-defined]
        live = await ui.render_table(table, reply=True)  # (drawn off the event loop, as a live table's)
        table_file = live["attachments"][0]
        table_file.filename = f"replay-{table_id}-{k}.png"
        game_ui: GameUI = ui.game_ui(table)
        title = GAMES[source.game].title
        lines = [f"**{tr(lang, 'Replay · {game} table #{id}', game=title, id=table_id)}** · "
                 + tr(lang, "move {k} of {n}", k=k, n=replay.steps) + " · " + game_ui.hand_title(
                     table.engine.view(None), lang)]
        if k > 0:
            seat, action = replay.actions[k - 1]
            with card_style(game_ui.card_deck(table), lang):  # as the replay's pictures name the cards
                before = replay.engine_at(k - 1).view(None)  # what the move changed (a rummy's staircase, melds)
                lines.append(f"{table.text_names[seat]}: {game_ui.move_text(action, before, lang)}")
        lines.extend(line for line in live["content"].split("\n")[1:] if line)
        lines.append(tr(lang, "The match is over, so every hand is shown."))
        files = [table_file]
        hands = replay.hands(k)
        if any(hands):
            deck = game_ui.deck_style(source.settings)
            four = bool(source.settings.get("four_colour"))
            drawn_in = source.settings.get("lang", "en")  # the language the table picture beside them is drawn in
            png = await ui.draw(Job(hands_sheet, source.game, hands, list(table.names), deck=deck, four_colour=four,
                                    lang=drawn_in, title=tr(lang, "Hands")), reply=True)
            files.append(discord.File(io.BytesIO(png), filename=f"replay-{table_id}-{k}-hands.png"))
        view = discord.ui.View(timeout=None)
        last = replay.steps
        buttons = [("first", 0, "⏮", k == 0), ("prev", k - 1, "◀", k == 0), ("next", k + 1, "▶", k >= last),
                   ("last", last, "⏭", k >= last)]
        for tag, target, label, off in buttons:
            view.add_item(ReplayStep(table_id, max(0, min(target, last)), tag, label=label, disabled=off, row=0))
        view.add_item(ReplayStep(table_id, replay.hand_jump(k, -1), "hprev", label=tr(lang, "◀ Hand"),
                                 disabled=k == 0, row=1))
        view.add_item(ReplayStep(table_id, replay.hand_jump(k, 1), "hnext", label=tr(lang, "Hand ▶"),
                                 disabled=k >= last, row=1))
        return {"content": "\n".join(lines)[:2000], "attachments": files, "view": view,
                "allowed_mentions": discord.AllowedMentions.none()}

    # -- seasons -----------------------------------------------------------------------------------
    @season_group.command(name=_T("start"), description=_T("Start a new season (moderators)"))
    @app_commands.describe(title=_T("A name for the season (optional)"))
    async def season_start(self, interaction: discord.Interaction,
                           title: app_commands.Range[str, 1, 60] | None = None) -> None:
        lang = normalize(interaction.locale)
        if not self.bot.table_ui.is_moderator(interaction):  # type: ignore[attr-defined]
            raise UserError("Only a moderator can start a new season.")
        number = await self.store.start_season(interaction.guild_id or 0, interaction.user.id, title)
        label = f"{number}" + (f" ({title})" if title else "")
        await interaction.response.send_message(
            tr(lang, "Season {label} has begun: the season leaderboards start empty. Earlier seasons stay "
                     "viewable with /leaderboard period:season season:<number>.", label=label),
            allowed_mentions=discord.AllowedMentions.none())

    @season_group.command(name=_T("history"), description=_T("This server's seasons"))
    async def season_history(self, interaction: discord.Interaction) -> None:
        lang = normalize(interaction.locale)
        seasons = await self.store.seasons(interaction.guild_id or 0)
        lines = [f"**{tr(lang, 'Seasons')}**"]
        for s in reversed(seasons):  # the current season first: a long list leaves out the oldest
            since = format_day((s["started_at"] or "")[:10], lang) or tr(lang, "the beginning")
            text = tr(lang, "Season {n}, since {date}", n=s["number"], date=since)
            lines.append(text + (f" · {escape_markdown(s['name'])}" if s["name"] else ""))
        footer = tr(lang, "Newest first. A season's leaderboard: /leaderboard with season:<number>.")
        await send_ephemeral(interaction, listing(lines, footer, lang), allowed_mentions=discord.AllowedMentions.none())

    # -- privacy -----------------------------------------------------------------------------------
    @privacy.command(name=_T("forget-me"), description=_T("Remove your name, stats and ratings"))
    async def forget_me(self, interaction: discord.Interaction) -> None:
        lang = normalize(interaction.locale)
        if not await self.store.known(interaction.user.id):
            await send_ephemeral(interaction, tr(lang, "I keep nothing about you: there is nothing to forget."))
            return
        view = discord.ui.View(timeout=None)
        view.add_item(ForgetButton(interaction.user.id, "yes", label=tr(lang, "Forget me")))
        view.add_item(ForgetButton(interaction.user.id, "no", label=tr(lang, "Keep my record")))
        await interaction.response.send_message(
            tr(lang, "This removes your name, your stats and your ratings in every server. Your seats in other "
                     "people's games become \"a former player\"; Rufmariasch ledger entries stay, without your "
                     "name, because the others' balances depend on them. This cannot be undone."),
            view=view, ephemeral=True)

    async def on_forget(self, interaction: discord.Interaction, user_id: int, yes: bool) -> None:
        lang = normalize(interaction.locale)
        if interaction.user.id != user_id:
            raise UserError("Only the person who asked can confirm this.")
        if not yes:
            await interaction.response.edit_message(content=tr(lang, "Nothing was changed."), view=None)
            return
        open_tables = self.bot.tables.tables_of(user_id)  # type: ignore[attr-defined]
        if open_tables:
            raise UserError("You sit at table {ids}. Leave it or finish the game first, then ask again.",
                            ids=", ".join(f"#{t.id}" for t in open_tables))
        await self.store.forget(user_id)
        self._replays.clear()
        await interaction.response.edit_message(
            content=tr(lang, "Done: your name, stats and ratings are gone. You appear as \"a former player\" in "
                             "other people's records."), view=None)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
