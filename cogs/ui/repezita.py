"""How Repezita (real time) looks at a Discord table. The rules live in `bot.games.repezita`; the command is
`cogs.schrum`.

- A hand is dealt face down: the DMs show no cards, and the dealer's DM has a "Go!" button. Only his Go
  turns the hands up, so nobody reads his hand before the others (the engine's phase "signal").
- Every active player's DM shows the hand as buttons, one per card (grouped by rank above 25 cards: the
  suit never matters), no picture. Each action names the pile top the player saw (`play 7H on 8C`), so every
  play changes everyone's legal actions and every DM is re-rendered after it (one message edit per player
  per play; `realtime`: the DMs go out together and before the table message). A click that arrives after
  someone else's play is stale: the player is told "someone was faster" (ephemeral, no penalty; the faster
  play re-renders the DM). A wrong card is told in the DMs and on the table: who picked up the pile.
- There is no turn timer (setting turn_timer 0): the engine's default action may be a wrong card, and a
  real-time race has no turn to run out. Only the dealer's Go is timed (`SIGNAL_TIMER`, with the reminder and the
  vote on an absent player as elsewhere), so a dealer who never says it does not hold the others up for good.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import tr
from bot.tables import Table
from bot.ui.game_ui import Button, Controls, seat_line, total_text
from cogs.ui.schrum import MAX_BUTTONS, StepLog, card_text, cards

TWO_COLOURS = {"H": "danger", "D": "danger", "C": "secondary", "S": "secondary"}
FOUR_COLOURS = {"H": "danger", "D": "primary", "C": "success", "S": "secondary"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _rank(card: str) -> str:
    return card.split("#")[0][:-1]


class RepezitaUI(StepLog):
    """Repezita: the hand as buttons in every DM, re-rendered after every play. No hand picture: the buttons
    are the hand, and a picture would be drawn and uploaded once per player per play."""

    key = "repezita"
    realtime = True  # the others' DMs first and together: they race for the next card

    def hand_controls(self, view: dict[str, Any], legal: list[str], lang: str, *, table: Table,
                      seat: int) -> Controls:
        out = Controls()
        if "go" in legal:
            out.items.append(Button(action="go", label=tr(lang, "Go!"), style="success"))
            return out
        by_card = {a.split()[1]: a for a in legal if a.startswith("play ")}
        hand = [c for c in view.get("hand", []) if c in by_card]
        colours = FOUR_COLOURS if table.settings.get("four_colour") else TWO_COLOURS
        if len(hand) <= MAX_BUTTONS:
            for i, card in enumerate(hand):
                base = card.split("#")[0]
                out.items.append(Button(action=by_card[card], label=card_text(card),
                                        style=colours.get(base[-1], "secondary"), row=i // 5))
            return out
        # More cards than buttons: one button per rank (suits and deck copies never matter in Repezita).
        first: dict[str, str] = {}
        count: dict[str, int] = {}
        for card in hand:
            r = _rank(card)
            first.setdefault(r, card)
            count[r] = count.get(r, 0) + 1
        ranks = [r for r in RANKS if r in first]
        for i, r in enumerate(ranks):
            out.items.append(Button(action=by_card[first[r]], label=f"{r} ×{count[r]}", row=i // 5))
        return out

    def move_text(self, action: str, view: dict[str, Any] | None, lang: str) -> str:
        """A card played is its card (a hint for a card whose rank button plays another of its rank: suits never
        matter here); the engine's "play A♥ on -" names the pile it was meant for, which no player reads."""
        if action.startswith("play "):
            return card_text(action.split()[1])
        return super().move_text(action, view, lang)

    def pile_line(self, view: dict[str, Any], lang: str) -> str:
        top = view.get("pile_top")
        if top:
            return tr(lang, "Pile: **{card}** ({count}). Play one up or down.", card=card_text(top),
                      count=cards(lang, view.get("pile_count", 0)))
        if view.get("any_start"):
            return tr(lang, "The pile is empty and nobody holds an Ace: any card starts it.")
        return tr(lang, "The pile is empty: an Ace starts it.")

    def hand_note(self, table: Any, seat: int, view: dict[str, Any], legal: list[str], lang: str,
                  deadline: float | None) -> str | None:
        names = table.text_names
        if view.get("phase") == "signal":
            if "go" in legal:
                return tr(lang, "The cards are dealt face down ({count} for you). Say Go! when everybody is ready: "
                                "then all hands turn up at once.", count=cards(lang, view["counts"][seat]))
            return tr(lang, "The cards are dealt face down ({count} for you): they turn up at {name}'s Go!",
                      count=cards(lang, view["counts"][seat]), name=names[view["dealer"]])
        lines = []
        for event in table.last_events:
            kind = event.get("type")
            if kind == "penalty":
                if event["seat"] == seat:
                    lines.append(tr(lang, "Wrong card ({card}): you picked up the pile ({count}).",
                                    card=card_text(event["card"]), count=cards(lang, event["taken"])))
                else:
                    lines.append(tr(lang, "{name} played a wrong card ({card}) and picked up the pile ({count}).",
                                    name=names[event["seat"]], card=card_text(event["card"]),
                                    count=cards(lang, event["taken"])))
            elif kind == "dead_pile":
                lines.append(tr(lang, "Nobody could play on {card}: that pile is out of play.",
                                card=card_text(event["top"])))
            elif kind == "finish" and event["seat"] != seat:
                lines.append(tr(lang, "{name} is out (place {n}).", name=names[event["seat"]], n=event["place"]))
        if seat in (view.get("finished") or []):
            place = view["finished"].index(seat) + 1
            lines.append(tr(lang, "You are out: place {n}. The others play on.", n=place))
        elif legal:
            lines.append(self.pile_line(view, lang))
        else:
            lines.append(self.status(view, names, lang))
        return "\n".join(lines[-3:])

    def status(self, view: dict[str, Any], names: list[str], lang: str) -> str:
        if view.get("over"):
            return super().status(view, names, lang)
        if view.get("phase") == "signal":
            return tr(lang, "The cards lie face down: waiting for {name}'s Go!", name=names[view["dealer"]])
        if view.get("phase") == "play":
            return self.pile_line(view, lang) + " " + tr(lang, "Everybody plays at once.")
        return super().status(view, names, lang)

    def table_state(self, view: dict[str, Any], names: list[str], lang: str, *,
                    settings: dict[str, Any] | None = None) -> list[str]:
        """The piles set aside as blocked (the pile itself is the status line's, and who played its top card the
        narration's), and each seat as its plate: the cards it holds (face down to the others) or its place once
        out, and its total."""
        lines = []
        if view.get("dead_piles"):
            lines.append(tr(lang, "Blocked piles set aside: {n} ({cards} cards)", n=view["dead_piles"],
                            cards=view.get("dead_cards", 0)))
        counts, totals = view.get("counts") or [], view.get("totals") or []
        finished = list(view.get("finished") or [])
        for i, name in enumerate(names):
            held = tr(lang, "out, place {n}", n=finished.index(i) + 1) if i in finished else \
                cards(lang, counts[i]) if i < len(counts) else ""
            lines.append(seat_line(name, [held, tr(lang, "Loser") if view.get("loser") == i else "",
                                          total_text(lang, totals[i]) if i < len(totals) else ""]))
        return lines

    def stale_note(self, view: dict[str, Any], lang: str) -> str | None:
        top = view.get("pile_top")
        if top:
            return tr(lang, "Someone was faster: the pile is now {card}. No penalty, your card stays in your "
                            "hand.", card=card_text(top))
        return tr(lang, "Someone was faster: the pile has changed. No penalty, your card stays in your hand.")

    def step(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        kind = event.get("type")
        if kind == "go":
            return tr(lang, "{name}: Go!", name=names[event["seat"]])
        if kind == "play":
            return tr(lang, "{name}: {card}", name=names[event["seat"]], card=card_text(event["card"]))
        if kind == "penalty":
            return tr(lang, "{name}: {card} – wrong! {name} picks up the pile ({count})",
                      name=names[event["seat"]], card=card_text(event["card"]), count=cards(lang, event["taken"]))
        if kind == "finish":
            return tr(lang, "{name} is out (place {n})", name=names[event["seat"]], n=event["place"])
        if kind == "loser":
            return tr(lang, "{name} is left holding cards", name=names[event["seat"]])
        if kind == "dead_pile":
            return tr(lang, "nobody can play on {card}: the pile ({count}) is out of play",
                      card=card_text(event["top"]), count=cards(lang, event["cards"]))
        return None
