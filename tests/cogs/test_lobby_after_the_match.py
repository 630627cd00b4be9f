"""The lobby message of a finished match: its seat list read as a ranking ("The match is over." over
"1. @anna 2. @bernd 3. @claudia", in seat order, the winner anywhere in it), and it named no winner."""

from __future__ import annotations

import re

from tests.cogs.helpers import lobby_message
from tests.cogs.test_schieberamsch_flow import play_match, start_table


async def test_a_finished_lobby_lists_the_seats_unnumbered_and_marks_the_winner(world):
    table = await start_table(world, deals=3)
    await play_match(world, table, 11)
    assert table.status == "finished"
    winners = set(table.engine.result()["winners"])
    assert winners and len(winners) < 3, winners  # (the seed gives a winner, not a three-way tie)
    lobby = lobby_message(world).content
    assert "The match is over." in lobby, lobby
    assert not re.search(r"^\d+\. ", lobby, re.M), lobby  # no numbered list that reads as the final standings
    seats = [line for line in lobby.splitlines() if line.startswith("- ")]
    assert len(seats) == 3, lobby
    for i, line in enumerate(seats):
        assert f"<@{table.seats[i].user_id}>" in line, (i, line)
        assert ("🏆" in line) == (i in winners), (i, line, winners)


async def test_a_lobby_before_the_start_still_numbers_its_seats(world):
    from tests.cogs.test_schieberamsch_flow import open_table

    _, lobby = await open_table(world)
    assert re.search(r"^1\. ", lobby.content, re.M) and "🏆" not in lobby.content, lobby.content
