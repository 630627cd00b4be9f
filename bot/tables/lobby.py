"""Lobbies: opening a table, seats, computers the host seats, settings, leaving, cancelling and starting (a mixin
of `TableService`, `service.py`)."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.ai import LEVELS
from bot.db import Database
from bot.games import GAMES, Engine

from .model import CANCELLED, FINISHED, LOBBY, RUNNING, Seat, Table, UserError
from .stored import StoredTables, table_from_row
from .timers import DEFAULT_TURN_TIMER


class Lobbies:
    """Everything a table does before it starts (a mixin of `TableService`, which provides the attributes and
    methods below)."""

    # provided by TableService
    db: Database
    stored: StoredTables
    tables: dict[int, Table]
    _channel_locks: dict[int, asyncio.Lock]
    wall: Callable[[], float]  # (TurnTimers'): Unix time, as `tables.timer_since` is stored

    if TYPE_CHECKING:  # TableService's and the other mixins', where this one runs; no stubs at runtime
        def get(self, table_id: int) -> Table: ...
        def open_tables(self, *, guild_id: int | None = None, channel_id: int | None = None) -> list[Table]: ...
        async def _upsert_player(self, user_id: int, name: str, locale: str | None = None) -> None: ...
        async def _end(self, table: Table, status: str) -> None: ...
        def _arm(self, table: Table) -> None: ...
        def _schedule_computers(self, table: Table) -> None: ...
        def _signatures(self, table: Table, engine: Engine | None = None) -> list[Any]: ...

    async def create(self, *, guild_id: int, channel_id: int, host_id: int, host_name: str, game: str,
                     options: dict[str, Any] | None = None, settings: dict[str, Any] | None = None,
                     seed: int | None = None) -> Table:
        if game not in GAMES:
            raise UserError("Unknown game {game}.", game=game)
        cls = GAMES[game]
        options = dict(options or {})
        try:  # validate the options now, not when four people are waiting
            cls.new(cls.min_seats, seed=0, options=options)
        except ValueError as exc:
            raise UserError("These options do not work: {reason}", reason=str(exc)) from exc
        settings = {"turn_timer": DEFAULT_TURN_TIMER, **(settings or {})}
        seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        async with self._channel_lock(channel_id):
            self._check_free(host_id, channel_id)
            await self._upsert_player(host_id, host_name)
            table_id = await self.db.insert([  # the table with its host's seat, or nothing (a crash between)
                ("INSERT INTO tables (guild_id, channel_id, game, options, settings, seed, host_id, status)"
                 " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                 (guild_id, channel_id, game, json.dumps(options), json.dumps(settings), seed, host_id, LOBBY)),
                ("INSERT INTO seats (table_id, seat, user_id) VALUES (last_insert_rowid(), 0, ?)", (host_id,)),
            ])
            table = Table(id=table_id, guild_id=guild_id, channel_id=channel_id, game=game, options=options,
                          settings=settings, seed=seed, host_id=host_id)
            table.seats.append(Seat(user_id=host_id, name=host_name))
            self.tables[table_id] = table
        return table

    def _channel_lock(self, channel_id: int) -> asyncio.Lock:
        return self._channel_locks.setdefault(channel_id, asyncio.Lock())

    async def set_messages(self, table: Table, *, thread_id: int | None = None,
                           lobby_message_id: int | None = None, table_message_id: int | None = None) -> None:
        if thread_id is not None:
            table.thread_id = thread_id
        if lobby_message_id is not None:
            table.lobby_message_id = lobby_message_id
        if table_message_id is not None:
            table.table_message_id = table_message_id
        await self.db.execute(
            "UPDATE tables SET thread_id = ?, lobby_message_id = ?, table_message_id = ? WHERE table_id = ?",
            (table.thread_id, table.lobby_message_id, table.table_message_id, table.id),
        )

    def _check_free(self, user_id: int, channel_id: int, *, except_table: int | None = None) -> None:
        for other in self.open_tables(channel_id=channel_id):
            if other.id != except_table and other.seat_of(user_id) is not None:
                if other.status == RUNNING:  # /table leave refuses a running game: no advice that leads there
                    raise UserError("You are playing at table #{id} in this channel, and a player sits at one table "
                                    "per channel. Finish that game first, or play in another channel.", id=other.id)
                raise UserError(
                    "You already sit at table #{id} in this channel. Leave it first with /table leave.",
                    id=other.id)

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        table = self.get(table_id)
        async with self._channel_lock(table.channel_id), table.lock:
            if table.status == RUNNING:
                raise UserError("Table #{id} has already started.", id=table.id)
            if table.status != LOBBY:
                raise UserError("Table #{id} is not open any more.", id=table.id)
            if table.seat_of(user_id) is not None:
                raise UserError("You are already seated at this table.")
            if len(table.seats) >= table.engine_cls.max_seats:
                raise UserError("This table is full ({n} seats).", n=table.engine_cls.max_seats)
            self._check_free(user_id, table.channel_id, except_table=table.id)
            await self._upsert_player(user_id, name)
            await self.db.execute("INSERT INTO seats (table_id, seat, user_id) VALUES (?, ?, ?)",
                                  (table.id, len(table.seats), user_id))
            table.seats.append(Seat(user_id=user_id, name=name))
        return table

    async def add_computer(self, table_id: int, user_id: int, level: str, name: Callable[[int], str]) -> Table:
        """The host seats a computer player of `level` in the lobby; `name(n)`: its name as the n-th computer."""
        if level not in LEVELS:
            raise UserError("Unknown computer level {level}.", level=level)
        table = self.get(table_id)
        async with table.lock:
            self._host_in_lobby(table, user_id)
            if len(table.seats) >= table.engine_cls.max_seats:
                raise UserError("This table is full ({n} seats).", n=table.engine_cls.max_seats)
            seat = Seat(user_id=min([0, *(s.user_id for s in table.seats)]) - 1,
                        name=name(1 + sum(1 for s in table.seats if s.computer)), computer=level)
            await self.db.execute("INSERT INTO seats (table_id, seat, user_id, computer, computer_name)"
                                  " VALUES (?, ?, ?, ?, ?)", (table.id, len(table.seats), seat.user_id, level, seat.name))
            table.seats.append(seat)
        return table

    async def remove_computer(self, table_id: int, user_id: int) -> Table:
        """The host takes the last computer seated in the lobby off the table."""
        table = self.get(table_id)
        async with table.lock:
            self._host_in_lobby(table, user_id)
            computers = [i for i, s in enumerate(table.seats) if s.computer]
            if not computers:
                raise UserError("There is no computer at this table.")
            del table.seats[computers[-1]]
            await self.db.write(self._reseat_statements(table))
        return table

    async def finished_table(self, table_id: int) -> Table:
        """A finished table (to deal again), from memory or, after a restart, from the database."""
        table = self.tables.get(table_id)
        if table is None:
            row = await self.db.fetchone("SELECT * FROM tables WHERE table_id = ?", (table_id,))
            if row is None:
                raise UserError("Table #{id} is not open any more.", id=table_id)
            table = table_from_row(row, (await self.stored.seats([table_id])).get(table_id, []))
        if table.status != FINISHED:
            raise UserError("Table #{id} has not finished yet.", id=table_id)
        return table

    @staticmethod
    def _host_in_lobby(table: Table, user_id: int, *, setting: bool = False) -> None:
        if table.status != LOBBY:
            raise UserError("Table #{id} has already started.", id=table.id)
        if user_id != table.host_id:
            if setting:
                raise UserError("Only the host can change this table's settings.")
            raise UserError("Only the host can seat or remove computer players.")

    @staticmethod
    def _reseat_statements(table: Table) -> list[tuple[str, Any]]:
        """The seats rows written anew, numbered as they sit now."""
        return [("DELETE FROM seats WHERE table_id = ?", (table.id,))] + [
            ("INSERT INTO seats (table_id, seat, user_id, computer, computer_name) VALUES (?, ?, ?, ?, ?)",
             (table.id, i, s.user_id, s.computer, s.name if s.computer else None)) for i, s in enumerate(table.seats)]

    async def set_setting(self, table_id: int, user_id: int, key: str, value: Any) -> Table:
        """The host changes a table setting in the lobby (hints on or off)."""
        table = self.get(table_id)
        async with table.lock:
            self._host_in_lobby(table, user_id, setting=True)
            table.settings = {**table.settings, key: value}
            await self.db.execute("UPDATE tables SET settings = ? WHERE table_id = ?",
                                  (json.dumps(table.settings), table.id))
        return table

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Leave a lobby. The host leaving hands the table to the next player, or closes it if empty."""
        table = self.get(table_id)
        async with table.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("You are not seated at this table.")
            if table.status != LOBBY:
                raise UserError("The game is running: ask the host or a moderator to cancel it (/table cancel), or"
                                " let the turn timer play for you.")
            del table.seats[seat]
            statements = self._reseat_statements(table)
            if not table.people:  # only computers are left: the table closes
                table.seats.clear()
                statements = [("DELETE FROM seats WHERE table_id = ?", (table.id,))]
            if not table.seats:
                table.status = CANCELLED
                statements.append(("UPDATE tables SET status = ?, ended_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')"
                                   " WHERE table_id = ?", (CANCELLED, table.id)))
            elif table.host_id == user_id:
                table.host_id = table.seats[table.people[0]].user_id
                statements.append(("UPDATE tables SET host_id = ? WHERE table_id = ?", (table.host_id, table.id)))
            await self.db.write(statements)
        return table

    async def cancel(self, table_id: int, user_id: int, *, moderator: bool = False) -> Table:
        table = self.get(table_id)
        if user_id != table.host_id and not moderator:
            raise UserError("Only the host or a moderator can cancel this table.")
        async with table.lock:
            await self._end(table, CANCELLED)
        return table

    async def start(self, table_id: int, user_id: int) -> Table:
        table = self.get(table_id)
        async with table.lock:
            if table.status != LOBBY:
                raise UserError("Table #{id} has already started.", id=table.id)
            if user_id != table.host_id:
                raise UserError("Only the host can start the game.")
            cls = table.engine_cls
            n = len(table.seats)
            if cls.min_seats == cls.max_seats and n != cls.min_seats:
                raise UserError("{game} needs exactly {hi} players; {n} are seated.", game=cls.title,
                                hi=cls.max_seats, n=n)
            if not cls.min_seats <= n <= cls.max_seats:
                raise UserError("{game} needs {lo} to {hi} players; {n} are seated.", game=cls.title,
                                lo=cls.min_seats, hi=cls.max_seats, n=n)
            if n not in cls.seat_counts(table.options):  # (Schrum Schrum: 2, 4 or 8 unless the piles may be unequal)
                raise UserError("{game} takes one of these numbers of players: {counts}; {n} are seated.", game=cls.title,
                                counts=", ".join(map(str, cls.seat_counts(table.options))), n=n)
            try:
                engine = cls.new(n, seed=table.seed, options=table.options)
            except ValueError as exc:
                raise UserError("These options do not work: {reason}", reason=str(exc)) from exc
            practice = any(s.computer for s in table.seats) or bool(table.settings.get("hints"))
            # stored first: a write that fails leaves the table a lobby in memory as in the database
            await self.db.execute(
                "UPDATE tables SET status = ?, practice = ?, started_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'),"
                " timer_since = ? WHERE table_id = ?", (RUNNING, int(practice), self.wall(), table.id))
            table.engine = engine
            table.status = RUNNING
            table.version = 0
            table.stored_at = time.monotonic()
            table.practice = practice
            table.signatures = self._signatures(table)
            table.last_events = list(getattr(table.engine, "start_events", ()))  # automatic steps of new()
            self._arm(table)
            self._schedule_computers(table)
        return table
