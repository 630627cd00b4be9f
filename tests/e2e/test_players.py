"""The scripted players follow suit as the engine does, so a benchmark run has no refused clicks."""

from __future__ import annotations

import random

from bot.games import GAMES
from tests.e2e.players import playable


def test_playable_matches_the_engine():
    checked = 0
    for seed in range(40):
        engine = GAMES["schieberamsch"].new(3, seed=seed)
        rng = random.Random(seed)
        while not engine.over and checked < 4000:
            (seat,) = engine.to_act()
            legal = engine.legal_actions(seat)
            view = engine.view(seat)
            if view["phase"] == "play":
                trick = view["trick"]
                led = trick[0]["card"] if trick else None
                assert sorted(playable(list(view["hand"]), led)) == sorted(a.split()[1] for a in legal)
                checked += 1
            engine.apply(seat, rng.choice(legal))
    assert checked > 1000


def test_the_led_card_is_read_in_either_deck_and_language():
    """The table message writes a German-suited trick "Trick: anna U🌰, bernd 7🌰." (ed25e84); the players read
    only ♣ ♠ ♥ ♦, so at a Schieberamsch table (German cards by default) they missed the led suit, or took a later
    ♥ card for it, and clicked cards the engine refuses."""
    from types import SimpleNamespace

    from bot.games.cards import DECK_32
    from bot.i18n import tr
    from bot.ui.game_ui import card_label
    from tests.e2e.players import led_card

    for deck in ("german", "french"):
        for lang in ("en", "de"):
            for card in DECK_32:
                cards = f"🤖 Computer (strong) {card_label(card, deck, lang)}, bernd {card_label('KH', deck, lang)}"
                message = SimpleNamespace(content=f"anna to play.\n{tr(lang, 'Trick: {cards}.', cards=cards)}")
                assert led_card(message) == card, (deck, lang, message.content)
