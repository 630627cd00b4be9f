"""Treppenrommé through the real bot in SimCord: `/treppenromme new`, taking staircase cards with the Take
menu, melding with the multi-select, laying off, discarding, the card taken alone, hands of 30+ cards
(tabs, Discord's limits), the whole-suit meld, finishing, stored results and a restart.

Fixed positions: the table is opened and started normally, then `table.engine` is replaced by an engine
built with the engine's `deal=` option (same seed and options) and fresh hand messages are sent. The
action log then no longer replays to that position, so these tests never restart; the restart test
plays from the seed instead.
"""

from __future__ import annotations

import json
import re

import discord

from bot.games.cards import DECK_52
from bot.games.treppenromme import Treppenromme
from bot.ui.suits import SUIT_TEXT, unjoined
from cogs.ui.treppenromme import TreppenrommeUI
from tests.cogs.helpers import button, components, dm_last, start_fixed, table_message
from tests.conftest import World


async def start(world: World, n=2, *, seed=1, dealer=0, **options):
    """`/treppenromme new`, n players join, seed and first dealer fixed (stored, so a restart replays)."""
    return await start_fixed(world, "treppenromme new", "Treppenrommé", n, seed=seed, dealer=dealer, **options)


async def use_deal(world: World, table, hands, staircase, talon=(), totals=None):
    """Replace the started engine by one dealt exactly so (see the module docstring); seat 0 begins."""
    used = {c for h in hands for c in h} | set(staircase) | set(talon)
    spare = [c for c in DECK_52 if c not in used]
    full = [list(h) + [spare.pop() for _ in range(7 - len(h))] for h in hands]
    deal = {"hands": full, "staircase": list(staircase), "talon": list(talon)}
    table.engine = Treppenromme.new(len(table.seats), seed=table.seed, options=table.options, deal=deal)
    if totals is not None:  # the engine has no option to begin at a standing; for the match-end test only
        table.engine.totals = list(totals)
    table.signatures = [table.signature(s) for s in range(len(table.seats))]
    await world.bot.table_ui.delivery.send_hands(table, set(range(len(table.seats))), new_hand=True)
    await world.bot.table_ui.delivery.update_table(table, None)
    return full


def items(message):
    return [c for c in components(message) if not getattr(c, "disabled", False)]


def labels(message):
    return [getattr(c, "label", None) or getattr(c, "placeholder", None) for c in components(message)]


def menu(message, key):
    """The Treppenrommé select whose custom_id ends with `:key` (take0, meld0, lay0, disc0, low0, ...)."""
    for c in components(message):
        if (c.custom_id or "").startswith("st:tr:s:") and c.custom_id.endswith(":" + key):
            return c
    raise AssertionError(f"no menu {key!r} in {[c.custom_id for c in components(message)]}")


def discard_menus(message):
    return [c for c in components(message) if re.fullmatch(r"st:tr:s:\d+:\d+:disc\d+", c.custom_id or "")]


def option(select, value):
    return next(o for o in select.options if o.value == value)


async def choose(world: World, seat, key, values):
    user = world.users[seat].user  # DMs are outside the server: act as the user
    message = dm_last(world.users[seat])
    return await user.select(message, list(values), custom_id=menu(message, key).custom_id)


async def press(world: World, seat, label_prefix, message=None):
    message = message or dm_last(world.users[seat])
    item = next((c for c in items(message) if (getattr(c, "label", None) or "").startswith(label_prefix)), None)
    assert item is not None, f"no {label_prefix!r} in {labels(message)}"
    return await world.users[seat].user.click(message, custom_id=item.custom_id)


def assert_discord_limits(message):
    """What Discord accepts: 5 rows; a row holds one select or up to 5 buttons; 25 options per select;
    custom_ids unique and at most 100 characters; labels at most 100 (options) / 80 (buttons)."""
    rows = [row.to_dict() for row in message.components]
    assert 1 <= len(rows) <= 5
    ids = set()
    for row in rows:
        children = row["components"]
        assert 1 <= len(children) <= 5
        for child in children:
            assert len(child["custom_id"]) <= 100 and child["custom_id"] not in ids
            ids.add(child["custom_id"])
            if child["type"] == 3:
                assert len(children) == 1
                assert 1 <= len(child["options"]) <= 25
                assert child["max_values"] <= len(child["options"])
                for o in child["options"]:
                    assert len(o["label"]) <= 100 and len(o["value"]) <= 100
                    assert len(o.get("description") or "") <= 100
            else:
                assert len(child.get("label") or "") <= 80


async def test_new_command_lobby_start_and_first_hand_message(world: World):
    table = await start(world, n=3, target=1000)
    assert table.options["target"] == 1000 and len(table.seats) == 3
    alice_dm = dm_last(world.users[0])
    assert "Treppenrommé" in alice_dm.content and "cards in hand: 7" in alice_dm.content
    assert alice_dm.attachments and alice_dm.attachments[0].filename.endswith(".png")
    draw = button(alice_dm, custom_id_prefix=f"st:a:{table.id}:")
    assert draw.label.startswith("Draw from the talon (")
    take = menu(alice_dm, "take0")
    top = table.engine.view(None)["staircase"][-1]
    assert [unjoined(o.label) for o in take.options] == [f"Take 1: {top[:-1]}{SUIT_TEXT[top[-1]]}"]
    assert not items(dm_last(world.users[1]))  # not bob's turn: no controls
    msg = table_message(world, table)
    assert "alice: draw from the talon or take from the staircase." in msg.content
    assert msg.attachments and msg.attachments[0].filename.endswith(".png")


async def test_take_meld_lay_off_discard_and_the_card_taken_alone(world: World):
    table = await start(world)
    await use_deal(world, table,
                   hands=[["7H", "8H", "10H", "2C", "2S", "KC", "5D"], ["2H", "JD", "3S", "6C", "9C", "4D", "QS"]],
                   staircase=["4S", "2D", "9H"])
    # the Take menu names the cards each option brings, top card first
    take = menu(dm_last(world.users[0]), "take0")
    assert [unjoined(o.label) for o in take.options] == ["Take 1: 9♥", "Take 2: 9♥ 2♦", "Take 3: 9♥ 2♦ 4♠\ufe0e"]
    # the hand says the turn's step, as the table does (it said only "Your move.")
    assert "Your move: draw from the talon, or take from the staircase" in dm_last(world.users[0]).content
    # a hint or a replay words a move as the menus do, not as Schieberamsch's "Take the skat 2"
    ui = world.bot.table_ui
    assert unjoined(ui.shown_label(table, 0, "take 2", "en")) == "Take 2: 9♥ 2♦"
    assert unjoined(ui.shown_label(table, 0, "take 2", "de")) == "2 nehmen: 9♥ 2♦"
    result = await choose(world, 0, "take0", ["take 2"])
    assert not result.ephemeral
    # the table message tells what happened (the last move), with no hidden card
    msg = table_message(world, table)
    assert "alice takes 2 from the staircase: 9♥ 2♦." in unjoined(msg.content)
    assert "alice: meld, lay off, then discard (took 9♥ 2♦ from the staircase)." in unjoined(msg.content)
    dm = dm_last(world.users[0])
    assert "Your move: meld and lay off with the menus if you like, then discard" in dm.content, dm.content
    # only cards that appear in some legal meld are offered for melding; K♣ and 5♦ are not
    meld = menu(dm, "meld0")
    assert sorted(o.value for o in meld.options) == sorted(["2C", "2S", "2D", "7H", "8H", "9H", "10H"])
    assert meld.min_values == 3
    assert_discord_limits(dm)
    # melding: the chosen cards in any order become the legal meld with the same cards
    result = await choose(world, 0, "meld0", ["2S", "2D", "2C"])
    assert not result.ephemeral
    result = await choose(world, 0, "meld0", ["9H", "7H", "8H"])
    assert not result.ephemeral
    view = table.engine.view(None)
    assert [m["cards"] for m in view["melds"]] == [["2C", "2S", "2D"], ["7H", "8H", "9H"]]
    version = table.version
    lay = menu(dm_last(world.users[0]), "lay0")
    assert unjoined(option(lay, "layoff 10H 2").label) == "10♥ → 7♥ 8♥ 9♥"
    result = await choose(world, 0, "lay0", ["layoff 10H 2"])
    assert not result.ephemeral
    assert "alice lays off 10♥ onto meld 2 (+10)." in unjoined(table_message(world, table).content)
    assert table.engine.view(None)["hand_points"] == [6 + 24 + 10, 0]
    disc = menu(dm_last(world.users[0]), "disc0")
    assert [o.value for o in disc.options] == ["discard KC", "discard 5D"]
    result = await choose(world, 0, "disc0", ["discard KC"])
    assert not result.ephemeral
    assert version < table.version and table.engine.view(None)["turn"] == 1
    msg = table_message(world, table)
    assert "alice discards K♣\ufe0e." in msg.content
    assert "bob: draw from the talon or take from the staircase." in msg.content
    # bob takes K♣ alone and may not throw it back: listed with a note, refused with a clear reason
    result = await choose(world, 1, "take0", ["take 1"])
    assert not result.ephemeral
    disc = menu(dm_last(world.users[1]), "disc0")
    assert option(disc, "discard KC").label == "K♣\ufe0e (taken alone: keep it this turn)"
    version = table.version
    refused = await choose(world, 1, "disc0", ["discard KC"])
    assert refused.ephemeral
    assert refused.response.content == ("You took K♣\ufe0e alone from the staircase, so you may not discard it this "
                                        "turn. Discard another card, or meld it or lay it off.")
    assert table.version == version and "KC" in table.engine.view(1)["hand"]
    # bob lays 2♥ off onto alice's set of twos and discards
    result = await choose(world, 1, "lay0", ["layoff 2H 1"])
    assert not result.ephemeral and table.engine.view(None)["melds"][0]["by"] == [0, 0, 1, 0]
    result = await choose(world, 1, "disc0", ["discard JD"])
    assert not result.ephemeral and table.engine.view(None)["turn"] == 0


async def test_a_meld_that_is_not_legal_is_refused_by_the_engine(world: World):
    table = await start(world)
    await use_deal(world, table, hands=[["7H", "8H", "9H", "7C", "KS"], ["2H"]], staircase=["4D", "7S"])
    await choose(world, 0, "take0", ["take 1"])
    meld = menu(dm_last(world.users[0]), "meld0")
    assert [o.value for o in meld.options] == ["7C", "7H", "8H", "9H", "7S"] or \
        {o.value for o in meld.options} == {"7C", "7S", "7H", "8H", "9H"}  # K♠ makes no meld
    version = table.version
    refused = await choose(world, 0, "meld0", ["7C", "8H", "9H"])
    assert refused.ephemeral and "neither a set" in refused.response.content
    assert table.version == version


async def test_a_hand_of_37_cards_stays_within_discord_limits(world: World):
    table = await start(world)
    clubs = [r + "C" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    spades = [c[:-1] + "S" for c in clubs]
    staircase = clubs + spades + ["3H", "5H", "9H", "QH"]
    await use_deal(world, table, hands=[["2D", "3D", "4D", "5D", "8D", "10D", "KD"], []], staircase=staircase)
    dm = dm_last(world.users[0])
    # 30 staircase cards: two Take menus
    assert [len(menu(dm, k).options) for k in ("take0", "take1")] == [25, 5]
    assert menu(dm, "take1").options[-1].label.startswith("Take 30: ")
    assert_discord_limits(dm)
    await choose(world, 0, "take1", ["take 30"])
    assert len(table.engine.view(0)["hand"]) == 37
    dm = dm_last(world.users[0])
    assert_discord_limits(dm)
    assert "cards in hand: 37" in dm.content
    # four meld menus (two whole suits, runs and sets packed by 25) and a discard menu: more than five rows,
    # so tabs; neighbours share a tab when their menus fit in four rows
    tabs = [c for c in components(dm) if c.custom_id.startswith("st:tr:p:")]
    assert [t.label for t in tabs] == ["Meld 1/2", "Meld 2/2 · Discard"] and tabs[0].disabled
    assert menu(dm, "meld0").placeholder == "Meld: pick 3 or more cards (runs in ♣\ufe0e)"
    assert menu(dm, "low0").placeholder == "Meld all 13 ♣\ufe0e: where does it start?"
    assert len(menu(dm, "low0").options) == 13
    # picking a whole suit in a card menu is explained, not guessed
    card_menu = menu(dm, "meld1")
    spade_values = [o.value for o in card_menu.options if o.value.endswith("S")]
    assert len(spade_values) == 13, labels(dm)
    version = table.version
    refused = await world.users[0].user.select(dm, spade_values, custom_id=card_menu.custom_id)
    assert refused.ephemeral and "Meld all 13" in refused.response.content and table.version == version
    # the second tab holds the other whole suit and the discard menu
    await world.users[0].user.click(dm, custom_id=tabs[1].custom_id)
    dm = dm_last(world.users[0])
    assert_discord_limits(dm)
    assert menu(dm, "low1").placeholder == "Meld all 13 ♠\ufe0e: where does it start?"
    assert len(menu(dm, "disc0").options) == 25 and len(menu(dm, "disc1").options) == 12
    await world.users[0].user.click(dm, custom_id=[c for c in components(dm)
                                                   if c.custom_id.startswith("st:tr:p:")][0].custom_id)
    # the whole club suit, from the Ace up
    await choose(world, 0, "low0", ["meld AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC low A"])
    assert table.engine.view(None)["melds"][0]["cards"][0] == "AC"
    dm = dm_last(world.users[0])
    assert_discord_limits(dm)
    # every remaining hand card can be discarded
    hand = table.engine.view(0)["hand"]
    offered = [o.value.split()[1] for c in discard_menus(dm) for o in c.options]
    assert sorted(offered) == sorted(hand)
    await choose(world, 0, "disc0", ["discard KD"])
    assert table.engine.view(None)["turn"] == 1


async def take_34(world: World, table) -> None:
    """A deal whose first move takes 34 cards of the staircase: 41 cards in the first hand, more menus than fit."""
    clubs = [r + "C" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")]
    hearts = [c[:-1] + "H" for c in clubs]
    staircase = clubs + hearts + ["KS", "KD", "AS", "AD", "QS", "QD", "JS", "JD", "10S", "10D"]
    await use_deal(world, table, hands=[["2S", "3S", "4S", "5S", "6S", "7S", "8S"], ["KC", "KH", "9S"]],
                   staircase=staircase)
    await choose(world, 0, "take1", ["take 34"])


async def test_tabs_when_the_hand_needs_more_than_five_rows(world: World):
    table = await start(world)
    await take_34(world, table)
    assert len(table.engine.view(0)["hand"]) == 41
    dm = dm_last(world.users[0])
    assert_discord_limits(dm)
    assert [c.custom_id.rsplit(":", 1)[1] for c in components(dm)] == ["meld0", "meld1", "meld2", "disc0", "disc1"]
    # a meld puts a lay-off menu on the list: six menus do not fit, so tabs
    await choose(world, 0, "meld0", ["2S", "3S", "4S"])
    dm = dm_last(world.users[0])
    assert_discord_limits(dm)
    tabs = [c for c in components(dm) if c.custom_id.startswith("st:tr:p:")]
    assert [t.label for t in tabs] == ["Meld · Lay off", "Discard"]
    assert tabs[0].disabled  # the tab shown
    assert not discard_menus(dm)
    assert {o.value for o in menu(dm, "lay0").options} == {"layoff AS 1", "layoff 5S 1"}
    result = await choose(world, 0, "lay0", ["layoff 5S 1"])
    assert not result.ephemeral
    # the Discard tab: all 37 cards in two menus; a tab click changes nothing at the table
    dm = dm_last(world.users[0])
    tabs = [c for c in components(dm) if c.custom_id.startswith("st:tr:p:")]
    assert tabs[0].disabled  # after a move the first tab again
    version = table.version
    # on an hour-old DM (a long hand) the tab answers privately: an edit would meet Discord's limit (30046)
    born = discord.utils.snowflake_time(dm.id).timestamp()
    delivery = world.bot.table_ui.delivery
    delivery.clock = lambda: born + 3600
    try:
        old = await world.users[0].user.click(dm, custom_id=tabs[1].custom_id)
    finally:
        del delivery.clock
    assert old.ephemeral and discard_menus(old.response) and table.version == version
    result = await world.users[0].user.click(dm, custom_id=tabs[1].custom_id)
    assert not result.ephemeral and table.version == version
    dm = dm_last(world.users[0])
    assert_discord_limits(dm)
    assert [(t.label, t.disabled) for t in components(dm) if t.custom_id.startswith("st:tr:p:")] == [
        ("Meld · Lay off", False), ("Discard", True)]
    offered = [o.value.split()[1] for c in discard_menus(dm) for o in c.options]
    assert len(offered) == 37 and sorted(offered) == sorted(table.engine.view(0)["hand"])
    await choose(world, 0, "disc1", ["discard 8S"])
    assert table.engine.view(None)["turn"] == 1


async def test_finish_by_melding_the_whole_hand_stores_the_hand_and_the_session(world: World):
    table = await start(world)
    await use_deal(world, table, hands=[["3C", "3S", "3D", "9H", "10H", "JH", "QH"], ["AS", "KS", "5D"]],
                   staircase=["4C"], talon=["KH"], totals=[480, 100])
    await press(world, 0, "Draw from the talon")
    await choose(world, 0, "meld0", ["3C", "3S", "3D"])
    dm = dm_last(world.users[0])
    finish = [c for c in items(dm) if (getattr(c, "label", None) or "").startswith("Finish: ")]
    assert [unjoined(c.label) for c in finish] == ["Finish: meld 9♥ 10♥ J♥ Q♥ K♥"]
    result = await world.users[0].user.click(dm, custom_id=finish[0].custom_id)
    assert not result.ephemeral
    # gone out with a Rommé hand: 9 + 49 for the melds, bob's cards (15 + 10 + 5 + four more) doubled
    rows = await world.bot.db.fetchall("SELECT seat, delta, total, detail FROM hand_results WHERE table_id = ?"
                                       " ORDER BY seat", (table.id,))
    assert [r["seat"] for r in rows] == [0, 1]
    detail = json.loads(rows[0]["detail"])
    assert detail["finisher"] == 0 and detail["romme"] is True and detail["meld_points"] == [9 + 49, 0]
    assert rows[0]["delta"] == 58 + detail["bonus"] and rows[1]["delta"] == 0
    assert rows[0]["total"] == 480 + rows[0]["delta"]
    winners = await world.bot.db.fetchall("SELECT seat, user_id, total, winner FROM match_results"
                                          " WHERE table_id = ? ORDER BY seat", (table.id,))
    assert [(r["seat"], r["winner"]) for r in winners] == [(0, 1), (1, 0)]
    assert winners[0]["user_id"] == world.users[0].id
    assert table.status == "finished"
    msg = table_message(world, table)
    assert "alice goes out with a Rommé hand" in msg.content and "Winner: alice" in msg.content
    thread = world.channel.threads[0]
    assert any(a.filename.startswith("scores-") for m in thread.history() for a in m.attachments)


async def test_restart_keeps_the_menus_working(world: World, make_bot):
    table = await start(world, seed=7)
    await choose(world, 0, "take0", ["take 1"])
    dm = dm_last(world.users[0])
    before = table.version
    await world.env.restart_bot(make_bot())
    restored = world.bot.tables.tables[table.id]
    assert restored.engine.view(0) == table.engine.view(0)
    hand = restored.engine.view(0)["hand"]
    card = next(c for c in hand if f"discard {c}" in restored.engine.legal_actions(0))
    result = await world.users[0].user.select(dm, [f"discard {card}"], custom_id=menu(dm, "disc0").custom_id)
    assert not result.ephemeral
    assert restored.version == before + 1 and restored.engine.view(None)["turn"] == 1


def test_labels_in_german():
    ui = TreppenrommeUI()
    e = Treppenromme.new(2, seed=3, options={"dealer": 0})
    controls = ui.controls(e.view(0), e.legal_actions(0), "de")
    draw = controls.items[0]
    assert draw.label.startswith("Vom Talon ziehen")
    status = ui.status(e.view(None), ["alice", "bob"], "de")
    assert status.startswith("alice:") and "Treppe" in status


async def test_my_hand_ephemeral_a_stale_menu_and_a_stranger(world: World):
    table = await start(world)
    await use_deal(world, table, hands=[["7H", "8H", "9H", "2C", "2S", "KC", "5D"], []], staircase=["4S", "2D"])
    msg = table_message(world, table)
    alice, bob = world.users[:2]
    # bob's "My hand" while it is alice's turn: his cards, no controls
    his = await bob.click(msg, custom_id=button(msg, "My hand").custom_id)
    assert his.ephemeral and "alice: draw from the talon" in his.response.content and not his.response.components
    # alice opens "My hand", then takes from her DM: the older menu is stale, nothing changes
    mine = await alice.click(msg, custom_id=button(msg, "My hand").custom_id)
    assert mine.ephemeral and menu(mine.response, "take0")
    await choose(world, 0, "take0", ["take 1"])
    version = table.version
    stale = await alice.select(mine.response, ["take 2"], custom_id=menu(mine.response, "take0").custom_id)
    assert stale.ephemeral and "Your last move counted already" in stale.response.content  # her own move since
    assert table.version == version
    # someone not seated gets no hand
    dave = world.users[3]
    fake = await dave.click(msg, custom_id=button(msg, "My hand").custom_id)
    assert fake.ephemeral and "not seated" in fake.response.content


async def test_a_waiting_players_dm_names_nobodys_turn(world: World):
    """A hand DM is redrawn when its own player's choices change, not when the turn passes between the others: it
    says that it is not their turn and leaves whose it is to the table message (it named a turn long over)."""
    table = await start(world, n=3)
    await press(world, 0, "Draw")
    await choose(world, 0, "disc0", [menu(dm_last(world.users[0]), "disc0").options[0].value])
    assert table.engine.view(None)["turn"] == 1
    assert "bob: draw from the talon" in table_message(world, table).content
    carol = dm_last(world.users[2]).content
    assert "Not your turn now" in carol and "draw from the talon" not in carol


async def test_the_turn_timer_plays_a_whole_missed_turn_as_one_timeout(world: World):
    """A turn is a draw, melds and a discard: a missed one is played whole when the timer runs out once, and it
    counts as one timeout (three, one per action, opened the vote on an absent player after one missed turn)."""
    table = await start(world, n=3, turn_timer=60)
    await world.env.advance_time(61)
    assert table.engine.view(None)["turn"] == 1, "alice's whole turn was played"
    assert table.seats[0].timeouts == 1 and table.vote is None
    rows = await world.bot.db.fetchall("SELECT seat, auto FROM actions WHERE table_id = ?", (table.id,))
    assert len(rows) >= 2 and all((r["seat"], r["auto"]) == (0, 1) for r in rows)


def test_a_draw_that_ends_the_hand_says_so():
    """With the talon empty a draw turns the staircase into the talon, once; after that it ends the hand, and its
    button says so (both read "Draw (the talon is empty)")."""
    from cogs.ui.treppenromme import TreppenrommeUI

    ui = TreppenrommeUI()
    first = {"talon_count": 0, "rebuilt": False, "staircase": ["5H", "6H", "7H"]}
    second = {"talon_count": 0, "rebuilt": True, "staircase": ["5H", "6H", "7H"]}
    assert ui._draw_controls(first, ["draw"], "en").items[0].label == "Draw (the staircase becomes the talon)"
    assert ui._draw_controls(second, ["draw"], "en").items[0].label == "Draw: the talon is used up, this ends the hand"
