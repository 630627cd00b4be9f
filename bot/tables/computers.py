"""Computer players at a table: who is due, how long they pause, what they think, and their moves, which take
the same path as people's (stored before they count). A part of `TableService`, kept apart by job."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from bot.ai import DEFAULT_BUDGET_S
from bot.games import Engine

from . import thinking
from .model import AUTO_COMPUTER, RUNNING, Listener, Outcome, Table

log = logging.getLogger(__name__)

COMPUTER_PAUSE = 1.5  # seconds a computer waits before its move, so people can follow (table setting)
REACTION = (0.8, 2.4)  # seconds: a computer's reaction time in a real-time game, drawn anew for every play
# seconds a computer waits while a person may still call a miss (Tač!): its next card would close the chance,
# and a person must see the miss in a DM and click first (scaled with the table's pause, as COMPUTER_PAUSE)
CALL_WINDOW_S = 4.5
RETRY_S = 10.0  # seconds before a computer whose move failed tries again where no timer would take over
RETRIES = 5  # ... at most this many times in a row


def players(table: Table) -> tuple[str | None, ...]:
    """Who plays each seat as the table shows it, which every player sees: the level of the computer moving for
    it (its own, or the strong one standing in for an absent person), or None for a person."""
    return tuple(seat.plays_itself for seat in table.seats)


class Computers:
    """The computers' turns (a mixin of `TableService`, which provides the attributes and methods below)."""

    # provided by TableService
    tables: dict[int, Table]
    listener: Listener | None
    metrics: Any
    closed: bool

    if TYPE_CHECKING:  # TableService's, where the mixin runs; no stubs at runtime to shadow the other mixin
        async def _apply(self, table: Table, seat: int, action: str, *, auto: int,
                         outcome: Outcome | None = None) -> Outcome: ...
        def _arm(self, table: Table) -> None: ...
        def turn_timer(self, table: Table) -> int: ...

    def _idle(self, table: Table) -> bool:
        """Whether the computers wait: the table is not running, or a vote on an absent person is open at a table
        with turns (in a real-time race, the only kind with no turn timer, everybody else races on meanwhile)."""
        engine = table.engine
        return (self.closed or table.status != RUNNING or engine is None or engine.over
                or (table.vote is not None and self.turn_timer(table) > 0))

    def _computers_due(self, table: Table) -> list[int]:
        """The seats the game waits for that a computer plays (its own, or the strong one standing in)."""
        if self._idle(table):
            return []
        engine = table.engine
        assert engine is not None
        return [s for s in sorted(engine.waiting_for()) if table.seats[s].plays_itself]

    def _volunteers(self, table: Table) -> list[int]:
        """Computer seats free to act out of turn now (a knock, a Tač call): they are asked, not waited for."""
        if self._idle(table):
            return []
        engine = table.engine
        assert engine is not None
        return [s for s in sorted(engine.to_act() - engine.waiting_for()) if table.seats[s].plays_itself]

    def _schedule_computers(self, table: Table) -> None:
        """Start the computers' moves when the game waits for one, or one may act out of turn, and none is
        under way. Called after a change that was not a computer's: one still pausing before its move starts
        its pause over, since a reaction counts from what it reacts to (a person's card in a real-time race)."""
        if table.pausing and table.thinking is not None and not table.thinking.done():
            table.thinking.cancel()  # it waits in `_pause` and holds nothing: a new one pauses from now
            table.thinking, table.pausing = None, False
        if (table.thinking is None or table.thinking.done()) and (self._computers_due(table)
                                                                   or self._volunteers(table)):
            table.thinking = asyncio.get_running_loop().create_task(self._computers(table),
                                                                    name=f"table-{table.id}-computers")

    def computer_pause(self, table: Table, rng: random.Random) -> float:
        """How long a computer waits before moving: a table setting, or a human reaction time in real time."""
        scale = float(table.settings.get("computer_pause", COMPUTER_PAUSE)) / COMPUTER_PAUSE
        if self.turn_timer(table) <= 0:  # a real-time game: as quick as a person, not quicker
            return rng.uniform(*REACTION) * scale
        callers = (table.engine.view(None).get("tac_callers") or []) if table.engine is not None else []
        if any(table.seats[s].plays_itself is None for s in callers):  # a person may call a miss: a person's time
            return CALL_WINDOW_S * scale
        return COMPUTER_PAUSE * scale

    async def _pause(self, seconds: float) -> None:
        """A computer's wait before its move; its own method so that a test can hold it to a simulated clock."""
        await asyncio.sleep(seconds)

    def _seed(self, table: Table, seat: int) -> int:
        return (table.seed ^ (table.version * 7919) ^ (seat * 104729)) & 0xFFFFFFFF

    async def think(self, table: Table, engine: Engine, seat: int, level: str) -> str:
        budget = float(table.settings.get("computer_budget", DEFAULT_BUDGET_S))
        started = time.perf_counter()
        action = await thinking.think(engine, seat, level=level, seed=self._seed(table, seat), budget_s=budget,
                                      players=players(table))
        if self.metrics is not None:
            self.metrics.decision(table.game, level, "turn", time.perf_counter() - started)
        return action

    async def think_volunteer(self, table: Table, engine: Engine, seat: int, level: str) -> str | None:
        """What a computer free to act out of turn does now (None: it lets the moment pass)."""
        budget = float(table.settings.get("computer_budget", DEFAULT_BUDGET_S))
        started = time.perf_counter()
        action = await thinking.volunteer(engine, seat, level=level, seed=self._seed(table, seat),
                                          budget_s=budget, players=players(table))
        if self.metrics is not None:
            self.metrics.decision(table.game, level, "volunteer", time.perf_counter() - started)
        return action

    async def _computers(self, table: Table) -> None:
        """Play the computers' moves, one after the other, through the same path as people's: each is stored
        (logged as a computer's) before it counts, and its messages go out before the next computer moves."""
        rng = random.Random(table.seed ^ table.version)
        asked: set[tuple[int, int]] = set()  # (version, seat): out-of-turn questions already answered
        try:
            for _ in range(100_000):
                due = self._computers_due(table)
                free = [s for s in self._volunteers(table) if (table.version, s) not in asked]
                if not due and not free:
                    return
                version, engine = table.version, table.engine
                assert engine is not None
                table.pausing = True  # only while it waits here: nothing else of a move is under way
                await self._pause(self.computer_pause(table, rng))
                table.pausing = False
                if table.version != version:
                    continue  # a person moved meanwhile: look again
                # out of turn first: a knock or a call comes before the next card, as at a real table
                seat, action = -1, None
                for s in free:
                    asked.add((version, s))
                    action = await self.think_volunteer(table, engine, s, table.seats[s].plays_itself or "strong")
                    if action is not None:
                        seat = s
                        break
                if action is None:
                    if not due:
                        continue
                    seat = rng.choice(due) if len(due) > 1 else due[0]
                    action = await self.think(table, engine, seat, table.seats[seat].plays_itself or "strong")
                if action == engine.NOTHING:  # no move: nothing to store, no table message to edit again
                    continue
                async with table.lock:
                    if table.version != version or table.status != RUNNING or not table.seats[seat].plays_itself:
                        continue  # (a person voted away came back while it thought)
                    outcome = await self._apply(table, seat, action, auto=AUTO_COMPUTER)
                    table.retries = 0  # RETRIES counts failures in a row (the loop leaves by `return`, not `else`)
                    self._arm(table)
                if self.listener:
                    await self.listener.table_changed(table, outcome)
        except asyncio.CancelledError:
            raise
        except Exception:
            timed = self.turn_timer(table) > 0
            if timed or table.retries >= RETRIES:
                log.exception("table %s: a computer's move failed; %s", table.id,
                              "the turn timer takes over" if timed else "it gives up (/table cancel ends the table)")
            else:  # a real-time race: no timer moves for anyone, so the computers try again, a few times
                table.retries += 1
                log.exception("table %s: a computer's move failed; it tries again in %.0f s", table.id, RETRY_S)
                asyncio.get_running_loop().call_later(RETRY_S, self._retry_computers, table)

    def _retry_computers(self, table: Table) -> None:
        if self.tables.get(table.id) is table:
            self._schedule_computers(table)
