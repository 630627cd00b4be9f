"""Stats in the database: match records, ratings, seasons, leaderboards, history, forgetting a person.

Writing (see `attach`):
- With every `match_over` the table service stores, `result_writer` adds one `stat_results` row per
  seat IN THE SAME TRANSACTION (so a finished match and its record are never apart; abandoned and
  cancelled tables never get one, so they count nowhere).
- After the commit, `on_result` applies the match's rating games (openskill) to two streams, all time
  (season 0) and the match's season, and marks the table rated. Ratings are derived data: a crash
  between the two is caught up by `catch_up()` at start, which also records finished tables that have
  no record yet (finished before this module existed) by replaying their action log; a table whose log cannot
  give one is noted in `stat_unrecordable` and not tried again while the engine code stays the same.

Reading: every query is an index range (see migration 0003): a leaderboard is one covering-index
aggregate per (server, game[, season]), plus the ratings of the same stream.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.db import Database
from bot.games import GAMES
from bot.tables.model import SEAT_NAME_SQL
from bot.tables.snapshots import fingerprint

from . import games as G
from .boards import Aggregate, rank
from .ratings import MU, SIGMA, rate, shown

log = logging.getLogger(__name__)
# a former player's user id is -(FORMER_ID + seat): a computer seat's id counts down from -1 in its table
# (bot.tables.lobby), and seats are unique per (table, user id)
FORMER_ID = 1000

NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
PERIODS = ("all", "season", "month")
LEDGER_GAME = "rufmariasch"


def month_bounds(now: datetime | None = None) -> tuple[str, str, str]:
    """(first instant of this month, of the next month, "YYYY-MM") in the stored timestamp format."""
    now = now or datetime.now(UTC)
    y, m = now.year, now.month
    ny, nm = (y + 1, 1) if m == 12 else (y, m + 1)
    return f"{y:04d}-{m:02d}-01", f"{ny:04d}-{nm:02d}-01", f"{y:04d}-{m:02d}"


@dataclass
class Board:
    game: str
    period: str
    season: int | None
    month: str | None
    rows: list[Aggregate]
    currency: str | None = None  # the label of the money shown ("": none typed); None: no money booked


@dataclass
class GameRecord:
    game: str
    agg: Aggregate
    rating_mu: float | None = None
    rating_sigma: float | None = None


@dataclass
class PlayerStats:
    user_id: int
    name: str
    games: list[GameRecord]
    history: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # game -> [(at, shown)]


@dataclass
class SeatLine:
    seat: int
    user_id: int
    name: str
    total: int
    winner: bool
    place: int
    money: int | None = None  # Rufmariasch: the table's deals as booked in the ledger (minor units), and its currency
    currency: str = ""


@dataclass
class TableRecord:
    table_id: int
    game: str
    ended_at: str
    seats: list[SeatLine]


@dataclass
class ReplaySource:
    table_id: int
    guild_id: int
    game: str
    seed: int
    options: dict[str, Any]
    settings: dict[str, Any]
    names: list[str]  # "" for a former player
    user_ids: list[int]
    actions: list[tuple[int, str]]
    ended_at: str


class StatsStore:
    def __init__(self, db: Database):
        self.db = db
        self._lock = asyncio.Lock()

    # -- wiring ----------------------------------------------------------------------------------
    def attach(self, service: Any) -> None:
        """Register with a `TableService`: the same-transaction writer and the post-commit rating."""
        for game in GAMES:
            service.add_result_writer(game, self.result_writer)
        service.on_result(self.on_result)

    def result_writer(self, table: Any, event: dict[str, Any], engine: Any = None) -> list[tuple[str, Any]]:
        """`match_over` -> the stat_results rows (`engine`: the finished state, while the move is being stored).
        Never raises: a record missing here is rebuilt by `catch_up()`, whereas an exception would refuse the
        player's move."""
        engine = engine or table.engine
        if event.get("type") != "match_over" or engine is None:
            return []
        try:
            result = dict(engine.result())
            result["totals"] = event.get("totals", result.get("totals"))
            return self.match_statements(table.id, table.guild_id, table.game,
                                         [s.user_id for s in table.seats], [s.name for s in table.seats],
                                         result, event.get("winners"))
        except Exception:
            log.exception("table %s: could not build its stats record; catch_up() will", table.id)
            return []

    def match_statements(self, table_id: int, guild_id: int, game: str, user_ids: list[int], names: list[str],
                         result: dict[str, Any], winners: Iterable[int] | None = None,
                         ended_at: str | None = None) -> list[tuple[str, Any]]:
        n = len(user_ids)
        rows = G.match_rows(game, result, n, list(winners) if winners is not None else None)
        extra: list[Any] = []
        money = currency = "NULL"
        if game == LEDGER_GAME:
            money = "(SELECT SUM(amount) FROM rufmariasch_ledger WHERE kind = 'deal' AND table_id = ? AND user_id = ?)"
            currency = "(SELECT MAX(currency) FROM rufmariasch_ledger WHERE kind = 'deal' AND table_id = ?)"
        sql = (
            "INSERT OR IGNORE INTO stat_results (table_id, seat, guild_id, game, season, ended_at, user_id, name,"
            " seats, total, winner, place, hands, hands_won, money, currency) VALUES (?, ?, ?, ?,"
            f" (SELECT COALESCE(MAX(number), 1) FROM seasons WHERE guild_id = ? AND started_at <= COALESCE(?, {NOW})),"
            f" COALESCE(?, {NOW}), ?, ?, ?, ?, ?, ?, ?, ?, {money}, {currency})")
        out: list[tuple[str, Any]] = []
        for r in rows:
            user = user_ids[r["seat"]]
            extra = [table_id, user, table_id] if game == LEDGER_GAME else []
            out.append((sql, (table_id, r["seat"], guild_id, game, guild_id, ended_at, ended_at, user,
                              names[r["seat"]], n, r["total"], r["winner"], r["place"], r["hands"], r["hands_won"],
                              *extra)))
        return out

    async def on_result(self, table: Any, event: dict[str, Any]) -> None:
        if event.get("type") == "match_over":
            await self.rate_table(table.id)

    # -- ratings ---------------------------------------------------------------------------------
    async def rate_table(self, table_id: int) -> bool:
        """Apply a finished table's rating games once (idempotent). Returns whether it rated now."""
        async with self._lock:
            if await self.db.fetchone("SELECT 1 FROM rated_tables WHERE table_id = ?", (table_id,)):
                return False
            seats = await self.db.fetchall(
                "SELECT seat, user_id, place, guild_id, game, season FROM stat_results WHERE table_id = ?"
                " ORDER BY seat", (table_id,))
            if not seats:
                return False
            guild_id, game, season = seats[0]["guild_id"], seats[0]["game"], seats[0]["season"]
            n = len(seats)
            hand_rows = await self.db.fetchall(
                "SELECT hand_no, seat, delta, detail FROM hand_results WHERE table_id = ? ORDER BY hand_no, seat",
                (table_id,))
            hands: dict[int, dict[str, Any]] = {}
            for r in hand_rows:
                h = hands.get(r["hand_no"])
                if h is None:
                    h = hands[r["hand_no"]] = {**json.loads(r["detail"] or "{}"), "deltas": [0] * n}
                h["deltas"][r["seat"]] = r["delta"]
            result = {"hands": [hands[k] for k in sorted(hands)]}
            rated_games = G.rating_games(game, result, n, [r["place"] for r in seats])
            # players are keyed by user id; a former player (id <= 0) takes part with a fresh rating
            # that is never stored
            keys: list[Any] = [r["user_id"] if r["user_id"] > 0 else ("former", r["seat"]) for r in seats]
            mapped = [([[keys[s] for s in team] for team in teams], ranks) for teams, ranks in rated_games]
            users = [k for k in keys if isinstance(k, int)]
            statements: list[tuple[str, Any]] = []
            for stream in sorted({0, season}):
                prior = await self._ratings(guild_id, game, stream, users)
                new = rate(prior, mapped) if mapped else {}
                for user in users:
                    if user not in new:
                        continue
                    mu, sigma = new[user]
                    statements.append((
                        "INSERT INTO ratings (guild_id, game, season, user_id, mu, sigma, matches) VALUES"
                        " (?, ?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, game, season, user_id) DO UPDATE SET"
                        f" mu = excluded.mu, sigma = excluded.sigma, matches = matches + 1, updated_at = {NOW}",
                        (guild_id, game, stream, user, mu, sigma)))
                    statements.append((
                        "INSERT INTO rating_history (guild_id, game, season, user_id, table_id, mu, sigma)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)", (guild_id, game, stream, user, table_id, mu, sigma)))
            statements.append(("INSERT OR IGNORE INTO rated_tables (table_id) VALUES (?)", (table_id,)))
            await self.db.write(statements)
            return True

    async def _ratings(self, guild_id: int, game: str, season: int, users: list[int]
                       ) -> dict[Any, tuple[float, float]]:
        if not users:
            return {}
        rows = await self.db.fetchall(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND season = ?"
            f" AND user_id IN ({','.join('?' * len(users))})", (guild_id, game, season, *users))
        return {r["user_id"]: (r["mu"], r["sigma"]) for r in rows}

    async def catch_up(self, *, limit: int = 500) -> int:
        """Record finished tables that have no record (replaying their log) and rate every unrated one, oldest
        first; a table whose log gives no record is noted and not tried again while the engines stay the same.
        Returns how many tables it rated."""
        known = sorted(GAMES)  # a game this version does not have is left for a version that has it
        missing = await self.db.fetchall(
            "SELECT t.table_id, t.guild_id, t.game, t.options, t.seed, t.ended_at FROM tables t"
            " WHERE t.status = 'finished' AND t.practice = 0"  # a practice table is never rated
            f" AND t.game IN ({','.join('?' * len(known))})"
            " AND NOT EXISTS (SELECT 1 FROM stat_results s WHERE s.table_id = t.table_id)"
            " AND NOT EXISTS (SELECT 1 FROM stat_unrecordable u WHERE u.table_id = t.table_id AND u.fingerprint = ?)"
            " ORDER BY t.ended_at, t.table_id LIMIT ?", (*known, fingerprint(), limit))
        for t in missing:
            try:
                seats = await self.db.fetchall(
                    f"SELECT s.seat, s.user_id, {SEAT_NAME_SQL} AS name FROM seats s LEFT JOIN players p"
                    " USING (user_id) WHERE s.table_id = ? ORDER BY s.seat", (t["table_id"],))
                actions = await self.db.fetchall("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY seq",
                                                 (t["table_id"],))
                try:
                    statements = self._record_from_log(t, seats, actions)
                except Exception as e:  # the replay failed: it fails the same way at every start
                    log.exception("table %s: could not rebuild its stats record", t["table_id"])
                    statements = self._unrecordable(t["table_id"], f"replay failed: {type(e).__name__}")
                await self.db.write(statements)
            except Exception:  # the database's answer: the next start tries again, and the others go on now
                log.exception("table %s: could not store its stats record", t["table_id"])
        pending = await self.db.fetchall(
            "SELECT s.table_id FROM stat_results s WHERE s.seat = 0 AND NOT EXISTS"
            " (SELECT 1 FROM rated_tables r WHERE r.table_id = s.table_id) ORDER BY s.ended_at, s.table_id LIMIT ?",
            (limit,))
        done = 0
        for r in pending:
            try:
                done += await self.rate_table(r["table_id"])
            except Exception:  # one table that cannot be rated must not keep every later one unrated
                log.exception("table %s: could not rate it", r["table_id"])
        return done

    def _record_from_log(self, t: Any, seats: list[Any], actions: list[Any]) -> list[tuple[str, Any]]:
        """The statements that record a finished table from its action log, or that mark it unrecordable."""
        cls = GAMES[t["game"]]
        engine = cls.new(len(seats), seed=t["seed"], options=json.loads(t["options"] or "{}"))
        for a in actions:
            engine.apply(a["seat"], a["action"])
        if not engine.over and hasattr(engine, "finish"):
            engine.finish()  # an open-ended match the table ended (deals=None)
        if not engine.over:
            log.warning("table %s is finished but its log does not end the match; no record", t["table_id"])
            return self._unrecordable(t["table_id"], "the log does not end the match")
        result = engine.result()
        return self.match_statements(
            t["table_id"], t["guild_id"], t["game"], [r["user_id"] for r in seats],
            [r["name"] or "" if r["user_id"] > 0 else "" for r in seats], result, result.get("winners"),
            ended_at=t["ended_at"]) + [  # recorded at last (the engines changed): no longer noted as unrecordable
            ("DELETE FROM stat_unrecordable WHERE table_id = ?", (t["table_id"],))]

    @staticmethod
    def _unrecordable(table_id: int, reason: str) -> list[tuple[str, Any]]:
        return [("INSERT OR REPLACE INTO stat_unrecordable (table_id, reason, fingerprint) VALUES (?, ?, ?)",
                 (table_id, reason, fingerprint()))]

    # -- seasons ---------------------------------------------------------------------------------
    async def current_season(self, guild_id: int) -> int:
        row = await self.db.fetchone("SELECT MAX(number) FROM seasons WHERE guild_id = ?", (guild_id,))
        return int(row[0] or 1)

    async def seasons(self, guild_id: int) -> list[dict[str, Any]]:
        rows = await self.db.fetchall("SELECT number, name, started_at, started_by FROM seasons WHERE guild_id = ?"
                                      " ORDER BY number", (guild_id,))
        out = [dict(r) for r in rows]
        if not out or out[0]["number"] != 1:
            out.insert(0, {"number": 1, "name": None, "started_at": None, "started_by": None})
        return out

    async def start_season(self, guild_id: int, by: int, name: str | None = None) -> int:
        number = await self.current_season(guild_id) + 1
        await self.db.write([("INSERT INTO seasons (guild_id, number, name, started_by) VALUES (?, ?, ?, ?)",
                              (guild_id, number, name, by))])
        return number

    # -- leaderboards ----------------------------------------------------------------------------
    async def has_games(self, guild_id: int) -> bool:
        return await self.db.fetchone("SELECT 1 FROM stat_results WHERE guild_id = ? LIMIT 1", (guild_id,)) is not None

    def board_query(self, guild_id: int, game: str, period: str, season: int | None,
                    now: datetime | None = None) -> tuple[str, list[Any], str | None]:
        """(SQL, parameters, "YYYY-MM" for a month) of a leaderboard's aggregate: an index-only range
        over stat_results_board / stat_results_season, or stat_results_time for a month."""
        if period not in PERIODS:
            raise ValueError(f"period must be one of {PERIODS}")
        where, params = "guild_id = ? AND game = ?", [guild_id, game]
        month = None
        index = "stat_results_board"
        if period == "season":
            index = "stat_results_season"
            where += " AND season = ?"
            params.append(season)
        elif period == "month":
            index = "stat_results_time"
            start, end, month = month_bounds(now)
            where += " AND ended_at >= ? AND ended_at < ?"
            params += [start, end]
        sql = ("SELECT user_id, COUNT(*) AS matches, SUM(winner) AS wins, SUM(total) AS total, SUM(hands) AS hands,"
               " SUM(hands_won) AS hands_won, SUM(place) AS place_sum, currency, SUM(money) AS money"
               f" FROM stat_results INDEXED BY {index} WHERE {where} AND user_id > 0 GROUP BY user_id, currency")
        return sql, params, month

    async def leaderboard(self, guild_id: int, game: str, period: str = "all", *, season: int | None = None,
                          now: datetime | None = None) -> Board:
        """Every player's record in `game` over the period, ranked by the game's measure."""
        if period == "season":
            season = season or await self.current_season(guild_id)
        stream = season if period == "season" and season else 0
        sql, params, month = self.board_query(guild_id, game, period, season, now)
        rows = await self.db.fetchall(sql, params)
        aggs: dict[int, Aggregate] = {}
        by_currency: dict[str, int] = {}
        for r in rows:
            if r["currency"] is not None:
                by_currency[r["currency"]] = by_currency.get(r["currency"], 0) + r["matches"]
        # (a table played without a label books money too, as ""; None is a board with no money at all)
        main = max(by_currency, key=lambda c: (by_currency[c], c)) if by_currency else None
        for r in rows:
            a = aggs.get(r["user_id"])
            if a is None:
                a = aggs[r["user_id"]] = Aggregate(user_id=r["user_id"], currency=main)
            a.matches += r["matches"]
            a.wins += r["wins"]
            a.total += r["total"]
            a.hands += r["hands"]
            a.hands_won += r["hands_won"]
            a.place_sum += r["place_sum"]
            if r["money"] is not None and (r["currency"] or "") == main:
                a.money = (a.money or 0) + r["money"]
        if aggs:
            ratings = await self.db.fetchall(
                "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND season = ?",
                (guild_id, game, stream))
            for r in ratings:
                if r["user_id"] in aggs:
                    aggs[r["user_id"]].rating = shown(r["mu"], r["sigma"])
            for a in aggs.values():
                if a.rating is None:
                    a.rating = shown(MU, SIGMA)
            await self._names(list(aggs.values()))
        return Board(game=game, period=period, season=season, month=month, rows=rank(game, list(aggs.values())),
                     currency=main)

    async def _names(self, aggs: list[Aggregate]) -> None:
        ids = [a.user_id for a in aggs]
        names: dict[int, str] = {}
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            for r in await self.db.fetchall(
                    f"SELECT user_id, name FROM players WHERE user_id IN ({','.join('?' * len(chunk))})", chunk):
                names[r["user_id"]] = r["name"]
        for a in aggs:
            a.name = names.get(a.user_id, "")

    # -- one person ------------------------------------------------------------------------------
    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        rows = await self.db.fetchall(
            "SELECT game, COUNT(*) AS matches, SUM(winner) AS wins, SUM(total) AS total, SUM(hands) AS hands,"
            " SUM(hands_won) AS hands_won, SUM(place) AS place_sum"
            " FROM stat_results INDEXED BY stat_results_user WHERE user_id = ? AND guild_id = ? GROUP BY game",
            (user_id, guild_id))
        if not rows or user_id <= 0:
            return None
        ratings = {r["game"]: r for r in await self.db.fetchall(
            "SELECT game, mu, sigma FROM ratings WHERE guild_id = ? AND season = 0 AND user_id = ?",
            (guild_id, user_id))}
        # money per currency (a server may play for euros at one table and marks at another): the balance shown
        # is that of the currency the person played most matches in, never a sum across currencies
        money: dict[str, tuple[str, int | None]] = {}
        for r in await self.db.fetchall(
                "SELECT game, currency, COUNT(*) AS matches, SUM(money) AS money FROM stat_results INDEXED BY"
                " stat_results_user WHERE user_id = ? AND guild_id = ? AND currency IS NOT NULL"
                " GROUP BY game, currency ORDER BY game, matches DESC, currency DESC", (user_id, guild_id)):
            money.setdefault(r["game"], (r["currency"], r["money"]))
        records = []
        for r in rows:
            currency, amount = money.get(r["game"], (None, None))
            a = Aggregate(user_id=user_id, matches=r["matches"], wins=r["wins"], total=r["total"], hands=r["hands"],
                          hands_won=r["hands_won"], place_sum=r["place_sum"], money=amount, currency=currency)
            rt = ratings.get(r["game"])
            a.rating = shown(rt["mu"], rt["sigma"]) if rt else shown(MU, SIGMA)
            records.append(GameRecord(r["game"], a, rt["mu"] if rt else None, rt["sigma"] if rt else None))
        order = list(GAMES)
        records.sort(key=lambda g: (-g.agg.matches, order.index(g.game) if g.game in order else 99))
        name_row = await self.db.fetchone("SELECT name FROM players WHERE user_id = ?", (user_id,))
        history: dict[str, list[tuple[str, int]]] = {}
        for r in await self.db.fetchall(
                "SELECT game, mu, sigma, at FROM rating_history WHERE user_id = ? AND guild_id = ? AND season = 0"
                " ORDER BY id", (user_id, guild_id)):
            history.setdefault(r["game"], []).append((r["at"], shown(r["mu"], r["sigma"])))
        return PlayerStats(user_id=user_id, name=name_row["name"] if name_row else "", games=records, history=history)

    async def history(self, guild_id: int, user_id: int | None = None, *, limit: int = 10) -> list[TableRecord]:
        """The most recent finished tables of a server (or of one person there), newest first."""
        if user_id is None:
            heads = await self.db.fetchall(
                "SELECT table_id FROM stat_results WHERE guild_id = ? AND seat = 0 ORDER BY ended_at DESC, table_id DESC"
                " LIMIT ?", (guild_id, limit))
        else:
            heads = await self.db.fetchall(
                "SELECT table_id FROM stat_results WHERE user_id = ? AND guild_id = ? ORDER BY ended_at DESC,"
                " table_id DESC LIMIT ?", (user_id, guild_id, limit))
        ids = [r["table_id"] for r in heads]
        if not ids:
            return []
        rows = await self.db.fetchall(
            "SELECT table_id, seat, game, ended_at, user_id, name, total, winner, place, money, currency FROM stat_results"
            f" WHERE table_id IN ({','.join('?' * len(ids))}) ORDER BY table_id, seat", ids)
        out: dict[int, TableRecord] = {}
        for r in rows:
            rec = out.get(r["table_id"])
            if rec is None:
                rec = out[r["table_id"]] = TableRecord(r["table_id"], r["game"], r["ended_at"], [])
            rec.seats.append(SeatLine(r["seat"], r["user_id"], r["name"] if r["user_id"] > 0 else "", r["total"],
                                      bool(r["winner"]), r["place"], r["money"], r["currency"] or ""))
        return [out[i] for i in ids if i in out]

    async def replay_source(self, guild_id: int, table_id: int) -> tuple[str, ReplaySource | None]:
        """("ok", source) for a finished table of this server; else (reason, None) with reason
        "missing" (no such table here) or the table's status ("running", "abandoned", ...)."""
        t = await self.db.fetchone("SELECT * FROM tables WHERE table_id = ? AND guild_id = ?", (table_id, guild_id))
        if t is None or t["game"] not in GAMES:
            return "missing", None
        if t["status"] != "finished":
            return t["status"], None
        recorded = await self.db.fetchall("SELECT seat, user_id, name FROM stat_results WHERE table_id = ?"
                                          " ORDER BY seat", (table_id,))
        if recorded:
            names = [r["name"] if r["user_id"] > 0 else "" for r in recorded]
            users = [r["user_id"] for r in recorded]
        else:
            seats = await self.db.fetchall(f"SELECT s.seat, s.user_id, {SEAT_NAME_SQL} AS name FROM seats s"
                                           " LEFT JOIN players p USING (user_id) WHERE s.table_id = ? ORDER BY s.seat",
                                           (table_id,))
            names = [r["name"] or "" for r in seats]  # (a person forgotten by /forget_me has none: "a former player")
            users = [r["user_id"] for r in seats]
        actions = await self.db.fetchall("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY seq",
                                         (table_id,))
        return "ok", ReplaySource(
            table_id=table_id, guild_id=guild_id, game=t["game"], seed=t["seed"],
            options=json.loads(t["options"] or "{}"), settings=json.loads(t["settings"] or "{}"), names=names,
            user_ids=users, actions=[(a["seat"], a["action"]) for a in actions], ended_at=t["ended_at"] or "")

    # -- privacy ---------------------------------------------------------------------------------
    async def forget(self, user_id: int) -> None:
        """Remove a person: name, ratings and rating history go; every seat they held becomes "a former
        player" (user id -(FORMER_ID + seat), unique per table and apart from the computers' -1, -2, ...); their
        ledger entries stay, anonymised (user id -entry_id), so everybody else's balance is unchanged; their kept
        DM channel goes. Open tables must be left first (checked by the caller)."""
        former = f"-({FORMER_ID} + seat)"
        async with self._lock:  # after a rating under way, which would write the person's ratings back
            await self._forget(user_id, former)

    async def _forget(self, user_id: int, former: str) -> None:
        await self.db.write([
            (f"UPDATE seats SET user_id = {former}, dm_channel_id = NULL, dm_message_id = NULL WHERE user_id = ?",
             (user_id,)),
            (f"UPDATE match_results SET user_id = {former} WHERE user_id = ?", (user_id,)),
            (f"UPDATE stat_results SET user_id = {former}, name = '' WHERE user_id = ?", (user_id,)),
            ("DELETE FROM dm_channels WHERE user_id = ?", (user_id,)),
            ("UPDATE tables SET host_id = 0 WHERE host_id = ?", (user_id,)),
            ("UPDATE seasons SET started_by = NULL WHERE started_by = ?", (user_id,)),
            ("DELETE FROM ratings WHERE user_id = ?", (user_id,)),
            ("DELETE FROM rating_history WHERE user_id = ?", (user_id,)),
            ("UPDATE rufmariasch_ledger SET user_id = -entry_id WHERE user_id = ?", (user_id,)),
            ("DELETE FROM players WHERE user_id = ?", (user_id,)),
        ])

    async def known(self, user_id: int) -> bool:
        """Whether anything about this person is stored (for a friendly "nothing to forget")."""
        for sql in ("SELECT 1 FROM players WHERE user_id = ?", "SELECT 1 FROM seats WHERE user_id = ? LIMIT 1",
                    "SELECT 1 FROM rufmariasch_ledger WHERE user_id = ? LIMIT 1",
                    "SELECT 1 FROM ratings WHERE user_id = ? LIMIT 1"):
            if await self.db.fetchone(sql, (user_id,)):
                return True
        return False
