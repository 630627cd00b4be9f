"""One table's scripted players in `python -m benchmarks.load`: they play whenever the fake Discord shows them
their turn, at the run's pace, and note how long the table took to move on."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass, field

from benchmarks.strict import PictureLag
from tests.e2e.players import MOVE_ANSWERS, OpenTable, TablePlayers, Turn, table_version

COMPUTER_MARK = "🤖"  # how a computer seat's name starts (bot.ui.table_ui.computer_name)


@dataclass
class Driver:
    """One table's scripted players, woken by the fake whenever something lands in the table's thread or in
    one of their DMs."""

    table: OpenTable
    computers: int = 0  # computer seats at this table
    event: asyncio.Event = field(default_factory=asyncio.Event)
    next_turn: list[float] = field(default_factory=list)  # dispatch -> the next turn shown, seconds
    computer_turns: list[float] = field(default_factory=list)  # a computer named to act -> the table moved on, s
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    lag: PictureLag | None = None
    lost_answers: int = 0  # clicks whose answer came after the 3 s deadline (10062)
    # How long a turn may take to show before the table counts as stuck: past the picture lag a healthy run has
    # (at 2,000 tables up to ~40 s, the global limit's queue), the `--grace` the last pictures get.
    turn_wait: float = 60.0
    _computer_since: tuple[int, float] | None = None

    def note_computer(self) -> None:
        """Time the computers' turns from the table message: from the first version that names a computer to
        act to the first later version (pause, queue for the process pool, decision, messages out)."""
        msg = self.table.players.table_message()
        if msg is None:
            return
        version = table_version(msg)
        if self._computer_since is not None and version > self._computer_since[0]:
            self.computer_turns.append(time.perf_counter() - self._computer_since[1])
            self._computer_since = None
        if self._computer_since is None and msg.content.rsplit("\n", 1)[-1].startswith(COMPUTER_MARK):
            self._computer_since = (version, time.perf_counter())

    async def wait_turn(self, deadline: float) -> Turn | None:
        players = self.table.players
        while True:
            if self.computers:
                self.note_computer()
            turn = players.turn()
            if turn is not None or time.perf_counter() >= deadline:
                return turn
            self.event.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.event.wait(), max(0.0, deadline - time.perf_counter()))

    async def spread(self, moves: int, gate: asyncio.Semaphore) -> None:
        """Play `moves` moves as fast as the bot answers, so the tables do not all start measuring at the
        first decision of deal 1 (its phase changes re-render every hand)."""
        players = self.table.players
        for _ in range(moves):
            async with gate:
                turn = await self.wait_turn(time.perf_counter() + 120)
                if turn is None:
                    self.errors.append(f"table {self.table.table_id}: no turn while spreading")
                    return
                ix = await players.click(turn, players.choose(turn))
                await ix.settle(120)  # an answer lost past 3 s (a busy machine) still plays the move

    async def run(self, start: float, stop: float, interval: float, rng: random.Random,
                  measure_from: float = 0.0) -> None:
        players: TablePlayers = self.table.players
        next_at = start + rng.uniform(0, interval)
        dispatched: float | None = None
        while time.perf_counter() < stop:
            turn = await self.wait_turn(time.perf_counter() + self.turn_wait)
            if turn is None:
                self.errors.append(f"table {self.table.table_id}: no turn shown {self.turn_wait:.0f} s after "
                                   f"move {self.moves}")
                return
            if dispatched is not None:
                self.next_turn.append(time.perf_counter() - dispatched)
                dispatched = None
            delay = min(next_at, stop) - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if time.perf_counter() >= stop:
                return
            turn = players.turn() or turn  # the hand may have been redrawn while waiting
            ix = await players.click(turn, players.choose(turn))
            try:
                answered = await ix.settle(60)
            except TimeoutError as exc:
                self.errors.append(str(exc).splitlines()[0])
                return
            if not answered:  # past Discord's 3 s: the answer is lost, the move may be stored and shown anyway
                self.lost_answers += 1
                if self.lag is not None and ix.late_at is not None:
                    self.lag.moved(turn.version, ix.late_at, (ix.dispatched_at or 0.0) >= measure_from)
            elif ix.callback_type not in MOVE_ANSWERS:
                self.errors.append(f"table {self.table.table_id}: callback {ix.callback_type} {ix.callback_data}")
            elif self.lag is not None and ix.callback_at is not None:
                self.lag.moved(turn.version, ix.callback_at, (ix.dispatched_at or 0.0) >= measure_from)
            dispatched = ix.dispatched_at if not self.computers else None  # next turn: people-only tables
            self.moves += 1
            next_at = max(next_at + interval, time.perf_counter())
