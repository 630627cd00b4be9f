"""Turn timers and the vote on an absent player: a reminder after a minute (sooner with a short timer: at two thirds
of it), the strong computer
moving for whoever is away when it runs out, and after three timeouts in a row a vote to let it play on.
A part of `TableService`, kept apart by job."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from bot.db import Database

from .model import ABANDONED, AUTO_TIMER, FINISHED, RUNNING, Listener, Outcome, Step, Table, UserError

log = logging.getLogger(__name__)

DEFAULT_TURN_TIMER = 300  # seconds; a table option
# the reminder's ping comes after two thirds of the turn timer, but after a minute at most: a newcomer waiting in
# their DMs for a sign that it is their turn (a message edit notifies nobody) is not left for minutes
REMIND_AFTER_S = 60
# seconds a real-time table (no turn timer) waits for a start signal before the timer gives it: a dealer who never
# says Repezita's Go would hold everyone else up (a view's phase "signal", docs/views.md)
SIGNAL_TIMER = 300
ABSENT_AFTER = 3  # consecutive timeouts
TURN_STEPS = 20  # moves of one turn the timer plays at most after its first (a bound, not a rule)
# seconds a restart gives a turn at least: one whose time ran out while the bot was down (nobody could move then)
# is not played for the instant the bot is back, for everyone waiting at every table
RESUME_GRACE_S = 15


def vote_statement(table_id: int, vote: dict[str, Any] | None) -> tuple[str, tuple[Any, ...]]:
    """The statement that stores a table's open vote (None: no vote open)."""
    return "UPDATE tables SET vote = ? WHERE table_id = ?", (json.dumps(vote) if vote else None, table_id)


def autopilot_statement(table_id: int, seat: int, on: bool) -> tuple[str, tuple[Any, ...]]:
    """The statement that stores whether the strong computer stands in for a person voted away."""
    return "UPDATE seats SET autopilot = ? WHERE table_id = ? AND seat = ?", (int(on), table_id, seat)


def iso_time(t: float) -> str:
    """Unix time as SQLite's `strftime('%Y-%m-%dT%H:%M:%fZ')` writes it (the `at` of an action)."""
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def unix_time(iso: str) -> float:
    """`iso_time` read back."""
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def timer_statement(table_id: int, since: float) -> tuple[str, tuple[Any, ...]]:
    """The statement that stores when the turn timer was started (Unix time), with what started it: a restart
    resumes the timer from it (`TurnTimers.resumed`)."""
    return "UPDATE tables SET timer_since = ? WHERE table_id = ?", (since, table_id)


def timeouts_statement(table_id: int, seat: int, timeouts: int) -> tuple[str, tuple[Any, ...]]:
    """The statement that stores how many turns in a row the timer played for a seat."""
    return "UPDATE seats SET timeouts = ? WHERE table_id = ? AND seat = ?", (timeouts, table_id, seat)


class TurnTimers:
    """Turn timers and votes (a mixin of `TableService`, which provides the attributes and methods below)."""

    # provided by TableService
    tables: dict[int, Table]
    listener: Listener | None
    metrics: Any
    db: Database
    clock: Any
    closed: bool
    # the wall clock (Unix time) the stored `timer_since` is read by: it spans a restart, which the monotonic
    # `clock` does not (a test holds it to its simulated time)
    wall = staticmethod(time.time)

    if TYPE_CHECKING:  # TableService's, where the mixin runs; no stubs at runtime to shadow the other mixin
        def _step(self, table: Table, seat: int, action: str, *, auto: int, after: Step | None = None,
                  also: list[tuple[str, Any]] | None = None, said: list[dict[str, Any]] | None = None) -> Step: ...
        async def _store(self, table: Table, steps: list[Step], *, outcome: Outcome | None = None,
                         also: list[tuple[str, Any]] | None = None) -> Outcome: ...
        async def _end(self, table: Table, status: str) -> None: ...
        def _schedule_computers(self, table: Table) -> None: ...
        def get(self, table_id: int) -> Table: ...
        async def think(self, table: Table, engine: Any, seat: int, level: str) -> str: ...

    def turn_timer(self, table: Table) -> int:
        """Seconds per move; 0 (a real-time game such as Repezita) means no turn timer."""
        seconds = table.settings.get("turn_timer")
        return DEFAULT_TURN_TIMER if seconds is None else int(seconds)

    def timed_seconds(self, table: Table) -> int:
        """How long the timer gives the seats waited on now (0: no timer): the table's turn timer, and at a
        real-time table, which has none, `SIGNAL_TIMER` while the deal waits for its start signal."""
        seconds = self.turn_timer(table)
        if seconds <= 0 and table.engine is not None and table.engine.view(None).get("phase") == "signal":
            return SIGNAL_TIMER
        return seconds

    def _disarm(self, table: Table) -> None:
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = None
        table.deadline = None

    def _start_vote_timer(self, table: Table) -> None:
        table.vote_timer = asyncio.get_running_loop().create_task(self._vote_timer(table),
                                                                  name=f"table-{table.id}-vote")

    def _close_vote(self, table: Table) -> None:
        """The absent-player vote is over (decided, the player back, the table ended): its deadline goes too. The
        turn timer is another task (`_arm` and `_disarm` never touch the vote's), so moves made while the vote is
        open keep its deadline."""
        table.vote = None
        if table.vote_timer is not None and table.vote_timer is not asyncio.current_task():
            table.vote_timer.cancel()
        table.vote_timer = None

    def _arm(self, table: Table, *, elapsed: float = 0.0, reminded: bool = False) -> None:
        """Start the turn timer: a whole period, or (`elapsed`: a restart resuming it) what was left of it, but
        `RESUME_GRACE_S` at least; `reminded`: its reminder went out before the restart. Whatever starts it stores
        `timer_statement` with its own write."""
        self._disarm(table)
        if self.closed or table.status != RUNNING or table.engine is None or table.engine.over:
            return
        seconds = self.timed_seconds(table)
        if seconds <= 0:
            return
        left = seconds if elapsed <= 0 else max(seconds - elapsed, min(seconds, RESUME_GRACE_S))
        table.deadline = self.clock() + left
        table.timer = asyncio.get_running_loop().create_task(self._timer(table, seconds, left, elapsed, reminded),
                                                             name=f"table-{table.id}-timer")

    def resumed(self, table: Table) -> float:
        """How long a restored table's turn timer had run (seconds): since its stored start, 0 if not known."""
        if table.timer_since is None:
            return 0.0
        return max(0.0, self.wall() - table.timer_since)

    async def _timer(self, table: Table, seconds: int, left: float, elapsed: float = 0.0,
                     reminded: bool = False) -> None:
        """Remind at two thirds of the turn (a minute at most), then play after `left` seconds. Resumed after a
        restart (`elapsed`) past the reminder's moment, it reminds at once unless the reminder went out before
        (`reminded`): the bot was down when it was due, and the grace left is the player's warning."""
        version = table.version
        try:
            first = min(seconds * 2 / 3, REMIND_AFTER_S) - max(elapsed, 0.0)
            if first > 0 or not reminded:
                await asyncio.sleep(max(first, 0.0))
                if table.version != version or table.status != RUNNING:
                    return
                if self.listener:
                    await self.listener.remind(table, sorted(table.engine.waiting_for()))  # type: ignore[union-attr]
                    await self._reminded(table)
            await asyncio.sleep(left - max(first, 0.0))
            await self.expire(table.id, version)
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("table %s: turn timer failed", table.id)

    async def _reminded(self, table: Table) -> None:
        """Store that the running timer's reminder went out (a lost write costs at most a second one after a
        restart)."""
        try:
            await self.db.execute("UPDATE tables SET reminded_since = ? WHERE table_id = ?", (self.wall(), table.id))
        except Exception:
            log.exception("table %s: could not note the reminder as sent", table.id)

    async def expire(self, table_id: int, version: int) -> Outcome | None:
        """The turn timer ran out at `version`: the strong computer moves for every seat being waited on (its
        result still counts as that person's); three timeouts in a row open the vote on an absent player."""
        table = self.tables.get(table_id)
        if table is None:
            return None
        engine = table.engine
        if table.status != RUNNING or engine is None or table.version != version:
            return None
        # the strong computer plays for whoever is away, thinking before the table is locked
        choices = {seat: await self.think(table, engine, seat, "strong") for seat in sorted(engine.waiting_for())}
        async with table.lock:
            engine = table.engine
            if table.status != RUNNING or engine is None or table.version != version:
                return None
            # every move the timer makes now (each waiting seat's, the rest of a turn of several actions), the
            # timeouts they count and the vote a third one opens: worked out first, then stored in one
            # transaction, so a crash leaves all of it or none (a restart finds the turn missed and plays it
            # again), never a turn half played or a third timeout without its vote
            steps: list[Step] = []
            timeouts: dict[int, int] = {}
            absent: list[int] = []
            outcome: Outcome | None = None
            opens, vote = False, None
            try:
                for seat in sorted(engine.waiting_for()):
                    after = steps[-1] if steps else None
                    state = after.engine if after is not None else engine  # each move makes a new one
                    if state.over or seat not in state.to_act():
                        continue
                    action = choices.get(seat)
                    if action not in state.legal_actions(seat):  # thought out for the state before another's move
                        action = state.default_action(seat)
                    timeouts[seat] = table.seats[seat].timeouts + 1  # stored with the move it counts
                    steps.append(self._step(table, seat, action, auto=AUTO_TIMER, after=after,
                                            also=[timeouts_statement(table.id, seat, timeouts[seat])],
                                            said=[{"type": "timer", "seat": seat}]))  # said on the table message
                    steps += self._rest_of_turn(table, seat, steps[-1])
                    if timeouts[seat] >= ABSENT_AFTER and not table.seats[seat].plays_itself:
                        absent.append(seat)
                opens = bool(absent) and not steps[-1].engine.over and table.vote is None
                vote = {"seat": absent[0], "yes": []} if opens else None
                if steps:
                    try:
                        outcome = await self._store(table, steps,
                                                    also=[vote_statement(table.id, vote)] if opens else [])
                    except asyncio.CancelledError:
                        # a shutdown, while the write went on (shielded): stored, the moves are the table's
                        # (`_store`), and so are the timeouts and the vote stored with them, for whatever draws the
                        # table before the process ends
                        if table.version == steps[-1].seq:
                            for seat, n in timeouts.items():
                                table.seats[seat].timeouts = n
                            if opens:
                                table.vote = vote
                        raise
                for seat, n in timeouts.items():
                    table.seats[seat].timeouts = n
            except Exception:  # nothing of it was stored: the table goes on as it was, and the timer starts over
                log.exception("table %s: the turn timer's moves could not be made", table.id)
                absent, opens = [], False
            if outcome is not None:  # a redraw (the vote's, on a third timeout) narrates these: "⏱ ... moved for"
                table.last_events = list(outcome.events)
            if opens:
                table.vote = vote
                self._disarm(table)
                self._start_vote_timer(table)
            else:
                self._arm(table)
        self._schedule_computers(table)
        if self.listener and outcome is not None:
            await self.listener.table_changed(table, outcome)
        if absent and table.vote and self.listener:
            await self.listener.absent(table, table.vote["seat"])
        if table.status == FINISHED and self.listener:
            await self.listener.ended(table)
        return outcome

    def _rest_of_turn(self, table: Table, seat: int, step: Step) -> list[Step]:
        """The timer, having moved for `seat` (`step`, not stored yet), plays the rest of its turn in a game whose
        turn is several actions (`Engine.TURN_IS_SEVERAL_ACTIONS`: Treppenrommé's draw, melds, discard) while the
        game waits for it alone and nobody else may act, within the hand: one missed turn is one timeout, and the
        others wait one turn timer for it, not one per action. Returns the moves, to be stored with the first."""
        if not step.engine.TURN_IS_SEVERAL_ACTIONS:
            return []
        hand_no = step.engine.view(None).get("hand_no")
        rest: list[Step] = []
        for _ in range(TURN_STEPS):
            engine = (rest[-1] if rest else step).engine
            if (engine.over or engine.to_act() != {seat} or engine.waiting_for() != {seat}
                    or engine.view(None).get("hand_no") != hand_no):
                break
            # the game's mildest move (Treppenrommé: discard the highest card), not a search: the table is locked
            rest.append(self._step(table, seat, engine.default_action(seat), auto=AUTO_TIMER,
                                   after=rest[-1] if rest else step))
        return rest

    async def _vote_timer(self, table: Table) -> None:
        try:
            await asyncio.sleep(self.timed_seconds(table) or SIGNAL_TIMER)
            async with table.lock:
                if table.vote is None or table.status != RUNNING:
                    return
                table.vote_timer = None  # (this task: `_end` closes the vote)
                await self._end(table, ABANDONED)
            if self.listener:
                await self.listener.ended(table)
        except asyncio.CancelledError:
            pass

    async def vote(self, table_id: int, user_id: int, keep_playing: bool) -> str:
        """A seated, present player votes on an absent player. Returns "waiting", "continue" or "abandoned"."""
        table = self.get(table_id)
        async with table.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("You are not seated at this table.")
            if table.vote is None or table.status != RUNNING:
                raise UserError("There is no vote open at this table.")
            absent = table.vote["seat"]
            if seat == absent:
                table.seats[seat].timeouts = 0
                await self.db.write([timeouts_statement(table.id, seat, 0), vote_statement(table.id, None),
                                     timer_statement(table.id, self.wall())])
                self._close_vote(table)
                self._arm(table)
                result = "continue"
            elif not keep_playing:
                await self._end(table, ABANDONED)
                result = "abandoned"
            else:
                yes = sorted({*table.vote["yes"], user_id})
                voters = {s.user_id for i, s in enumerate(table.seats) if i != absent and not s.plays_itself}
                if not voters <= set(yes):
                    await self.db.write([vote_statement(table.id, {**table.vote, "yes": yes})])
                    table.vote = {**table.vote, "yes": yes}  # (after the write: a vote counts once stored)
                    return "waiting"
                table.seats[absent].autopilot = True
                await self.db.write([autopilot_statement(table.id, absent, True), vote_statement(table.id, None),
                                     timer_statement(table.id, self.wall())])
                self._close_vote(table)
                self._arm(table)
                result = "continue"
        if result == "abandoned" and self.listener:
            await self.listener.ended(table)
        # computers wait while a vote is open: the next one moves now (for the absent person too, once voted on)
        self._schedule_computers(table)
        return result

    async def back(self, table_id: int, user_id: int) -> Table:
        """The person the strong computer plays for (voted away) is back: from now on the game waits for them again,
        with a fresh count of timeouts. A computer pausing before their move starts over and finds them a person."""
        table = self.get(table_id)
        async with table.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("You are not seated at this table.")
            if table.status != RUNNING or not table.seats[seat].autopilot:
                raise UserError("The computer is not playing for you: play your own moves as usual.")
            await self.db.write([autopilot_statement(table.id, seat, False), timeouts_statement(table.id, seat, 0),
                                 timer_statement(table.id, self.wall())])
            table.seats[seat].autopilot = False
            table.seats[seat].timeouts = 0
            self._arm(table)
        self._schedule_computers(table)
        return table
