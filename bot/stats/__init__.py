"""Leaderboards, personal stats, ratings, seasons and replays: queries and rules, no Discord.

`store.StatsStore` writes a record per finished match (in the same transaction as its `match_over`) and
applies openskill ratings after the commit; `boards` says how each game is ranked; `games` what a match
means per game (places, hands won, rating games); `replay.Replay` rebuilds a finished match step by step.
"""

from .boards import SPECS, Aggregate, spec
from .replay import Replay
from .store import PERIODS, Board, PlayerStats, ReplaySource, StatsStore, TableRecord

__all__ = ["SPECS", "Aggregate", "spec", "Replay", "PERIODS", "Board", "PlayerStats", "ReplaySource", "StatsStore",
           "TableRecord"]
