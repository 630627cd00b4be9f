"""Table settings every game's `/<game> new` offers: card faces and the turn timer."""

from __future__ import annotations

from typing import Any

from discord import app_commands

DECK_CHOICES = [app_commands.Choice(name="German (Eichel, Grün, Herz, Schellen)", value="german"),
                app_commands.Choice(name="French (♣ ♠ ♥ ♦)", value="french"),
                app_commands.Choice(name="French, four colours", value="french4")]
TIMER_RANGE = app_commands.Range[int, 30, 3600]


def table_settings(deck: app_commands.Choice[str] | None, turn_timer: int) -> dict[str, Any]:
    settings: dict[str, Any] = {"turn_timer": int(turn_timer)}
    if deck is not None:
        settings["deck"] = "french" if deck.value == "french4" else deck.value
        settings["four_colour"] = deck.value == "french4"
    return settings
