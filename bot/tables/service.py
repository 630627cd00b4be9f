"""The table framework: lobbies, seats, turns and the action log, for every game alike (lobbies in `lobby.py`, the
computers' turns in `computers.py`, turn timers and votes in `timers.py`).

It drives engines only through the contract in docs/engine.md and knows nothing of Discord: the
Discord side calls it and is told about changes it did not cause (a turn timer) through a `Listener`.
Every accepted action is committed to the database before `act()` returns, so before any reply.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot.db import Database
from bot.games import GAMES, Engine, IllegalAction

from . import snapshots, thinking
from .computers import Computers
from .lobby import Lobbies
from .model import (
    ABANDONED,
    AUTO_PERSON,
    CANCELLED,
    FINISHED,
    OPEN_STATUSES,
    OUT_OF_MATCH,
    RUNNING,
    Listener,
    Outcome,
    Signature,
    StaleError,
    Step,
    Table,
    UserError,
)
from .stored import StoredTables, replay, table_from_row
from .timers import TurnTimers, autopilot_statement, iso_time, timeouts_statement, vote_statement

log = logging.getLogger(__name__)


class ResultWriter(Protocol):
    """Extra SQL statements for a result event; `engine` is the state after the move (not the table's yet)."""

    def __call__(self, table: Table, event: dict[str, Any], engine: Engine) -> list[tuple[str, Any]]: ...


class TableService(Lobbies, Computers, TurnTimers):
    def __init__(self, db: Database, *, clock: Callable[[], float] = time.monotonic):
        self.db = db
        self.stored = StoredTables(db)
        self.tables: dict[int, Table] = {}
        self.listener: Listener | None = None
        self.shows: dict[str, Signature] = {}  # game -> what its hand messages show, if its UI says
        self.clock = clock
        self._results_hooks: list[Callable[[Table, dict[str, Any]], Awaitable[None]]] = []
        # one per channel: "one table per person per channel" is checked and written under it, so two clicks at
        # the same instant (Join on two lobbies, Join and /new, two /new) cannot both pass the check
        self._channel_locks: dict[int, asyncio.Lock] = {}
        self._result_writers: dict[str, list[ResultWriter]] = {}
        self.metrics: Any = None  # bot.metrics.Metrics when the bot runs: moves stored, computer decisions
        self.closed = False  # shutting down: computers and turn timers start nothing new
        self._locale_writes: set[asyncio.Task[Any]] = set()  # players' languages on their way to the database

    # -- lookup ---------------------------------------------------------------------------------
    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise UserError("Table #{id} is not open any more.", id=table_id)
        return table

    def open_tables(self, *, guild_id: int | None = None, channel_id: int | None = None) -> list[Table]:
        out = [t for t in self.tables.values() if t.status in OPEN_STATUSES]
        if guild_id is not None:
            out = [t for t in out if t.guild_id == guild_id]
        if channel_id is not None:
            out = [t for t in out if channel_id in (t.channel_id, t.thread_id)]
        return sorted(out, key=lambda t: t.id)

    def tables_of(self, user_id: int, *, guild_id: int | None = None) -> list[Table]:
        return [t for t in self.open_tables(guild_id=guild_id) if t.seat_of(user_id) is not None]

    def add_result_writer(self, game: str, writer: ResultWriter) -> None:
        """`writer(table, event, engine)` returns extra SQL statements for a `hand_scored`/`match_over` event of
        `game`; they are committed in the same transaction as the action that caused the event, so a
        restart can neither lose them nor write them twice (a money ledger, a match record)."""
        self._result_writers.setdefault(game, []).append(writer)

    def on_result(self, hook: Callable[[Table, dict[str, Any]], Awaitable[None]]) -> None:
        """Call `hook(table, event)` for every `hand_scored` and `match_over` event, after it is stored."""
        self._results_hooks.append(hook)

    def _signatures(self, table: Table, engine: Engine | None = None) -> list[Any]:
        shows = self.shows.get(table.game)
        return [table.signature(s, shows, engine) for s in range(len(table.seats))]

    # -- play -----------------------------------------------------------------------------------
    async def act(self, table_id: int, user_id: int, action: str, *, version: int | None = None,
                  public: bool = False) -> Outcome:
        """Apply a player's action. Raises `UserError` (not seated, not running, stale, illegal). `public`: clicked
        on a message everyone sees (a decision asked on the table message), which is stale once the seat has moved
        since it was drawn: a bid changes no hand, so the bidder's own messages are not redrawn for it, and the
        table message's "Pass" of the Grand Hand round would otherwise answer the Kontra asked next."""
        table = self.get(table_id)
        started = time.perf_counter()
        async with table.lock:
            if table.status != RUNNING or table.engine is None:
                raise UserError("Table #{id} is not running.", id=table.id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("You are not seated at this table.")
            if version is not None and (
                    not table.seats[seat].last_change <= version <= table.version
                    or public and version < table.version and version < await self.last_acted(table, seat)):
                # drawn before this seat's choices last changed (or, on a public message, before its own last
                # move), or a version this table never had
                raise StaleError("That button is from an earlier moment of the game; here is your current hand.")
            if seat not in table.engine.to_act():
                raise UserError("It is not your turn.")
            back = table.vote is not None and table.vote["seat"] == seat  # the player the others were asked about
            # played again: the turns the timer played for them start anew, stored with the move (one transaction:
            # a failed second write would report a stored move as failed and leave the table without its timer)
            returned = [timeouts_statement(table.id, seat, 0)] if table.seats[seat].timeouts or back else []
            if back:
                returned.append(vote_statement(table.id, None))
            resumed = table.seats[seat].autopilot  # voted away, and quicker than the computer standing in: back
            if resumed:
                returned.append(autopilot_statement(table.id, seat, False))
            outcome = await self._apply(table, seat, action, auto=AUTO_PERSON, also=returned)
            if returned:
                table.seats[seat].timeouts = 0
            if resumed:
                table.seats[seat].autopilot = False
            if back:
                self._close_vote(table)
            self._arm(table)
        if self.metrics is not None:
            self.metrics.observe_move(time.perf_counter() - started)
        self._schedule_computers(table)
        return outcome

    def _accept(self, table: Table, seat: int, engine: Engine, seq: int, signatures: list[Any], changed: set[int],
                auto: int) -> None:
        """Make a stored move the table's state (`_apply`)."""
        table.engine = engine
        table.version = seq
        table.stored_at = time.monotonic()
        if self.metrics is not None:
            self.metrics.move_stored(table.game, auto)
        table.signatures = signatures
        table.seats[seat].last_acted = seq
        for s in changed:
            table.seats[s].last_change = seq

    async def last_own_move(self, table: Table, seat: int) -> int:
        """The seq of `seat`'s latest move made by the person (not the timer or a computer standing in); 0: none."""
        row = await self.db.fetchone("SELECT MAX(seq) FROM actions WHERE table_id = ? AND seat = ? AND auto = ?",
                                     (table.id, seat, AUTO_PERSON))
        return (row[0] if row else None) or 0

    async def last_acted(self, table: Table, seat: int) -> int:
        """The seq of `seat`'s latest stored action (0: none), from the action log once after a restart."""
        s = table.seats[seat]
        if s.last_acted is None:
            row = await self.db.fetchone("SELECT MAX(seq) FROM actions WHERE table_id = ? AND seat = ?",
                                         (table.id, seat))
            s.last_acted = (row[0] if row else None) or 0
        return s.last_acted

    async def _apply(self, table: Table, seat: int, action: str, *, auto: int,
                     outcome: Outcome | None = None, also: list[tuple[str, Any]] | None = None) -> Outcome:
        """Apply `action` to a copy of the engine, store it (with the statements `also`, in the same transaction),
        and only then make the copy the table's state: whatever reads the table meanwhile (a hand or table message
        going out for the last move, a status command) sees the stored state and the version that goes with it,
        never a move that may not be kept."""
        return await self._store(table, [self._step(table, seat, action, auto=auto, also=also)], outcome=outcome)

    def _step(self, table: Table, seat: int, action: str, *, auto: int, after: Step | None = None,
              also: list[tuple[str, Any]] | None = None, said: list[dict[str, Any]] | None = None) -> Step:
        """One move applied to a copy of the table's engine (or of the state `after` an earlier step not stored
        yet), with the statements that store it (`also` among them); nothing of the table changes. `said`: events
        the outcome tells before the move's own (the turn timer's)."""
        base = after.engine if after is not None else table.engine
        assert base is not None
        engine = base.clone()  # each engine's own copy: 3-5x faster than a pickle round trip
        try:
            events = engine.apply(seat, action)
        except IllegalAction as exc:
            if exc.reason == "stale":  # docs/engine.md: the action named a moved-on state (Repezita)
                raise StaleError("That button is from an earlier moment of the game; here is your current hand.") \
                    from exc
            raise UserError("Not allowed: {reason}", reason=exc.reason) from exc
        seq = (after.seq if after is not None else table.version) + 1
        old_sigs = after.signatures if after is not None else table.signatures
        new_sigs = self._signatures(table, engine)
        changed = {s for s, sig in enumerate(new_sigs) if sig != old_sigs[s]}
        if table.game not in self.shows:
            # the actor's older buttons are stale even when its options look the same (a new card); a game that
            # says what its hand messages show (live cards, decisions on the table) gets exactly that
            changed.add(seat)
        if engine.over:  # every hand DM says so and loses its controls (a live hand is not redrawn otherwise)
            changed |= {s for s in table.people if new_sigs[s] != OUT_OF_MATCH}  # (one out had its last DM)
        statements: list[tuple[str, Any]] = [
            # `at`, by the clock the turn timer reads: a restart resumes the timer this move started from it
            ("INSERT INTO actions (table_id, seq, seat, action, at, auto) VALUES (?, ?, ?, ?, ?, ?)",
             (table.id, seq, seat, action, iso_time(self.wall()), int(auto))),
        ]
        statements += [("UPDATE seats SET last_change = ? WHERE table_id = ? AND seat = ?", (seq, table.id, s))
                       for s in sorted(changed)]
        statements += self._result_statements(table, engine, events)
        statements += also or []
        if engine.over:
            statements.append(("UPDATE tables SET status = ?, vote = NULL, ended_at = strftime('%Y-%m-%dT%H:%M:%fZ',"
                               "'now') WHERE table_id = ?", (FINISHED, table.id)))
            statements.append(snapshots.drop_statement(table.id))
        elif snapshots.due(seq, engine):
            statements.append(snapshots.save_statement(table.id, seq, engine))
        return Step(seat=seat, action=action, auto=auto, engine=engine, events=events, seq=seq, signatures=new_sigs,
                    changed=changed, statements=statements, said=list(said or ()))

    async def _store(self, table: Table, steps: list[Step], *, outcome: Outcome | None = None,
                     also: list[tuple[str, Any]] | None = None) -> Outcome:
        """Store `steps` (made one after the other by `_step`) and the statements `also` in one transaction, and
        only then make them the table's state, one after the other: a crash stores all of them or none (the turn
        timer's draw and discard, a third timeout and its vote), and a failed write changes nothing."""
        assert steps
        statements = [st for step in steps for st in step.statements] + (also or [])
        # shielded: a task cancelled while its move is being stored (a shutdown cancels the computers and the timers)
        # lets the write end and the table follow it, so the table never lags its log (a later move would take
        # the stored seq again and fail)
        stored = asyncio.ensure_future(self.db.write(statements))
        try:
            await asyncio.shield(stored)
        except asyncio.CancelledError:
            await asyncio.wait([stored])  # (a second cancellation ends this wait: the process is going anyway)
            if not stored.cancelled() and stored.exception() is None:
                for step in steps:
                    self._accept(table, step.seat, step.engine, step.seq, step.signatures, step.changed, step.auto)
                    if step.engine.over:
                        table.status = FINISHED
            raise
        except BaseException:
            # not stored, so not accepted: the table keeps the state before it
            log.exception("table %s: could not store action %s; the move is dropped", table.id,
                          "-".join(str(s) for s in sorted({steps[0].seq, steps[-1].seq})))
            raise
        for step in steps:
            engine, events = step.engine, step.events
            self._accept(table, step.seat, engine, step.seq, step.signatures, step.changed, step.auto)
            if outcome is None:
                outcome = Outcome(table=table, seat=step.seat, action=step.action)
            outcome.events.extend(step.said)
            outcome.events.extend(events)
            outcome.changed |= step.changed
            if any(e.get("type") == "deal" for e in events):  # a new hand message for every seat still in the match
                outcome.new_hand |= {s for s, sig in enumerate(step.signatures) if sig != OUT_OF_MATCH}
            table.last_events = events
            if engine.over:
                table.status = FINISHED
                self._close_vote(table)
                outcome.finished = True
                self._disarm(table)
        assert outcome is not None
        for step in steps:
            for event in step.events if not table.practice else ():
                if event.get("type") in ("hand_scored", "match_over"):
                    for hook in self._results_hooks:
                        try:
                            await hook(table, event)
                        except Exception:
                            log.exception("table %s: result hook failed", table.id)
        return outcome

    def _result_statements(self, table: Table, engine: Engine, events: list[dict[str, Any]]
                           ) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        for event in events:
            if event.get("type") in ("hand_scored", "match_over") and not table.practice:
                for writer in self._result_writers.get(table.game, ()):  # money and ratings: not at practice
                    out.extend(writer(table, event, engine))
            if event.get("type") == "hand_scored":
                detail = {k: v for k, v in event.items() if k not in ("type", "deltas", "totals", "hand_no")}
                for s, (delta, total) in enumerate(zip(event["deltas"], event["totals"], strict=True)):
                    out.append(("INSERT OR REPLACE INTO hand_results (table_id, hand_no, seat, delta, total, detail)"
                                " VALUES (?, ?, ?, ?, ?, ?)",
                                (table.id, event["hand_no"], s, int(delta), int(total), json.dumps(detail))))
            elif event.get("type") == "match_over":
                winners = set(event.get("winners", ()))
                for s, total in enumerate(event["totals"]):
                    out.append(("INSERT OR REPLACE INTO match_results (table_id, seat, user_id, total, winner)"
                                " VALUES (?, ?, ?, ?, ?)",
                                (table.id, s, table.seats[s].user_id, int(total), int(s in winners))))
        return out

    async def gone(self, *, guild_id: int | None = None, channel_id: int | None = None, why: str = "") -> list[Table]:
        """The bot left the server `guild_id`, or the channel or thread `channel_id` was deleted: its open
        tables end where nobody can see them any more, running ones as abandoned (in no record, rating or
        leaderboard; a Rufmariasch table's deals already scored stay in the stakes ledger, as money changes hands
        deal by deal), lobbies as cancelled; their timers and computers stop. No listener is told: its messages
        would go to a place that is gone. Returns the tables ended."""
        if guild_id is None and channel_id is None:
            return []
        ended = []
        for table in self.open_tables(guild_id=guild_id, channel_id=channel_id):
            async with table.lock:
                if table.status not in OPEN_STATUSES:
                    continue
                await self._end(table, ABANDONED if table.status == RUNNING else CANCELLED, shown=True)
                table.gone = True
                if table.thinking is not None:
                    table.thinking.cancel()
            ended.append(table)
        if ended:
            log.info("%s: ended tables %s", why or "gone", ", ".join(f"#{t.id} ({t.status})" for t in ended))
        return ended

    async def _end(self, table: Table, status: str, *, shown: bool = False) -> None:
        """End an open table without a move. A running one's end is still to be shown (`end_shown` 0, until
        `record_end_shown`), unless `shown`: its place is gone, so nothing there can show it."""
        if table.status not in OPEN_STATUSES:
            raise UserError("Table #{id} is not open any more.", id=table.id)
        show = table.status == RUNNING and table.engine is not None and not shown
        await self.db.write([  # stored first: a write that fails leaves the table open in memory as on disk
            ("UPDATE tables SET status = ?, vote = NULL, ended_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'),"
             " end_shown = ? WHERE table_id = ?", (status, int(not show), table.id)),
            snapshots.drop_statement(table.id)])
        table.status = status
        self._close_vote(table)
        self._disarm(table)

    # -- DMs ------------------------------------------------------------------------------------
    async def record_dm(self, table: Table, seat: int, *, channel_id: int | None, message_id: int | None,
                        hand_no: int | None, closed: bool | None = None, shows: str | None = None) -> None:
        """The seat's hand DM is now `message_id`, showing hand `hand_no` (`shows`: the digest of what it shows)."""
        s = table.seats[seat]
        s.dm_channel_id, s.dm_message_id, s.dm_hand_no, s.dm_shows = channel_id, message_id, hand_no, shows
        if closed is not None:
            s.dm_closed = closed
        await self.db.execute(
            "UPDATE seats SET dm_channel_id = ?, dm_message_id = ?, dm_hand_no = ?, dm_closed = ?, dm_shows = ?"
            " WHERE table_id = ? AND seat = ?",
            (s.dm_channel_id, s.dm_message_id, s.dm_hand_no, int(s.dm_closed), s.dm_shows, table.id, seat))

    async def record_shown(self, table: Table, *, version: int | None = None, sheets: int | None = None,
                           dms: dict[int, str] | None = None) -> None:
        """What went out: the table message shows `version`, the score sheets cover `sheets` hands, the hand
        DMs show `dms` (seat -> digest). Written after the messages, in one transaction: a crash before it
        leaves the stored marks behind what players see, and start-up sends again only what is behind."""
        statements: list[tuple[str, Any]] = []
        if version is not None and version != table.shown_version:
            table.shown_version = version
            statements.append(("UPDATE tables SET shown_version = ? WHERE table_id = ?", (version, table.id)))
        if sheets is not None and sheets != table.sheets_shown:
            table.sheets_shown = sheets
            statements.append(("UPDATE tables SET sheets_shown = ? WHERE table_id = ?", (sheets, table.id)))
        for seat, digest in sorted((dms or {}).items()):
            if table.seats[seat].dm_shows != digest:
                table.seats[seat].dm_shows = digest
                statements.append(("UPDATE seats SET dm_shows = ? WHERE table_id = ? AND seat = ?",
                                   (digest, table.id, seat)))
        if statements:
            await self.db.write(statements)

    async def record_end_shown(self, table: Table) -> None:
        """The end of a table that ended without a move went out (its table message and hand DMs show it)."""
        await self.db.execute("UPDATE tables SET end_shown = 1 WHERE table_id = ?", (table.id,))

    async def hands_scored(self, table: Table) -> int:
        """The number of the last hand scored at this table (0: none yet)."""
        row = await self.db.fetchone("SELECT COALESCE(MAX(hand_no), 0) AS n FROM hand_results WHERE table_id = ?",
                                     (table.id,))
        return int(row["n"]) if row else 0

    def remember_locale(self, user_id: int, locale: str) -> None:
        """Store a player's client language (`players.locale`, read back with the seats on a restart, so their DMs
        are redrawn in it). In the background: the click that told it is not held up, and a write that fails only
        means English DMs after a restart until the player's next click."""
        task = asyncio.get_running_loop().create_task(self.db.execute(
            "UPDATE players SET locale = ? WHERE user_id = ?", (locale, user_id)))
        self._locale_writes.add(task)
        task.add_done_callback(self._locale_writes.discard)

    async def _upsert_player(self, user_id: int, name: str, locale: str | None = None) -> None:
        await self.db.execute(
            "INSERT INTO players (user_id, name, locale) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
            " name = CASE WHEN forgotten THEN name ELSE excluded.name END,"
            " locale = COALESCE(excluded.locale, locale), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')",
            (user_id, name, locale))

    # -- restart --------------------------------------------------------------------------------
    async def finished_behind(self, *, within_hours: int = 24) -> list[Table]:
        """Tables that finished (in the last `within_hours`) while their last messages had not gone out yet: the
        table message shows an earlier move, or a scored hand has no score sheet. Rebuilt by replay, so the
        Discord side can show how they ended; they are not open again."""
        rows = await self.db.fetchall(
            "SELECT t.* FROM tables t WHERE t.status = ? AND t.shown_version IS NOT NULL"
            " AND t.ended_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)"
            " AND (t.shown_version < (SELECT MAX(seq) FROM actions a WHERE a.table_id = t.table_id)"
            "      OR t.sheets_shown < (SELECT COALESCE(MAX(hand_no), 0) FROM hand_results h"
            "                           WHERE h.table_id = t.table_id))"
            " ORDER BY t.table_id", (FINISHED, f"-{int(within_hours)} hours"))
        return await self._rebuilt(rows, "finished")

    async def ended_behind(self, *, within_hours: int = 24) -> list[Table]:
        """Tables that ended without a move (cancelled, abandoned) in the last `within_hours` while their end was
        not shown yet (the process died between storing it and redrawing their messages). Rebuilt by replay, so
        the Discord side can show the end; they are not open again."""
        rows = await self.db.fetchall(
            "SELECT * FROM tables WHERE status IN (?, ?) AND end_shown = 0 AND started_at IS NOT NULL"
            " AND ended_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) ORDER BY table_id",
            (ABANDONED, CANCELLED, f"-{int(within_hours)} hours"))
        return await self._rebuilt(rows, "ended")

    async def _rebuilt(self, rows: list[Any], what: str) -> list[Table]:
        """Closed tables rebuilt from their rows and logs, for the Discord side to show how they ended (one that
        no longer replays is left as its messages are)."""
        rows = [r for r in rows if r["game"] in GAMES]
        seats = await self.stored.seats([r["table_id"] for r in rows]) if rows else {}
        out = []
        for r in rows:
            table = table_from_row(r, seats.get(r["table_id"], []))
            actions = await self.stored.actions(table.id)
            try:
                table.engine, table.version = replay(table, actions), len(actions)
            except Exception:
                log.exception("table %s: the %s table no longer replays; its messages stay as they are", table.id,
                              what)
                continue
            table.signatures = self._signatures(table)
            out.append(table)
        return out

    async def restore(self) -> list[Table]:
        """Load every open table and replay its log, so the game goes on where it was."""
        rows = await self.db.fetchall(
            "SELECT t.*, (SELECT at FROM actions a WHERE a.table_id = t.table_id ORDER BY seq DESC LIMIT 1)"
            " AS last_move_at FROM tables t WHERE status IN ('lobby', 'running') ORDER BY table_id")
        if not rows:
            return []
        ids = [r["table_id"] for r in rows]
        # snapshots written by other engine code are no use: those tables replay from the start
        await self.db.execute("DELETE FROM snapshots WHERE fingerprint != ?", (snapshots.fingerprint(),))
        seats = await self.stored.seats(ids)
        saved = self.stored.saved([r["table_id"] for r in rows if r["status"] == RUNNING and r["game"] in GAMES])
        restored = []
        for r in rows:
            if r["game"] not in GAMES:
                log.error("table %s: unknown game %r, left as it is", r["table_id"], r["game"])
                continue
            table = table_from_row(r, seats.get(r["table_id"], []), r["last_move_at"])
            if table.status == RUNNING:
                stored = await anext(saved)
                try:
                    table.engine, table.version = await self.stored.rebuild(table, stored)
                except Exception:
                    log.exception("table %s: replay failed; marking it abandoned", table.id)
                    await self.db.write([  # as any ended table: no vote left (it names voters), and its end time
                        ("UPDATE tables SET status = ?, vote = NULL, ended_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')"
                         " WHERE table_id = ?", (ABANDONED, table.id)),
                        snapshots.drop_statement(table.id)])
                    continue
                table.signatures = self._signatures(table)
            self.tables[table.id] = table
            restored.append(table)
        for table in restored:
            if table.status == RUNNING:
                if table.vote is None:  # the turn's time goes on from where it was (a reminder sent is not sent again)
                    self._arm(table, elapsed=self.resumed(table), reminded=table.timer_reminded)
                else:  # the vote goes on, with a full time to answer it again (the turn timer waits, as before)
                    self._start_vote_timer(table)
                self._schedule_computers(table)
        return restored

    async def close(self) -> None:
        self.closed = True
        for table in self.tables.values():
            self._disarm(table)
            if table.thinking is not None:
                table.thinking.cancel()
        thinking.shutdown()
