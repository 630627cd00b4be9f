"""Engine snapshots: restart without replaying every table's whole action log.

A table is stored as its `new(...)` arguments plus its action log (docs/engine.md); replaying a long log
costs a few microseconds per action, which is most of a start-up with many open tables. Every
`SNAPSHOT_EVERY` actions the engine is pickled into the `snapshots` table in the same transaction as the
action, so a restart unpickles it and replays only what came after.

The log stays the truth: a snapshot is tagged with a fingerprint of the engine code (every module of
`bot/games` and the Python version), and one written by other code is dropped at start-up, so a deploy
that changes a rule replays from the first action, as before snapshots existed.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from functools import cache
from pathlib import Path
from typing import Any

import bot.games
from bot.games import Engine

SNAPSHOT_EVERY = 25  # actions; restore replays at most this many minus one after the snapshot


@cache
def fingerprint() -> str:
    """A digest of the engine code: the sources of every `bot/games` module and the Python version."""
    digest = hashlib.sha256(f"{sys.version_info[:2]}".encode())
    for path in sorted(Path(bot.games.__file__).parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


def due(seq: int, engine: Engine) -> bool:
    """Whether action number `seq` should leave a snapshot (never for a finished match)."""
    return seq % SNAPSHOT_EVERY == 0 and not engine.over


SAVE_SQL = ("INSERT INTO snapshots (table_id, seq, fingerprint, state) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, fingerprint = excluded.fingerprint,"
            " state = excluded.state")


def save_statement(table_id: int, seq: int, engine: Engine) -> tuple[str, tuple[Any, ...]]:
    return SAVE_SQL, (table_id, seq, fingerprint(), pickle.dumps(engine, protocol=pickle.HIGHEST_PROTOCOL))


def drop_statement(table_id: int) -> tuple[str, tuple[Any, ...]]:
    return ("DELETE FROM snapshots WHERE table_id = ?", (table_id,))


def load(state: bytes, engine_cls: type[Engine]) -> Engine:
    """Unpickle a snapshot; `TypeError` if it holds another game's engine. Only this bot writes the
    column, so unpickling it is no more trusting than importing the engine module itself."""
    engine = pickle.loads(state)
    if type(engine) is not engine_cls:
        raise TypeError(f"snapshot holds a {type(engine).__name__}, expected {engine_cls.__name__}")
    return engine
