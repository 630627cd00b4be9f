"""Schrööm at a Discord table: `/schroeoem new`, how its knocks and answers look, and the kept matches
(`/schroeoem matches`, `/schroeoem match`). The rules live in `bot.games.schroeoem`.

Knocking is open to every active player whenever the engine says it is legal, not only to the player
to move: the engine lists those players in `to_act()` with `knock` as their only legal action, so the
default controls put a Knock button (and greyed cards) into their hand message. The turn timer runs only
for `waiting_for()` (the player to move or the one asked), so nobody is ever made to knock.

Matches are not stored separately: the table framework already keeps the seats, the action log,
`hand_results` (with the engine's game record in `detail`) and `match_results`. A match record is read
from those and, for who knocked and what each fold cost, the log is replayed through the engine; if the
replay ever disagrees with the stored results (an older engine), the stored record is shown alone.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.games import GAMES
from bot.i18n import N_, normalize, tr
from bot.tables import UserError
from bot.ui import GameUI
from bot.ui.game_ui import Button, Controls, card_label
from bot.ui.options import DECK_CHOICES, TIMER_RANGE, table_settings

KEY = "schroeoem"
LISTED = 10  # matches shown by /schroeoem matches
KEPT = ("running", "finished", "abandoned")  # a lobby or a cancelled table never was a match

PHASE_ASK = {
    "play": N_("{who} to play a card."),
    "exchange": N_("{who}: Vier Bilder (exchange) or pass?"),
    "knock": N_("{who}: hold or fold? ({name} knocked to {value})"),
    "reveal": N_("{who}: reveal {name}'s fourth card?"),
    "huebschen": N_("{who}: hübschen? ({name} asked)"),
}
STATUS_WORDS = {
    "running": N_("running"), "finished": N_("finished"), "abandoned": N_("abandoned"),
}


def _names(names: list[str], seats: list[int]) -> str:
    return ", ".join(names[s] for s in seats if 0 <= s < len(names))


def _minus(n: int) -> str:
    return f"−{n}" if n > 0 else f"+{-n}" if n < 0 else "±0"


def _num(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


class SchroeoemUI(GameUI):
    key = KEY

    # -- titles and status ------------------------------------------------------------------------
    def hand_title(self, view: dict[str, Any], lang: str) -> str:
        return tr(lang, "Game {n}", n=view.get("hand_no", 1))

    def status(self, view: dict[str, Any], names: list[str], lang: str) -> str:
        if view.get("over"):  # the narration has just said who won
            return tr(lang, "Final points: {list}.", list=", ".join(
                f"{names[s]} {_num(p)}" for s, p in enumerate(view.get("totals") or [])))
        mover = view.get("mover")
        phase = view.get("phase", "play")
        pending = view.get("pending") or {}
        caller = pending.get("knocker", pending.get("exchanger", pending.get("proposer")))
        parts = []
        if mover is not None:
            parts.append(tr(lang, PHASE_ASK.get(phase, PHASE_ASK["play"]), who=names[mover],
                            name=names[caller] if caller is not None else "?", value=view.get("value", 1)))
        parts.append(tr(lang, "The game is worth {value}.", value=view.get("value", 1)))
        if view.get("last_knocker") is not None:
            parts.append(tr(lang, "Last knock: {name}.", name=names[view["last_knocker"]]))
        if view.get("folded"):
            parts.append(tr(lang, "Folded: {names}.", names=_names(names, view["folded"])))
        line = " ".join(parts)
        # The first game is dealt when the match is created, without events to narrate: say Kölsch here
        # until its first card (later games narrate their `koelsch` event).
        if view.get("hand_no") == 1 and view.get("koelsch") and not view.get("trick") and not view.get("tricks"):
            line += "\n" + "\n".join(self._koelsch(names[s], lang) for s in view["koelsch"])
        return line

    def _koelsch(self, name: str, lang: str) -> str:
        return "🍺 " + tr(lang, "{name} buys everyone a round (Kölsch)!", name=name)

    def score_sheet_job(self, table: Any, hands: list[dict[str, Any]], totals: list[int],
                        lang: str) -> Callable[[], bytes]:
        """The sheet after each game, with each game's winner and value from the engine's records (the
        stored rows passed in carry only the changes)."""
        records = table.engine.result()["hands"] if table.engine is not None else []
        if [r["deltas"] for r in records] == [h.get("deltas") for h in hands]:
            hands = records
        return super().score_sheet_job(table, hands, totals, lang)

    # -- controls ---------------------------------------------------------------------------------
    def controls(self, view: dict[str, Any], legal: list[str], lang: str) -> Controls:
        out = super().controls(view, legal, lang)
        value = view.get("value", 1)
        pending = view.get("pending") or {}
        labels = {
            "knock": tr(lang, "Knock → {value}", value=value + 1),
            "hold": tr(lang, "Hold ({value})", value=value),
            "fold": tr(lang, "Fold ({lost})", lost=_minus(pending.get("previous", value))),
            "exchange": tr(lang, "Vier Bilder (exchange)"),
            "reveal": tr(lang, "Reveal the fourth card"),
            "pass": tr(lang, "Do not reveal") if view.get("phase") == "reveal" else tr(lang, "Pass"),
        }
        for item in out.items:
            if isinstance(item, Button) and item.action in labels:
                item.label = labels[item.action]
        return out

    # -- the hand message -------------------------------------------------------------------------
    def hand_note(self, table: Any, seat: int, view: dict[str, Any], legal: list[str], lang: str,
                  deadline: float | None) -> str | None:
        engine = table.engine
        names = table.names
        waiting = engine is not None and seat in engine.waiting_for()
        timer = f" ⏱ <t:{int(deadline)}:R>" if waiting and deadline else ""
        value = view.get("value", 1)
        pending = view.get("pending")
        if seat in (view.get("eliminated") or []):
            return tr(lang, "You are out of the match; the others play on.")
        if seat in (view.get("folded") or []):
            return tr(lang, "You folded: this game goes on without you.")
        if pending is not None:
            kind = pending.get("kind")
            if pending.get("asking") == seat:
                if kind == "knock":
                    text = tr(lang, "{name} knocked: the game is worth {value} now. Hold (you lose {value} unless "
                                    "you win the game) or fold (you lose {lost} now)?",
                              name=names[pending["knocker"]], value=value, lost=pending["previous"])
                elif kind == "reveal":
                    text = tr(lang, "{name} exchanged (Vier Bilder). Reveal the fourth laid card? A picture costs "
                                    "you 1 point, a number costs {name} 1 point.", name=names[pending["exchanger"]])
                else:
                    text = tr(lang, "{name} asks: “Sollen wir hübschen?” Accept to call this game void and deal "
                                    "anew.", name=names[pending["proposer"]])
                return text + timer
            # Not re-rendered while the question moves on: name only what stays true during the prompt.
            caller = pending.get("knocker", pending.get("exchanger", pending.get("proposer")))
            if kind == "knock":
                if caller == seat:
                    return tr(lang, "Waiting for the answers to your knock.")
                return tr(lang, "Waiting for the answers to {name}'s knock.", name=names[caller])
            if kind == "reveal":
                if caller == seat:
                    return tr(lang, "Waiting: will someone reveal your fourth laid card?")
                return tr(lang, "Waiting: will someone reveal {name}'s fourth laid card?", name=names[caller])
            if caller == seat:
                return tr(lang, "Waiting for the answers to your hübschen proposal.")
            return tr(lang, "Waiting for the answers to {name}'s hübschen proposal.", name=names[caller])
        parts: list[str] = []
        if waiting:
            if view.get("phase") == "exchange":
                parts.append(tr(lang, "Vier Bilder? Exchange your four cards for the top four of the stock "
                                      "({n} cards), or pass.", n=view.get("stock_count", 0)))
            else:
                parts.append(tr(lang, "Your turn: play a card. The game is worth {value}.", value=value))
        if "knock" in legal:
            parts.append(tr(lang, "You may knock at any time: the game is then worth {value}.", value=value + 1))
        if "huebschen" in legal:
            parts.append(tr(lang, "Everybody has one point left: you may propose to hübschen."))
        if not parts:
            if view.get("last_knocker") == seat:
                parts.append(tr(lang, "You knocked last: someone else must knock before you may again."))
            elif value > (view.get("points") or [0] * (seat + 1))[seat]:
                parts.append(tr(lang, "The game is worth {value}, more than your points: you may not knock, "
                                      "but you may always hold.", value=value))
            else:
                parts.append(tr(lang, "Waiting for the others."))
        return " ".join(parts) + timer

    # -- narration (public events only) -----------------------------------------------------------
    def narrate(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        if "private" in event:
            return None
        kind = event.get("type")
        seat = event.get("seat")
        name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        if kind == "play":
            return tr(lang, "{name} plays {card}.", name=name, card=card_label(event["card"]))
        if kind == "trick":
            if event.get("trick_no") == 4:
                return None  # the game's line says who won it
            if event.get("rare_case"):
                return tr(lang, "{name} takes trick {n}: {folder} folded with the highest card.",
                          name=names[event["winner"]], n=event["trick_no"], folder=names[event["best"]])
            return tr(lang, "{name} takes trick {n}.", name=names[event["winner"]], n=event["trick_no"])
        if kind == "knock":
            return tr(lang, "{name} knocks: the game is worth {value} now.", name=name, value=event["value"])
        if kind == "hammer":
            return "🔨 " + tr(lang, "{name}: “{call}” – everyone: “{answer}”", name=name, call=event["call"],
                              answer=event["answer"])
        if kind == "hold":
            return tr(lang, "{name} holds.", name=name)
        if kind == "fold":
            return tr(lang, "{name} folds and loses {lost} ({points} left).", name=name, lost=event["lost"],
                      points=_num(event["points"]))
        if kind == "koelsch":
            return self._koelsch(name, lang)
        if kind == "exchange":
            return tr(lang, "{name} exchanges four cards (Vier Bilder).", name=name)
        if kind == "exchange_reveal":
            cards = " ".join(card_label(c) for c in event.get("cards", []))
            if event.get("penalty"):
                return tr(lang, "Three laid cards: {cards}. A number: {name} loses 1 point.", cards=cards, name=name)
            return tr(lang, "Three laid cards: {cards}. No number among them.", cards=cards)
        if kind == "pass":
            if event.get("on") == "reveal":
                return tr(lang, "{name} does not reveal.", name=name)
            return tr(lang, "{name} does not exchange.", name=name)
        if kind == "reveal":
            return tr(lang, "{name} reveals the fourth card, {card}: {loser} loses 1 point.", name=name,
                      card=card_label(event["card"]), loser=names[event["loser"]])
        if kind == "huebschen":
            return tr(lang, "{name}: “{call}”", name=name, call=event["call"])
        if kind == "accept":
            return tr(lang, "{name} agrees.", name=name)
        if kind == "decline":
            return tr(lang, "{name} declines: the game goes on.", name=name)
        if kind == "hand_scored":
            losses = ", ".join(f"{names[s]} {_signed(d)}" for s, d in enumerate(event.get("deltas", [])) if d)
            if event.get("void"):
                return tr(lang, "Game {n} is void (hübschen). {losses}", n=event["hand_no"], losses=losses).strip()
            return tr(lang, "Game {n} (worth {value}) goes to {name}: {losses}.", n=event["hand_no"],
                      value=event.get("value", 1), name=names[event["winner"]], losses=losses or "±0")
        if kind == "eliminated":
            return tr(lang, "Out of the match: {names}.", names=_names(names, event.get("seats", [])))
        if kind == "match_over":
            return "🏆 " + tr(lang, "{names} wins the match!", names=_names(names, event.get("winners", [])))
        return None


# -- the kept matches --------------------------------------------------------------------------------
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
        "SELECT s.seat, s.user_id, p.name FROM seats s LEFT JOIN players p USING (user_id)"
        " WHERE s.table_id = ? ORDER BY s.seat", (table_id,))
    names = [r["name"] or str(r["user_id"]) for r in seat_rows]
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


def _when(iso: str | None) -> str:
    if not iso:
        return ""
    try:
        return f"<t:{int(datetime.fromisoformat(iso).timestamp())}:d>"
    except ValueError:
        return iso[:10]


def game_line(game: Game, names: list[str], lang: str) -> str:
    """`3 · worth 3 · bob wins · knocks: carol 2, bob 3 · folded: alice −2 · out: dave`"""
    parts = [f"**{game.hand_no}**"]
    if game.void:
        who = f" ({names[game.proposer]})" if game.proposer is not None else ""
        parts.append(tr(lang, "void: hübschen") + who)
    else:
        parts.append(tr(lang, "worth {value}", value=game.value))
        how = tr(lang, "all others folded") if game.reason == "folds" else tr(lang, "last trick")
        parts.append(tr(lang, "{name} wins ({how})", name=names[game.winner], how=how)
                     if game.winner is not None else "?")
    if game.knocks:
        parts.append(tr(lang, "knocks: {list}", list=", ".join(
            f"{names[k['seat']]} {k['value']}" + (" 🔨" if k.get("hammer") else "") for k in game.knocks)))
    if game.folds:
        parts.append(tr(lang, "folded: {list}", list=", ".join(
            names[f["seat"]] + (f" {_minus(f['lost'])}" if f.get("lost") is not None else "") for f in game.folds)))
    for ex in game.exchanges:
        losses = ", ".join(f"{names[s]} −{p}" for s, p in sorted(ex["losses"].items()))
        parts.append(tr(lang, "Vier Bilder: {name}", name=names[ex["seat"]]) + (f" ({losses})" if losses else ""))
    if game.eliminated:
        parts.append(tr(lang, "out: {names}", names=_names(names, game.eliminated)))
    return " · ".join(parts)


def match_text(match: Match, lang: str) -> str:
    names = match.names
    head = [f"**{tr(lang, 'Schrööm match #{id}', id=match.table_id)}** · {_when(match.started_at)} · "
            f"{tr(lang, STATUS_WORDS.get(match.status, match.status))} · "
            f"{tr(lang, '{n} points each', n=match.options.get('points', 7))}",
            tr(lang, "Players: {names}", names=", ".join(names))]
    if match.games and not match.detailed:
        head.append(tr(lang, "(Who knocked is not known for this match: its log no longer replays.)"))
    body = [game_line(g, names, lang) for g in match.games] or [tr(lang, "No game has finished yet.")]
    standing = ", ".join(f"{names[s]} {_num(t)}" + (" 🏆" if s in match.winners else "") for s, t in enumerate(match.totals))
    tail = [tr(lang, "Result: {standing}", standing=standing) if match.status == "finished"
            else tr(lang, "Standing: {standing}", standing=standing)]
    limit = 2000
    if len("\n".join(head + body + tail)) > limit:  # keep the latest games; the tally has them all
        budget = limit - len("\n".join(head + tail)) - 80
        kept: list[str] = []
        for line in reversed(body):
            budget -= len(line) + 1
            if budget < 0:
                break
            kept.insert(0, line)
        body = ["… " + tr(lang, "{n} earlier games: see the tally.", n=len(body) - len(kept)), *kept]
    return "\n".join(head + body + tail)[:limit]


def tally_png(match: Match, lang: str) -> bytes:
    import bot.render as render

    return render.score_sheet(KEY, match.names, [g.sheet_row() for g in match.games], match.totals,
                              title=tr(lang, "Schrööm match #{id}", id=match.table_id), lang=lang)


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
            f"SELECT s.table_id, s.seat, s.user_id, p.name FROM seats s LEFT JOIN players p USING (user_id)"
            f" WHERE s.table_id IN ({marks}) ORDER BY s.table_id, s.seat", ids):
        seats.setdefault(r["table_id"], []).append((r["user_id"], r["name"] or str(r["user_id"])))
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


class Schroeoem(commands.Cog):
    group = app_commands.Group(name="schroeoem", description=_T("Schrööm: four cards, the last trick wins, knock "
                                                                 "to raise the stake"), guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        bot.table_ui.register(SchroeoemUI())  # type: ignore[attr-defined]

    @group.command(name=_T("new"), description=_T("Open a Schrööm table for 2 to 8 players"))
    @app_commands.describe(points=_T("Points every player starts with (default 7)"),
                           deck=_T("Card faces: German (default) or French"),
                           turn_timer=_T("Seconds per move before the bot plays for you (default 300)"))
    @app_commands.choices(deck=DECK_CHOICES)
    async def new(self, interaction: discord.Interaction, points: app_commands.Range[int, 1, 21] = 7,
                  deck: app_commands.Choice[str] | None = None, turn_timer: TIMER_RANGE = 300) -> None:
        await self.bot.table_ui.open_table(  # type: ignore[attr-defined]
            interaction, KEY, options={"points": points}, settings=table_settings(deck, turn_timer))

    @group.command(name=_T("matches"), description=_T("Recent Schrööm matches of a player in this server"))
    @app_commands.describe(user=_T("Whose matches (default: yours)"))
    async def matches(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        lang = normalize(interaction.locale)
        who = user or interaction.user
        found = await list_matches(self.bot.db, who.id, interaction.guild_id)  # type: ignore[attr-defined]
        if not found:
            raise UserError("No Schrööm matches of {name} here yet.", name=who.display_name)
        lines = [f"**{tr(lang, 'Schrööm matches of {name}', name=who.display_name)}**"]
        for m in found:
            won = _names(m["names"], m["winners"])
            result = (tr(lang, "winner {names}", names=won) if won
                      else tr(lang, STATUS_WORDS.get(m["status"], m["status"])))
            lines.append(f"**#{m['id']}** · {_when(m['started_at'])} · {', '.join(m['names'])} · "
                         + tr(lang, "games: {n}", n=m["games"]) + f" · {result}")
        lines.append(tr(lang, "Game by game: /schroeoem match with the number."))
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @group.command(name=_T("match"), description=_T("One Schrööm match game by game, with its tally"))
    @app_commands.describe(id=_T("The match's table number"))
    async def match(self, interaction: discord.Interaction, id: int) -> None:
        lang = normalize(interaction.locale)
        match = await load_match(self.bot.db, id, interaction.guild_id)  # type: ignore[attr-defined]
        if match is None:
            raise UserError("There is no Schrööm match #{id} in this server.", id=id)
        kwargs: dict[str, Any] = {}
        if match.games:
            kwargs["file"] = discord.File(io.BytesIO(tally_png(match, lang)), filename=f"tally-{id}.png")
        await interaction.response.send_message(match_text(match, lang), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none(), **kwargs)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Schroeoem(bot))
