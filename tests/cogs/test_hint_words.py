"""A hint names a move in the words of the control the player uses for it: Schieberamsch's two cards laid back
are the "Put back" menu ("Drücken"), never a "Discard" the hand offers nowhere; a Repezita card is its card,
never the engine's "A♥ on -" (an empty pile, in English in every language)."""

from __future__ import annotations

import random

import pytest

from bot.ui.suits import unjoined
from tests.cogs.helpers import (
    button,
    client_locale,
    components,
    dm,
    lobby_message,
    start_fixed,
    table_message,
)
from tests.cogs.test_computers import FAST, human_move, settle, think_inline  # noqa: F401
from tests.conftest import World

SEED = 1  # (seeds 1, 2 and 3 all ask alice; a seed drawn at random did not always)


@pytest.mark.parametrize(("locale", "menu", "wrong"), [("en-US", "Put back", "Discard"), ("de", "Drücken", "Abwerfen")])
async def test_a_schieberamsch_hint_names_the_put_back_menu(world: World, monkeypatch, locale, menu, wrong):
    client_locale(monkeypatch, locale)
    import bot.tables.lobby

    class Dealt:  # one fixed deal (a table's seed is drawn at random): alice is asked to take the skat in it
        def randrange(self, _n: int) -> int:
            return SEED

    monkeypatch.setattr(bot.tables.lobby.random, "SystemRandom", Dealt)
    alice = world.users[0]
    await alice.slash(world.channel, "schieberamsch new", deals=3)
    for custom in ("hints", "addstrong", "addstrong"):
        lobby = lobby_message(world)
        await alice.click(lobby, custom_id=next(c.custom_id for c in components(lobby)
                                                if f":{custom}:" in (c.custom_id or "")))
    table = world.table()
    table.settings.update(FAST)
    lobby = lobby_message(world)
    await alice.click(lobby, custom_id=next(c.custom_id for c in components(lobby) if ":start:" in (c.custom_id or "")))
    rng = random.Random(1)
    for _ in range(200):
        await settle(table)
        legal = table.engine.legal_actions(0)
        if any(a.startswith("discard ") for a in legal) and 0 in table.engine.waiting_for():
            break
        wanted = "take" if "take" in legal else "pass" if "pass" in legal else None  # alice takes the skat
        if wanted and 0 in table.engine.waiting_for():  # (asked on the table message)
            message = table_message(world, table)
            await alice.click(message, custom_id=next(c.custom_id for c in components(message)
                                                      if (c.custom_id or "").endswith(f":{wanted}")))
        elif 0 in table.engine.waiting_for():
            await human_move(world, table, 0, rng)
        else:
            await world.env.advance_time(2)
    else:
        raise AssertionError(f"alice was never asked to take the skat in the deals of seed {SEED}")
    menus = [c for c in components(dm(world, 0)) if getattr(c, "options", None)]
    assert any(menu in (getattr(c, "placeholder", "") or "") for c in menus), [c.placeholder for c in menus]
    hint = await alice.user.click(dm(world, 0), custom_id=button(dm(world, 0), custom_id_prefix="st:t:hint:").custom_id)
    said = hint.response.content
    assert menu in said and wrong not in said, said


async def test_a_repezita_hint_names_the_card(world: World):
    """(Two people, not a computer: a computer races in real time from the dealer's Go, and the test, which needs
    only the table's engine, waited for the bot to settle while it played, past SimCord's limit on a busy machine.)"""
    table = await start_fixed(world, "schrum new", "Repezita", 2, seed=3, dealer=1, variant="repezita")
    ui = world.bot.table_ui
    for lang in ("en", "de"):  # a card with no button of its own (the hand shown by rank: "A ×4"), on an empty pile
        assert unjoined(ui.game_ui(table).move_text("play AH on -", table.engine.view(0), lang)) == "A♥"
        assert ui.game_ui(table).move_text("play 7C on 8C", table.engine.view(0), lang) == "7♣︎"


@pytest.mark.parametrize(("lang", "move", "said"), [("en", "discard 7C", "Discard 7♣︎"), ("de", "discard 7C", "7♣︎ abwerfen"),
                                                   ("en", "meld 8H 9H 10H", "Meld 8♥ 9♥ 10♥")])
def test_a_treppenromme_move_on_its_own_reads_as_a_sentence(lang, move, said):
    """A hint or a replay line names a Treppenrommé move on its own: capitalised as the other moves ("Take 1: J♦",
    "Draw from the talon"), not as the menu's lower-case entry ("discard 7♣")."""
    from bot.ui.game_ui import card_style
    from cogs.ui.treppenromme import TreppenrommeUI

    with card_style("french", lang):
        assert unjoined(TreppenrommeUI().move_text(move, {"melds": []}, lang)) == said
