"""A Schrööm player knocked out of the match, with hints on, must not keep a live Hint button in their last hand DM
once the match ends (or is cancelled): an eliminated seat's DM is drawn once more, when it is knocked out, and never
again (neither the match's end nor `close_hands` redraws a seat that is out), so that last drawing carries no Hint."""

from __future__ import annotations

import random

from tests.cogs.helpers import components, dm_last
from tests.cogs.test_schroeoem import enabled, start
from tests.conftest import World


def live(message):
    return [c.custom_id for c in components(message) if c.custom_id and not getattr(c, "disabled", False)]


async def play_with_hints(world: World, *, end_by_cancel: bool):
    table = await start(world, n=4, seed=64, points=3)  # with these choices dave is out after game 1 of 4
    table.settings["hints"] = True  # as the lobby's Hints button sets it (the DMs drawn from now on carry Hint)
    rng = random.Random(1)
    out_seen: set[int] = set()
    while not table.engine.over:
        seat = rng.choice(sorted(table.engine.to_act()))
        action = rng.choice(sorted(table.engine.legal_actions(seat)))
        message = dm_last(world.users[seat])
        item = next(c for c in enabled(message) if c.custom_id.endswith(f":{action}"))
        result = await world.users[seat].user.click(message, custom_id=item.custom_id)
        assert not result.ephemeral, result.response.content
        out_seen |= set(table.engine.view(None)["eliminated"]) - {None}
        if out_seen and end_by_cancel and not table.engine.over:
            await world.users[0].slash(world.channel, "table cancel")
            assert table.status == "cancelled"
            break
    assert out_seen, "nobody was knocked out: the test shows nothing"
    return table, out_seen


async def test_a_knocked_out_players_last_dm_has_no_live_hint_after_the_match(world: World):
    table, out = await play_with_hints(world, end_by_cancel=False)
    assert table.status == "finished"
    left = {world.users[s].name: live(dm_last(world.users[s])) for s in out if live(dm_last(world.users[s]))}
    assert not left, f"a finished table's DMs with live controls: {left}"


async def test_a_knocked_out_players_last_dm_has_no_live_hint_after_cancel(world: World):
    table, out = await play_with_hints(world, end_by_cancel=True)
    left = {world.users[s].name: live(dm_last(world.users[s])) for s in out if live(dm_last(world.users[s]))}
    assert not left, f"a cancelled table's DMs with live controls: {left}"
