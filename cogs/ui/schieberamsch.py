"""How Schieberamsch's moves look at a Discord table: what each phase asks, the notes of a hand message and
the lines its events make. The rules live in `bot.games.schieberamsch`; the command in `cogs.schieberamsch`."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, tr
from bot.ui import GameUI
from bot.ui.game_ui import card_label, count_cards, count_tricks, seat_line, signed_score, total_text

PHASE_ASK = {
    "grand": N_("{who}: Grand Hand or pass?"),
    "schieben": N_("{who}: take the skat or push it?"),
    "discard": N_("{who} is putting two cards back."),
    "kontra": N_("{who}: Kontra?"),
    "rekontra": N_("{who}: Rekontra?"),
    "play": N_("{who} to play."),
}


class SchieberamschUI(GameUI):
    key = "schieberamsch"
    table_verbs = frozenset({"pass", "grand", "push", "take", "kontra", "rekontra"})  # said out loud at a table
    live_cards = True

    def hand_note(self, table: Any, seat: int, view: dict[str, Any], legal: list[str], lang: str,
                  deadline: float | None) -> str | None:
        """After taking the skat: which two cards came from it, and what to do (its hand shows twelve cards)."""
        if view.get("phase") == "discard" and view.get("skat"):
            return tr(lang, "You took {cards} from the skat: put two cards back with the Put back menu.",
                      cards=" ".join(card_label(c) for c in view["skat"]))
        return None

    def status(self, view: dict[str, Any], names: list[str], lang: str) -> str:
        if view.get("over"):
            return super().status(view, names, lang)
        who = ", ".join(names[s] for s in view.get("to_act", []))
        parts = [tr(lang, PHASE_ASK.get(view.get("phase", ""), "{who}"), who=who)]
        if trick := self.trick_words(view, names, lang):
            parts.append(trick)
        if view.get("mode") == "grand" and view.get("solo") is not None:
            parts.append(tr(lang, "Grand Hand by {name}.", name=names[view["solo"]]))
        elif view.get("pushes"):
            parts.append(tr(lang, "Pushed {n}× (×{m}).", n=view["pushes"], m=view.get("multiplier", 1)))
        return " ".join(parts)

    def table_state(self, view: dict[str, Any], names: list[str], lang: str, *,
                    settings: dict[str, Any] | None = None) -> list[str]:
        """The skat while it lies face down, the last trick while the next one is played (the line of the move that
        closed it names its cards; the trick being played is in the status line), and each seat as its plate: cards
        in hand, tricks, total, and what it said (Kontra, Rekontra, pushed or took the skat; a Grand Hand is the status
        line's)."""
        lines = []
        if view.get("skat_count"):
            lines.append(f"{tr(lang, 'Skat')}: {count_cards(lang, view['skat_count'])}")
        if view.get("trick") and (last := self.last_trick_words(view, names, lang)):
            lines.append(last)
        counts, tricks, totals = view.get("counts") or [], view.get("tricks_won") or [], view.get("totals") or []
        playing = view.get("phase") in ("play", "over")
        for i, name in enumerate(names):
            said = [tr(lang, "Kontra") if view.get("kontra") == i else "",
                    tr(lang, "Rekontra") if view.get("rekontra") == i else "",
                    tr(lang, "pushed") if i in (view.get("pushed_by") or []) else "",
                    tr(lang, "took") if i in (view.get("took_by") or []) else ""]
            lines.append(seat_line(name, [count_cards(lang, counts[i]) if i < len(counts) else "",
                                          count_tricks(lang, tricks[i]) if playing and i < len(tricks) and tricks[i] else "",
                                          total_text(lang, totals[i]) if i < len(totals) else "", *said]))
        return lines

    def hand_title(self, view: dict[str, Any], lang: str) -> str:
        deals = view.get("options", {}).get("deals")
        if deals:
            return tr(lang, "Deal {n} of {total}", n=view.get("hand_no", 1), total=deals)
        return tr(lang, "Deal {n}", n=view.get("hand_no", 1))

    def label(self, action: str, lang: str, *, bare: bool = False) -> str:
        if action.startswith("pass"):
            return tr(lang, "Pass")
        verb, *cards = action.split()
        if verb == "discard":  # the two cards laid back, as their menu says: Skat's "drücken", not rummy's discard
            shown = " ".join(card_label(c) for c in cards)  # (named by a hint: "Put back A♥ 10♥")
            return shown if bare and cards else f"{tr(lang, 'Put back')} {shown}".strip()
        return super().label(action, lang, bare=bare)

    def narrate(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        kind = event.get("type")
        if "private" in event:
            return None
        if kind == "grand_hand":
            return tr(lang, "{name} plays Grand Hand!", name=names[event["seat"]])
        if kind == "push":
            return tr(lang, "{name} pushes the skat.", name=names[event["seat"]])
        if kind == "take":
            return tr(lang, "{name} takes the skat.", name=names[event["seat"]])
        if kind in ("kontra", "rekontra"):  # the words of the buttons ("Re" in German, "Contra" in Romanian)
            return f"{names[event['seat']]}: {tr(lang, 'Kontra' if kind == 'kontra' else 'Rekontra')}!"
        if kind == "trick":
            cards = " ".join(card_label(c["card"]) for c in event.get("cards", []))
            return tr(lang, "{name} takes the trick ({cards}).", name=names[event["winner"]], cards=cards)
        if kind == "hand_scored":  # "Deal", as in the title ("Deal 2 of 12") and the picture
            parts = [f"{names[s]} {signed_score(d)}" for s, d in enumerate(event.get("deltas", [])) if d]
            points = event.get("points") or []
            if len(points) == len(names):  # what each took, so that a player can check the deal's result
                return tr(lang, "Deal {n} scored: {parts} (card points: {points}).", n=event.get("hand_no", "?"),
                          parts=", ".join(parts) or "±0",
                          points=", ".join(f"{names[s]} {p}" for s, p in enumerate(points)))
            return tr(lang, "Deal {n} scored: {parts}.", n=event.get("hand_no", "?"), parts=", ".join(parts) or "±0")
        return super().narrate(event, names, lang)
