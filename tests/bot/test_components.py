"""Persistent components: a view is freed as soon as its message has gone out (no work left for the cyclic
garbage collector). That its buttons still answer afterwards (they are dispatched by custom_id) is what every
cog and end-to-end test that clicks a hand's button shows."""

from __future__ import annotations

import gc
from collections import Counter

import discord
import pytest

from bot.ui.components import build_view, release, sending
from bot.ui.game_ui import Button, Controls, Select


def hand_view() -> discord.ui.View:
    controls = Controls([Button(f"play {c}", c) for c in ("7C", "8C", "9C", "10C", "JC", "QC")]
                        + [Select("discard", "two cards", [("7C", "7♣"), ("8C", "8♣")], 2, 2)])
    view = build_view(3, 14, controls)
    view.to_components()  # what a send does with it
    return view


def cyclic_garbage(make) -> Counter[str]:
    """The objects that only the cyclic collector could free after `make()` ran and its result was dropped."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        make()
        gc.collect()
        return Counter(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()


async def test_a_view_left_alone_is_cyclic_garbage_and_a_released_one_is_not():
    assert cyclic_garbage(hand_view)["View"] == 1  # the problem this solves (if discord.py fixes it, good)

    def released() -> None:
        release(hand_view())

    assert cyclic_garbage(released) == Counter()


async def test_sending_releases_the_view_whether_or_not_the_call_worked():
    view = hand_view()

    async def ok() -> str:
        assert len(view.children) == 7  # still whole while the call runs
        return "sent"

    assert await sending(ok(), view) == "sent" and view.children == []
    view = hand_view()

    async def fails() -> None:
        raise discord.HTTPException(type("R", (), {"status": 500, "reason": "boom"})(), "boom")

    with pytest.raises(discord.HTTPException):
        await sending(fails(), view)
    assert view.children == []


async def test_no_view_no_release():
    async def call() -> int:
        return 1

    assert await sending(call(), None) == 1
