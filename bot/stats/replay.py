"""A finished match rebuilt from its `new(...)` arguments and its action log, one action at a time.

Step k is the state after the first k actions: exactly the state the live table showed at version k
(the table service stores an action before it answers, and restores a table the same way). Nothing
here hides cards: a replay is offered only for a finished match, whose hands may then be shown.
"""

from __future__ import annotations

from typing import Any

from bot.games import GAMES, Engine

# a clone of the engine is kept every CHECKPOINT steps, so a step back replays at most that many actions
CHECKPOINT = 64


class Replay:
    def __init__(self, game: str, seats: int, seed: int, options: dict[str, Any], actions: list[tuple[int, str]]):
        self.game = game
        self.cls = GAMES[game]
        self.seats = seats
        self.seed = seed
        self.options = dict(options)
        self.actions = list(actions)
        self._engine: Engine | None = None
        self._k = 0
        self._events: list[list[dict[str, Any]]] | None = None
        self._checkpoints: list[Engine] = []

    @property
    def steps(self) -> int:
        return len(self.actions)

    def _new(self) -> Engine:
        return self.cls.new(self.seats, seed=self.seed, options=self.options)

    def walk(self) -> None:
        """Play the whole log once: every action's events, and a checkpoint every CHECKPOINT steps. The rest
        is cheap after this, so a caller may run it away from its event loop first."""
        if self._events is not None:
            return
        engine, events, checkpoints = self._new(), [], []
        for k, (seat, action) in enumerate(self.actions):
            if k % CHECKPOINT == 0:
                checkpoints.append(engine.clone())
            events.append(engine.apply(seat, action))
        self._events, self._checkpoints = events, checkpoints

    def engine_at(self, k: int) -> Engine:
        """The engine after `k` actions (0 <= k <= steps): the current one moved forward when it is at most a
        checkpoint behind, else a copy of the last checkpoint before `k` (engines are deterministic)."""
        self.walk()
        k = max(0, min(k, self.steps))
        if self._engine is None or not self._k <= k < self._k + CHECKPOINT:
            base = min(k // CHECKPOINT, len(self._checkpoints) - 1) if self._checkpoints else -1
            if base < 0:
                self._engine, self._k = self._new(), 0
            else:
                self._engine, self._k = self._checkpoints[base].clone(), base * CHECKPOINT
        engine = self._engine
        while self._k < k:
            seat, action = self.actions[self._k]
            engine.apply(seat, action)
            self._k += 1
        return engine

    def events(self) -> list[list[dict[str, Any]]]:
        """The events of every action, in order (index k-1 = the events of step k)."""
        self.walk()
        assert self._events is not None
        return self._events

    def hand_starts(self) -> list[int]:
        """The steps at which a hand (deal, game) begins: 0, then every step that dealt a new one."""
        out = [0]
        for k, evs in enumerate(self.events(), start=1):
            if any(e.get("type") == "deal" for e in evs):
                out.append(k)
        return out

    def hand_jump(self, k: int, direction: int) -> int:
        """The start of the next (direction 1) or previous (-1) hand from step k."""
        starts = self.hand_starts()
        if direction > 0:
            return next((s for s in starts if s > k), self.steps)
        before = [s for s in starts if s < k]
        return before[-1] if before else 0

    def hands(self, k: int) -> list[list[str]]:
        """Every seat's cards at step k (shown because the match is over)."""
        engine = self.engine_at(k)
        return [list(engine.view(s).get("hand") or []) for s in range(self.seats)]
