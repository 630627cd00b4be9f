"""Table settings every game's `/<game> new` offers: card faces, the turn timer, lit cards."""

from __future__ import annotations

from typing import Any

from discord import app_commands
from discord.app_commands import locale_str as _T

DECK_CHOICES = [app_commands.Choice(name=_T("German (Eichel, Grün, Herz, Schellen)"), value="german"),
                app_commands.Choice(name=_T("French (♣ ♠ ♥ ♦)"), value="french"),
                app_commands.Choice(name=_T("French, four colours"), value="french4")]
TIMER_RANGE = app_commands.Range[int, 30, 3600]


def table_settings(deck: app_commands.Choice[str] | None, turn_timer: int, lit_cards: bool = False
                   ) -> dict[str, Any]:
    """`lit_cards`: only the playable cards of a hand are clickable (see `GameUI.live_cards`)."""
    settings: dict[str, Any] = {"turn_timer": int(turn_timer)}
    if lit_cards:
        settings["cards"] = "lit"
    if deck is not None:
        settings["deck"] = "french" if deck.value == "french4" else deck.value
        settings["four_colour"] = deck.value == "french4"
    return settings
