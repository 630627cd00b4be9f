"""Computer players: `choose(engine, seat, level=..., seed=...)` returns the action a computer seat takes.

Pure like `bot.games`: no Discord, Pillow, database or asyncio. A computer never peeks: `choose` hands the
game's player a `Knowledge` of the seat — its own `view(seat)`, its legal actions, and `sample(rng)`, worlds
dealt anew from what the seat cannot see (`Engine.sample`) — and never the engine itself. So the same seed
gives the same action on the real engine and on any world consistent with what the seat knows; a property
test checks exactly that for every game.

Each game has a module `bot/ai/<game>.py` with two functions:
- `easy(know, rng) -> str`: rules of thumb over `know.view` and `know.legal` only;
- `strong(know, rng, budget) -> str`: a search over sampled worlds (perfect-information Monte Carlo or
  information-set MCTS), stopping when `budget` says so and playing the best move found by then.
A game in which a seat may act without being waited for (a Schrööm knock out of turn, a Tač call) also has
`volunteer_easy(know, rng)` and `volunteer_strong(know, rng, budget)`, which return the action to take now or
None to let the moment pass; `volunteer` asks them.

Who plays each seat is public at a table (a person, or a computer of a level), and a computer is told
(`players`): how much the others' cards say about their hands depends on it (`Knowledge.searching`).

Levels beyond the two a table offers exist for the benchmarks (`python -m benchmarks.ai --levels`), so that
every ingredient of the strong player can be shown to help on its own: `strong-no-<ingredient>` is the strong
player with that ingredient (`INGREDIENTS`) switched off, which its code asks with `know.uses(name)`; `oracle`
is the strong player whose worlds are the true deal (the same search without fog: a yardstick, not a player);
`hand-oracle` sees every hand but not the order of the cards still to be drawn, `play-oracle` (Rufmariasch) calls
as strong does and plays its cards seeing every hand (`bot/ai/yardsticks.py`).
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from types import ModuleType
from typing import Any

from bot.ai.yardsticks import hand_oracle_world, play_oracle_world
from bot.games import Engine

LEVELS = ("easy", "strong")  # what a table offers
# what the strong player is made of, each switched off by a benchmark level `strong-no-<name>`:
# inference: worlds weighted by how likely the others' actions so far were in them;
# endgame: the last tricks solved exactly in each world instead of played out by rules of thumb
INGREDIENTS = ("inference", "endgame")
BENCH_LEVELS = ("oracle", "hand-oracle", "play-oracle", *(f"strong-no-{name}" for name in INGREDIENTS))
# game key -> module in bot/ai (Tač plays with Schrum Schrum's player)
MODULES = {"schrum": "schrum", "tac": "schrum", "repezita": "repezita", "schroeoem": "schroeoem",
           "treppenromme": "treppenromme", "schieberamsch": "schieberamsch", "rufmariasch": "rufmariasch"}
DEFAULT_BUDGET_S = 0.5  # the deadline a table gives a strong computer per decision


@dataclass(frozen=True)
class Knowledge:
    """Everything a computer seat may know. `sample(rng)` deals a world consistent with it: an engine
    whose `view(seat)` and `legal_actions(seat)` equal the real ones (the hidden cards dealt at random)."""

    game: str
    seat: int
    view: dict[str, Any]
    legal: list[str]
    _sampler: Callable[[random.Random], Engine] = field(repr=False)
    off: frozenset[str] = frozenset()  # ingredients switched off (benchmark levels only)
    # who plays each seat, as the table shows it: a computer's level, or None for a person (empty: not told,
    # everyone taken for a person)
    players: tuple[str | None, ...] = ()

    def sample(self, rng: random.Random) -> Engine:
        return self._sampler(rng)

    def uses(self, ingredient: str) -> bool:
        """Does the strong player use this ingredient (`INGREDIENTS`) here? Always, except in benchmarks."""
        if ingredient not in INGREDIENTS:
            raise ValueError(f"unknown ingredient {ingredient!r}; known: {', '.join(INGREDIENTS)}")
        return ingredient not in self.off

    def searching(self, seat: int) -> bool:
        """Is `seat` played by a searching computer (any level but easy)? Its moves follow no rule of thumb, so
        reading its hand from them by the rules of thumb misleads (measured in Rufmariasch)."""
        level = self.players[seat] if seat < len(self.players) else None
        return level is not None and level != "easy"

    def easy_seats(self) -> frozenset[int]:
        """The other seats the table shows as easy computers: their moves are the rules of thumb exactly, so a
        world can be read by them and played out by them without error."""
        return frozenset(s for s, level in enumerate(self.players) if level == "easy" and s != self.seat)

    def with_sampler(self, sampler: Callable[[random.Random], Engine]) -> Knowledge:
        """The same knowledge, its worlds dealt by `sampler` (which must deal only worlds consistent with it)."""
        return replace(self, _sampler=sampler)


@dataclass
class Budget:
    """How long a strong computer may think: at most `iterations` (worlds, playouts: each game says), and
    never past `deadline` (a `time.perf_counter()` value) when one is set. Without a deadline the search
    is a pure function of the seed (tests, benchmarks); with one, the best move so far is played on time."""

    iterations: int
    deadline: float | None = None

    def expired(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline


def knowledge(engine: Engine, seat: int, level: str = "strong", players: tuple[str | None, ...] = ()) -> Knowledge:
    """What `seat` knows (with `players`, who plays each seat); for the benchmark levels (`BENCH_LEVELS`) with
    their ingredients off, or for `oracle` with the true deal as its only world."""
    if level == "oracle":  # sees everything: nothing left to infer
        return Knowledge(engine.key, seat, engine.view(seat), engine.legal_actions(seat),
                         lambda rng: engine.clone(), frozenset({"inference"}), players)
    if level == "hand-oracle":  # sees every hand: nothing left to infer either
        return Knowledge(engine.key, seat, engine.view(seat), engine.legal_actions(seat),
                         partial(hand_oracle_world, engine), frozenset({"inference"}), players)
    if level == "play-oracle":  # a fair call, then every hand seen
        return Knowledge(engine.key, seat, engine.view(seat), engine.legal_actions(seat),
                         partial(play_oracle_world, engine, seat), frozenset({"inference"}), players)
    off = frozenset({level.removeprefix("strong-no-")}) if level.startswith("strong-no-") else frozenset()
    return Knowledge(engine.key, seat, engine.view(seat), engine.legal_actions(seat),
                     lambda rng: engine.sample(seat, rng), off, players)


def check_level(level: str) -> None:
    if level not in LEVELS and level not in BENCH_LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS + BENCH_LEVELS)}")


def player(game: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{MODULES[game]}")


def choose(engine: Engine, seat: int, *, level: str = "strong", seed: int = 0, budget_s: float | None = None,
           iterations: int | None = None, players: tuple[str | None, ...] = ()) -> str:
    """The action the computer of `level` takes for `seat` now; always one of `engine.legal_actions(seat)`.

    `budget_s`: a deadline in seconds (None: the search runs its full iteration count, deterministically).
    `iterations`: override the game's default search size (benchmarks, tests).
    `level`: "easy" or "strong", or one of `BENCH_LEVELS` (benchmarks).
    `players`: who plays each seat, as the table shows it (`Knowledge.players`)."""
    check_level(level)
    know = knowledge(engine, seat, level, players)
    if not know.legal:
        raise ValueError(f"seat {seat} has nothing to do now")
    if len(know.legal) == 1:
        return know.legal[0]
    rng = random.Random(seed)
    module = player(engine.key)
    if level == "easy":
        action = module.easy(know, rng)
    else:
        n = iterations if iterations is not None else module.ITERATIONS
        deadline = time.perf_counter() + budget_s if budget_s is not None else None
        action = module.strong(know, rng, Budget(n, deadline))
    if action not in know.legal:
        # (the action not named: the log would show a card of the computer's hand, or of a world it imagined)
        raise AssertionError(f"{engine.key} computer at seat {seat} chose an action that is not legal")
    return action


def volunteer(engine: Engine, seat: int, *, level: str = "strong", seed: int = 0, budget_s: float | None = None,
              iterations: int | None = None, players: tuple[str | None, ...] = ()) -> str | None:
    """For a seat that may act now although the game does not wait for it (`to_act()` but not
    `waiting_for()`): the action the computer of `level` takes, or None to let the moment pass. Games
    without such moments, or without a player for them, never volunteer."""
    check_level(level)
    if seat not in engine.to_act() or seat in engine.waiting_for():
        raise ValueError(f"seat {seat} is not free to act out of turn now")
    module = player(engine.key)
    know = knowledge(engine, seat, level, players)
    rng = random.Random(seed)
    if level == "easy":
        fn = getattr(module, "volunteer_easy", None)
        action = fn(know, rng) if fn is not None else None
    else:
        fn = getattr(module, "volunteer_strong", None)
        n = iterations if iterations is not None else module.ITERATIONS
        deadline = time.perf_counter() + budget_s if budget_s is not None else None
        action = fn(know, rng, Budget(n, deadline)) if fn is not None else None
    if action is not None and action not in know.legal:
        raise AssertionError(f"{engine.key} computer at seat {seat} volunteered an action that is not legal")
    return action
