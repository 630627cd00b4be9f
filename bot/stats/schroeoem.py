"""Schrööm's kept matches, read from what the table framework stores: no Discord, no pictures.

Matches are not stored separately: the tables, seats, action log, `hand_results` (with the engine's game record
in `detail`) and `match_results` already hold them. A match record is read from those and, for who knocked and
what each fold cost, the log is replayed through the engine; if the replay ever disagrees with the stored
results (an older engine), the stored record is shown alone (`Match.detailed` is then False).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.games import GAMES
from bot.tables.model import SEAT_NAME_SQL

KEY = "schroeoem"
LISTED = 10  # matches listed at a time
KEPT = ("running", "finished", "abandoned")  # a lobby or a cancelled table never was a match


@dataclass
class Game:
    """One game of a match, as the tally and `/schroeoem match` show it."""

    hand_no: int
    deltas: list[int]
    totals: list[int]
    value: int = 1
    winner: int | None = None
    void: bool = False
    reason: str = ""
    eliminated: list[int] = field(default_factory=list)
    folds: list[dict[str, Any]] = field(default_factory=list)  # {seat, lost (None if unknown)}
    knocks: list[dict[str, Any]] | None = None  # {seat, value, hammer}; None: not known (no replay)
    exchanges: list[dict[str, Any]] = field(default_factory=list)  # {seat, losses: {seat: points}}
    proposer: int | None = None  # hübschen

    def sheet_row(self) -> dict[str, Any]:
        return {"hand_no": self.hand_no, "deltas": self.deltas, "totals": self.totals, "value": self.value,
                "winner": self.winner, "void": self.void, "reason": self.reason}


@dataclass
class Match:
    table_id: int
    status: str
    names: list[str]
    user_ids: list[int]
    options: dict[str, Any]
    started_at: str | None
    games: list[Game]
    winners: list[int]
    totals: list[int]
    detailed: bool  # knocks and fold costs come from a replay that agreed with the stored results


def replay_games(seats: int, seed: int, options: dict[str, Any], actions: list[tuple[int, str]]) -> list[Game]:
    """Every finished game of a match, with its knocks, folds and Vier Bilder, from the action log."""
    engine = GAMES[KEY].new(seats, seed=seed, options=options)
    games: list[Game] = []
    knocks: list[dict[str, Any]] = []
    folds: list[dict[str, Any]] = []
    exchanges: list[dict[str, Any]] = []
    proposer: int | None = None
    for seat, action in actions:
        for ev in engine.apply(seat, action):
            kind = ev["type"]
            if kind == "knock":
                knocks.append({"seat": ev["seat"], "value": ev["value"], "hammer": False})
            elif kind == "hammer":
                knocks[-1]["hammer"] = True
            elif kind == "fold":
                folds.append({"seat": ev["seat"], "lost": ev["lost"]})
            elif kind == "exchange_reveal":
                exchanges.append({"seat": ev["seat"], "losses": {ev["seat"]: 1} if ev["penalty"] else {}})
            elif kind == "reveal":
                losses = exchanges[-1]["losses"]
                losses[ev["loser"]] = losses.get(ev["loser"], 0) + 1
            elif kind == "huebschen":
                proposer = ev["seat"]
            elif kind == "hand_scored":
                games.append(Game(hand_no=ev["hand_no"], deltas=list(ev["deltas"]), totals=list(ev["totals"]),
                                  value=ev["value"], winner=ev["winner"], void=ev["void"], reason=ev["reason"],
                                  eliminated=list(ev["eliminated"]), folds=folds, knocks=knocks,
                                  exchanges=exchanges, proposer=proposer if ev["void"] else None))
                knocks, folds, exchanges, proposer = [], [], [], None
    return games


async def load_match(db: Any, table_id: int, guild_id: int | None) -> Match | None:
    """A Schrööm match of this server from the stored tables, seats, log and results; None if there is none."""
    row = await db.fetchone("SELECT * FROM tables WHERE table_id = ?", (table_id,))
    if row is None or row["game"] != KEY or row["guild_id"] != guild_id or row["status"] not in KEPT:
        return None
    seat_rows = await db.fetchall(
        f"SELECT s.seat, s.user_id, {SEAT_NAME_SQL} AS name FROM seats s LEFT JOIN players p USING (user_id)"
        " WHERE s.table_id = ? ORDER BY s.seat", (table_id,))
    names = [r["name"] or "" for r in seat_rows]  # "": a person forgotten by /privacy forget-me
    n = len(names)
    hand_rows = await db.fetchall(
        "SELECT hand_no, seat, delta, total, detail FROM hand_results WHERE table_id = ? ORDER BY hand_no, seat",
        (table_id,))
    stored: dict[int, Game] = {}
    for r in hand_rows:
        game = stored.get(r["hand_no"])
        if game is None:
            detail = json.loads(r["detail"] or "{}")
            game = stored[r["hand_no"]] = Game(
                hand_no=r["hand_no"], deltas=[0] * n, totals=[0] * n, value=detail.get("value", 1),
                winner=detail.get("winner"), void=bool(detail.get("void")), reason=detail.get("reason", ""),
                eliminated=list(detail.get("eliminated", [])),
                folds=[{"seat": s, "lost": None} for s in detail.get("folded", [])])
        game.deltas[r["seat"]] = r["delta"]
        game.totals[r["seat"]] = r["total"]
    games = [stored[k] for k in sorted(stored)]
    detailed = False
    if games:
        actions = await db.fetchall("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))
        try:
            replayed = replay_games(n, row["seed"], json.loads(row["options"] or "{}"),
                                    [(a["seat"], a["action"]) for a in actions])
        except Exception:  # an old log the engine no longer accepts: show what was stored
            replayed = []
        if [(g.hand_no, g.deltas, g.totals) for g in replayed[:len(games)]] == \
                [(g.hand_no, g.deltas, g.totals) for g in games]:
            games, detailed = replayed[:len(games)], True
    result_rows = await db.fetchall("SELECT seat, total, winner FROM match_results WHERE table_id = ? ORDER BY seat",
                                    (table_id,))
    if result_rows:
        totals = [r["total"] for r in result_rows]
        winners = [r["seat"] for r in result_rows if r["winner"]]
    else:
        start = json.loads(row["options"] or "{}").get("points", GAMES[KEY].OPTIONS["points"].default)
        totals = list(games[-1].totals) if games else [start] * n
        winners = []
    return Match(table_id=table_id, status=row["status"], names=names, user_ids=[r["user_id"] for r in seat_rows],
                 options=json.loads(row["options"] or "{}"), started_at=row["started_at"], games=games,
                 winners=winners, totals=totals, detailed=detailed)


async def list_matches(db: Any, user_id: int, guild_id: int | None, limit: int = LISTED) -> list[dict[str, Any]]:
    """The latest matches of a player in this server, newest first."""
    rows = await db.fetchall(
        "SELECT t.table_id, t.status, t.started_at FROM seats s JOIN tables t USING (table_id)"
        f" WHERE s.user_id = ? AND t.guild_id = ? AND t.game = ? AND t.status IN ({','.join('?' * len(KEPT))})"
        " ORDER BY t.table_id DESC LIMIT ?", (user_id, guild_id, KEY, *KEPT, limit))
    if not rows:
        return []
    ids = [r["table_id"] for r in rows]
    marks = ",".join("?" * len(ids))
    seats: dict[int, list[tuple[int, str]]] = {}
    for r in await db.fetchall(
            f"SELECT s.table_id, s.seat, s.user_id, {SEAT_NAME_SQL} AS name FROM seats s"
            " LEFT JOIN players p USING (user_id)"
            f" WHERE s.table_id IN ({marks}) ORDER BY s.table_id, s.seat", ids):
        seats.setdefault(r["table_id"], []).append((r["user_id"], r["name"] or ""))
    games = {r["table_id"]: r["games"] for r in await db.fetchall(
        f"SELECT table_id, COUNT(DISTINCT hand_no) AS games FROM hand_results WHERE table_id IN ({marks})"
        " GROUP BY table_id", ids)}
    winners: dict[int, list[int]] = {}
    for r in await db.fetchall(f"SELECT table_id, seat FROM match_results WHERE winner AND table_id IN ({marks})"
                               " ORDER BY seat", ids):
        winners.setdefault(r["table_id"], []).append(r["seat"])
    return [{"id": r["table_id"], "status": r["status"], "started_at": r["started_at"],
             "names": [name for _, name in seats.get(r["table_id"], [])],
             "games": games.get(r["table_id"], 0), "winners": winners.get(r["table_id"], [])} for r in rows]
