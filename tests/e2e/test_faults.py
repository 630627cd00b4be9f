"""The bot process through a flaky Discord: REST calls answering 500 / 429 and a dropped gateway connection.
A whole match must still end exactly as its action log says, with every move taken once."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.i18n import tr
from tests.e2e.conftest import read_db
from tests.e2e.players import MOVE_ANSWERS, dm_hand, move_controls, open_table
from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import bot_process

pytestmark = pytest.mark.e2e


def table_status(db_file: Path, table_id: int) -> str:
    return read_db(db_file, "SELECT status FROM tables WHERE table_id = ?", (table_id,))[0]["status"]


def check_result_matches_log(db_file: Path, table_id: int) -> list[int]:
    """Replay the stored action log from the table's seed: the stored results must be what it gives.
    Returns the winners' seats."""
    row = read_db(db_file, "SELECT * FROM tables WHERE table_id = ?", (table_id,))[0]
    actions = read_db(db_file, "SELECT seq, seat, action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))
    assert [a["seq"] for a in actions] == list(range(1, len(actions) + 1))
    engine = GAMES[row["game"]].new(3, seed=row["seed"], options=json.loads(row["options"]))
    for a in actions:
        engine.apply(a["seat"], a["action"])
    assert engine.over
    result = engine.result()
    match = read_db(db_file, "SELECT seat, total, winner FROM match_results WHERE table_id = ? ORDER BY seat",
                    (table_id,))
    assert [m["total"] for m in match] == result["totals"]
    assert [s for s, m in enumerate(match) if m["winner"]] == result["winners"]
    hands = read_db(db_file, "SELECT hand_no, seat, delta FROM hand_results WHERE table_id = ? ORDER BY hand_no, seat",
                    (table_id,))
    assert [h["delta"] for h in hands] == [d for h in result["hands"] for d in h["deltas"]]
    return result["winners"]


async def test_match_finishes_through_rest_faults_and_a_gateway_drop(db_file: Path) -> None:
    # 6% of REST calls fail, three in four of them with 429 (retry_after 50 ms), one in four with 500
    # (discord.py waits 1 s, then 3 s, before retrying those)
    # Discord's per-route limits are left out here (route_limits=False): this match is clicked as fast as the
    # players can, so 5 edits per 5 s per channel would make it a 100-second test of pacing, which
    # test_discord_rules and the fake's test_strict cover; the global limit and the 3 s deadline stay on
    async with FakeDiscord(fail_rate=0.06, fail_statuses=(500, 429, 429, 429), seed=11, route_limits=False) as fake, \
            bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3}, timeout=20)
        players = table.players
        table_id = table.table_id
        dropped_at = None
        while table_status(db_file, table_id) == "running":
            assert players.moves < 200, "the match should be over by now"
            if players.moves == 15:
                # the connection breaks right before the next INTERACTION_CREATE: only the RESUME replays it
                await fake.drop_gateway_once(on_next_dispatch=True)
                dropped_at = players.moves
            ix = await players.move(timeout=20)
            assert ix.callback_type in MOVE_ANSWERS, (ix, ix.callback_data)
            if dropped_at == players.moves - 1:
                assert fake.gateway.drops == 1
        assert fake.gateway.resumes == 1 and fake.gateway.identifies == 1
        assert players.stale == 0 and players.refused == 0

        # every click became exactly one action, and the results are what the log gives
        actions = read_db(db_file, "SELECT COUNT(*) AS n FROM actions WHERE table_id = ?", (table_id,))[0]["n"]
        assert actions == players.moves
        winners = check_result_matches_log(db_file, table_id)

        # what the players see: three score sheets (no duplicate from a retried request), a final table
        # message, and no hand with an enabled control
        def sheets() -> int:
            return sum(1 for m in fake.messages_in(table.thread_id)
                       for a in m.attachments if a.filename.startswith("scores-"))

        await fake.wait_for(lambda: sheets() >= 3, timeout=15, what="three score sheets")
        table_msg = table.table_message(fake)
        assert table_msg is not None
        await fake.wait_for(lambda: "table-" in table_msg.attachments[0].filename
                            and [b.get("custom_id", "").split(":")[2] for b in table_msg.buttons] == ["again"],
                            timeout=15, what="the final table message with only Play again")
        assert sheets() == 3
        for name in ("anna", "bernd", "ceca"):
            assert not move_controls(dm_hand(fake, name))
        names = ["anna", "bernd", "ceca"]
        line = "Match over. Winner: {names}." if len(winners) == 1 else "Match over. Winners: {names}."
        assert tr("de", line, names=", ".join(names[s] for s in winners)) in table_msg.content
        assert tr("de", "The match is over.") not in table_msg.content, "the end is said once, with the winners"

        faults = Counter(r.fault for r in fake.requests if r.fault)
        assert faults[500] > 0 and faults[429] > 0, faults
        assert any(r.fault and r.kind == "interaction_callback" for r in fake.requests)
        assert not fake.failed_requests, fake.failed_requests
        assert all(ix.callback_type is not None for ix in players.interactions)


async def test_moves_go_on_after_a_reidentify(fake: FakeDiscord, db_file: Path) -> None:
    """The session cannot be resumed: discord.py waits 5 s and IDENTIFYs again. The click whose event broke the
    connection never reaches the new session (Discord replays missed events only to a RESUME): it goes
    unanswered, nothing is stored for it, and the same click made again after the new READY plays the move."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        players = table.players
        await players.move()
        turn = await players.wait_turn()
        await fake.drop_gateway_once(on_next_dispatch=True, resumable=False)
        lost = await players.click(turn, players.choose(turn))
        await fake.wait_for(lambda: fake.gateway.identifies == 2 and fake.gateway.ready.is_set(), timeout=20,
                            what="the new session")
        await asyncio.sleep(0.5)
        assert lost.callback_type is None and lost.dispatched_at is None, "a new session got a missed event"
        assert read_db(db_file, "SELECT COUNT(*) AS n FROM actions")[0]["n"] == 1
        players.last_version = turn.version - 1  # the player sees nothing happened and clicks again
        ix = await players.move(timeout=20)
        assert ix.callback_type in MOVE_ANSWERS
        assert fake.gateway.identifies == 2 and fake.gateway.drops == 1
        for _ in range(3):
            assert (await players.move()).callback_type in MOVE_ANSWERS
        assert read_db(db_file, "SELECT COUNT(*) AS n FROM actions")[0]["n"] == 5
        assert not fake.failed_requests


async def test_a_hand_dm_or_table_message_whose_answer_is_lost_is_not_sent_twice(fake: FakeDiscord,
                                                                                 db_file: Path) -> None:
    """Discord made a player's hand DM and the table message, but their answers were lost on the way back (a 500
    from the edge): discord.py sends each request again, and the nonce it carries makes Discord return the message
    it made instead of a second one (Create Message, enforce_nonce). One hand message each, one table message."""
    fake.fail_next("dm_message_create", 500, count=1, after=True)
    fake.fail_next("message_create", 500, count=1, after=True)  # the table message's too (the lobby is an answer)
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3}, timeout=30)
        await fake.wait_for(lambda: all(dm_hand(fake, u) for u in ("anna", "bernd", "ceca")), timeout=15,
                            what="every hand")
        sends = lambda: [r for r in fake.requests if r.kind == "dm_message_create"]  # noqa: E731
        await fake.wait_for(lambda: len(sends()) >= 4, timeout=10, what="discord.py sending the lost one again")
        lost = [r for r in sends() if r.fault == 500]
        assert len(lost) == 1, "the lost answer was injected"
        for user in ("anna", "bernd", "ceca"):
            hands = [m for m in fake.dms(user) if any(c.startswith("st:") for c in m.custom_ids)]
            assert len(hands) == 1, (user, [m.id for m in hands])
        posts = [r for r in fake.requests if r.kind == "message_create" and r.channel_id == table.thread_id]
        tables = [m for m in fake.messages_in(table.thread_id) if any(a.filename.startswith("table-")
                                                                      for a in m.attachments)]
        assert any(r.fault == 500 for r in posts) and len(tables) == 1, (posts, tables)
        ix = await table.players.move(timeout=15)
        assert ix.callback_type in MOVE_ANSWERS
