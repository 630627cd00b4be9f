"""How Treppenrommé reads at a Discord table: the status line, the hand's note and title, the table in text and
the narration of its events. The hand's menus are `cogs.ui.treppenromme_menus`; the rules live in
`bot.games.treppenromme` and the command in `cogs.treppenromme`.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import tr
from bot.ui.game_ui import card_label, count_cards, seat_line, total_text
from cogs.ui.treppenromme_menus import DYNAMIC_ITEMS, KEY, TreppenrommeMenus, cards_text, short_meld

__all__ = ["DYNAMIC_ITEMS", "KEY", "TreppenrommeUI", "short_meld"]


class TreppenrommeUI(TreppenrommeMenus):
    key = KEY

    def move_text(self, action: str, view: dict[str, Any] | None, lang: str) -> str:
        """As the menus word it: "Take 2: J♥ 10♥", "lay off K♥ → A♥ 2♥ 3♥", not the engine's "take 2"."""
        verb, *args = action.split()
        if verb == "take" and args:
            stairs = list((view or {}).get("staircase") or [])
            k = int(args[0])
            brought = list(reversed(stairs[-k:])) if 0 < k <= len(stairs) else []
            return (tr(lang, "Take {k}:", k=k) + " " + cards_text(brought)).strip() if brought else \
                tr(lang, "Take {k}:", k=k).rstrip(":")
        if verb in ("discard", "layoff", "meld"):  # a move on its own, as a sentence: "Discard 7♣", "Anlegen K♥ → …"
            text = self.describe(action, {m["id"]: m for m in (view or {}).get("melds") or []}, lang)
            return text[:1].upper() + text[1:]
        return super().move_text(action, view, lang)

    # -- text -----------------------------------------------------------------------------------------------
    def status(self, view: dict[str, Any], names: list[str], lang: str) -> str:
        if view.get("over") or view.get("turn") is None:
            return super().status(view, names, lang)
        who = names[view["turn"]]
        if view.get("turn_step") == "draw":
            return tr(lang, "{who}: draw from the talon or take from the staircase.", who=who)
        took = view.get("took") or {}
        if took.get("from") == "staircase":
            return tr(lang, "{who}: meld, lay off, then discard (took {cards} from the staircase).", who=who,
                      cards=cards_text(list(reversed(took.get("cards") or []))))
        if took.get("from") == "talon":
            return tr(lang, "{who}: meld, lay off, then discard (drew from the talon).", who=who)
        return tr(lang, "{who}: meld, lay off, then discard.", who=who)

    def table_state(self, view: dict[str, Any], names: list[str], lang: str, *,
                    settings: dict[str, Any] | None = None) -> list[str]:
        """The talon's size and the staircase, bottom to top as the picture lays it out (every card: what a `take`
        brings is read there), then each seat as its plate with its melds by their numbers (the lay-off menus name
        them so): cards in hand, total with this hand's laid points, and the melds shortened (a run as its two ends,
        "5♥–9♥": a hand's melds hold up to 52 cards, some 250 characters written out)."""
        stairs = list(view.get("staircase") or [])
        talon = f"{tr(lang, 'Talon')}: {count_cards(lang, int(view.get('talon_count') or 0))}"
        if stairs:
            lines = [talon + " · " + tr(lang, "Staircase ({n}, the top card last): {cards}", n=len(stairs),
                                        cards=cards_text(stairs))]
        else:
            lines = [f"{talon} · {tr(lang, 'Staircase')}: {tr(lang, 'empty')}"]
        counts, totals = view.get("counts") or [], view.get("totals") or []
        laid = view.get("hand_points") or []
        for i, name in enumerate(names):
            points = laid[i] if i < len(laid) else 0
            score = (totals[i] if i < len(totals) else 0) + (0 if view.get("over") else points)
            melds = [m for m in view.get("melds") or [] if m.get("owner") == i]
            lines.append(seat_line(name, [
                count_cards(lang, counts[i]) if i < len(counts) else "", total_text(lang, score),
                tr(lang, "+{n} pts laid", n=points) if points else "",
                tr(lang, "melds: {list}", list=", ".join(short_meld(m) for m in melds)) if melds else ""]))
        return lines

    def hand_note(self, table: Any, seat: int, view: dict[str, Any], legal: list[str], lang: str,
                  deadline: float | None) -> str | None:
        """Your turn's step, in the hand too (it said only "Your move." where the table said "meld, lay off, then
        discard"): the step changes the hand's choices, so the note follows it."""
        if not legal or view.get("turn") != seat:
            return None
        if view.get("turn_step") == "draw":
            return tr(lang, "Your move: draw from the talon, or take from the staircase with the menu.")
        return tr(lang, "Your move: meld and lay off with the menus if you like, then discard a card to end it.")

    def hand_title(self, view: dict[str, Any], lang: str) -> str:
        title = tr(lang, "Hand {n}", n=view.get("hand_no", 1))
        hand = view.get("hand")
        if hand is not None:
            title += " · " + tr(lang, "cards in hand: {n}", n=len(hand))
        return title

    def narrate(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        if "private" in event:
            return None
        kind, name = event.get("type"), self.actor(event, names)
        if kind == "deal":
            stairs = event.get("staircase") or []
            return tr(lang, "Hand {n}: {name} deals and begins; the staircase starts with {card}.",
                      n=event.get("hand_no", "?"), name=names[event.get("dealer", 0)],
                      card=card_label(stairs[-1]) if stairs else "–")
        if kind == "draw":
            return tr(lang, "{name} draws from the talon.", name=name)
        if kind == "take":
            return tr(lang, "{name} takes {k} from the staircase: {cards}.", name=name, k=event.get("k", "?"),
                      cards=cards_text(list(reversed(event.get("cards") or []))))
        if kind == "rebuild":
            return tr(lang, "The talon was empty: the staircase under its top card becomes the new talon "
                            "({n} cards).", n=event.get("talon_count", 0))
        if kind == "meld":
            return tr(lang, "{name} melds {cards} (+{points}).", name=name, cards=cards_text(event.get("cards") or []),
                      points=event.get("points", 0))
        if kind == "layoff":
            return tr(lang, "{name} lays off {card} onto meld {id} (+{points}).", name=name,
                      card=card_label(event.get("card", "")), id=event.get("meld", "?"),
                      points=event.get("points", 0))
        if kind == "discard":
            return tr(lang, "{name} discards {card}.", name=name, card=card_label(event.get("card", "")))
        if kind == "out":
            if event.get("romme"):
                return tr(lang, "{name} goes out with a Rommé hand: the cards left in the other hands count "
                                "double (+{bonus}).", name=name, bonus=event.get("bonus", 0))
            return tr(lang, "{name} goes out: +{bonus} for the cards left in the other hands.", name=name,
                      bonus=event.get("bonus", 0))
        if kind == "hand_void":
            if event.get("reason") == "turn_limit":
                return tr(lang, "300 turns played: the hand ends without a finisher.")
            return tr(lang, "The talon is used up: the hand ends without a finisher.")
        return super().narrate(event, names, lang)
