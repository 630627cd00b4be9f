"""Computer players through the real bot in SimCord: the host seats them in the lobby, one person plays a whole
deal with them in every game family, the turn timer hands an absent player to the strong computer, hints, and
practice tables that book and rate nothing."""

from __future__ import annotations

import asyncio
import json
import random

import discord
import pytest

from bot.ai import choose
from bot.ai import volunteer as ai_volunteer
from bot.tables import thinking
from bot.tables.model import AUTO_COMPUTER, AUTO_TIMER
from bot.ui.components import TableButton
from tests.cogs.helpers import button, components, dm, lobby_message, table_message
from tests.conftest import World

FAST = {"computer_pause": 0, "computer_budget": 0.05}  # tests do not wait for a person to follow


TOLD: list[tuple[str | None, ...]] = []  # who plays each seat, as each computer's decision was told


@pytest.fixture(autouse=True)
def think_inline(monkeypatch):
    """The strong computer thinks in this process with a small search: SimCord waits for every task the bot
    owns, and a worker process's answer is no task of its own (tests/bot/test_thinking.py covers the workers)."""
    async def think(engine, seat, *, level, seed, budget_s=None, players=()):
        TOLD.append(players)
        return choose(engine, seat, level=level, seed=seed, iterations=6, players=players)

    async def volunteer(engine, seat, *, level, seed, budget_s=None, players=()):
        TOLD.append(players)
        return ai_volunteer(engine, seat, level=level, seed=seed, iterations=6, players=players)

    TOLD.clear()

    monkeypatch.setattr(thinking, "think", think)
    monkeypatch.setattr(thinking, "volunteer", volunteer)


async def open_with_computers(world: World, command: str, levels: list[str], *, seed: int = 3, **options):
    """alice opens `/<command>`, seats one computer per level from the lobby and starts the table."""
    alice = world.users[0]
    result = await alice.slash(world.channel, command, **options)
    assert not result.ephemeral, result.response.content
    table = world.table()
    table.seed = seed
    await world.bot.db.execute("UPDATE tables SET seed = ? WHERE table_id = ?", (seed, table.id))
    for level in levels:
        lobby = lobby_message(world)
        reply = await alice.click(lobby, custom_id=button(lobby, f"Add computer ({level})").custom_id)
        assert not reply.ephemeral, reply.response.content
    table.settings.update(FAST)
    lobby = lobby_message(world)
    assert "Practice table" in lobby.content
    await alice.click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert table.status == "running" and table.practice
    return table


async def settle(table) -> None:
    """Wait until no computer is thinking or moving (they run as a task beside the interactions)."""
    for _ in range(10_000):
        task = table.thinking
        if task is None or task.done():
            await asyncio.sleep(0)
            if table.thinking is task:
                return
        else:
            await asyncio.shield(task)
    raise AssertionError("the computers never settled")


def clickable(world: World, table, seat: int):
    """(actor, message, component) the person at `seat` could use now: decisions on the table message (as the
    server's member) and their DM (as the user)."""
    out = []
    for actor, message in ((world.users[seat], table_message(world, table)), (world.users[seat].user, dm(world, seat))):
        if message is None:
            continue
        out += [(actor, message, c) for c in components(message) if not getattr(c, "disabled", False)]
    return out


async def human_move(world: World, table, seat: int, rng: random.Random):
    """The person makes a random move they are offered: a button whose action is legal, else a menu."""
    legal = set(table.engine.legal_actions(seat))
    items = clickable(world, table, seat)
    actions = [(a, m, c) for a, m, c in items if (c.custom_id or "").startswith("st:a:")
               and c.custom_id.split(":", 4)[4] in legal]
    if actions:
        actor, message, item = rng.choice(actions)
        return await actor.click(message, custom_id=item.custom_id)
    if table.game == "rufmariasch" and table.engine.view(None)["phase"] == "call":
        return await call_anything(world, table, seat, legal)
    menus = [(a, m, c) for a, m, c in items if getattr(c, "options", None)]
    assert menus, f"seat {seat} has nothing to use; legal: {sorted(legal)[:8]}"
    actor, message, item = rng.choice(menus)
    values = rng.sample([o.value for o in item.options], max(1, item.min_values))
    return await actor.select(message, values, custom_id=item.custom_id)


async def call_anything(world: World, table, seat: int, legal: set[str]):
    """Draft a legal call in the forehand's DM: the trump menu, the card menu, then the Call button."""
    _, trump, card = sorted(a for a in legal if a.startswith("call "))[0].split()
    user = world.users[seat].user
    menus = {c.custom_id.rsplit(":", 1)[1]: c for c in components(dm(world, seat))
             if (c.custom_id or "").startswith("st:rm:d:")}
    await user.select(dm(world, seat), [trump], custom_id=menus["trump"].custom_id)
    menus = {c.custom_id.rsplit(":", 1)[1]: c for c in components(dm(world, seat))
             if (c.custom_id or "").startswith("st:rm:d:")}
    part = "cards1" if card[-1] in "CS" else "cards2"
    await user.select(dm(world, seat), [card], custom_id=menus[part].custom_id)
    go = next(c for c in components(dm(world, seat)) if (c.custom_id or "").startswith("st:a:")
              and " " in c.custom_id.split(":", 4)[4] and c.custom_id.split(":", 4)[4].startswith("call"))
    return await user.click(dm(world, seat), custom_id=go.custom_id)


async def play_first_deal(world: World, table, rng: random.Random, *, moves: int = 3000) -> int:
    """The person (seat 0) plays whenever the game waits for them, the computers for the others, until the
    first deal is scored. Returns the number of the person's moves."""
    for mine in range(moves):
        await settle(table)
        if table.engine.over or await world.bot.tables.hands_scored(table) >= 1:
            return mine
        waiting = table.engine.waiting_for()
        assert waiting == {0} or 0 in waiting, f"the game waits for {waiting}, but no computer moves"
        result = await human_move(world, table, 0, rng)
        if result.ephemeral:  # a menu step (a draft) answers privately; a refusal says "Not allowed"
            assert "Not allowed" not in (result.response.content or ""), result.response.content
    raise AssertionError("the first deal did not end")


async def computer_moves(world: World, table) -> list[tuple[int, str]]:
    rows = await world.bot.db.fetchall("SELECT seat, action FROM actions WHERE table_id = ? AND auto = ?",
                                       (table.id, AUTO_COMPUTER))
    return [(r["seat"], r["action"]) for r in rows]


GAMES = [  # one table per game family: trick games, knocking, rummy, shedding, real time
    ("schieberamsch new", {"deals": 3}, ["easy", "strong"]),
    ("rufmariasch new", {"stake": "1"}, ["easy", "strong", "easy"]),
    ("schroeoem new", {}, ["strong", "easy"]),
    ("treppenromme new", {}, ["strong"]),
    ("schrum new", {"variant": "tac"}, ["easy", "strong"]),
]


@pytest.mark.parametrize("command,options,levels", GAMES, ids=[g[0].split()[0] + "-" + str(g[1].get("variant", ""))
                                                               for g in GAMES])
async def test_one_person_plays_a_whole_deal_with_computers(world: World, command, options, levels):
    table = await open_with_computers(world, command, levels, **options)
    names = [s.name for s in table.seats]
    assert names[0] == "alice" and all(n.startswith("🤖 Computer") for n in names[1:])
    assert any(f"({lv})" in n for n in names[1:] for lv in levels)
    mine = await play_first_deal(world, table, random.Random(5))
    assert mine > 0 and await world.bot.tables.hands_scored(table) == 1
    moved = await computer_moves(world, table)
    assert {s for s, _ in moved} == set(range(1, len(table.seats))), "every computer moved"
    # the channel shows computers by name, never as a mention of a made-up user
    text = table_message(world, table).content + lobby_message(world).content
    assert "🤖 Computer" in lobby_message(world).content and "<@-" not in text
    # a computer has no DMs; the person's DM is theirs alone
    assert dm(world, 1) is None
    # each computer is told who plays each seat, as the table shows it: the person, then the computers' levels
    assert set(TOLD) == {(None, *levels)}


async def test_repezita_computer_reacts_like_a_person_and_the_race_is_finished(world: World, monkeypatch):
    """Repezita: a computer reacts in a person's time (0.8 to 2.4 s), counted from the pile's last change: after
    alice's card it pauses anew from that card, neither moving within 0.7 s nor waiting out the pause it was in
    first (the code before did, and moved as late as 4.8 s after her card)."""
    table = await open_with_computers(world, "schrum new", ["strong"], variant="repezita")

    async def on_the_simulated_clock(seconds: float) -> None:
        # SimCord lets a short timer fire in real time too, so during a click's settling the computer would react
        # on the wall clock, close to the settling's 5 s deadline, and the race would depend on the machine's load;
        # declared as an external wait its timer fires only through advance_time
        await world.env.external_wait(asyncio.sleep(seconds), reason="a computer's reaction time")

    monkeypatch.setattr(world.bot.tables, "_pause", on_the_simulated_clock)
    assert world.bot.tables.computer_pause(table, random.Random(1)) == 0  # FAST scales the reaction to nothing
    del table.settings["computer_pause"]  # from here on the computer reacts like a person
    pauses = [world.bot.tables.computer_pause(table, random.Random(i)) for i in range(50)]
    assert min(pauses) >= 0.8 and max(pauses) <= 2.4, "a human reaction time, not the speed of a click"
    if table.engine.view(None)["phase"] != "play":  # the dealer's Go! (the computer deals: it says go itself)
        dealer = table.engine.view(None)["dealer"]
        if dealer == 0:
            await world.users[0].user.click(dm(world, 0), custom_id=button(dm(world, 0), "Go!").custom_id)
        else:
            await world.env.advance_time(3)
    # the race: in the first 0.8 s after the pile changes the computer has not moved; within 2.4 s it has
    for _ in range(2):
        before = len(await computer_moves(world, table))
        await world.env.advance_time(0.7)
        assert len(await computer_moves(world, table)) == before, "quicker than a person"
        await world.env.advance_time(1.8)
        assert len(await computer_moves(world, table)) > before or not table.engine.legal_actions(1)
        right = [a for a in table.engine.legal_actions(0)
                 if a.startswith("play ") and table.engine.correct(a.split()[1])]
        mine = [c for c in components(dm(world, 0)) if (c.custom_id or "").split(":", 4)[-1] in right]
        if mine:  # the person is quicker this time: a right card, through the DM
            reply = await world.users[0].user.click(dm(world, 0), custom_id=mine[0].custom_id)
            assert not reply.ephemeral or "Wrong" not in reply.response.content
    moved = await computer_moves(world, table)
    assert moved and all(seat == 1 for seat, _ in moved)


async def test_a_persons_miss_is_called_by_a_computer_out_of_turn_and_punished(world: World):
    """Tač: alice misses on purpose; seat 1 (next) is the one the game waits for, seat 2 calls Tač! out of
    turn, as people do, and both computers give alice a card."""
    table = await open_with_computers(world, "schrum new", ["strong", "strong"], variant="tac")
    rng = random.Random(2)
    for _ in range(500):
        await settle(table)
        assert not table.engine.over
        if "keep" in table.engine.legal_actions(0) and 0 in table.engine.waiting_for():
            break
        await human_move(world, table, 0, rng)
    else:
        raise AssertionError("alice never had a card to miss")
    before = table.engine.view(None)["counts"][0]
    keep = next(c for c in components(dm(world, 0)) if (c.custom_id or "").endswith(":keep"))
    await world.users[0].user.click(dm(world, 0), custom_id=keep.custom_id)
    await settle(table)
    moved = await computer_moves(world, table)
    assert (2, "tac") in moved, "the computer that was not waited for called the miss"
    assert {(1, "give"), (2, "give")} <= set(moved)
    assert table.engine.view(None)["counts"][0] >= before + 2  # the missed card kept, two cards given


async def test_a_computer_knocks_out_of_turn_through_the_tables_path(world: World, monkeypatch):
    """Schrööm: a computer that may knock while another is to move is asked (never the seat the game waits
    for), and its knock is stored as a computer's move before the mover acts."""
    asked = []

    async def volunteer(engine, seat, *, level, seed, budget_s=None, players=()):
        asked.append((seat, sorted(engine.waiting_for())))
        return "knock" if "knock" in engine.legal_actions(seat) and len(asked) == 1 else None

    monkeypatch.setattr(thinking, "volunteer", volunteer)
    table = await open_with_computers(world, "schroeoem new", ["strong", "easy"])
    await settle(table)
    assert asked and all(seat not in waiting for seat, waiting in asked)
    knocker = asked[0][0]
    rows = await world.bot.db.fetchall("SELECT seat, action, auto FROM actions WHERE table_id = ? ORDER BY seq",
                                       (table.id,))
    assert (rows[0]["seat"], rows[0]["action"], rows[0]["auto"]) == (knocker, "knock", AUTO_COMPUTER)
    assert table.engine.view(None)["value"] == 2


async def test_host_only_adds_and_removes_computers_and_a_full_table_refuses_more(world: World):
    alice, bob = world.users[:2]
    await alice.slash(world.channel, "schieberamsch new")
    lobby = lobby_message(world)
    refused = await bob.click(lobby, custom_id=button(lobby, "Add computer (easy)").custom_id)
    assert refused.ephemeral and "Only the host" in refused.response.content
    await alice.click(lobby, custom_id=button(lobby, "Add computer (easy)").custom_id)
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Add computer (strong)").custom_id)
    table = world.table()
    assert [s.computer for s in table.seats] == [None, "easy", "strong"]
    lobby = lobby_message(world)
    assert button(lobby, "Add computer (easy)").disabled  # three seats: Schieberamsch is full
    await alice.click(lobby, custom_id=button(lobby, "Remove computer").custom_id)
    assert [s.computer for s in table.seats] == [None, "easy"]
    rows = await world.bot.db.fetchall("SELECT seat, computer FROM seats WHERE table_id = ? ORDER BY seat",
                                       (table.id,))
    assert [(r["seat"], r["computer"]) for r in rows] == [(0, None), (1, "easy")]
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Leave").custom_id)
    assert not world.bot.tables.tables.get(table.id) or not world.table(table.id).people


async def test_a_computer_at_a_rufmariasch_table_books_nothing_and_rates_nothing(world: World):
    table = await open_with_computers(world, "rufmariasch new", ["easy", "easy", "easy"], stake="1")
    await play_first_deal(world, table, random.Random(9))
    assert await world.bot.tables.hands_scored(table) == 1
    ledger = await world.bot.db.fetchall("SELECT * FROM rufmariasch_ledger WHERE table_id = ?", (table.id,))
    assert ledger == []
    assert "Practice table" in table_message(world, table).content or "Practice" in lobby_message(world).content
    stats = await world.bot.db.fetchall("SELECT * FROM stat_results WHERE table_id = ?", (table.id,))
    assert stats == []


async def test_the_turn_timer_hands_an_absent_player_to_the_strong_computer(world: World, monkeypatch):
    asked = []
    real = world.bot.tables.think

    async def think(table, engine, seat, level):  # recorded
        asked.append((seat, level))
        return await real(table, engine, seat, level)

    monkeypatch.setattr(world.bot.tables, "think", think)
    alice, bob, carol = world.users[:3]
    await alice.slash(world.channel, "schieberamsch new", turn_timer=30)
    for user in (bob, carol):
        await user.click(lobby_message(world), custom_id=button(lobby_message(world), "Join").custom_id)
    table = world.table()
    assert not table.practice
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Start").custom_id)
    waiting = min(table.engine.waiting_for())
    before = table.version
    await world.env.advance_time(31)
    await settle(table)
    assert table.version > before and (waiting, "strong") in asked
    row = await world.bot.db.fetchone("SELECT seat, auto FROM actions WHERE table_id = ? AND seq = ?",
                                      (table.id, before + 1))
    assert row["seat"] == waiting and row["auto"] == AUTO_TIMER  # logged as the timer's move for that person
    assert not table.practice, "a stand-in changes nothing in how the person's result counts"


async def test_hints_only_where_the_table_allows_them_and_only_to_the_asker(world: World):
    alice, bob, carol = world.users[:3]
    # a rated table: no Hint button, and a hint button from elsewhere is refused
    await alice.slash(world.channel, "schieberamsch new")
    for user in (bob, carol):
        await user.click(lobby_message(world), custom_id=button(lobby_message(world), "Join").custom_id)
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Start").custom_id)
    rated = world.table()
    seat = min(rated.engine.waiting_for())
    assert all(getattr(c, "label", None) != "Hint" for c in components(dm(world, seat)))
    view = discord.ui.View(timeout=None)  # a Hint button for this table, as a forged or mistaken message holds
    view.add_item(TableButton("hint", rated.id, label="Hint"))
    await world.bot.get_partial_messageable(dm(world, seat).channel.id).send("Hint?", view=view)
    forged = await world.users[seat].user.click(dm(world, seat), custom_id=f"st:t:hint:{rated.id}")
    assert forged.ephemeral and "hints" in forged.response.content.lower()
    await alice.slash(world.channel, "table cancel")

    # a practice table with hints on: the asker alone is told the strong computer's move
    await alice.slash(world.channel, "schieberamsch new")
    lobby = lobby_message(world)
    await alice.click(lobby, custom_id=button(lobby, "Hints: off").custom_id)
    lobby = lobby_message(world)
    assert button(lobby, "Hints: on") and "Practice table" in lobby.content
    for user in (bob, carol):
        await user.click(lobby_message(world), custom_id=button(lobby_message(world), "Join").custom_id)
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Start").custom_id)
    table = world.table()
    assert table.practice and table.id != rated.id
    seat = min(table.engine.waiting_for())
    hint = await world.users[seat].user.click(dm(world, seat), custom_id=button(dm(world, seat), "Hint").custom_id)
    assert hint.ephemeral and "The strong computer would choose" in hint.response.content
    stored = await world.bot.db.fetchone("SELECT settings FROM tables WHERE table_id = ?", (table.id,))
    assert json.loads(stored["settings"])["hints"] is True


async def test_a_hint_out_of_turn_may_say_to_wait(world: World, monkeypatch):
    """Schrööm at a hint table: while the computer is to move, alice may still knock; her hint asks the strong
    computer whether to knock now, and it may say to wait (here: it does)."""
    asked = []

    async def volunteer(engine, seat, *, level, seed, budget_s=None, players=()):
        asked.append(seat)
        return None

    monkeypatch.setattr(thinking, "volunteer", volunteer)
    alice = world.users[0]
    await alice.slash(world.channel, "schroeoem new")
    for label in ("Hints: off", "Add computer (strong)"):
        await alice.click(lobby_message(world), custom_id=button(lobby_message(world), label).custom_id)
    table = world.table()
    table.seed = 3  # a deal in which alice may knock while the computer is to move
    await world.bot.db.execute("UPDATE tables SET seed = ? WHERE table_id = ?", (table.seed, table.id))
    table.settings.update(FAST)
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Start").custom_id)
    await settle(table)
    table.settings["computer_pause"] = 600  # from now on the computer takes its time
    rng = random.Random(4)
    for _ in range(50):
        if 0 not in table.engine.waiting_for():
            break
        await human_move(world, table, 0, rng)
    assert 0 not in table.engine.waiting_for() and table.engine.legal_actions(0) == ["knock"]
    asked.clear()
    hint = await alice.user.click(dm(world, 0), custom_id=button(dm(world, 0), "Hint").custom_id)
    assert hint.ephemeral and "do nothing now and wait" in hint.response.content
    assert asked == [0]


async def test_a_person_punishes_an_easy_computers_miss_with_tac(world: World):
    """Tač with an easy computer: now and then it overlooks a card that fits (a miss, as casual players do);
    alice, next to play, gets Tač! beside her Expose button, calls it, and gives the computer a card."""
    table = await open_with_computers(world, "schrum new", ["easy"], variant="tac")
    rng = random.Random(6)
    for _ in range(2000):
        await settle(table)
        assert not table.engine.over, "the easy computer never missed"
        view = table.engine.view(None)
        if view["phase"] == "tac" and view["tac_window"] == 1:
            break
        await human_move(world, table, 0, rng)
    assert (1, "keep") in await computer_moves(world, table)
    # a person may call the miss: a computer whose move would close that chance waits a person's time first
    # (it waited its usual 1.5 s, too short to see the miss in a DM and click)
    from bot.tables.computers import CALL_WINDOW_S, COMPUTER_PAUSE

    paused = dict(table.settings)
    del table.settings["computer_pause"]
    assert 0 in table.engine.view(None)["tac_callers"]
    assert world.bot.tables.computer_pause(table, random.Random(1)) == CALL_WINDOW_S > 2 * COMPUTER_PAUSE
    table.seats[0].autopilot = True  # voted absent: the strong computer plays for alice, nobody is there to call
    assert world.bot.tables.computer_pause(table, random.Random(1)) == COMPUTER_PAUSE
    table.seats[0].autopilot = False
    table.settings.update(paused)
    call = next(c for c in components(dm(world, 0)) if (c.custom_id or "").endswith(":tac"))
    assert call.label == "Tač!"
    before = table.engine.view(None)["counts"][1]
    reply = await world.users[0].user.click(dm(world, 0), custom_id=call.custom_id)
    assert not reply.ephemeral or "Not allowed" not in (reply.response.content or "")
    give = next(c for c in components(dm(world, 0)) if (c.custom_id or "").endswith(":give"))
    await world.users[0].user.click(dm(world, 0), custom_id=give.custom_id)
    await settle(table)
    assert table.engine.view(None)["counts"][1] == before + 1  # alice's card on top of its Closed pile


async def test_repezita_computers_with_nothing_to_play_neither_store_nor_show_anything(world: World, monkeypatch):
    """A Repezita computer with no right card says "pass" (nothing to play now): a move that changes nothing is
    not stored, and the table message is not edited again with the same text and a new picture each time (one
    idle minute made 35 such edits, near Discord's 5 edits in 5 s a channel with several computers)."""
    table = await open_with_computers(world, "schrum new", ["strong", "easy"], variant="repezita")

    async def on_the_simulated_clock(seconds: float) -> None:
        await world.env.external_wait(asyncio.sleep(seconds), reason="a computer's reaction time")

    monkeypatch.setattr(world.bot.tables, "_pause", on_the_simulated_clock)
    del table.settings["computer_pause"]
    if table.engine.view(None)["phase"] != "play" and table.engine.view(None)["dealer"] == 0:
        await world.users[0].user.click(dm(world, 0), custom_id=button(dm(world, 0), "Go!").custom_id)
    for _ in range(60):  # alice never plays: the computers play what they can, then have nothing left to play
        await world.env.advance_time(5)
        if table.engine.over or not any(table.engine.correct(a.split()[1]) for s in (1, 2)
                                         for a in table.engine.legal_actions(s) if a.startswith("play ")):
            break
    if table.engine.over:
        pytest.skip("the computers finished the race without waiting for alice")
    version, requests = table.version, len(world.env.http_requests)
    await world.env.advance_time(60)
    assert table.version == version, "a move that changes nothing was stored"
    assert not any(a == "pass" for _, a in await computer_moves(world, table))
    edits = [r for r in world.env.http_requests[requests:] if r.method == "PATCH"]
    assert not edits, f"{len(edits)} edits in an idle minute"


async def test_a_restart_and_the_records_keep_the_computers_names(world: World, make_bot):
    """A computer has no row in `players` (its id is its table's own): a restart named it "-1", and so did
    /schroeoem matches and /replay. Its name is stored with its seat."""
    from bot.stats.schroeoem import load_match
    from tests.cogs.test_catch_up import restart

    table = await open_with_computers(world, "schroeoem new", ["strong", "easy"])
    before = [s.name for s in table.seats]
    assert before[1:] == ["🤖 Computer (strong)", "🤖 Computer 2 (easy)"]
    restored, _ = await restart(world, make_bot)
    assert [s.name for s in restored.seats] == before
    restored.status = "finished"  # (the records read a kept match)
    await world.bot.db.execute("UPDATE tables SET status = 'finished' WHERE table_id = ?", (restored.id,))
    match = await load_match(world.bot.db, restored.id, world.guild.id)
    assert match is not None and match.names == before


@pytest.mark.parametrize(("command", "levels", "options", "ledger"), [
    ("schroeoem new", ["easy"], {}, False), ("rufmariasch new", ["easy", "easy", "easy"], {"stake": "1"}, True)])
async def test_a_practice_lobby_names_the_ledger_only_where_the_game_has_stakes(world: World, command, levels,
                                                                                 options, ledger):
    table = await open_with_computers(world, command, levels, **options)
    text = next(m for m in world.channel.history() if m.id == table.lobby_message_id).content
    said = "Practice table: nothing is booked or rated." if ledger else "Practice table: nothing is rated."
    assert said in text, text  # (started: the lobby says it in short; it named the ledger for Schrööm too)
