"""Review: a Schrööm match of a player who used /privacy forget-me names them "a former player", not a raw id."""

from __future__ import annotations

from tests.cogs.test_schroeoem import click, start
from tests.cogs.test_stats import button
from tests.conftest import World


async def test_a_forgotten_player_is_a_former_player_in_the_kept_schroeoem_matches(world: World):
    table = await start(world, n=2, points=1)
    alice, bob = world.users[:2]
    await click(world, 0, "Knock → 2")
    await click(world, 1, "Fold (−1)")
    assert table.status == "finished"
    asked = await alice.slash(world.channel, "privacy forget-me")
    done = await alice.click(asked.response, custom_id=button(asked.response, "Forget me").custom_id)
    assert "Done" in done.response.content
    listing = (await bob.slash(world.channel, "schroeoem matches")).response.content
    shown = (await bob.slash(world.channel, "schroeoem match", id=table.id)).response.content
    for text in (listing, shown):
        assert "-100" not in text, text
        assert "a former player" in text, text
