"""How Schrööm looks at a Discord table: its knocks and answers, and the kept matches as text and a tally
picture's job. The rules live in `bot.games.schroeoem`; the commands in `cogs.schroeoem`.

Knocking is open to every active player whenever the engine says it is legal, not only to the player
to move: the engine lists those players in `to_act()` with `knock` as their only legal action, so the
default controls put a Knock button (and greyed cards) into their hand message. The turn timer runs only
for `waiting_for()` (the player to move or the one asked), so nobody is ever made to knock.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any

from bot.i18n import N_, tr
from bot.stats.schroeoem import Game, Match
from bot.tables.model import escape_markdown
from bot.ui import GameUI
from bot.ui.game_ui import Button, Controls, card_label, count_cards, count_tricks, seat_line, total_text
from bot.ui.seating import FORMER

KEY = "schroeoem"

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
        if mover is None or phase != "knock":  # a hold-or-fold question already names the knock and the value
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

    def table_state(self, view: dict[str, Any], names: list[str], lang: str, *,
                    settings: dict[str, Any] | None = None) -> list[str]:
        """The trick being played (each card's line of the narration gives way to the next moves), the previous
        trick, the stock while there is one, the cards laid open by this game's Vier Bilder exchanges, and each seat
        as its plate: cards, tricks, points (its lives: a game lost costs its worth), folded or out."""
        lines = []
        if trick := self.trick_words(view, names, lang):
            lines.append(trick)
        last = view.get("last_trick")
        if last and last.get("cards") and last.get("winner") is not None and not view.get("over"):
            lines.append(tr(lang, "Previous trick, taken by {name}: {cards}.", name=names[last["winner"]],
                            cards=self.trick_cards(last["cards"], names)))
        if view.get("stock_count"):
            lines.append(f"{tr(lang, 'Stock')}: {count_cards(lang, view['stock_count'])}")
        for ex in view.get("exchanges") or []:
            shown = list(ex.get("revealed") or []) + ([ex["fourth"]] if ex.get("fourth") else [])
            lines.append(f"{tr(lang, 'Vier Bilder')}: {names[ex['seat']]} " + " ".join(card_label(c) for c in shown))
        counts, tricks, totals = view.get("counts") or [], view.get("tricks_won") or [], view.get("totals") or []
        out, folded, active = set(view.get("eliminated") or []), set(view.get("folded") or []), view.get("active") or []
        for i, name in enumerate(names):
            if i in out:
                lines.append(seat_line(name, [tr(lang, "out")]))
                continue
            lines.append(seat_line(name, [
                tr(lang, "folded") if i in folded else count_cards(lang, counts[i]) if i < len(counts) else "",
                count_tricks(lang, tricks[i]) if i in active and i < len(tricks) and tricks[i] else "",
                total_text(lang, totals[i]) if i < len(totals) else ""]))
        return lines

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
        names = table.text_names
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
        kind, name = event.get("type"), self.actor(event, names)
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
            if event.get("void"):
                text = tr(lang, "Game {n} is void (hübschen).", n=event["hand_no"])
            else:
                text = tr(lang, "Game {n} (worth {value}) goes to {name}.", n=event["hand_no"],
                          value=event.get("value", 1), name=names[event["winner"]])
            # each player's change over the whole game: a fold's loss and a Vier Bilder point told above count in,
            # so it is not "the game's worth" (bob folded at 1 and the game went on to 2: bob −1)
            losses = ", ".join(f"{names[s]} {_signed(d)}" for s, d in enumerate(event.get("deltas", [])) if d)
            return text + (" " + tr(lang, "Points this game: {losses}.", losses=losses) if losses else "")
        if kind == "eliminated":
            return tr(lang, "Out of the match: {names}.", names=_names(names, event.get("seats", [])))
        if kind == "match_over":
            winners, totals = event.get("winners", []), event.get("totals") or []
            text = "🏆 " + tr(lang, "{names} wins the match!", names=_names(names, winners))
            if winners and all(s < len(totals) and totals[s] <= 0 for s in winners):
                # the rule that the last game's winner survives when nobody keeps a point (docs/rules/schroeoem.md):
                # else "Final points: alice −1, bob 0" under "bob wins" reads as a mistake
                text += " " + tr(lang, "Nobody has points left, so the winner of the last game stays in.")
            return text
        return None


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


def _points_each(lang: str, n: int) -> str:
    """ "7 points each", "1 point each" (the catalogs' plural forms cover the other numbers of hr and ro)."""
    return tr(lang, "1 point each") if n == 1 else tr(lang, "{n} points each", n=n)


def _shown_names(names: list[str], lang: str) -> list[str]:
    """The names as typed (not as Markdown); a person forgotten by /privacy forget-me is "a former player"."""
    return [escape_markdown(n) if n else tr(lang, FORMER) for n in names]


def match_line(m: dict[str, Any], lang: str) -> str:
    """One kept match in a player's list (`bot.stats.schroeoem.list_matches`): number, day, players, result."""
    names = _shown_names(m["names"], lang)
    won = _names(names, m["winners"])
    result = (tr(lang, "winner {names}", names=won) if won
              else tr(lang, STATUS_WORDS.get(m["status"], m["status"])))
    return (f"**#{m['id']}** · {_when(m['started_at'])} · {', '.join(names)} · "
            + tr(lang, "games: {n}", n=m["games"]) + f" · {result}")


def match_text(match: Match, lang: str) -> str:
    names = _shown_names(match.names, lang)
    head = [f"**{tr(lang, 'Schrööm match #{id}', id=match.table_id)}** · {_when(match.started_at)} · "
            f"{tr(lang, STATUS_WORDS.get(match.status, match.status))} · "
            f"{_points_each(lang, match.options.get('points', 7))}",
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


def tally_job(match: Match, lang: str) -> Callable[[], bytes]:
    """The drawing of a match's tally, from plain values (`TableUI.draw` runs it off the event loop)."""
    import bot.render as render

    names = [n or tr(lang, FORMER) for n in match.names]
    return partial(render.score_sheet, KEY, names, [g.sheet_row() for g in match.games], match.totals,
                   title=tr(lang, "Schrööm match #{id}", id=match.table_id), lang=lang)
