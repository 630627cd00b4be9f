"""Pure rule engines, one module per game, behind the contract in docs/engine.md. A game whose engine grew keeps
its other jobs beside it under its own prefix (`schieberamsch_cards`, `_scoring`, `_worlds`: the card tables, the
scoring formulas, the worlds a seat may know); the module named after the game is its engine.

Nothing here imports discord, PIL, aiosqlite or asyncio, and nothing does I/O: the engines are
deterministic functions of their `new(...)` arguments and the actions applied to them.
"""

from __future__ import annotations

from .base import Engine, IllegalAction

GAMES: dict[str, type[Engine]] = {}


def _register(cls: type[Engine]) -> None:
    GAMES[cls.key] = cls


# One line per engine module (keep this list in the order of docs/engine.md's registry).
# registry: begin
from .schroeoem import Schroeoem; _register(Schroeoem)  # noqa: E402, E702, I001
from .treppenromme import Treppenromme; _register(Treppenromme)  # noqa: E402, E702, I001
from .schieberamsch import Schieberamsch; _register(Schieberamsch)  # noqa: E402, E702, I001
from .rufmariasch import Rufmariasch; _register(Rufmariasch)  # noqa: E402, E702, I001
from .schrum import SchrumSchrum; _register(SchrumSchrum)  # noqa: E402, E702, I001
from .tac import Tac; _register(Tac)  # noqa: E402, E702, I001
from .repezita import Repezita; _register(Repezita)  # noqa: E402, E702, I001
# registry: end

__all__ = ["GAMES", "Engine", "IllegalAction"]
