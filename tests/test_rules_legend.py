"""Every rules page says how its cards look at the table: the rules write ♣ ♠ ♥ ♦ and J Q K, a German deck shows
Acorns, Leaves, Hearts, Bells and U, O (issue 26), which the buttons and texts write 🌰 🍃 ♥ 🔔."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.rules_text import rules_path

LEGEND = {"en": ("♣ is **Acorns**", "♠ **Leaves**", "♥ **Hearts**", "♦ **Bells**", "**Unter** (U)", "**Ober** (O)",
                 "♣ is green and ♦ blue", "🌰 Acorns, 🍃 Leaves, ♥ Hearts and 🔔 Bells"),
          "de": ("♣ **Eichel** (Kreuz)", "♠ **Grün** (Pik)", "♥ **Herz**", "♦ **Schellen** (Karo)",
                 "**Unter** (U)", "**Ober** (O)", "♣ grün und ♦ blau", "🌰 Eichel, 🍃 Grün, ♥ Herz und 🔔 Schellen"),
          "hr": ("♣ je **žir**", "(unter, U)", "(ober, O)", "♦ plav", "🌰 žir, 🍃 zelena, ♥ herc i 🔔 bundeva"),
          "ro": ("♣ e **ghindă**", "**Unter** (U)", "**Ober** (O)", "♦ albastru", "🌰 ghindă, 🍃 verde, ♥ cupă și 🔔 dobă")}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", sorted(LEGEND))
def test_every_rules_page_has_the_legend_of_both_decks(game, lang):
    text = rules_path(game, lang).read_text(encoding="utf-8")
    intro = text.split("\n## ", 1)[0]  # on the first page /rules shows
    missing = [part for part in LEGEND[lang] if part not in intro]
    assert not missing, f"{game} ({lang}): the legend lacks {missing}"
    assert "`deck:`" in intro or lang == "hr"  # Croatian names the option as Discord shows it there (`karte:`)
