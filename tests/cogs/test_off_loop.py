"""Hand pictures are drawn off the event loop everywhere, Treppenrommé's tab clicks included, and a
Rufmariasch draft (a menu choice before the call) draws none: the picture stays as it is."""

from __future__ import annotations

import threading

import pytest

import bot.render as render
from tests.cogs import test_rufmariasch, test_treppenromme
from tests.conftest import World


def drawn_where(monkeypatch, name: str) -> list[bool]:
    """For every picture `bot.render.<name>` draws from now on: whether it was drawn on the event loop's thread."""
    on_loop: list[bool] = []
    real = getattr(render, name)

    def spy(*args, **kwargs):
        on_loop.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(render, name, spy)
    return on_loop


@pytest.fixture
def drawn(monkeypatch):
    """For every hand picture drawn: whether it was drawn on the event loop's thread."""
    return drawn_where(monkeypatch, "hand_image")


async def test_tab_clicks_draw_the_hand_off_the_event_loop(world: World, drawn):
    await test_treppenromme.test_a_hand_of_37_cards_stays_within_discord_limits(world)  # clicks both tabs
    assert drawn and not any(drawn)


async def test_a_draft_of_the_call_draws_no_picture(world: World, drawn):
    table = await test_rufmariasch.start_rm(world)
    fh = min(table.engine.to_act())
    first = test_rufmariasch.dm(world, fh)
    before = len(drawn)
    await world.users[fh].user.select(first, ["H"], custom_id=test_rufmariasch.menus(first)["trump"].custom_id)
    after = test_rufmariasch.dm(world, fh)
    assert [o.value for o in test_rufmariasch.menus(after)["trump"].options if o.default] == ["H"]
    assert after.attachments and after.attachments[0].filename == first.attachments[0].filename
    assert len(drawn) == before and not any(drawn)


async def test_a_kept_schroeoem_matchs_tally_is_drawn_off_the_event_loop(world: World, monkeypatch):
    from tests.cogs import test_schroeoem

    on_loop = drawn_where(monkeypatch, "score_sheet")
    await test_schroeoem.test_hammer_fold_elimination_and_the_kept_match(world)  # ends with /schroeoem match
    assert on_loop and not any(on_loop)
